import { useState, type ComponentProps, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field as SharedField } from '../../components/Field';
import { EyeIcon } from '../../components/icons';
import { SendCodeButton } from '../../components/SendCodeButton';
import { Spinner } from '../../components/States';
import { SubmitButton as SharedSubmitButton } from '../../components/SubmitButton';
import type { FieldErrors } from './form';
import { cleanCode, type PasswordPairField } from './validation';
import './auth.css';

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

/** A field of the sign-in forms: its error is a translation key of `auth`. */
export function Field({ label, htmlFor, error, hint, extra, children }: FieldProps) {
  const { t } = useTranslation('auth');
  return (
    <SharedField
      className="auth-field"
      label={label}
      htmlFor={htmlFor}
      error={error ? t(error) : null}
      hint={hint}
      extra={extra}
    >
      {children}
    </SharedField>
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
        <EyeIcon crossed={!visible} />
      </button>
    </div>
  );
}

/** Moves the caret to the field a validator complained about. */
export function focusField(id: string): void {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

interface PasswordPairProps {
  form: FieldErrors<PasswordPairField>;
  /** The first box's label (new password, password, trade password). */
  label: ReactNode;
  password: string;
  repassword: string;
  onPassword: (value: string) => void;
  onRepassword: (value: string) => void;
  autoFocus?: boolean;
}

/** A new password and its repeat, each with its complaint. */
export function PasswordPairFields({
  form,
  label,
  password,
  repassword,
  onPassword,
  onRepassword,
  autoFocus,
}: PasswordPairProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Field label={label} htmlFor={form.ids.password} error={form.errorOf('password')}>
        <PasswordInput
          id={form.ids.password}
          data-testid={form.ids.password}
          autoComplete="new-password"
          autoFocus={autoFocus}
          value={password}
          placeholder={t('placeholder.newPassword')}
          onChange={form.edit('password', onPassword)}
        />
      </Field>
      <Field label={t('field.repassword')} htmlFor={form.ids.repassword} error={form.errorOf('repassword')}>
        <PasswordInput
          id={form.ids.repassword}
          data-testid={form.ids.repassword}
          autoComplete="new-password"
          value={repassword}
          placeholder={t('placeholder.repassword')}
          onChange={form.edit('repassword', onRepassword)}
        />
      </Field>
    </>
  );
}

interface CodeFieldProps<F extends string> {
  form: FieldErrors<F>;
  field: F;
  value: string;
  /** Gets what `clean` keeps of the typed text: by default the digits only, at most six. */
  onChange: (value: string) => void;
  clean?: (value: string) => string;
  onSend: () => Promise<boolean>;
  /** The resend countdown, 60 s unless told. */
  seconds?: number;
  hint?: ReactNode;
}

/** The verification code box with its send-code button. */
export function CodeField<F extends string>({
  form,
  field,
  value,
  onChange,
  clean = cleanCode,
  onSend,
  seconds,
  hint,
}: CodeFieldProps<F>) {
  const { t } = useTranslation('auth');
  const id = form.ids[field];
  return (
    <Field label={t('field.code')} htmlFor={id} error={form.errorOf(field)} hint={hint}>
      <div className="input-group">
        <input
          id={id}
          className="input num"
          data-testid={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={value}
          placeholder={t('placeholder.code')}
          onChange={form.edit(field, (text) => onChange(clean(text)))}
        />
        <span className="input-addon">
          <SendCodeButton onSend={onSend} seconds={seconds} />
        </span>
      </div>
    </Field>
  );
}

/** The auth forms' submit button: full width, with the shared default labels. */
export function SubmitButton(props: Omit<ComponentProps<typeof SharedSubmitButton>, 'className'>) {
  return <SharedSubmitButton {...props} className="btn btn-primary btn-block auth-submit" />;
}

type AccountInputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoFocus' | 'readOnly' | 'placeholder'
> & {
  form: FieldErrors<'account'>;
  value: string;
  onChange: (value: string) => void;
};

/** The account box (e-mail or phone number) of the visitor forms. */
export function AccountInput({ form, value, onChange, placeholder, ...rest }: AccountInputProps) {
  const { t } = useTranslation('auth');
  return (
    <input
      id={form.ids.account}
      className="input"
      data-testid={form.ids.account}
      autoComplete="username"
      maxLength={100}
      value={value}
      placeholder={placeholder ?? t('placeholder.account')}
      onChange={form.edit('account', onChange)}
      {...rest}
    />
  );
}

/** In place of a signed-in form until the user's info is there: a spinner, or the network error. */
export function UserUnavailable({ pending }: { pending: boolean }) {
  const { t } = useTranslation('auth');
  if (pending) return <Spinner />;
  return (
    <AuthShell aside={false}>
      <div className="empty">{t('common:networkError')}</div>
    </AuthShell>
  );
}
