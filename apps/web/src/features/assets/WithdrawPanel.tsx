import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserBank } from '../../api/payment-account';
import { Link } from 'react-router';
import { SubmitButton } from '../../components/SubmitButton';
import { normalizeDecimal } from '../../lib/decimal-input';
import { toast } from '../../lib/notify';
import {
  useCurrencyInfo,
  useRefreshBalances,
  useWithdrawAddresses,
  useWithdrawFee,
  withdraw,
  withdrawByPayment,
} from './api';
import { AmountInput } from './AmountInput';
import { amountProblem, COIN_PAGE_PATH, formatAmount } from './assets';
import { ChannelSwitch, type Channel } from './ChannelSwitch';
import { LoadFailed, Loading } from './States';

/** The fee preview asks the server once typing pauses this long. */
const FEE_DEBOUNCE_MS = 400;
/** Document 2, section 9: the memo is needed where the currency's make_wallet is 2. */
const MEMO_REQUIRED = 2;

/** The amount the fee preview is asked for: what was typed, once it stopped changing. */
function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** "Fee 1, you receive 99" as the server computes it, or why it will not (below the minimum). */
function FeePreview({ currency, amount, name }: { currency: number; amount: string; name: string }) {
  const { t } = useTranslation('assets');
  const settled = useDebounced(amount === '' ? '' : normalizeDecimal(amount), FEE_DEBOUNCE_MS);
  const fee = useWithdrawFee(currency, settled);
  if (settled === '') return null;
  if (fee.isError)
    return (
      <div className="assets-hint down" data-testid="withdraw-fee-error">
        {fee.error.message}
      </div>
    );
  if (!fee.data) return <div className="assets-hint muted">{t('loading')}</div>;
  return (
    <div className="assets-hint" data-testid="withdraw-fee">
      {t('withdraw.fee', { fee: formatAmount(fee.data.rate), coin: name })} ·{' '}
      <span data-testid="withdraw-receive">
        {t('withdraw.receive', { amount: formatAmount(fee.data.real_number), coin: name })}
      </span>
    </div>
  );
}

interface WithdrawProps {
  currency: number;
  name: string;
  /** What the spot account holds of the coin: withdrawals leave from it. */
  available: string;
}

/** The amount field with its All button and what the spot account holds. */
function AmountField({
  amount,
  onChange,
  available,
  name,
  min,
}: {
  amount: string;
  onChange: (value: string) => void;
  available: string;
  name: string;
  min?: string;
}) {
  const { t } = useTranslation('assets');
  return (
    <label className="field">
      <span className="field-label">{t('form.amount')}</span>
      <AmountInput
        value={amount}
        onChange={onChange}
        unit={name}
        placeholder={min ? t('withdraw.minPlaceholder', { min: formatAmount(min), coin: name }) : undefined}
        onAll={() => onChange(normalizeDecimal(available))}
        testId="withdraw-amount"
        allTestId="withdraw-all"
      />
      <span className="assets-hint muted" data-testid="withdraw-available">
        {t('form.available', { amount: formatAmount(available), coin: name })}
      </span>
    </label>
  );
}

function PasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('assets');
  return (
    <label className="field">
      <span className="field-label">{t('withdraw.password')}</span>
      <input
        className="input"
        type="password"
        autoComplete="off"
        maxLength={64}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="withdraw-password"
      />
    </label>
  );
}

/**
 * The state both withdraw channels share and their one way to send: refused on the screen with a reason,
 * or sent; on success the form clears and balances are read again, on a refusal the password clears.
 */
function useWithdrawForm() {
  const refresh = useRefreshBalances();
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (problem: string | null, request: () => Promise<string>) => {
    if (problem) {
      toast(problem, 'error');
      return;
    }
    setBusy(true);
    try {
      toast(await request(), 'success');
      setAmount('');
      setPassword('');
      refresh();
    } catch {
      setPassword('');
    } finally {
      setBusy(false);
    }
  };
  return { amount, setAmount, password, setPassword, busy, send };
}

/** Crypto withdrawal: a bound address, memo where needed, amount with the fee preview, trade password. */
function CryptoWithdraw({ currency, name, available }: WithdrawProps) {
  const { t } = useTranslation('assets');
  const info = useCurrencyInfo(currency);
  const addresses = useWithdrawAddresses(currency);
  const [chosen, setChosen] = useState<number | null>(null);
  const [memo, setMemo] = useState('');
  const { amount, setAmount, password, setPassword, busy, send } = useWithdrawForm();
  if (info.isPending || addresses.isPending) return <Loading />;
  if (info.isError) return <LoadFailed error={info.error} onRetry={() => void info.refetch()} />;
  if (addresses.isError)
    return <LoadFailed error={addresses.error} onRetry={() => void addresses.refetch()} />;
  const address = addresses.data.find((item) => item.id === chosen) ?? addresses.data[0];
  const needsMemo = info.data.make_wallet === MEMO_REQUIRED;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Document 2, section 5, in order: address, amount, minimum, payment password.
    const problem = amountProblem(amount, available, info.data.min_number);
    let message: string | null = null;
    if (!address) message = t('withdraw.enterAddress');
    else if (problem === 'belowMin')
      message = t('withdraw.lessMin', { min: formatAmount(info.data.min_number), coin: name });
    else if (problem) message = t(`form.${problem}`);
    else if (!password) message = t('withdraw.enterPassword');
    await send(message, () =>
      withdraw({
        currency,
        number: normalizeDecimal(amount),
        address: address?.address ?? '',
        memo: needsMemo ? memo : (address?.memo ?? ''),
        pay_password: password,
      }),
    );
  };

  return (
    <form
      className="assets-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="crypto-withdraw"
    >
      <div className="field">
        <span className="field-label">{t('withdraw.address')}</span>
        {addresses.data.length === 0 ? (
          <div className="assets-hint" data-testid="withdraw-no-address">
            {t('withdraw.noAddress')}{' '}
            <Link to="/withdraw_address" data-testid="withdraw-bind-address">
              {t('withdraw.bindAddress')}
            </Link>
          </div>
        ) : (
          <div className="assets-inline">
            <select
              className="select"
              value={address?.id ?? ''}
              onChange={(event) => setChosen(Number(event.target.value))}
              data-testid="withdraw-address"
            >
              {addresses.data.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.address}
                  {item.memo ? ` (${item.memo})` : ''}
                </option>
              ))}
            </select>
            <Link to="/withdraw_address" className="btn-link">
              {t('withdraw.manage')}
            </Link>
          </div>
        )}
      </div>
      {needsMemo && (
        <label className="field">
          <span className="field-label">{t('withdraw.memo')}</span>
          <input
            className="input"
            value={memo}
            maxLength={128}
            onChange={(event) => setMemo(event.target.value)}
          />
        </label>
      )}
      <AmountField
        amount={amount}
        onChange={setAmount}
        available={available}
        name={name}
        min={info.data.min_number}
      />
      <FeePreview currency={currency} amount={amount} name={name} />
      <PasswordField value={password} onChange={setPassword} />
      <SubmitButton
        testId="withdraw-submit"
        busy={busy}
        label={t('action.withdraw')}
        className="btn btn-primary"
      />
    </form>
  );
}

/** Withdrawal through the payment channel, paid to the bound bank card. */
function PaymentWithdraw({ currency, name, available }: WithdrawProps) {
  const { t } = useTranslation('assets');
  const card = useUserBank();
  const { amount, setAmount, password, setPassword, busy, send } = useWithdrawForm();
  if (card.isPending) return <Loading />;
  if (card.isError) return <LoadFailed error={card.error} onRetry={() => void card.refetch()} />;
  const bound = card.data.receive_account ? card.data : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Document 2, section 5: an amount, then a bound bank card.
    const problem = amountProblem(amount, available);
    const message = problem
      ? t(`form.${problem === 'belowMin' ? 'amountInvalid' : problem}`)
      : !bound
        ? t('payment.bindCard')
        : !password
          ? t('withdraw.enterPassword')
          : null;
    await send(message, () =>
      withdrawByPayment({ currency, number: normalizeDecimal(amount), pay_password: password }),
    );
  };

  return (
    <form
      className="assets-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="payment-withdraw"
    >
      <div className="field">
        <span className="field-label">{t('payment.card')}</span>
        {bound ? (
          <div className="assets-hint" data-testid="payment-card">
            {bound.bank_name} · {bound.receive_name} · {bound.receive_account}
          </div>
        ) : (
          <div className="assets-hint">
            {t('payment.bindCard')} {/* Straight to the bank-card form, not the settings' first tab. */}
            <Link to="/userSetting?tab=bank" data-testid="payment-bind-card">
              {t('payment.goBind')}
            </Link>
          </div>
        )}
      </div>
      <AmountField amount={amount} onChange={setAmount} available={available} name={name} />
      <FeePreview currency={currency} amount={amount} name={name} />
      <PasswordField value={password} onChange={setPassword} />
      <SubmitButton
        testId="payment-withdraw-submit"
        busy={busy}
        label={t('action.withdraw')}
        className="btn btn-primary"
      />
    </form>
  );
}

/**
 * The withdrawal of one coin (document 2, section 2): crypto or the online-payment channel. Opened under a
 * coin row of the spot list, with a link to the same panel as a page of its own (`/coinWithdraw`), or as it.
 */
export function WithdrawPanel({ asPage = false, ...props }: WithdrawProps & { asPage?: boolean }) {
  const { t } = useTranslation('assets');
  const [channel, setChannel] = useState<Channel>('crypto');
  return (
    <div className={`assets-panel${asPage ? ' assets-panel-page' : ''}`} data-testid="withdraw-panel">
      <div className="assets-panel-head">
        <strong>{t('withdraw.title', { coin: props.name })}</strong>
        <ChannelSwitch value={channel} onChange={setChannel} />
        <Link to={`/tbrec?currency_id=${props.currency}`} className="btn-link">
          {t('action.withdrawRecord')}
        </Link>
        {!asPage && (
          <Link
            to={`${COIN_PAGE_PATH.withdraw}?currency_id=${props.currency}`}
            className="btn-link"
            data-testid="withdraw-open-page"
          >
            {t('pages.openPage')}
          </Link>
        )}
      </div>
      {/* The key restarts the forms when the page switches coin, so no amount carries over to another coin. */}
      {channel === 'crypto' ? (
        <CryptoWithdraw key={props.currency} {...props} />
      ) : (
        <PaymentWithdraw key={props.currency} {...props} />
      )}
    </div>
  );
}
