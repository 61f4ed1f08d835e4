import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Quotation } from '../../api/markets';
import { SideButtons } from '../../components/market/SideButtons';
import { Presets } from '../../components/Presets';
import { SignInPrompt } from '../../components/SignInPrompt';
import { Spinner } from '../../components/States';
import { Tab } from '../../components/Tabs';
import { ApiError } from '../../lib/api';
import { fixedForInput, formatFixed } from '../../lib/format';
import { confirmDialog, toast } from '../../lib/notify';
import { useToken } from '../../lib/session';
import {
  submitMicroOrder,
  usePayableCurrencies,
  useRefreshMicro,
  useSecondsOptions,
  type PayableCurrency,
  type SecondsOption,
} from './api';
import {
  durationParts,
  formatStakeAmount,
  sanitizeStakeInput,
  stakeFee,
  stakeLimits,
  validateStake,
  winProfit,
  type Direction,
} from './micro-math';

/** A duration as the buttons and the confirm text write it (`30s`, `1m30s`), in the reader's language. */
export function useDurationLabel() {
  const { t } = useTranslation('micro');
  return (seconds: number) =>
    durationParts(seconds)
      .map((part) => t(`panel.unit.${part.unit}`, { value: part.value }))
      .join(' ');
}

/**
 * The trade panel (document 3, sections 4 and 5): the currency that pays, its micro balance, the durations
 * with their profit ratio, preset amounts and a whole-number input, then up or down after a confirm dialog.
 * Only one submission is in flight at a time.
 */
export function TradePanel({ pair, livePrice }: { pair: Quotation; livePrice: string }) {
  const { t } = useTranslation('micro');
  const signedIn = useToken() !== null;
  const seconds = useSecondsOptions();
  return (
    <section className="micro-panel micro-trade" data-testid="micro-trade">
      <header className="micro-panel-title">
        <span>{t('panel.title')}</span>
        <span className="num micro-live" data-testid="micro-live-price">
          {formatFixed(livePrice, pair.price_decimals)}
        </span>
      </header>
      {signedIn ? (
        <SignedInForm pair={pair} options={seconds.data} optionsError={seconds.isError} />
      ) : (
        <SignInPrompt reason={t('panel.loginPrompt')} className="micro-login" testId="micro-login-prompt" />
      )}
    </section>
  );
}

function SignedInForm({
  pair,
  options,
  optionsError,
}: {
  pair: Quotation;
  options: SecondsOption[] | undefined;
  optionsError: boolean;
}) {
  const { t } = useTranslation('micro');
  const durationLabel = useDurationLabel();
  const payables = usePayableCurrencies();
  const refresh = useRefreshMicro();
  const [currencyId, setCurrencyId] = useState<number | null>(null);
  const [chosenSeconds, setChosenSeconds] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState(false);
  // Set synchronously on the first click, so a double click or Enter twice cannot send two orders.
  const inFlight = useRef(false);

  if (payables.isPending || (!options && !optionsError)) return <Spinner />;
  if (payables.isError || optionsError)
    return (
      <div className="empty">
        {t('panel.loadError')}
        <div>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => void payables.refetch()}>
            {t('page.retry')}
          </button>
        </div>
      </div>
    );
  const currencies = payables.data;
  const currency: PayableCurrency | undefined =
    currencies.find((item) => item.id === currencyId) ?? currencies[0];
  if (!currency) return <div className="empty">{t('panel.noCurrencies')}</div>;
  const durations = options ?? [];
  const option = durations.find((item) => item.seconds === chosenSeconds) ?? durations[0];
  if (!option) return <div className="empty">{t('panel.noDurations')}</div>;

  const limits = stakeLimits([
    [currency.micro_min, currency.micro_max],
    [option.min_amount, option.max_amount],
  ]);
  const balance = currency.user_wallet?.micro_balance ?? '0';
  const stake = /^\d+$/.test(amount) ? amount : '0';
  const profit = winProfit(stake, option.profit_ratio);
  const fee = stakeFee(stake, currency.micro_trade_fee);
  const coin = currency.name;
  // An active insurance position pays seconds orders inside the insurance hours (document 3, section 4).
  const insured =
    currency.user_insurance?.status === 1 ? (currency.user_insurance.insurance_balance ?? null) : null;

  async function submit(type: Direction) {
    if (inFlight.current) {
      toast(t('panel.inFlight'), 'info');
      return;
    }
    if (!currency || !option) return;
    const problem = validateStake(amount, limits, balance);
    if (problem) {
      toast(t(`problem.${problem.key}`, 'value' in problem ? { value: problem.value } : {}), 'error');
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      const directionLabel = type === 1 ? t('panel.up') : t('panel.down');
      const confirmed = await confirmDialog({
        title: t('confirm.title', { direction: directionLabel, symbol: pair.symbol }),
        text: t('confirm.text', {
          amount,
          coin,
          symbol: pair.symbol,
          direction: directionLabel,
          duration: durationLabel(option.seconds),
          fee: formatStakeAmount(fee, 4),
          payout: formatStakeAmount(profit.plus(amount)),
        }),
        confirmLabel: directionLabel,
      });
      if (!confirmed) return;
      await submitMicroOrder({
        match_id: pair.match_id,
        currency_id: currency.id,
        type,
        seconds: option.seconds,
        number: amount,
      });
      toast(t('success'), 'success');
    } catch (error) {
      // Refusals were shown by the error catalogue; anything else is the network.
      if (!(error instanceof ApiError)) toast(t('common:networkError'), 'error');
    } finally {
      inFlight.current = false;
      setSending(false);
      refresh();
    }
  }

  return (
    <div className="micro-form">
      <div className="micro-row">
        <span className="micro-label">{t('panel.payWith')}</span>
        <div className="pill-tabs" role="radiogroup" aria-label={t('panel.payWith')}>
          {currencies.map((item) => (
            <Tab
              key={item.id}
              role="radio"
              active={item.id === currency.id}
              className="pill-tab"
              onSelect={() => {
                setCurrencyId(item.id);
                setAmount('');
              }}
              testId="micro-currency"
              data-currency={item.name}
            >
              {item.name}
            </Tab>
          ))}
        </div>
      </div>
      <div className="micro-row micro-balance">
        <span className="micro-label">{t('panel.balance')}</span>
        <span>
          <b className="num" data-testid="micro-balance">
            {formatStakeAmount(balance, 4)}
          </b>{' '}
          {coin}
          <Link
            to="/transfermicro"
            className="btn-link micro-transfer-link"
            data-testid="micro-transfer-link"
          >
            {t('panel.transfer')}
          </Link>
        </span>
      </div>

      {insured && (
        <div className="micro-row micro-balance" data-testid="micro-insured">
          <span className="micro-label">{t('panel.insuredBalance')}</span>
          <span>
            <b className="num">{formatStakeAmount(insured, 4)}</b> {coin}
            <Link to="/insurance?tab=my" className="btn-link micro-transfer-link">
              {t('insurance.link')}
            </Link>
          </span>
        </div>
      )}
      {!insured && (currency.insurance_types?.length ?? 0) > 0 && (
        <Link to="/insurance" className="btn-link micro-insurance-link" data-testid="micro-insurance-link">
          {t('insurance.buy')}
        </Link>
      )}

      <div className="micro-label">{t('panel.duration')}</div>
      <div className="micro-durations" role="radiogroup" aria-label={t('panel.duration')}>
        {durations.map((item) => (
          <Tab
            key={item.id}
            role="radio"
            active={item.seconds === option.seconds}
            className="micro-duration"
            onSelect={() => setChosenSeconds(item.seconds)}
            testId="micro-duration"
            data-seconds={item.seconds}
          >
            <span className="micro-duration-time">{durationLabel(item.seconds)}</span>
            <span className="micro-duration-ratio num">
              {t('panel.ratio', { ratio: formatFixed(item.profit_ratio, 0) })}
            </span>
          </Tab>
        ))}
      </div>

      <div className="micro-label">{t('panel.amount')}</div>
      <Presets
        values={currency.micro_numbers.map((preset) => fixedForInput(preset.number, 0))}
        current={amount}
        onPick={setAmount}
        className="micro-chips"
        chipClassName="micro-chip"
        testId="micro-chip"
      />
      <div className="input-group micro-amount">
        <input
          className="input num"
          inputMode="numeric"
          value={amount}
          placeholder={t('panel.amountPlaceholder')}
          aria-label={t('panel.amount')}
          onChange={(event) => setAmount(sanitizeStakeInput(event.target.value))}
          data-testid="micro-amount"
        />
        <span className="input-addon">{coin}</span>
      </div>
      <div className="micro-hint muted">
        {t('panel.limits', {
          min: limits.min?.toFixed() ?? t('panel.noLimit'),
          max: limits.max?.toFixed() ?? t('panel.noLimit'),
        })}
      </div>

      <dl className="micro-summary">
        <div>
          <dt>{t('panel.expected')}</dt>
          <dd className="num up" data-testid="micro-expected">
            +{formatStakeAmount(profit)} {coin}
          </dd>
        </div>
        <div>
          <dt>{t('panel.fee')}</dt>
          <dd className="num">
            {formatStakeAmount(fee, 4)} {coin}
          </dd>
        </div>
      </dl>

      <SideButtons
        className="micro-actions"
        sides={[
          {
            side: 1,
            className: 'btn btn-buy micro-submit',
            testId: 'micro-up',
            label: sending ? t('panel.sending') : t('panel.up'),
          },
          {
            side: 2,
            className: 'btn btn-sell micro-submit',
            testId: 'micro-down',
            label: sending ? t('panel.sending') : t('panel.down'),
          },
        ]}
        disabled={sending}
        onChoose={(type) => void submit(type)}
      />
    </div>
  );
}
