import Decimal from 'decimal.js';
import { useImperativeHandle, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Quotation } from '../../api/markets';
import { ApiError } from '../../lib/api';
import { fixedForInput, formatFixed, toDecimal } from '../../lib/format';
import { confirmDialog, toast } from '../../lib/notify';
import { useToken } from '../../lib/session';
import { useWalletDetail } from '../../api/wallet';
import { placeOrder, useRefreshAccount } from './api';
import { isBlockedKey, normalizeDecimal, sanitizeDecimalInput } from '../../lib/decimal-input';
import {
  orderTotal,
  sliderAmount,
  SLIDER_STEPS,
  validateOrder,
  type OrderMode,
  type Side,
} from './order-math';
import { SignInPrompt } from '../../components/SignInPrompt';
import { Tabs } from '../../components/Tabs';

/** What the page can do to the form: a book level fills the price; the latest price is offered once. */
export interface OrderFormHandle {
  /** A clicked book level or trade: both sides take the price, in fixed-price mode. */
  fillPrice: (price: string) => void;
  /** The latest price 2 s after load (section 4): fills only price fields still empty. */
  offerPrice: (price: string) => void;
}

interface SideState {
  price: string;
  amount: string;
  /** The slider stop last chosen; null once the amount is typed. */
  percent: number | null;
}

const EMPTY: SideState = { price: '', amount: '', percent: null };

interface Props {
  pair: Quotation;
  lastPrice: string;
  ref?: Ref<OrderFormHandle>;
}

/** Fixed-price and market-price orders, buy and sell side by side (document 1, sections 4, 5 and 9). */
export function OrderForm({ pair, lastPrice, ref }: Props) {
  const { t } = useTranslation('exchange');
  const token = useToken();
  const signedIn = token !== null;
  const [mode, setMode] = useState<OrderMode>('limit');
  const [buy, setBuy] = useState<SideState>(EMPTY);
  const [sell, setSell] = useState<SideState>(EMPTY);
  const [sending, setSending] = useState<Side | null>(null);
  const quote = useWalletDetail(signedIn ? pair.legal_id : undefined, 'change');
  const base = useWalletDetail(signedIn ? pair.currency_id : undefined, 'change');
  const refresh = useRefreshAccount();
  const tradable = pair.open_coin_trade === 1;
  const cleanPrice = (price: string) => sanitizeDecimalInput(normalizeDecimal(price), pair.price_decimals);

  useImperativeHandle(
    ref,
    () => ({
      fillPrice: (price) => {
        const value = cleanPrice(price);
        setMode('limit');
        setBuy((state) => ({ ...state, price: value }));
        setSell((state) => ({ ...state, price: value }));
      },
      offerPrice: (price) => {
        const value = cleanPrice(price);
        setBuy((state) => (state.price ? state : { ...state, price: value }));
        setSell((state) => (state.price ? state : { ...state, price: value }));
      },
    }),
    // cleanPrice only reads the pair's decimals.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pair.price_decimals],
  );

  const marketPrice = toDecimal(lastPrice)?.greaterThan(0) ? lastPrice : '';

  async function submit(side: Side) {
    const state = side === 'buy' ? buy : sell;
    const setState = side === 'buy' ? setBuy : setSell;
    const price = mode === 'market' ? marketPrice : state.price;
    const problem = validateOrder({ side, mode, price, amount: state.amount });
    if (problem) {
      toast(t(`form.${problem}`), 'error');
      return;
    }
    const sideLabel = side === 'buy' ? t('form.buy') : t('form.sell');
    const amount = normalizeDecimal(state.amount);
    const text =
      mode === 'market'
        ? t('form.confirmMarketText', {
            side: sideLabel,
            amount,
            coin: pair.currency_name,
            price: formatFixed(price, pair.price_decimals),
            unit: pair.legal_name,
          })
        : t('form.confirmText', {
            side: sideLabel,
            amount,
            coin: pair.currency_name,
            price: normalizeDecimal(price),
            unit: pair.legal_name,
          });
    const confirmed = await confirmDialog({
      title: t('form.confirmTitle', { symbol: pair.symbol }),
      text,
      confirmLabel: sideLabel,
    });
    if (!confirmed) return;
    setSending(side);
    try {
      const message = await placeOrder({
        legal_id: pair.legal_id,
        currency_id: pair.currency_id,
        type: side === 'buy' ? 1 : 2,
        target_price: normalizeDecimal(price),
        amount,
        order_type: mode,
      });
      toast(message, 'success');
      // The price stays for the next order, as on the large exchanges; only the amount was this order's.
      setState((current) => ({ ...current, amount: '', percent: null }));
    } catch (error) {
      // Refusals were shown by the error catalogue; anything else is the network.
      if (!(error instanceof ApiError)) toast(t('common:networkError'), 'error');
    } finally {
      setSending(null);
      refresh();
    }
  }

  const fee = (value: string) => {
    const decimal = toDecimal(value);
    return decimal ? `${decimal.times(100).toDecimalPlaces(4).toFixed()}%` : '--';
  };

  return (
    <div className="ex-panel ex-form">
      <div className="ex-form-top">
        <Tabs
          className="ex-tabs"
          tabClassName="ex-tab"
          items={['limit', 'market'] as const}
          value={mode}
          onChange={setMode}
          label={(item) => t(`form.${item}`)}
          testId={(item) => `mode-${item}`}
        />
        <div className="ex-form-meta">
          <span className="muted">
            {t('form.fees', { maker: fee(pair.maker_fee), taker: fee(pair.taker_fee) })}
          </span>
          {signedIn && (
            <Link to="/dealFinance" className="ex-transfer" data-testid="transfer-link">
              ⇄ {t('form.transfer')}
            </Link>
          )}
        </div>
      </div>
      <div className="ex-form-sides">
        {(['buy', 'sell'] as const).map((side) => (
          <SideForm
            key={side}
            side={side}
            mode={mode}
            pair={pair}
            state={side === 'buy' ? buy : sell}
            onChange={side === 'buy' ? setBuy : setSell}
            available={(side === 'buy' ? quote.data?.change_balance : base.data?.change_balance) ?? null}
            balanceLoading={signedIn && (side === 'buy' ? quote.isPending : base.isPending)}
            marketPrice={marketPrice}
            disabled={!signedIn || !tradable}
            sending={sending === side}
            onSubmit={() => void submit(side)}
          />
        ))}
      </div>
      {!tradable && signedIn && <div className="ex-form-note">{t('form.tradeDisabled')}</div>}
      {!signedIn && (
        <SignInPrompt reason={t('form.loginPrompt')} className="ex-login-prompt" testId="login-prompt" />
      )}
    </div>
  );
}

interface SideProps {
  side: Side;
  mode: OrderMode;
  pair: Quotation;
  state: SideState;
  onChange: (update: (state: SideState) => SideState) => void;
  available: string | null;
  balanceLoading: boolean;
  marketPrice: string;
  disabled: boolean;
  sending: boolean;
  onSubmit: () => void;
}

function SideForm(props: SideProps) {
  const { side, mode, pair, state, onChange, available, marketPrice, disabled, sending } = props;
  const { t } = useTranslation('exchange');
  const market = mode === 'market';
  const price = market ? marketPrice : state.price;
  const availableUnit = side === 'buy' ? pair.legal_name : pair.currency_name;
  const quoteDecimals = Math.max(2, Math.min(8, pair.price_decimals));
  const total = orderTotal(price, state.amount, quoteDecimals);

  const amountFor = (percent: number, atPrice: string) =>
    sliderAmount({
      side,
      percent,
      available,
      price: atPrice,
      amountDecimals: pair.amount_decimals,
      mode,
    });

  const choosePercent = (percent: number) => {
    const amount = amountFor(percent, price);
    // Section 5: applied only when the balance is non-zero (and, for a buy, a price is known).
    if (amount === null) {
      onChange((current) => ({ ...current, percent }));
      return;
    }
    onChange((current) => ({ ...current, percent, amount: percent === 0 ? '' : amount }));
  };

  const changePrice = (raw: string) => {
    const value = sanitizeDecimalInput(raw, pair.price_decimals);
    onChange((current) => {
      const next = { ...current, price: value };
      if (side === 'buy' && current.percent) {
        const amount = amountFor(current.percent, value);
        if (amount !== null) next.amount = amount;
      }
      return next;
    });
  };

  const blockKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedKey(event.key)) event.preventDefault();
  };

  const id = (name: string) => `${side}-${name}`;
  const availableText =
    available === null
      ? '--'
      : formatFixed(
          available,
          Math.min(8, Math.max(2, side === 'buy' ? quoteDecimals : pair.amount_decimals)),
        );

  return (
    <form
      className={`ex-side ${side}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled && !sending) props.onSubmit();
      }}
      noValidate
    >
      <div className="ex-available">
        <span className="muted">{t('form.available')}</span>
        <span className="num" data-testid={`${side}-available`}>
          {props.balanceLoading ? '…' : availableText} {availableUnit}
        </span>
      </div>
      <label className="ex-input" htmlFor={id('price')}>
        <span className="ex-input-label">{market ? t('form.estimatedPrice') : t('form.price')}</span>
        <input
          id={id('price')}
          className="num"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={market ? (price ? fixedForInput(price, pair.price_decimals) : '') : state.price}
          readOnly={market}
          disabled={disabled}
          placeholder={market ? t('form.marketPrice') : '0'}
          onKeyDown={blockKeys}
          onChange={(event) => changePrice(event.target.value)}
          data-testid={id('price')}
        />
        <span className="ex-input-unit">{pair.legal_name}</span>
      </label>
      <label className="ex-input" htmlFor={id('amount')}>
        <span className="ex-input-label">{t('form.amount')}</span>
        <input
          id={id('amount')}
          className="num"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={state.amount}
          disabled={disabled}
          placeholder={t('form.minAmount', { min: normalizeDecimal(pair.min_amount) })}
          onKeyDown={blockKeys}
          onChange={(event) => {
            const amount = sanitizeDecimalInput(event.target.value, pair.amount_decimals);
            onChange((current) => ({ ...current, amount, percent: null }));
          }}
          data-testid={id('amount')}
        />
        <span className="ex-input-unit">{pair.currency_name}</span>
      </label>
      <div className="ex-slider" role="group" aria-label={t('form.percent')}>
        <div className="ex-slider-track">
          <div className="ex-slider-fill" style={{ width: `${state.percent ?? 0}%` }} />
        </div>
        {SLIDER_STEPS.map((step) => (
          <button
            key={step}
            type="button"
            className={`ex-slider-stop${state.percent !== null && step <= state.percent ? ' on' : ''}`}
            style={{ left: `${step}%` }}
            disabled={disabled}
            onClick={() => choosePercent(step)}
            aria-label={`${step}%`}
            aria-pressed={state.percent === step}
            data-testid={`${side}-slider-${step}`}
          >
            <span className="ex-slider-dot" />
            <span className="ex-slider-label">{step}%</span>
          </button>
        ))}
      </div>
      <div className="ex-total">
        <span className="muted">{market ? t('form.estimatedTotal') : t('form.total')}</span>
        <span className="num">
          {total ? `${market ? '≈ ' : ''}${formatFixed(new Decimal(total), quoteDecimals)}` : '--'}{' '}
          {pair.legal_name}
        </span>
      </div>
      <button
        type="submit"
        className={`btn btn-block ${side === 'buy' ? 'btn-buy' : 'btn-sell'}`}
        disabled={disabled || sending}
        data-testid={id('submit')}
      >
        {sending
          ? t('form.sending')
          : t(side === 'buy' ? 'form.buyCoin' : 'form.sellCoin', { coin: pair.currency_name })}
      </button>
    </form>
  );
}
