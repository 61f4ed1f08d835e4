import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useUserInfo } from '../../api/user';
import { endSession, useToken } from '../../lib/session';
import { queryClient } from '../../lib/query';
import { toast } from '../../lib/notify';
import { forgetPassword, sendCode, updatePassword } from './api';
import {
  AccountInput,
  AuthShell,
  CardHeading,
  CodeField,
  Field,
  PasswordPairFields,
  SubmitButton,
} from './AuthParts';
import { loginPathFor, useCodeForm } from './form';
import { validateReset, type ResetField } from './validation';

const FIELD_IDS: Record<ResetField, string> = {
  account: 'forget-account',
  password: 'forget-password',
  repassword: 'forget-repassword',
  code: 'forget-code',
};

/** Reset sends its codes with a 31 s countdown (document 1, section 4). */
const RESET_COUNTDOWN_SECONDS = 31;

/**
 * Password reset (document 1, section 2.8). Opened from account settings (`fromSet`, or as /resetPwd) by a
 * signed-in user, the account is their own, read-only, and the reset goes through `/api/safe/update_password`.
 */
export default function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const token = useToken();
  // /resetPwd, the original's second reset page (which never sent its request), is the signed-in reset.
  const fromSettings = (Boolean(params.get('fromSet')) || pathname === '/resetPwd') && token !== null;
  const user = useUserInfo();
  const ownAccount = fromSettings ? (user.data?.account_number ?? '') : null;

  const [typedAccount, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const account = ownAccount ?? typedAccount;

  const { form, submit, codeField, submitting } = useCodeForm({
    ids: FIELD_IDS,
    validate: (code) => validateReset({ account, password, repassword, code }),
    // The code goes out only when both password fields are filled and match.
    validateSending: (code) => validateReset({ account, password, repassword, code }, true),
    sendCode: () => sendCode({ account, scene: 'forget' }),
    save: (code) =>
      fromSettings
        ? updatePassword({ password, repassword, code })
        : forgetPassword({ account, password, repassword, code }),
    onSaved: (message) => {
      toast(message || t('forget.success'), 'success');
      // The server signs every session of the account out: this one too.
      if (token) {
        endSession();
        queryClient.clear();
      }
      void navigate(loginPathFor(account), { replace: true });
    },
  });

  return (
    <AuthShell aside={!fromSettings}>
      <CardHeading
        title={fromSettings ? t('forget.titleFromSettings') : t('forget.title')}
        subtitle={t('forget.subtitle')}
      />
      <form className="auth-form" onSubmit={submit} noValidate>
        <Field label={t('field.account')} htmlFor="forget-account" error={form.errorOf('account')}>
          <AccountInput
            form={form}
            value={account}
            onChange={setAccount}
            autoFocus={!fromSettings}
            readOnly={fromSettings}
            placeholder={fromSettings && user.isPending ? t('common:loading') : t('placeholder.account')}
          />
        </Field>
        <PasswordPairFields
          form={form}
          label={t('field.newPassword')}
          autoFocus={fromSettings}
          password={password}
          repassword={repassword}
          onPassword={setPassword}
          onRepassword={setRepassword}
        />
        <CodeField {...codeField} seconds={RESET_COUNTDOWN_SECONDS} hint={t('forget.codeHint')} />
        <SubmitButton
          testId="forget-submit"
          {...submitting}
          disabled={submitting.disabled || (fromSettings && !account)}
          label={t('forget.submit')}
          busyLabel={t('forget.submitting')}
        />
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
