import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useUserInfo } from '../../api/user';
import { SendCodeButton } from '../../components/SendCodeButton';
import { Spinner } from '../../components/States';
import { toast } from '../../lib/notify';
import { bindEmail, sendCode } from './api';
import { AuthShell, CardHeading, Field, focusField } from './AuthParts';
import { BindPhoneForm } from './BindPhoneForm';
import { cleanCode, isEmailAccount, validateBindEmail } from './validation';

type BindField = 'email' | 'code';

const FIELD_IDS: Record<BindField, string> = { email: 'bind-email', code: 'bind-code' };

/** Binds (or replaces) the e-mail with a code sent to the new address (scene binding). */
function BindEmailForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field: BindField; key: string } | null>(null);
  const clear = (field: BindField) => setError((current) => (current?.field === field ? null : current));
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const mutation = useMutation({
    mutationFn: () => bindEmail({ email, code }),
    onSuccess: async (message) => {
      toast(message || t('bind.success'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['user'] });
      redirect.current = setTimeout(() => void navigate('/userSetting'), 500);
    },
  });

  const fail = (problem: { field: BindField; key: string }) => {
    setError(problem);
    focusField(FIELD_IDS[problem.field]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || mutation.isSuccess) return;
    const problem = validateBindEmail({ email, code });
    if (problem) return fail(problem);
    setError(null);
    mutation.mutate();
  };

  const onSendCode = async () => {
    const problem = validateBindEmail({ email, code }, true);
    if (problem) {
      fail(problem);
      return false;
    }
    setError(null);
    return sendCode({ account: email, scene: 'binding' });
  };

  const errorOf = (field: BindField) => (error?.field === field ? error.key : null);

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field label={t('field.email')} htmlFor="bind-email" error={errorOf('email')}>
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
          onChange={(event) => {
            setEmail(event.target.value);
            clear('email');
          }}
        />
      </Field>
      <Field label={t('field.code')} htmlFor="bind-code" error={errorOf('code')} hint={t('bind.codeHint')}>
        <div className="input-group">
          <input
            id="bind-code"
            className="input num"
            data-testid="bind-code"
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
            <SendCodeButton onSend={onSendCode} />
          </span>
        </div>
      </Field>
      <button
        type="submit"
        className="btn btn-primary btn-block auth-submit"
        data-testid="bind-submit"
        disabled={mutation.isPending || mutation.isSuccess}
      >
        {mutation.isPending ? t('common:loading') : t('common:action.confirm')}
      </button>
    </form>
  );
}

/**
 * The binding pages (/bindEmail, /bindInfo): an e-mail by default, the phone with `type=phone`. What the
 * account registered with is its login and stays bound; the other one can be bound or replaced.
 */
export default function BindEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const user = useUserInfo();
  const phoneMode = params.get('type') === 'phone';

  if (user.isPending) return <Spinner />;
  if (!user.data) {
    return (
      <AuthShell aside={false}>
        <div className="empty">{t('common:networkError')}</div>
      </AuthShell>
    );
  }
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
