import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './auth.css';
import './i18n';

/**
 * The frame of the visitor screens (login, registration, reset): a short pitch beside a centred card. Signed-in
 * forms (trade password, e-mail) use the card alone.
 */
export function AuthShell({ children, aside = true }: { children: ReactNode; aside?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth-page">
      <div className={`auth-layout${aside ? '' : ' single'}`}>
        {aside && (
          <section className="auth-aside" aria-hidden="true">
            <h2 className="auth-aside-title">{t('aside.title')}</h2>
            <p className="auth-aside-text">{t('aside.text')}</p>
            <ul className="auth-aside-points">
              <li>
                <span className="auth-point-icon">◆</span>
                <div>
                  <strong>{t('aside.secureTitle')}</strong>
                  <span>{t('aside.secureText')}</span>
                </div>
              </li>
              <li>
                <span className="auth-point-icon">◆</span>
                <div>
                  <strong>{t('aside.fastTitle')}</strong>
                  <span>{t('aside.fastText')}</span>
                </div>
              </li>
              <li>
                <span className="auth-point-icon">◆</span>
                <div>
                  <strong>{t('aside.reliableTitle')}</strong>
                  <span>{t('aside.reliableText')}</span>
                </div>
              </li>
            </ul>
          </section>
        )}
        <div className="auth-card">{children}</div>
      </div>
    </div>
  );
}

export function CardHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <header className="auth-heading">
      <h1>{title}</h1>
      {subtitle && <p className="secondary">{subtitle}</p>}
    </header>
  );
}

interface FieldProps {
  label: ReactNode;
  htmlFor: string;
  error?: string | null;
  hint?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}

/** A labelled field with its error (a translation key of `auth`) or hint underneath. */
export function Field({ label, htmlFor, error, hint, extra, children }: FieldProps) {
  const { t } = useTranslation('auth');
  return (
    <div className={`field auth-field${error ? ' has-error' : ''}`}>
      <div className="auth-field-top">
        <label className="field-label" htmlFor={htmlFor}>
          {label}
        </label>
        {extra}
      </div>
      {children}
      {error ? (
        <span className="field-error" role="alert">
          {t(error)}
        </span>
      ) : (
        hint && <span className="auth-hint">{hint}</span>
      )}
    </div>
  );
}

type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'>;

/** A password box with a show/hide toggle; input is capped at 16 characters (section 9). */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-group">
      <input className="input" type={visible ? 'text' : 'password'} maxLength={16} {...props} />
      <button
        type="button"
        className="auth-eye"
        aria-label={visible ? t('hidePassword') : t('showPassword')}
        title={visible ? t('hidePassword') : t('showPassword')}
        onClick={() => setVisible((value) => !value)}
        tabIndex={-1}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
          />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
          {!visible && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" />}
        </svg>
      </button>
    </div>
  );
}

/** Moves the caret to the field a validator complained about. */
export function focusField(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
