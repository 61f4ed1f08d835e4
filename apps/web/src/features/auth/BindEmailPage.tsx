import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useUserInfo } from '../../api/user';
import { bindEmail, sendCode } from './api';
import { AuthShell, CardHeading, CodeField, Field, SubmitButton, UserUnavailable } from './AuthParts';
import { BindPhoneForm } from './BindPhoneForm';
import { useBackToSettings, useCodeForm } from './form';
import { isEmailAccount, validateBindEmail } from './validation';

type BindField = 'email' | 'code';

const FIELD_IDS: Record<BindField, string> = { email: 'bind-email', code: 'bind-code' };

/** Binds (or replaces) the e-mail with a code sent to the new address (scene binding). */
function BindEmailForm() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const { form, submit, codeField, submitting } = useCodeForm({
    ids: FIELD_IDS,
    validate: (code) => validateBindEmail({ email, code }),
    validateSending: (code) => validateBindEmail({ email, code }, true),
    sendCode: () => sendCode({ account: email, scene: 'binding' }),
    save: (code) => bindEmail({ email, code }),
    onSaved: useBackToSettings('bind.success'),
    once: true,
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field label={t('field.email')} htmlFor="bind-email" error={form.errorOf('email')}>
        <input
          id="bind-email"
          className="input"
          data-testid="bind-email"
          type="email"
          autoComplete="email"
          autoFocus
          maxLength={100}
          value={email}
          placeholder={t('placeholder.email')}
          onChange={form.edit('email', setEmail)}
        />
      </Field>
      <CodeField {...codeField} hint={t('bind.codeHint')} />
      <SubmitButton testId="bind-submit" {...submitting} />
    </form>
  );
}

/**
 * The binding page (/bindEmail): an e-mail by default, the phone with `type=phone`. What the
 * account registered with is its login and stays bound; the other one can be bound or replaced.
 */
export default function BindEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const user = useUserInfo();
  const phoneMode = params.get('type') === 'phone';

  if (!user.data) return <UserUnavailable pending={user.isPending} />;
  const info = user.data;
  const registeredWithEmail = isEmailAccount(info.account_number);
  const isLogin = phoneMode ? !registeredWithEmail : registeredWithEmail;
  const current = phoneMode ? (info.phone ? `+${info.area_code} ${info.phone}` : '') : info.email;
  const title = isLogin
    ? phoneMode
      ? t('bind.currentPhone')
      : t('bind.current')
    : phoneMode
      ? current
        ? t('bind.changePhoneTitle')
        : t('bind.phoneTitle')
      : current
        ? t('bind.changeTitle')
        : t('bind.title');

  return (
    <AuthShell aside={false}>
      <nav className="auth-crumbs">
        <Link to="/userSetting">{t('common:menu.accountSettings')}</Link>
        <span aria-hidden="true">/</span>
        <span>{title}</span>
      </nav>
      <CardHeading title={title} subtitle={phoneMode ? t('bind.phoneSubtitle') : t('bind.subtitle')} />
      {current && (
        <div className="auth-bound" data-testid="bind-current">
          <span className="secondary">{phoneMode ? t('bind.currentPhone') : t('bind.current')}</span>
          <strong className={phoneMode ? 'num' : undefined}>{current}</strong>
        </div>
      )}
      {isLogin ? (
        <div className="auth-notice" data-testid="bind-login-account">
          {phoneMode ? t('bind.loginPhone') : t('bind.loginEmail')}
        </div>
      ) : phoneMode ? (
        <BindPhoneForm areaCode={info.area_code} />
      ) : (
        <BindEmailForm />
      )}
    </AuthShell>
  );
}
