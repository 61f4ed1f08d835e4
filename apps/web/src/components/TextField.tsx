import type { InputHTMLAttributes } from 'react';
import { Field } from './Field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

interface TextFieldProps extends InputProps {
  /** The input's id, which its label names; without one the label wraps the input. */
  id?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the field while the form says it is missing or wrong. */
  invalid?: boolean;
  testId: string;
  /** The input's classes (`input num` for figures). */
  inputClassName?: string;
}

/** A labelled one-line text input of a form, marked while the form finds it missing. */
export function TextField({
  id,
  label,
  value,
  onChange,
  invalid,
  testId,
  inputClassName = 'input',
  ...input
}: TextFieldProps) {
  return (
    <Field label={label} htmlFor={id} className={invalid ? 'has-error' : undefined}>
      <input
        {...input}
        id={id}
        className={inputClassName}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </Field>
  );
}

/** One field of `TextFields`: its words, and what it passes to its input. */
export interface TextFieldSpec<Name extends string> extends InputProps {
  name: Name;
  label: string;
  /** Its test id when it is not the input's id. */
  testId?: string;
  inputClassName?: string;
}

/**
 * A form's text fields, one per spec, each bound to its key of `values`; the one `missing` names is marked.
 * The inputs' ids are `<idPrefix>-<name>`.
 */
export function TextFields<Name extends string>({
  fields,
  values,
  onChange,
  missing,
  idPrefix,
}: {
  fields: readonly TextFieldSpec<Name>[];
  values: Record<Name, string>;
  onChange: (name: Name, value: string) => void;
  missing?: Name | null;
  idPrefix: string;
}) {
  return fields.map(({ name, testId, ...spec }) => (
    <TextField
      key={name}
      {...spec}
      id={`${idPrefix}-${name}`}
      value={values[name]}
      onChange={(value) => onChange(name, value)}
      invalid={missing === name}
      testId={testId ?? `${idPrefix}-${name}`}
    />
  ));
}
