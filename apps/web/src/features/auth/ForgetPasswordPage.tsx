import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useUserInfo } from '../../api/user';
import { SendCodeButton } from '../../components/SendCodeButton';
import { endSession, useToken } from '../../lib/session';
import { queryClient } from '../../lib/query';
import { toast } from '../../lib/notify';
import { forgetPassword, sendCode, updatePassword } from './api';
import { AuthShell, CardHeading, Field, focusField, PasswordInput } from './AuthParts';
import { cleanCode, isEmailAccount, validateReset, type ResetField } from './validation';

const FIELD_IDS: Record<ResetField, string> = {
  account: 'forget-account',
  password: 'forget-password',
  repassword: 'forget-repassword',
  code: 'forget-code',
};

/** Reset sends its codes with a 31 s countdown (document 1, section 4). */
const RESET_COUNTDOWN_SECONDS = 31;

/**
 * Password reset (document 1, section 2.8). Opened from account settings (`fromSet`) by a signed-in user,
 * the account is their own, read-only, and the reset goes through `/api/safe/update_password`.
 */
export default function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = useToken();
  const fromSettings = Boolean(params.get('fromSet')) && token !== null;
  const user = useUserInfo();
  const ownAccount = fromSettings ? (user.data?.account_number ?? '') : null;

  const [typedAccount, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field: ResetField; key: string } | null>(null);
  const clear = (field: string) => setError((current) => (current?.field === field ? null : current));
  const account = ownAccount ?? typedAccount;

  const mutation = useMutation({
    mutationFn: () =>
      fromSettings
        ? updatePassword({ password, repassword, code })
        : forgetPassword({ account, password, repassword, code }),
    onSuccess: (message) => {
      toast(message || t('forget.success'), 'success');
      // The server signs every session of the account out: this one too.
      if (token) {
        endSession();
        queryClient.clear();
      }
      const query = new URLSearchParams({
        account_number: account.trim(),
        isEmail: isEmailAccount(account) ? '1' : '0',
      });
      void navigate(`/components/login?${query.toString()}`, { replace: true });
    },
  });

  const fail = (problem: { field: ResetField; key: string }) => {
    setError(problem);
    focusField(FIELD_IDS[problem.field]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const problem = validateReset({ account, password, repassword, code });
    if (problem) return fail(problem);
    setError(null);
    mutation.mutate();
  };

  // The code goes out only when both password fields are filled and match.
  const onSendCode = async () => {
    const problem = validateReset({ account, password, repassword, code }, true);
    if (problem) {
      fail(problem);
      return false;
    }
    setError(null);
    return sendCode({ account, scene: 'forget' });
  };

  const errorOf = (field: ResetField) => (error?.field === field ? error.key : null);

  return (
    <AuthShell aside={!fromSettings}>
      <CardHeading
        title={fromSettings ? t('forget.titleFromSettings') : t('forget.title')}
        subtitle={t('forget.subtitle')}
      />
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field label={t('field.account')} htmlFor="forget-account" error={errorOf('account')}>
          <input
            id="forget-account"
            className="input"
            data-testid="forget-account"
            autoComplete="username"
            autoFocus={!fromSettings}
            maxLength={100}
            value={account}
            readOnly={fromSettings}
            placeholder={fromSettings && user.isPending ? t('common:loading') : t('placeholder.account')}
            onChange={(event) => {
              setAccount(event.target.value);
              clear('account');
            }}
          />
        </Field>
        <Field label={t('field.newPassword')} htmlFor="forget-password" error={errorOf('password')}>
          <PasswordInput
            id="forget-password"
            data-testid="forget-password"
            autoComplete="new-password"
            autoFocus={fromSettings}
            value={password}
            placeholder={t('placeholder.newPassword')}
            onChange={(event) => {
              setPassword(event.target.value);
              clear('password');
            }}
          />
        </Field>
        <Field label={t('field.repassword')} htmlFor="forget-repassword" error={errorOf('repassword')}>
          <PasswordInput
            id="forget-repassword"
            data-testid="forget-repassword"
            autoComplete="new-password"
            value={repassword}
            placeholder={t('placeholder.repassword')}
            onChange={(event) => {
              setRepassword(event.target.value);
              clear('repassword');
            }}
          />
        </Field>
        <Field
          label={t('field.code')}
          htmlFor="forget-code"
          error={errorOf('code')}
          hint={t('forget.codeHint')}
        >
          <div className="input-group">
            <input
              id="forget-code"
              className="input num"
              data-testid="forget-code"
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
              <SendCodeButton onSend={onSendCode} seconds={RESET_COUNTDOWN_SECONDS} />
            </span>
          </div>
        </Field>
        <button
          type="submit"
          className="btn btn-primary btn-block auth-submit"
          data-testid="forget-submit"
          disabled={mutation.isPending || (fromSettings && !account)}
        >
          {mutation.isPending ? t('forget.submitting') : t('forget.submit')}
        </button>
      </form>
      <footer className="auth-footer">
        {fromSettings ? (
          <Link to="/userSetting" className="auth-link">
            {t('backToSettings')}
          </Link>
        ) : (
          <Link to="/components/login" className="auth-link">
            {t('forget.backToLogin')}
          </Link>
        )}
      </footer>
    </AuthShell>
  );
}
