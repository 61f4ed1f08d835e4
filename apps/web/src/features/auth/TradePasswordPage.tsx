import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../api/user';
import { sendCode, setTradePassword } from './api';
import {
  AuthShell,
  CardHeading,
  CodeField,
  PasswordPairFields,
  SubmitButton,
  UserUnavailable,
} from './AuthParts';
import { useBackToSettings, useCodeForm } from './form';
import { validateTradePassword, type CodeFormField } from './validation';

const FIELD_IDS: Record<CodeFormField, string> = {
  password: 'trade-password',
  repassword: 'trade-repassword',
  code: 'trade-code',
};

/**
 * Sets or changes the trade password (/bindmpwd), proven by a code the server sends to the user's own
 * account (scene trade_password).
 */
export default function TradePasswordPage() {
  const { t } = useTranslation('auth');
  const user = useUserInfo();
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const { form, submit, codeField, submitting } = useCodeForm({
    ids: FIELD_IDS,
    validate: (code) => validateTradePassword({ password, repassword, code }),
    // The code goes to the user's own account, so nothing typed needs checking first.
    sendCode: () => sendCode({ account: user.data?.account_number ?? '', scene: 'trade_password' }),
    save: (code) => setTradePassword({ password, repassword, code }),
    onSaved: useBackToSettings('trade.success'),
    once: true,
  });

  if (!user.data) return <UserUnavailable pending={user.isPending} />;
  const info = user.data;
  const isChange = info.has_trade_password === 1;

  return (
    <AuthShell aside={false}>
      <nav className="auth-crumbs">
        <Link to="/userSetting">{t('common:menu.accountSettings')}</Link>
        <span aria-hidden="true">/</span>
        <span>{isChange ? t('trade.changeTitle') : t('trade.setTitle')}</span>
      </nav>
      <CardHeading
        title={isChange ? t('trade.changeTitle') : t('trade.setTitle')}
        subtitle={t('trade.subtitle')}
      />
      <form className="auth-form" onSubmit={submit} noValidate>
        <PasswordPairFields
          form={form}
          label={t('field.tradePassword')}
          autoFocus
          password={password}
          repassword={repassword}
          onPassword={setPassword}
          onRepassword={setRepassword}
        />
        <CodeField {...codeField} hint={t('codeSentTo', { account: info.account })} />
        <div className="auth-warning">{t('trade.warning')}</div>
        <SubmitButton testId="trade-submit" {...submitting} />
      </form>
    </AuthShell>
  );
}
