import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountInput } from '../../components/AmountInput';
import { Field } from '../../components/Field';
import { SubmitButton } from '../../components/SubmitButton';
import { copyText } from '../../lib/clipboard';
import { isPositive, normalizeDecimal, sanitizeDecimalInput } from '../../lib/decimal-input';
import { toast } from '../../lib/notify';
import { useBankList } from '../../api/payment-account';
import { depositByPayment, depositNotice, useCurrencyInfo, useDepositAddress } from './api';
import { BALANCE_DECIMALS, COIN_PAGE_PATH } from './assets';
import { ChannelPanel } from './ChannelSwitch';
import { AddressInput, SelectField } from './fields';
import { PendingDeposits, useChainDepositPushes } from './PendingDeposits';
import { Loaded } from './States';
import { useSending } from './useSending';

/** Document 2, section 9: the deposit QR is 100 px. */
const QR_SIZE_PX = 100;
const DEFAULT_BANK = 'BCA';

/**
 * A network with no operator key has no deposit address: say so (never an address, a QR code or a notice
 * form), and keep the records link.
 */
function ClosedDeposit({ currency, name, network }: { currency: number; name: string; network: string }) {
  const { t } = useTranslation('assets');
  return (
    <div className="deposit-info" data-testid="deposit-closed">
      <div className="deposit-line">
        <span className="muted">{t('deposit.network')}</span>
        <span className="badge">{network}</span>
      </div>
      <p className="deposit-closed" role="status">
        {t('deposit.closed', { coin: name, network })}
      </p>
      <Link to={`/coinRecord?currency_id=${currency}`} data-testid="deposit-records">
        {t('deposit.records')}
      </Link>
    </div>
  );
}

/**
 * The crypto deposit: the user's own address, its QR code, copy, tips, a deposit notice and the records link;
 * or "deposits closed" where the network has no key.
 */
function CryptoDeposit({ currency, name }: { currency: number; name: string }) {
  const { t } = useTranslation('assets');
  const address = useDepositAddress(currency);
  const [amount, setAmount] = useState('');
  const [from, setFrom] = useState('');
  const { busy, send } = useSending();
  useChainDepositPushes();

  const notify = async (event: FormEvent) => {
    event.preventDefault();
    // Document 2, section 5: address and amount are both required.
    if (!from.trim()) return toast(t('deposit.enterFrom'), 'error');
    if (!isPositive(amount)) return toast(t('deposit.enterAmount'), 'error');
    await send(async () => {
      toast(
        await depositNotice({ currency, amount: normalizeDecimal(amount), account: from.trim() }),
        'success',
      );
      setAmount('');
      setFrom('');
    });
  };

  return (
    <Loaded query={address}>
      {(data) =>
        data.deposit_open === 0 ? (
          <ClosedDeposit currency={currency} name={name} network={data.contract_address} />
        ) : (
          <div className="deposit-crypto">
            <div className="deposit-qr" data-testid="deposit-qr">
              <QRCodeSVG value={data.address} size={QR_SIZE_PX} marginSize={2} title={data.address} />
            </div>
            <div className="deposit-info">
              <div className="deposit-line">
                <span className="muted">{t('deposit.network')}</span>
                <span className="badge">{data.contract_address}</span>
              </div>
              <div className="field-label">{t('deposit.address')}</div>
              <div className="deposit-address">
                <code className="num" data-testid="deposit-address">
                  {data.address}
                </code>
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  data-testid="deposit-copy"
                  onClick={() => void copyText(data.address)}
                >
                  {t('common:action.copy')}
                </button>
              </div>
              <ul className="deposit-tips">
                <li>{t('deposit.tipOnly', { coin: name, network: data.contract_address })}</li>
                <li data-testid="deposit-tip-confirmations">
                  {data.confirmations === null
                    ? t('deposit.tipBooked')
                    : t('deposit.tipConfirmations', { count: data.confirmations })}
                </li>
                <li>
                  <Link to={`/coinRecord?currency_id=${currency}`} data-testid="deposit-records">
                    {t('deposit.records')}
                  </Link>
                </li>
              </ul>
              {data.confirmations !== null && <PendingDeposits currency={currency} />}
              <form className="deposit-notice" onSubmit={(event) => void notify(event)} noValidate>
                <span className="field-label">{t('deposit.noticeTitle')}</span>
                <div className="deposit-notice-fields">
                  <AddressInput
                    value={from}
                    onChange={setFrom}
                    placeholder={t('deposit.fromPlaceholder')}
                    testId="deposit-from"
                  />
                  <input
                    className="input num"
                    inputMode="decimal"
                    value={amount}
                    placeholder={t('deposit.amountPlaceholder', { coin: name })}
                    onChange={(event) =>
                      setAmount(sanitizeDecimalInput(event.target.value, BALANCE_DECIMALS))
                    }
                    data-testid="deposit-amount"
                  />
                  <SubmitButton
                    testId="deposit-notice-submit"
                    busy={busy}
                    label={t('deposit.noticeSubmit')}
                  />
                </div>
              </form>
            </div>
          </div>
        )
      }
    </Loaded>
  );
}

/** Deposit through the third-party payment channel: amount, pay type, bank; then the payment page. */
function PaymentDeposit({ currency, name }: { currency: number; name: string }) {
  const { t } = useTranslation('assets');
  const info = useCurrencyInfo(currency);
  const banks = useBankList();
  const [amount, setAmount] = useState('');
  const [payType, setPayType] = useState<1 | 2>(1);
  const [bank, setBank] = useState(DEFAULT_BANK);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isPositive(amount)) return toast(t('deposit.enterAmount'), 'error');
    setBusy(true);
    try {
      const url = await depositByPayment({
        currency,
        amount: normalizeDecimal(amount),
        pay_type: payType,
        bank_code: bank,
      });
      window.location.assign(url);
    } catch {
      setBusy(false);
    }
  };

  return (
    <form
      className="assets-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="payment-deposit"
    >
      <Field label={t('form.amount')}>
        <AmountInput
          value={amount}
          onChange={setAmount}
          unit={name}
          placeholder={
            info.data
              ? t('payment.range', { min: info.data.min_number, max: info.data.max_number })
              : undefined
          }
          decimals={BALANCE_DECIMALS}
          testId="payment-amount"
        />
      </Field>
      <div className="field">
        <span className="field-label">{t('payment.payType')}</span>
        <div className="assets-radios">
          {([1, 2] as const).map((type) => (
            <label key={type} className="checkbox">
              <input
                type="radio"
                name="pay-type"
                checked={payType === type}
                onChange={() => setPayType(type)}
              />
              <span>{t(`payment.type${type}`)}</span>
            </label>
          ))}
        </div>
      </div>
      <SelectField
        label={t('payment.bank')}
        value={bank}
        options={(banks.data ?? [{ code: DEFAULT_BANK, name: DEFAULT_BANK }]).map((item) => ({
          value: item.code,
          label: item.name,
        }))}
        onChange={setBank}
        testId="payment-bank"
      />
      <SubmitButton testId="payment-submit" busy={busy} label={t('payment.pay')} />
    </form>
  );
}

/**
 * The deposit of one coin (document 2, section 2): crypto or the online-payment channel. Opened under a coin
 * row of the spot list, with a link to the same panel as a page of its own (`/coinDeposit`), or as that page.
 */
export function DepositPanel({
  currency,
  name,
  asPage = false,
}: {
  currency: number;
  name: string;
  asPage?: boolean;
}) {
  const { t } = useTranslation('assets');
  return (
    <ChannelPanel
      testId="deposit-panel"
      title={t('deposit.title', { coin: name })}
      asPage={asPage}
      openPage={{ to: `${COIN_PAGE_PATH.deposit}?currency_id=${currency}`, testId: 'deposit-open-page' }}
    >
      {/* The key restarts the forms when the page switches coin, so nothing typed carries over. */}
      {(channel) =>
        channel === 'crypto' ? (
          <CryptoDeposit key={currency} currency={currency} name={name} />
        ) : (
          <PaymentDeposit key={currency} currency={currency} name={name} />
        )
      }
    </ChannelPanel>
  );
}
