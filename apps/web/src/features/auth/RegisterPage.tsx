import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/notify';
import { register, sendCode } from './api';
import {
  AccountInput,
  AuthShell,
  CardHeading,
  CodeField,
  Field,
  PasswordPairFields,
  SubmitButton,
} from './AuthParts';
import { DEFAULT_COUNTRY, type Country } from './countries';
import { CountryPicker } from './CountryPicker';
import { loginPathFor, useCodeForm } from './form';
import { isEmailAccount, validateRegister, validateSendCode, type RegisterField } from './validation';

const FIELD_IDS: Record<RegisterField, string> = {
  invite: 'register-invite',
  account: 'register-account',
  password: 'register-password',
  repassword: 'register-repassword',
  code: 'register-code',
  agree: 'register-agree',
};

/** Registration (document 1, section 2.7): an invite code from the link is read-only. */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const linkedInvite = params.get('extension_code')?.trim() ?? '';

  const [country, setCountry] = useState<Country>(DEFAULT_COUNTRY);
  const [account, setAccount] = useState(params.get('haccount') ?? '');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [invite, setInvite] = useState(linkedInvite);
  const [agreed, setAgreed] = useState(false);
  const { form, submit, codeField, submitting } = useCodeForm({
    ids: FIELD_IDS,
    validate: (code) => validateRegister({ invite, account, password, repassword, code, agreed }),
    validateSending: () => validateSendCode(account),
    sendCode: () => sendCode({ account, scene: 'register', country }),
    save: (code) => register({ account, code, password, repassword, invite, country }),
    onSaved: (message) => {
      toast(message || t('register.success'), 'success');
      void navigate(loginPathFor(account));
    },
  });

  return (
    <AuthShell>
      <CardHeading title={t('register.title')} subtitle={t('register.subtitle')} />
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field
          label={t('field.account')}
          htmlFor="register-account"
          error={form.errorOf('account')}
          hint={t('register.accountHint')}
        >
          <div className="input-group">
            <CountryPicker value={country} onChange={setCountry} dimmed={isEmailAccount(account)} />
            <AccountInput form={form} value={account} onChange={setAccount} autoFocus />
          </div>
        </Field>
        <CodeField {...codeField} />
        <PasswordPairFields
          form={form}
          label={t('field.password')}
          password={password}
          repassword={repassword}
          onPassword={setPassword}
          onRepassword={setRepassword}
        />
        <Field label={t('field.invite')} htmlFor="register-invite" error={form.errorOf('invite')}>
          <input
            id="register-invite"
            className="input"
            data-testid="register-invite"
            maxLength={16}
            value={invite}
            readOnly={Boolean(linkedInvite)}
            placeholder={t('placeholder.invite')}
            onChange={form.edit('invite', setInvite)}
          />
        </Field>
        <label className={`checkbox auth-agree${form.errorOf('agree') ? ' attention' : ''}`}>
          <input
            id="register-agree"
            type="checkbox"
            data-testid="register-agree"
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.target.checked);
              if (event.target.checked) form.clear('agree');
            }}
          />
          <span>
            <Trans
              t={t}
              i18nKey="register.agree"
              components={{ policy: <Link to="/policy" target="_blank" className="auth-link" /> }}
            />
          </span>
        </label>
        <SubmitButton
          testId="register-submit"
          {...submitting}
          label={t('register.submit')}
          busyLabel={t('register.submitting')}
        />
      </form>
      <footer className="auth-footer">
        <span className="secondary">{t('register.haveAccount')}</span>{' '}
        <Link to="/components/login" className="auth-link">
          {t('register.login')}
        </Link>
      </footer>
    </AuthShell>
  );
}
