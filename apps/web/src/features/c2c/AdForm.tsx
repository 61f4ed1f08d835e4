import { useState, type FormEvent } from 'react';
import { FIAT_CODES } from '@exchange/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useWalletDetail } from '../../api/wallet';
import { useNavigate } from 'react-router';
import { AmountInput } from '../../components/AmountInput';
import { Field } from '../../components/Field';
import { DialogFormActions, Modal } from '../../components/Modal';
import { PasswordDialog } from '../../components/PasswordDialog';
import { PayWayRadios } from '../../components/PayWayRadios';
import { formatFixed, roundDown } from '../../lib/format';
import { toast } from '../../lib/notify';
import { publishAd, transferToLegal, useRefreshC2c, type CurrencyRef } from './api';
import {
  adTotal,
  AMOUNT_DECIMALS,
  publishProblem,
  type AdType,
  type Kind,
  type PublishForm,
  type PublishProblem,
} from './rules';

const EMPTY_FORM: PublishForm = { total_number: '', price: '', way: '', coin_code: '' };
const EMPTY_SHOP_FORM: PublishForm = { ...EMPTY_FORM, min_number: '', max_number: '' };

/** The legal balance the ads draw on, and a way to move coins in from the spot account. */
export function Balance({ currency }: { currency: CurrencyRef }) {
  const { t } = useTranslation('c2c');
  const wallet = useWalletDetail(currency.id, 'legal');
  const [transferring, setTransferring] = useState(false);
  return (
    <div className="panel c2c-balance" data-testid="c2c-balance">
      <div>
        <span className="muted">{t('publish.available', { coin: currency.name })}</span>
        <strong className="num" data-testid="c2c-legal-balance">
          {formatFixed(wallet.data?.legal_balance, AMOUNT_DECIMALS)}
        </strong>
      </div>
      <div>
        <span className="muted">{t('publish.frozen')}</span>
        <span className="num">{formatFixed(wallet.data?.lock_legal_balance, AMOUNT_DECIMALS)}</span>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-ghost"
        onClick={() => setTransferring(true)}
        data-testid="c2c-transfer-open"
      >
        {t('transfer.open')}
      </button>
      {transferring && <TransferDialog currency={currency} onClose={() => setTransferring(false)} />}
    </div>
  );
}

/** Moves coins from the spot account into the legal (fiat) account, which P2P ads trade from. */
function TransferDialog({ currency, onClose }: { currency: CurrencyRef; onClose: () => void }) {
  const { t } = useTranslation('c2c');
  const spot = useWalletDetail(currency.id, 'change');
  const refresh = useRefreshC2c();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const available = spot.data?.change_balance;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!amount.trim()) return toast(t('transfer.enterAmount'), 'error');
    setBusy(true);
    try {
      toast(await transferToLegal(currency.id, amount.trim()), 'success');
      await refresh();
      onClose();
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('transfer.title', { coin: currency.name })} onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="c2c-transfer">
        <p className="muted c2c-note">{t('transfer.hint')}</p>
        <Field label={t('transfer.amount')} htmlFor="c2c-transfer-amount">
          <AmountInput
            id="c2c-transfer-amount"
            value={amount}
            onChange={setAmount}
            testId="c2c-transfer-amount"
            addon={
              <button
                type="button"
                className="btn btn-link input-addon"
                disabled={!available}
                onClick={() => available && setAmount(roundDown(available, AMOUNT_DECIMALS))}
              >
                {t('transfer.all')}
              </button>
            }
          />
          <span className="muted">
            {t('transfer.spotAvailable')}:{' '}
            <span className="num">{formatFixed(available, AMOUNT_DECIMALS)}</span>
          </span>
        </Field>
        <DialogFormActions
          onCancel={onClose}
          busy={busy}
          testId="c2c-transfer-submit"
          className="password-dialog-actions"
        />
      </form>
    </Modal>
  );
}

const PROBLEM_FIELD: Record<PublishProblem, keyof PublishForm> = {
  quantity: 'total_number',
  quantityInvalid: 'total_number',
  price: 'price',
  priceInvalid: 'price',
  way: 'way',
  coinCode: 'coin_code',
  balance: 'total_number',
  limits: 'min_number',
};

/**
 * The form of one ad side (buy or sell): quantity, price, payment method, fiat code, and for a shop ad the
 * smallest and largest order; the trade password last. After it is published the user goes to `done`.
 */
export function AdForm({
  kind,
  type,
  currency,
  done,
}: {
  kind: Kind;
  type: AdType;
  currency: CurrencyRef;
  done: string;
}) {
  const { t } = useTranslation('c2c');
  const navigate = useNavigate();
  const wallet = useWalletDetail(currency.id, 'legal');
  const refresh = useRefreshC2c();
  const empty = kind === 'shop' ? EMPTY_SHOP_FORM : EMPTY_FORM;
  const [form, setForm] = useState<PublishForm>(empty);
  const [problem, setProblem] = useState<PublishProblem | null>(null);
  const [asking, setAsking] = useState(false);
  const id = (field: string) => `${kind}-${type}-${field}`;

  const set = (field: keyof PublishForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (problem && PROBLEM_FIELD[problem] === field) setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = publishProblem(form, type, wallet.data?.legal_balance);
    setProblem(found);
    if (found) {
      toast(t(`publish.problem.${found}`, { coin: currency.name }), 'error');
      document.getElementById(id(PROBLEM_FIELD[found]))?.focus();
      return;
    }
    setAsking(true);
  };

  /** The classes of what shows `field`: marked when the last problem is about it. */
  const marked = (field: keyof PublishForm, classes = '') =>
    problem && PROBLEM_FIELD[problem] === field ? `${classes} has-error`.trim() : classes;

  /** A decimal field of the form; its box's test id ends in `testKey`. */
  const amountField = (
    field: 'total_number' | 'price' | 'min_number' | 'max_number',
    label: string,
    testKey: string,
    box: { placeholder: string; unit?: string },
  ) => (
    <Field
      label={label}
      htmlFor={id(field)}
      // The limits are one problem: their row is marked, not each field.
      className={field === 'min_number' || field === 'max_number' ? undefined : marked(field)}
    >
      <AmountInput
        id={id(field)}
        value={form[field] ?? ''}
        onChange={(value) => set(field, value)}
        testId={id(testKey)}
        {...box}
      />
    </Field>
  );

  return (
    <section className={`panel c2c-ad-form ${type}`} data-testid={`${kind}-form-${type}`}>
      <header className="panel-header">
        <span className={type === 'buy' ? 'up' : 'down'}>
          {t(`publish.formTitle.${type}`, { coin: currency.name })}
        </span>
      </header>
      <form className="panel-body" onSubmit={submit} noValidate>
        {amountField('total_number', t('publish.quantity'), 'quantity', {
          placeholder: t(`publish.quantityPlaceholder.${type}`),
          unit: currency.name,
        })}
        {amountField('price', t('publish.price'), 'price', {
          placeholder: t('publish.pricePlaceholder'),
          unit: form.coin_code || t('publish.fiat'),
        })}
        {kind === 'shop' && (
          <div className={marked('min_number', 'c2c-limits')}>
            {amountField('min_number', t('publish.min'), 'min', {
              placeholder: t('publish.limitPlaceholder'),
            })}
            {amountField('max_number', t('publish.max'), 'max', {
              placeholder: t('publish.limitPlaceholder'),
            })}
          </div>
        )}
        <div className={marked('way', 'field')}>
          <span className="field-label">{t('publish.way')}</span>
          <PayWayRadios
            className="c2c-radios"
            id={id('way')}
            radiogroup
            value={form.way}
            onChange={(way) => set('way', way)}
            labelOf={(way) => t(`way.${way}`)}
          />
        </div>
        <Field label={t('publish.fiatCode')} htmlFor={id('coin_code')} className={marked('coin_code')}>
          <select
            id={id('coin_code')}
            className="select"
            value={form.coin_code}
            onChange={(event) => set('coin_code', event.target.value)}
            data-testid={id('coin-code')}
          >
            <option value="">{t('publish.chooseFiat')}</option>
            {FIAT_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </Field>
        <div className="c2c-form-total">
          <span className="muted">{t('publish.total')}</span>
          <span className="num">
            {adTotal(form.total_number, form.price)} {form.coin_code}
          </span>
        </div>
        <button
          type="submit"
          className={`btn btn-block ${type === 'buy' ? 'btn-buy' : 'btn-sell'}`}
          data-testid={id('submit')}
        >
          {t(`publish.submit.${type}`, { coin: currency.name })}
        </button>
      </form>
      {asking && (
        <PasswordDialog
          title={t(`publish.confirmTitle.${type}`, { coin: currency.name })}
          text={t('publish.confirmText', {
            quantity: form.total_number,
            coin: currency.name,
            price: form.price,
            fiat: form.coin_code,
            way: t(`way.${form.way}`),
          })}
          onClose={() => setAsking(false)}
          onSubmit={async (password) => {
            try {
              const message = await publishAd(kind, {
                type,
                currency_id: currency.id,
                total_number: form.total_number.trim(),
                price: form.price.trim(),
                way: form.way,
                coin_code: form.coin_code,
                password,
                ...(kind === 'shop'
                  ? { min_number: form.min_number?.trim(), max_number: form.max_number?.trim() }
                  : {}),
              });
              toast(message || t('publish.done'), 'success');
              setForm(empty);
              await refresh();
              setTimeout(() => void navigate(done), 500);
            } catch {
              // Document 2, section 8: after a failed publish (the API client toasts why) the form is cleared.
              setForm(empty);
            }
          }}
        />
      )}
    </section>
  );
}
