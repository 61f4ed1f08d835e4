import { parseArgs } from 'node:util';

/**
 * A command's `--name value` options, all of them text: the `required` ones must be given (not empty), or the
 * command's `usage` is thrown; any option it does not name is refused, as parseArgs does.
 */
export function textOptions<Required extends string, Optional extends string = never>(
  args: string[],
  spec: { required: readonly Required[]; optional?: readonly Optional[]; usage: string },
): Record<Required, string> & Partial<Record<Optional, string>> {
  const names: string[] = [...spec.required, ...(spec.optional ?? [])];
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(names.map((name) => [name, { type: 'string' as const }])),
  });
  if (spec.required.some((name) => !values[name])) throw new Error(spec.usage);
  return values as Record<Required, string> & Partial<Record<Optional, string>>;
}
