import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useEnv } from '../../api/env';
import { completeLogin } from '../../api/user';
import { SendCodeButton } from '../../components/SendCodeButton';
import { toast } from '../../lib/notify';
import { login, pointsLogin, sendCode } from './api';
import { AuthShell, CardHeading, Field, focusField, PasswordInput } from './AuthParts';
import { DEFAULT_COUNTRY, type Country } from './countries';
import { CountryPicker } from './CountryPicker';
import { isEmailAccount, validateLogin, validateSendCode, type LoginField } from './validation';

type Variant = 'account' | 'points';

const FIELD_IDS: Record<LoginField, string> = {
  account: 'login-account',
  password: 'login-password',
  smsCode: 'login-sms-code',
};

const REDIRECT_DELAY_MS = 500;

/** Where to go after signing in: back to the guarded screen RequireAuth came from, else home. */
function targetAfterLogin(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/components/login')
    ? from
    : '/';
}

/** Sign-in (document 1, section 2.6), with the points-exchange variant (account and password only). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const env = useEnv();
  const needSmsCode = env.data?.login_need_smscode === true;

  const [variant, setVariant] = useState<Variant>(params.get('variant') === 'points' ? 'points' : 'account');
  const [country, setCountry] = useState<Country>(DEFAULT_COUNTRY);
  const [account, setAccount] = useState(params.get('account_number') ?? '');
  const [password, setPassword] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [error, setError] = useState<{ field: LoginField; key: string } | null>(null);
  const clear = (field: string) => setError((current) => (current?.field === field ? null : current));
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const sessionExpired = params.get('type') === '1';
  const withSms = variant === 'account' && needSmsCode;

  const mutation = useMutation({
    mutationFn: () =>
      variant === 'points'
        ? pointsLogin({ account, password })
        : login({ account, password, smsCode, country }),
    onSuccess: async (answer) => {
      await completeLogin(answer);
      toast(t('loginSuccess'), 'success');
      const target = targetAfterLogin(location.state);
      redirect.current = setTimeout(() => void navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    },
  });

  const fail = (problem: { field: LoginField; key: string }) => {
    setError(problem);
    focusField(FIELD_IDS[problem.field]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || mutation.isSuccess) return;
    const problem = validateLogin({ account, password, smsCode, needSmsCode: withSms });
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
    return sendCode({ account, scene: 'login', country });
  };

  const errorOf = (field: LoginField) => (error?.field === field ? error.key : null);
  const busy = mutation.isPending || mutation.isSuccess;

  return (
    <AuthShell>
      <div className="pill-tabs auth-variants" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={variant === 'account'}
          className={`pill-tab${variant === 'account' ? ' active' : ''}`}
          onClick={() => setVariant('account')}
          data-testid="login-variant-account"
        >
          {t('login.tabAccount')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={variant === 'points'}
          className={`pill-tab${variant === 'points' ? ' active' : ''}`}
          onClick={() => setVariant('points')}
          data-testid="login-variant-points"
        >
          {t('login.tabPoints')}
        </button>
      </div>
      <CardHeading
        title={variant === 'points' ? t('login.pointsTitle') : t('login.title')}
        subtitle={variant === 'points' ? t('login.pointsSubtitle') : t('login.subtitle')}
      />
      {sessionExpired && <div className="auth-notice">{t('common:sessionExpired')}</div>}
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field label={t('field.account')} htmlFor="login-account" error={errorOf('account')}>
          <div className="input-group">
            {variant === 'account' && (
              <CountryPicker value={country} onChange={setCountry} dimmed={isEmailAccount(account)} />
            )}
            <input
              id="login-account"
              className="input"
              data-testid="login-account"
              autoComplete="username"
              autoFocus={!account}
              value={account}
              maxLength={100}
              placeholder={t('placeholder.account')}
              onChange={(event) => {
                setAccount(event.target.value);
                clear('account');
              }}
            />
          </div>
        </Field>
        <Field
          label={t('field.password')}
          htmlFor="login-password"
          error={errorOf('password')}
          extra={
            <Link to="/forgetPwd" className="auth-small-link" data-testid="login-forgot">
              {t('login.forgot')}
            </Link>
          }
        >
          <PasswordInput
            id="login-password"
            data-testid="login-password"
            autoComplete="current-password"
            autoFocus={Boolean(account)}
            value={password}
            placeholder={t('placeholder.password')}
            onChange={(event) => {
              setPassword(event.target.value);
              clear('password');
            }}
          />
        </Field>
        {withSms && (
          <Field label={t('field.code')} htmlFor="login-sms-code" error={errorOf('smsCode')}>
            <div className="input-group">
              <input
                id="login-sms-code"
                className="input num"
                data-testid="login-sms-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={smsCode}
                placeholder={t('placeholder.code')}
                onChange={(event) => {
                  setSmsCode(event.target.value.replace(/\D/g, ''));
                  clear('smsCode');
                }}
              />
              <span className="input-addon">
                <SendCodeButton onSend={onSendCode} />
              </span>
            </div>
          </Field>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-block auth-submit"
          data-testid="login-submit"
          disabled={busy}
        >
          {busy ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <footer className="auth-footer">
        <span className="secondary">{t('login.noAccount')}</span>{' '}
        <Link to="/components/register" className="auth-link" data-testid="login-register">
          {t('login.register')}
        </Link>
      </footer>
    </AuthShell>
  );
}
