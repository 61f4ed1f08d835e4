import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindMobile, sendCode } from './api';
import { CodeField, Field, SubmitButton } from './AuthParts';
import { countryByAreaCode, type Country } from './countries';
import { CountryPicker } from './CountryPicker';
import { useBackToSettings, useCodeForm } from './form';
import { validateBindPhone } from './validation';

type PhoneField = 'phone' | 'code';

const FIELD_IDS: Record<PhoneField, string> = { phone: 'bind-phone', code: 'bind-phone-code' };

/** Binds (or replaces) the phone number with a code sent to it by SMS (scene binding). */
export function BindPhoneForm({ areaCode }: { areaCode: string }) {
  const { t } = useTranslation('auth');
  const [country, setCountry] = useState<Country>(() => countryByAreaCode(areaCode));
  const [phone, setPhone] = useState('');
  const { form, submit, codeField, submitting } = useCodeForm({
    ids: FIELD_IDS,
    validate: (code) => validateBindPhone({ phone, code }),
    validateSending: (code) => validateBindPhone({ phone, code }, true),
    sendCode: () => sendCode({ account: phone.replace(/[\s()-]/g, ''), scene: 'binding', country }),
    save: (code) => bindMobile({ mobile: phone, country, code }),
    onSaved: useBackToSettings('bind.phoneSuccess'),
    once: true,
  });

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
      <CodeField {...codeField} hint={t('bind.phoneCodeHint')} />
      <SubmitButton testId="bind-phone-submit" {...submitting} />
    </form>
  );
}
