import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUserInfo } from '../../api/user';
import { SendCodeButton } from '../../components/SendCodeButton';
import { Spinner } from '../../components/States';
import { toast } from '../../lib/notify';
import { sendCode, setTradePassword } from './api';
import { AuthShell, CardHeading, Field, focusField, PasswordInput } from './AuthParts';
import { cleanCode, validateTradePassword, type CodeFormField } from './validation';

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field: CodeFormField; key: string } | null>(null);
  const clear = (field: string) => setError((current) => (current?.field === field ? null : current));
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const mutation = useMutation({
    mutationFn: () => setTradePassword({ password, repassword, code }),
    onSuccess: async (message) => {
      toast(message || t('trade.success'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['user'] });
      redirect.current = setTimeout(() => void navigate('/userSetting'), 500);
    },
  });

  if (user.isPending) return <Spinner />;
  if (!user.data) {
    return (
      <AuthShell aside={false}>
        <div className="empty">{t('common:networkError')}</div>
      </AuthShell>
    );
  }
  const info = user.data;
  const isChange = info.has_trade_password === 1;

  const fail = (problem: { field: CodeFormField; key: string }) => {
    setError(problem);
    focusField(FIELD_IDS[problem.field]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || mutation.isSuccess) return;
    const problem = validateTradePassword({ password, repassword, code });
    if (problem) return fail(problem);
    setError(null);
    mutation.mutate();
  };

  const errorOf = (field: CodeFormField) => (error?.field === field ? error.key : null);

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
        <Field label={t('field.tradePassword')} htmlFor="trade-password" error={errorOf('password')}>
          <PasswordInput
            id="trade-password"
            data-testid="trade-password"
            autoComplete="new-password"
            autoFocus
            value={password}
            placeholder={t('placeholder.newPassword')}
            onChange={(event) => {
              setPassword(event.target.value);
              clear('password');
            }}
          />
        </Field>
        <Field label={t('field.repassword')} htmlFor="trade-repassword" error={errorOf('repassword')}>
          <PasswordInput
            id="trade-repassword"
            data-testid="trade-repassword"
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
          htmlFor="trade-code"
          error={errorOf('code')}
          hint={t('codeSentTo', { account: info.account })}
        >
          <div className="input-group">
            <input
              id="trade-code"
              className="input num"
              data-testid="trade-code"
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
              <SendCodeButton
                onSend={() => sendCode({ account: info.account_number, scene: 'trade_password' })}
              />
            </span>
          </div>
        </Field>
        <div className="auth-warning">{t('trade.warning')}</div>
        <button
          type="submit"
          className="btn btn-primary btn-block auth-submit"
          data-testid="trade-submit"
          disabled={mutation.isPending || mutation.isSuccess}
        >
          {mutation.isPending ? t('common:loading') : t('common:action.confirm')}
        </button>
      </form>
    </AuthShell>
  );
}
