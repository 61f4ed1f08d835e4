import type { ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  /** The id of the control the label names; without it the whole field is a `<label>` wrapping the control. */
  htmlFor?: string;
  /** An error already in the reader's words; shown instead of the hint and marks the field. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Something beside the label (a link, a counter). */
  extra?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/** A labelled form control with its error or hint underneath: the one markup every form of the client uses. */
export function Field({ label, htmlFor, error, hint, extra, className, testId, children }: FieldProps) {
  const classes = ['field', className, error ? 'has-error' : null].filter(Boolean).join(' ');
  const caption = htmlFor ? (
    <label className="field-label" htmlFor={htmlFor}>
      {label}
    </label>
  ) : (
    <span className="field-label">{label}</span>
  );
  const body = (
    <>
      {extra ? (
        <div className="field-top">
          {caption}
          {extra}
        </div>
      ) : (
        caption
      )}
      {children}
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : (
        hint && <span className="field-hint">{hint}</span>
      )}
    </>
  );
  return htmlFor ? (
    <div className={classes} data-testid={testId}>
      {body}
    </div>
  ) : (
    <label className={classes} data-testid={testId}>
      {body}
    </label>
  );
}
