import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { BankCard, CurrencyInfo, WithdrawAddress } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { useUserBank } from '../../api/payment-account';
import { Link } from 'react-router';
import { Field } from '../../components/Field';
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
import { amountProblem, COIN_PAGE_PATH, formatAmount } from './assets';
import { ChannelPanel, type Channel } from './ChannelSwitch';
import { AmountField, MemoField } from './fields';
import { useSending } from './useSending';
import { Loaded } from './States';

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

function PasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('assets');
  return (
    <Field label={t('withdraw.password')}>
      <input
        className="input"
        type="password"
        autoComplete="off"
        maxLength={64}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid="withdraw-password"
      />
    </Field>
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
  const { busy, send: sending } = useSending();
  const send = async (problem: string | null, request: () => Promise<string>) => {
    if (problem) {
      toast(problem, 'error');
      return;
    }
    await sending(
      async () => {
        toast(await request(), 'success');
        setAmount('');
        setPassword('');
        refresh();
      },
      () => setPassword(''),
    );
  };
  return { amount, setAmount, password, setPassword, busy, send };
}

type WithdrawFormState = ReturnType<typeof useWithdrawForm>;

/** The test ids of each channel's form and of its submit button. */
const FORM_TEST_IDS = {
  crypto: { form: 'crypto-withdraw', submit: 'withdraw-submit' },
  payment: { form: 'payment-withdraw', submit: 'payment-withdraw-submit' },
} as const;

/**
 * The body both withdraw channels share under their destination (`children`): amount with All and the fee
 * preview, the trade password and the submit button.
 */
function WithdrawFormBody({
  channel,
  onSubmit,
  form,
  amountPlaceholder,
  children,
  ...coin
}: WithdrawProps & {
  channel: Channel;
  onSubmit: () => Promise<void>;
  form: WithdrawFormState;
  amountPlaceholder?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('assets');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form className="assets-form" onSubmit={submit} noValidate data-testid={FORM_TEST_IDS[channel].form}>
      {children}
      <AmountField
        testIdPrefix="withdraw"
        value={form.amount}
        onChange={form.setAmount}
        coin={coin.name}
        available={coin.available}
        placeholder={amountPlaceholder}
      />
      <FeePreview currency={coin.currency} amount={form.amount} name={coin.name} />
      <PasswordField value={form.password} onChange={form.setPassword} />
      <SubmitButton testId={FORM_TEST_IDS[channel].submit} busy={form.busy} label={t('action.withdraw')} />
    </form>
  );
}

/** What stands where nothing is bound yet: why, and the way to bind it. */
function BindHint({
  text,
  to,
  linkText,
  testId,
  linkTestId,
}: {
  text: string;
  to: string;
  linkText: string;
  testId?: string;
  linkTestId: string;
}) {
  return (
    <div className="assets-hint" data-testid={testId}>
      <span>{text}</span>
      {/* The way out of the dead end is the one thing to do here: a button, not words in the sentence. */}
      <Link to={to} className="btn btn-sm btn-primary" data-testid={linkTestId}>
        {linkText}
      </Link>
    </div>
  );
}

/** Crypto withdrawal: a bound address, memo where needed, amount with the fee preview, trade password. */
function CryptoWithdraw(props: WithdrawProps) {
  const info = useCurrencyInfo(props.currency);
  const addresses = useWithdrawAddresses(props.currency);
  return (
    <Loaded query={info}>
      {(currencyInfo) => (
        <Loaded query={addresses}>
          {(bound) => <CryptoWithdrawForm {...props} info={currencyInfo} addresses={bound} />}
        </Loaded>
      )}
    </Loaded>
  );
}

function CryptoWithdrawForm({
  info,
  addresses,
  ...coin
}: WithdrawProps & { info: CurrencyInfo; addresses: WithdrawAddress[] }) {
  const { t } = useTranslation('assets');
  const [chosen, setChosen] = useState<number | null>(null);
  const [memo, setMemo] = useState('');
  const form = useWithdrawForm();
  const address = addresses.find((item) => item.id === chosen) ?? addresses[0];
  const needsMemo = info.make_wallet === MEMO_REQUIRED;
  const min = formatAmount(info.min_number);

  const submit = async () => {
    // Document 2, section 5, in order: address, amount, minimum, payment password.
    const problem = amountProblem(form.amount, coin.available, info.min_number);
    let message: string | null = null;
    if (!address) message = t('withdraw.enterAddress');
    else if (problem === 'belowMin') message = t('withdraw.lessMin', { min, coin: coin.name });
    else if (problem) message = t(`form.${problem}`);
    else if (!form.password) message = t('withdraw.enterPassword');
    await form.send(message, () =>
      withdraw({
        currency: coin.currency,
        number: normalizeDecimal(form.amount),
        address: address?.address ?? '',
        memo: needsMemo ? memo : (address?.memo ?? ''),
        pay_password: form.password,
      }),
    );
  };

  return (
    <WithdrawFormBody
      {...coin}
      channel="crypto"
      onSubmit={submit}
      form={form}
      amountPlaceholder={info.min_number ? t('withdraw.minPlaceholder', { min, coin: coin.name }) : undefined}
    >
      <div className="field">
        <span className="field-label">{t('withdraw.address')}</span>
        {addresses.length === 0 ? (
          <BindHint
            text={t('withdraw.noAddress')}
            to="/withdraw_address"
            linkText={t('withdraw.bindAddress')}
            testId="withdraw-no-address"
            linkTestId="withdraw-bind-address"
          />
        ) : (
          <div className="assets-inline">
            <select
              className="select"
              value={address?.id ?? ''}
              onChange={(event) => setChosen(Number(event.target.value))}
              data-testid="withdraw-address"
            >
              {addresses.map((item) => (
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
      {needsMemo && <MemoField value={memo} onChange={setMemo} />}
    </WithdrawFormBody>
  );
}

/** Withdrawal through the payment channel, paid to the bound bank card. */
function PaymentWithdraw(props: WithdrawProps) {
  const card = useUserBank();
  return <Loaded query={card}>{(saved) => <PaymentWithdrawForm {...props} card={saved} />}</Loaded>;
}

function PaymentWithdrawForm({ card, ...coin }: WithdrawProps & { card: Partial<BankCard> }) {
  const { t } = useTranslation('assets');
  const form = useWithdrawForm();
  const bound = card.receive_account ? card : null;

  const submit = async () => {
    // Document 2, section 5: an amount, then a bound bank card.
    const problem = amountProblem(form.amount, coin.available);
    const message = problem
      ? t(`form.${problem === 'belowMin' ? 'amountInvalid' : problem}`)
      : !bound
        ? t('payment.bindCard')
        : !form.password
          ? t('withdraw.enterPassword')
          : null;
    await form.send(message, () =>
      withdrawByPayment({
        currency: coin.currency,
        number: normalizeDecimal(form.amount),
        pay_password: form.password,
      }),
    );
  };

  return (
    <WithdrawFormBody {...coin} channel="payment" onSubmit={submit} form={form}>
      <div className="field">
        <span className="field-label">{t('payment.card')}</span>
        {bound ? (
          <div className="assets-hint" data-testid="payment-card">
            {bound.bank_name} · {bound.receive_name} · {bound.receive_account}
          </div>
        ) : (
          // Straight to the bank-card form, not the settings' first tab.
          <BindHint
            text={t('payment.bindCard')}
            to="/userSetting?tab=bank"
            linkText={t('payment.goBind')}
            linkTestId="payment-bind-card"
          />
        )}
      </div>
    </WithdrawFormBody>
  );
}

/**
 * The withdrawal of one coin (document 2, section 2): crypto or the online-payment channel. Opened under a
 * coin row of the spot list, with a link to the same panel as a page of its own (`/coinWithdraw`), or as it.
 */
export function WithdrawPanel({ asPage = false, ...props }: WithdrawProps & { asPage?: boolean }) {
  const { t } = useTranslation('assets');
  return (
    <ChannelPanel
      testId="withdraw-panel"
      title={t('withdraw.title', { coin: props.name })}
      asPage={asPage}
      links={
        <Link to={`/tbrec?currency_id=${props.currency}`} className="btn-link">
          {t('action.withdrawRecord')}
        </Link>
      }
      openPage={{
        to: `${COIN_PAGE_PATH.withdraw}?currency_id=${props.currency}`,
        testId: 'withdraw-open-page',
      }}
    >
      {/* The key restarts the forms when the page switches coin, so no amount carries over to another coin. */}
      {(channel) =>
        channel === 'crypto' ? (
          <CryptoWithdraw key={props.currency} {...props} />
        ) : (
          <PaymentWithdraw key={props.currency} {...props} />
        )
      }
    </ChannelPanel>
  );
}
