import { z } from 'zod';
/** A message key of the server's texts: the error handler answers it in the caller's language. */
type MessageKey = string;

/**
 * Building blocks for request schemas. Messages are message keys, so the error handler answers in the
 * caller's language; form-encoded bodies arrive as strings, JSON bodies may carry numbers.
 */
const asString = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/** One schema per field of `fields` (its name and its value there), as the fields of an object schema. */
export const eachField = <Fields extends Record<string, number>, Field extends z.ZodType>(
  fields: Fields,
  schemaOf: (name: keyof Fields & string, value: number) => Field,
) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, schemaOf(name, value)])) as {
    [Name in keyof Fields]: Field;
  };

/** A form body: a missing body counts as an empty form, so every missing field gets its own message. */
export const form = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess((value) => value ?? {}, z.object(shape));

/**
 * Control characters (NUL above all, which Postgres refuses in text) have no place in any field of the
 * contract; tab and line breaks stay allowed for free text.
 */
const ALLOWED_CONTROLS = new Set(['\t', '\n', '\r']);
const hasControlCharacter = (value: string) => {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !ALLOWED_CONTROLS.has(character)) return true;
  }
  return false;
};
const withoutControls = { error: 'bad_request' as MessageKey };
const text = (error?: MessageKey) =>
  z.string(error ? { error } : undefined).refine((value) => !hasControlCharacter(value), withoutControls);

export const requiredText = (key: MessageKey, maxLength = 200) =>
  z.preprocess(asString, text(key).trim().min(1, { error: key }).max(maxLength));

export const optionalText = (maxLength = 200) =>
  z.preprocess(asString, text().trim().max(maxLength).optional().default(''));

export const passwordField = (requiredKey: MessageKey = 'password_required') =>
  z.preprocess(
    asString,
    text(requiredKey)
      .min(1, { error: requiredKey })
      .min(6, { error: 'password_length' })
      .max(16, { error: 'password_length' }),
  );

export const codeField = z.preprocess(
  asString,
  z
    .string({ error: 'code_required' })
    .trim()
    .min(1, { error: 'code_required' })
    .regex(/^\d{6}$/, { error: 'code_invalid' }),
);

/**
 * The ranges of the columns request values end up in, so that a value no column can hold is refused here
 * with a clear message instead of failing in Postgres: a failed lookup there fails every lookup Prisma
 * batched with it, other callers' too.
 */
export const COLUMN_RANGES = {
  /** INTEGER ids (users, currencies, pairs, ads ...). */
  int4: 2_147_483_647,
  /** BIGINT ids (spot orders, lever positions, seconds orders ...), as far as a JavaScript number is exact. */
  int8: Number.MAX_SAFE_INTEGER,
  /** NUMERIC(36,18): 18 digits before the point and 18 after. */
  numericDigits: 18,
} as const;

/**
 * A whole number written in plain decimal digits (a JSON number, or text with an optional sign and
 * surrounding whitespace). Hex, exponents, fractions, words, Infinity and arrays are not whole numbers: they
 * become NaN, which the number schema refuses.
 */
const wholeDigits = (value: unknown) => {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  return /^[-+]?\d{1,20}$/.test(text) ? Number(text) : Number.NaN;
};

/**
 * A whole number from `min` to `max`. `error` is a message key, or a detail the envelope shows after the
 * field's name; without it, zod's own detail.
 */
export const wholeNumber = (min: number, max: number, error?: MessageKey) => {
  const message = error === undefined ? undefined : { error };
  return z.preprocess(wholeDigits, z.number(message).int(message).min(min, message).max(max, message));
};

/** The id of a record in an INTEGER column; anything else answers `key` (usually the record's not-found). */
export const int4Id = (key: MessageKey = 'bad_request') => wholeNumber(1, COLUMN_RANGES.int4, key);

/** The id of a record in a BIGINT column; anything else answers `key`. */
export const int8Id = (key: MessageKey = 'bad_request') => wholeNumber(1, COLUMN_RANGES.int8, key);

/** A field forms may send blank: '' (or null) counts as missing. */
export const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * A plain non-negative decimal as text (no sign, exponent or spaces) that fits NUMERIC(36,18), with at most
 * `scale` decimals, and within the bounds given. The detail is what the envelope shows after the field's name.
 */
export const decimalText = (
  scale: number,
  options: { below?: number; positive?: boolean; max?: number } = {},
) => {
  const rules = [
    options.positive ? '> 0' : '>= 0',
    ...(options.below === undefined ? [] : [`< ${options.below}`]),
    ...(options.max === undefined ? [] : [`<= ${options.max}`]),
    `<= ${scale} decimals`,
  ].join(', ');
  const digits = COLUMN_RANGES.numericDigits;
  return z.preprocess(
    asString,
    z
      .string({ error: rules })
      .trim()
      .regex(new RegExp(`^\\d{1,${digits}}(\\.\\d{1,${Math.min(scale, digits)}})?$`), { error: rules })
      .refine((value) => !options.positive || Number(value) > 0, { error: rules })
      .refine((value) => options.below === undefined || Number(value) < options.below, { error: rules })
      .refine((value) => options.max === undefined || Number(value) <= options.max, { error: rules }),
  );
};

export const pageField = wholeNumber(1, 10_000).optional().default(1);

export const limitField = (defaultLimit: number, maxLimit = 100) =>
  wholeNumber(1, maxLimit).optional().default(defaultLimit);

/**
 * What a client sends for a request schema. `z.input` of the contract's fields is `unknown` (each preprocesses
 * what a form or JSON body holds), so a client types its request from the shape the server reads: every field
 * optional (the server has its defaults and its messages for what is missing), and a number allowed wherever
 * the server reads text and text wherever it reads a number.
 */
export type RequestOf<Schema extends z.ZodType> = {
  [Key in keyof z.output<Schema>]?: z.output<Schema>[Key] | SentAs<NonNullable<z.output<Schema>[Key]>>;
};
/** Text may be sent as a number, and a number (an id, a page) as its digits. */
type SentAs<Read> = Read extends string ? number : Read extends number ? string : never;
