import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useEnv } from '../../api/env';
import { completeLogin } from '../../api/user';
import { toast } from '../../lib/notify';
import { login, pointsLogin, sendCode } from './api';
import {
  AccountInput,
  AuthShell,
  CardHeading,
  CodeField,
  Field,
  PasswordInput,
  SubmitButton,
} from './AuthParts';
import { DEFAULT_COUNTRY, type Country } from './countries';
import { CountryPicker } from './CountryPicker';
import { useFieldErrors, useNavigateLater } from './form';
import { isEmailAccount, validateLogin, validateSendCode, type LoginField } from './validation';
import { Tabs } from '../../components/Tabs';

type Variant = 'account' | 'points';

const FIELD_IDS: Record<LoginField, string> = {
  account: 'login-account',
  password: 'login-password',
  smsCode: 'login-sms-code',
};

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
  const env = useEnv();
  const needSmsCode = env.data?.login_need_smscode === true;

  const [variant, setVariant] = useState<Variant>(params.get('variant') === 'points' ? 'points' : 'account');
  const [country, setCountry] = useState<Country>(DEFAULT_COUNTRY);
  const [account, setAccount] = useState(params.get('account_number') ?? '');
  const [password, setPassword] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const form = useFieldErrors(FIELD_IDS);
  const navigateLater = useNavigateLater();

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
      navigateLater(target, { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || mutation.isSuccess) return;
    if (form.check(validateLogin({ account, password, smsCode, needSmsCode: withSms }))) mutation.mutate();
  };

  const onSendCode = async () =>
    form.check(validateSendCode(account)) && sendCode({ account, scene: 'login', country });
  const busy = mutation.isPending || mutation.isSuccess;

  return (
    <AuthShell>
      <Tabs
        className="pill-tabs auth-variants"
        tabClassName="pill-tab"
        items={['account', 'points'] as const}
        value={variant}
        onChange={setVariant}
        label={(item) => (item === 'account' ? t('login.tabAccount') : t('login.tabPoints'))}
        testId={(item) => `login-variant-${item}`}
      />
      <CardHeading
        title={variant === 'points' ? t('login.pointsTitle') : t('login.title')}
        subtitle={variant === 'points' ? t('login.pointsSubtitle') : t('login.subtitle')}
      />
      {sessionExpired && <div className="auth-notice">{t('common:sessionExpired')}</div>}
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field label={t('field.account')} htmlFor="login-account" error={form.errorOf('account')}>
          <div className="input-group">
            {variant === 'account' && (
              <CountryPicker value={country} onChange={setCountry} dimmed={isEmailAccount(account)} />
            )}
            <AccountInput form={form} value={account} onChange={setAccount} autoFocus={!account} />
          </div>
        </Field>
        <Field
          label={t('field.password')}
          htmlFor="login-password"
          error={form.errorOf('password')}
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
            onChange={form.edit('password', setPassword)}
          />
        </Field>
        {withSms && (
          <CodeField
            form={form}
            field="smsCode"
            value={smsCode}
            onChange={setSmsCode}
            clean={(value) => value.replace(/\D/g, '')}
            onSend={onSendCode}
          />
        )}
        <SubmitButton
          testId="login-submit"
          busy={busy}
          label={t('login.submit')}
          busyLabel={t('login.submitting')}
        />
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
