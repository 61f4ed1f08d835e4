import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SendCodeButton } from '../../components/SendCodeButton';
import { toast } from '../../lib/notify';
import { bindMobile, sendCode } from './api';
import { Field, focusField } from './AuthParts';
import { countryByAreaCode, type Country } from './countries';
import { CountryPicker } from './CountryPicker';
import { cleanCode, validateBindPhone } from './validation';

type PhoneField = 'phone' | 'code';

const FIELD_IDS: Record<PhoneField, string> = { phone: 'bind-phone', code: 'bind-phone-code' };

/** Binds (or replaces) the phone number with a code sent to it by SMS (scene binding). */
export function BindPhoneForm({ areaCode }: { areaCode: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [country, setCountry] = useState<Country>(() => countryByAreaCode(areaCode));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field: PhoneField; key: string } | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const mutation = useMutation({
    mutationFn: () => bindMobile({ mobile: phone, country, code }),
    onSuccess: async (message) => {
      toast(message || t('bind.phoneSuccess'), 'success');
      await queryClient.invalidateQueries({ queryKey: ['user'] });
      redirect.current = setTimeout(() => void navigate('/userSetting'), 500);
    },
  });

  const fail = (problem: { field: PhoneField; key: string }) => {
    setError(problem);
    focusField(FIELD_IDS[problem.field]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || mutation.isSuccess) return;
    const problem = validateBindPhone({ phone, code });
    if (problem) return fail(problem);
    setError(null);
    mutation.mutate();
  };

  const onSendCode = async () => {
    const problem = validateBindPhone({ phone, code }, true);
    if (problem) {
      fail(problem);
      return false;
    }
    setError(null);
    return sendCode({ account: phone.replace(/[\s()-]/g, ''), scene: 'binding', country });
  };

  const errorOf = (field: PhoneField) => (error?.field === field ? error.key : null);
  const clear = (field: PhoneField) => setError((current) => (current?.field === field ? null : current));

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field label={t('field.phone')} htmlFor="bind-phone" error={errorOf('phone')}>
        <div className="input-group">
          <CountryPicker value={country} onChange={setCountry} />
          <input
            id="bind-phone"
            className="input num"
            data-testid="bind-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            autoFocus
            maxLength={20}
            value={phone}
            placeholder={t('placeholder.phone')}
            onChange={(event) => {
              setPhone(event.target.value);
              clear('phone');
            }}
          />
        </div>
      </Field>
      <Field
        label={t('field.code')}
        htmlFor="bind-phone-code"
        error={errorOf('code')}
        hint={t('bind.phoneCodeHint')}
      >
        <div className="input-group">
          <input
            id="bind-phone-code"
            className="input num"
            data-testid="bind-phone-code"
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
        data-testid="bind-phone-submit"
        disabled={mutation.isPending || mutation.isSuccess}
      >
        {mutation.isPending ? t('common:loading') : t('common:action.confirm')}
      </button>
    </form>
  );
}
