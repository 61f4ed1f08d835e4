import { SubmitButton } from '../../components/SubmitButton';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { Spinner } from '../../components/States';
import { TextFields } from '../../components/TextField';
import { toast } from '../../lib/notify';
import { addBank, CASH_INFO_FIELDS, saveCashInfo, type CashInfoForm } from './api';
import { useBankList, useCashInfo, useUserBank } from '../../api/payment-account';
import type { BankCard, CashInfo } from '@exchange/contracts';
import { useRequiredFields, useSave } from './forms';
import { ImageUpload } from './ImageUpload';

type CashField = (typeof CASH_INFO_FIELDS)[number];
/** The cash fields typed in (the other two are QR pictures). */
type TextCashField = Exclude<CashField, 'wechat_collect' | 'alipay_collect'>;

const EMPTY_CASH: CashInfoForm = {
  real_name: '',
  bank_name: '',
  bank_account: '',
  alipay_account: '',
  wechat_nickname: '',
  wechat_account: '',
  wechat_collect: '',
  alipay_collect: '',
};

/** The first empty field in the order the server checks them, or null. */
export function firstMissingCashField(info: CashInfoForm): CashField | null {
  return CASH_INFO_FIELDS.find((field) => !info[field].trim()) ?? null;
}

function pickCash(saved: CashInfo | undefined): CashInfoForm {
  const result = { ...EMPTY_CASH };
  for (const field of CASH_INFO_FIELDS) result[field] = String(saved?.[field] ?? '');
  return result;
}

/** Payment account used by P2P buyers to pay this user: bank, Alipay and WeChat with their QR codes. */
function PaymentAccountForm({ saved }: { saved: CashInfo | undefined }) {
  const { t } = useTranslation('account');
  const { form, set, missing, flagMissing } = useRequiredFields(() => pickCash(saved));
  const isSaved = Boolean(saved?.real_name);
  const mutation = useSave(() => saveCashInfo(form), t('payment.saved'), ['payment', 'cash-info']);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const field = firstMissingCashField(form);
    if (field) {
      const message = t('payment.enterField', { field: t(`payment.field.${field}`) });
      return flagMissing(field, message, `cash-${field}`);
    }
    mutation.mutate();
  };

  const textField = (name: TextCashField, maxLength: number) => ({
    name,
    label: t(`payment.field.${name}`),
    placeholder: t(`payment.placeholder.${name}`),
    maxLength,
  });

  return (
    <section className="panel" data-testid="payment-account">
      <header className="panel-header">
        <span>{t('payment.title')}</span>
        <span className={`badge${isSaved ? ' badge-up' : ''}`}>
          {isSaved ? t('payment.bound') : t('payment.notBound')}
        </span>
      </header>
      <form className="panel-body" onSubmit={submit} noValidate>
        <p className="muted account-intro">{t('payment.intro')}</p>
        <div className="form-grid">
          <TextFields
            idPrefix="cash"
            fields={[
              textField('real_name', 64),
              textField('bank_name', 100),
              textField('bank_account', 64),
              textField('alipay_account', 100),
              textField('wechat_nickname', 64),
              textField('wechat_account', 100),
            ]}
            values={form}
            onChange={set}
            missing={missing}
          />
        </div>
        <div className="qr-row">
          <ImageUpload
            label={t('payment.field.wechat_collect')}
            value={form.wechat_collect}
            onChange={(url) => set('wechat_collect', url)}
            invalid={missing === 'wechat_collect'}
            testId="cash-wechat_collect"
          />
          <ImageUpload
            label={t('payment.field.alipay_collect')}
            value={form.alipay_collect}
            onChange={(url) => set('alipay_collect', url)}
            invalid={missing === 'alipay_collect'}
            testId="cash-alipay_collect"
          />
        </div>
        <div className="form-actions">
          <SubmitButton testId="cash-submit" busy={mutation.isPending} />
        </div>
      </form>
    </section>
  );
}

/** The payout bank card used by withdrawals through the payment channel. */
function BankCardForm({ saved }: { saved: Partial<BankCard> | undefined }) {
  const { t } = useTranslation('account');
  const banks = useBankList();
  const [name, setName] = useState(saved?.receive_name ?? '');
  const [account, setAccount] = useState(saved?.receive_account ?? '');
  const [bankCode, setBankCode] = useState(saved?.bank_code ?? '');
  const [missing, setMissing] = useState<'name' | 'account' | null>(null);
  const chosenCode = bankCode || banks.data?.[0]?.code || '';
  const isSaved = Boolean(saved?.receive_account);
  const mutation = useSave(
    () => addBank({ receive_name: name.trim(), receive_account: account.trim(), bank_code: chosenCode }),
    t('payment.saved'),
    ['payment', 'bank'],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!name.trim()) {
      setMissing('name');
      toast(t('payment.enterField', { field: t('bank.name') }), 'error');
      return document.getElementById('bank-name')?.focus();
    }
    if (!account.trim()) {
      setMissing('account');
      toast(t('payment.enterField', { field: t('bank.account') }), 'error');
      return document.getElementById('bank-account')?.focus();
    }
    setMissing(null);
    mutation.mutate();
  };

  return (
    <section className="panel" data-testid="bank-card">
      <header className="panel-header">
        <span>{t('bank.title')}</span>
        <span className={`badge${isSaved ? ' badge-up' : ''}`}>
          {isSaved ? t('payment.bound') : t('payment.notBound')}
        </span>
      </header>
      <form className="panel-body" onSubmit={submit} noValidate>
        <p className="muted account-intro">{t('bank.intro')}</p>
        <div className="form-grid">
          <Field label={t('bank.bank')} htmlFor="bank-code">
            <select
              id="bank-code"
              className="select"
              data-testid="bank-code"
              value={chosenCode}
              disabled={!banks.data}
              onChange={(event) => setBankCode(event.target.value)}
            >
              {(banks.data ?? []).map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.name} ({bank.code})
                </option>
              ))}
            </select>
          </Field>
          <TextFields
            idPrefix="bank"
            fields={[
              { name: 'name', label: t('bank.name'), placeholder: t('bank.namePlaceholder'), maxLength: 50 },
              {
                name: 'account',
                label: t('bank.account'),
                placeholder: t('bank.accountPlaceholder'),
                inputClassName: 'input num',
                inputMode: 'numeric',
                maxLength: 50,
              },
            ]}
            values={{ name, account }}
            onChange={(field, value) => (field === 'name' ? setName : setAccount)(value)}
            missing={missing}
          />
        </div>
        <div className="form-actions">
          <SubmitButton testId="bank-submit" busy={mutation.isPending} />
        </div>
      </form>
    </section>
  );
}

/** Receiving accounts / bank binding: each form starts from what the server has saved. */
export function ReceivingAccounts() {
  const { t } = useTranslation('account');
  const cash = useCashInfo();
  const bank = useUserBank();
  if (cash.isPending || bank.isPending) return <Spinner />;
  if (cash.isError || bank.isError) return <div className="panel empty">{t('loadFailed')}</div>;
  return (
    <div className="account-stack" data-testid="receiving-accounts">
      <PaymentAccountForm saved={cash.data} />
      <BankCardForm saved={bank.data} />
    </div>
  );
}
