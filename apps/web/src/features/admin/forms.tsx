import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { TextField as SharedTextField } from '../../components/TextField';
import { ReadOnlyNote, Section } from './parts';

/** A labelled one-line input of the console's forms, which browsers do not fill in. */
export function TextField(props: Omit<ComponentProps<typeof SharedTextField>, 'id'>) {
  return <SharedTextField autoComplete="off" {...props} />;
}

export interface SelectProps<Option extends string | number> {
  testId: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  /** An option's words; by default its value. */
  optionLabel?: (option: Option) => string;
  /** A first option (value '') meaning "any", under these words. */
  all?: string;
}

/** A choice among a few values (a language, a category, on or off). */
export function Select<Option extends string | number>(props: SelectProps<Option>) {
  return (
    <select
      className="select input"
      data-testid={props.testId}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {props.all !== undefined && <option value="">{props.all}</option>}
      {props.options.map((option) => (
        <option key={option} value={option}>
          {props.optionLabel ? props.optionLabel(option) : option}
        </option>
      ))}
    </select>
  );
}

export function SelectField<Option extends string | number>({
  label,
  ...select
}: SelectProps<Option> & { label: string }) {
  return (
    <Field label={label}>
      <Select {...select} />
    </Field>
  );
}

/**
 * A form's fields as labelled inputs, each bound to one key of the draft; `hint` puts a line under each
 * field (what the value defends against and what it accepts).
 */
interface DraftFieldsProps<Name extends string, Draft extends Partial<Record<Name, string>>> {
  draft: Draft;
  setDraft: (draft: Draft) => void;
  names: readonly Name[];
  label: (name: Name) => string;
  /** Test ids are `<prefix>-<name>` (and `<prefix>-<name>-hint`). */
  prefix: string;
  hint?: (name: Name) => string;
}

export function DraftFields<Name extends string, Draft extends Partial<Record<Name, string>>>({
  draft,
  setDraft,
  names,
  label,
  prefix,
  hint,
}: DraftFieldsProps<Name, Draft>) {
  const field = (name: Name) => (
    <TextField
      key={name}
      label={label(name)}
      testId={`${prefix}-${name}`}
      value={draft[name] ?? ''}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
    />
  );
  return (
    <>
      {names.map((name) =>
        hint ? (
          <div key={name} className="admin-hinted-field">
            {field(name)}
            <p className="admin-field-hint" data-testid={`${prefix}-${name}-hint`}>
              {hint(name)}
            </p>
          </div>
        ) : (
          field(name)
        ),
      )}
    </>
  );
}

/** A console form: submitting runs `onSubmit` instead of loading a page. */
export function Form({
  className,
  onSubmit,
  children,
}: {
  className: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/** A row of fields bound to a draft and the one button that sends it. */
export function DraftForm<Name extends string, Draft extends Partial<Record<Name, string>>>({
  className,
  onSubmit,
  submit,
  ...fields
}: DraftFieldsProps<Name, Draft> & {
  className: string;
  onSubmit: () => void;
  submit: { label: string; pending: boolean; testId?: string };
}) {
  return (
    <Form className={className} onSubmit={onSubmit}>
      <DraftFields {...fields} />
      <button type="submit" className="btn btn-primary" disabled={submit.pending} data-testid={submit.testId}>
        {submit.label}
      </button>
    </Form>
  );
}

/** The submit button of a form that adds a row or, after Edit, changes it; and the way out of editing. */
export function DraftButtons(props: {
  editing: boolean;
  pending: boolean;
  /** What the button says when it adds. */
  addLabel: string;
  testId: string;
  onCancel: () => void;
  /** Something else missing (an image being uploaded). */
  incomplete?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={props.pending || props.incomplete}
        data-testid={props.testId}
      >
        {props.editing ? t('products.saveChanges') : props.addLabel}
      </button>
      {props.editing && (
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          {t('products.cancel')}
        </button>
      )}
    </>
  );
}

/** The fresh two-factor code and the reason that a page's money decisions send with each click. */
export function useProof() {
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  return { code, setCode, reason, setReason };
}

/** The proof's fields (in a section of their own where titled); a role that may not act reads a note instead. */
export function CodeAndReason(props: {
  proof: ReturnType<typeof useProof>;
  codeLabel: string;
  canAct?: boolean;
  title?: string;
}) {
  const { t } = useTranslation('admin');
  if (props.canAct === false) return <ReadOnlyNote />;
  const fields = (
    <div className="admin-form admin-section">
      <TextField
        label={props.codeLabel}
        testId="admin-totp"
        autoComplete="one-time-code"
        value={props.proof.code}
        onChange={props.proof.setCode}
      />
      <TextField
        label={t('reason')}
        testId="admin-reason"
        value={props.proof.reason}
        onChange={props.proof.setReason}
      />
    </div>
  );
  return props.title === undefined ? fields : <Section title={props.title}>{fields}</Section>;
}
