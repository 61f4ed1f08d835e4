import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SendCodeButton } from '../../components/SendCodeButton';
import { toast } from '../../lib/notify';
import { register, sendCode } from './api';
import { AuthShell, CardHeading, Field, focusField, PasswordInput } from './AuthParts';
import { DEFAULT_COUNTRY, type Country } from './countries';
import { CountryPicker } from './CountryPicker';
import {
  cleanCode,
  isEmailAccount,
  validateRegister,
  validateSendCode,
  type RegisterField,
} from './validation';

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
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [invite, setInvite] = useState(linkedInvite);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<{ field: RegisterField; key: string } | null>(null);
  const clear = (field: string) => setError((current) => (current?.field === field ? null : current));

  const mutation = useMutation({
    mutationFn: () => register({ account, code, password, repassword, invite, country }),
    onSuccess: (message) => {
      toast(message || t('register.success'), 'success');
      const query = new URLSearchParams({
        account_number: account.trim(),
        isEmail: isEmailAccount(account) ? '1' : '0',
      });
      void navigate(`/components/login?${query.toString()}`);
    },
  });

  const fail = (problem: { field: RegisterField; key: string }) => {
    setError(problem);
    focusField(FIELD_IDS[problem.field]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const problem = validateRegister({ invite, account, password, repassword, code, agreed });
    if (problem) return fail(problem);
    setError(null);
    mutation.mutate();
  };

  const onSendCode = async () => {
    const problem = validateSendCode(account);
    if (problem) {
      fail(problem);
      return false;
    }
    setError(null);
    return sendCode({ account, scene: 'register', country });
  };

  const errorOf = (field: RegisterField) => (error?.field === field ? error.key : null);

  return (
    <AuthShell>
      <CardHeading title={t('register.title')} subtitle={t('register.subtitle')} />
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field
          label={t('field.account')}
          htmlFor="register-account"
          error={errorOf('account')}
          hint={t('register.accountHint')}
        >
          <div className="input-group">
            <CountryPicker value={country} onChange={setCountry} dimmed={isEmailAccount(account)} />
            <input
              id="register-account"
              className="input"
              data-testid="register-account"
              autoComplete="username"
              autoFocus
              maxLength={100}
              value={account}
              placeholder={t('placeholder.account')}
              onChange={(event) => {
                setAccount(event.target.value);
                clear('account');
              }}
            />
          </div>
        </Field>
        <Field label={t('field.code')} htmlFor="register-code" error={errorOf('code')}>
          <div className="input-group">
            <input
              id="register-code"
              className="input num"
              data-testid="register-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              placeholder={t('placeholder.code')}
              onChange={(event) => {
                setCode(cleanCode(event.target.value));
                clear('code');
              }}
            />
            <span className="input-addon">
              <SendCodeButton onSend={onSendCode} seconds={60} />
            </span>
          </div>
        </Field>
        <Field label={t('field.password')} htmlFor="register-password" error={errorOf('password')}>
          <PasswordInput
            id="register-password"
            data-testid="register-password"
            autoComplete="new-password"
            value={password}
            placeholder={t('placeholder.newPassword')}
            onChange={(event) => {
              setPassword(event.target.value);
              clear('password');
            }}
          />
        </Field>
        <Field label={t('field.repassword')} htmlFor="register-repassword" error={errorOf('repassword')}>
          <PasswordInput
            id="register-repassword"
            data-testid="register-repassword"
            autoComplete="new-password"
            value={repassword}
            placeholder={t('placeholder.repassword')}
            onChange={(event) => {
              setRepassword(event.target.value);
              clear('repassword');
            }}
          />
        </Field>
        <Field label={t('field.invite')} htmlFor="register-invite" error={errorOf('invite')}>
          <input
            id="register-invite"
            className="input"
            data-testid="register-invite"
            maxLength={16}
            value={invite}
            readOnly={Boolean(linkedInvite)}
            placeholder={t('placeholder.invite')}
            onChange={(event) => {
              setInvite(event.target.value);
              clear('invite');
            }}
          />
        </Field>
        <label className={`checkbox auth-agree${errorOf('agree') ? ' attention' : ''}`}>
          <input
            id="register-agree"
            type="checkbox"
            data-testid="register-agree"
            checked={agreed}
            onChange={(event) => {
              setAgreed(event.target.checked);
              if (event.target.checked && error?.field === 'agree') setError(null);
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
        <button
          type="submit"
          className="btn btn-primary btn-block auth-submit"
          data-testid="register-submit"
          disabled={mutation.isPending}
        >
          {mutation.isPending ? t('register.submitting') : t('register.submit')}
        </button>
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
