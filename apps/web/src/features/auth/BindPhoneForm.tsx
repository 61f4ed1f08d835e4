import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bindMobile, sendCode } from './api';
import { CodeField, Field, SubmitButton } from './AuthParts';
import { countryByAreaCode, type Country } from './countries';
import { CountryPicker } from './CountryPicker';
import { useBackToSettings, useFieldErrors } from './form';
import { validateBindPhone } from './validation';

type PhoneField = 'phone' | 'code';

const FIELD_IDS: Record<PhoneField, string> = { phone: 'bind-phone', code: 'bind-phone-code' };

/** Binds (or replaces) the phone number with a code sent to it by SMS (scene binding). */
export function BindPhoneForm({ areaCode }: { areaCode: string }) {
  const { t } = useTranslation('auth');
  const [country, setCountry] = useState<Country>(() => countryByAreaCode(areaCode));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const form = useFieldErrors(FIELD_IDS);
  const backToSettings = useBackToSettings('bind.phoneSuccess');

  const mutation = useMutation({
    mutationFn: () => bindMobile({ mobile: phone, country, code }),
    onSuccess: backToSettings,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || mutation.isSuccess) return;
    if (form.check(validateBindPhone({ phone, code }))) mutation.mutate();
  };

  const onSendCode = async () =>
    form.check(validateBindPhone({ phone, code }, true)) &&
    sendCode({ account: phone.replace(/[\s()-]/g, ''), scene: 'binding', country });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field label={t('field.phone')} htmlFor="bind-phone" error={form.errorOf('phone')}>
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
            onChange={form.edit('phone', setPhone)}
          />
        </div>
      </Field>
      <CodeField
        form={form}
        field="code"
        value={code}
        onChange={setCode}
        onSend={onSendCode}
        hint={t('bind.phoneCodeHint')}
      />
      <SubmitButton
        testId="bind-phone-submit"
        busy={mutation.isPending}
        disabled={mutation.isPending || mutation.isSuccess}
      />
    </form>
  );
}
