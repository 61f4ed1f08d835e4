import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
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
import { useBackToSettings, useFieldErrors } from './form';
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
  const [code, setCode] = useState('');
  const form = useFieldErrors(FIELD_IDS);
  const backToSettings = useBackToSettings('trade.success');

  const mutation = useMutation({
    mutationFn: () => setTradePassword({ password, repassword, code }),
    onSuccess: backToSettings,
  });

  if (!user.data) return <UserUnavailable pending={user.isPending} />;
  const info = user.data;
  const isChange = info.has_trade_password === 1;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || mutation.isSuccess) return;
    if (form.check(validateTradePassword({ password, repassword, code }))) mutation.mutate();
  };

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
        <CodeField
          form={form}
          field="code"
          value={code}
          onChange={setCode}
          onSend={() => sendCode({ account: info.account_number, scene: 'trade_password' })}
          hint={t('codeSentTo', { account: info.account })}
        />
        <div className="auth-warning">{t('trade.warning')}</div>
        <SubmitButton
          testId="trade-submit"
          busy={mutation.isPending}
          disabled={mutation.isPending || mutation.isSuccess}
        />
      </form>
    </AuthShell>
  );
}
