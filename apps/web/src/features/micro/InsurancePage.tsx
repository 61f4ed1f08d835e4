import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { LocalTime } from '../../components/LocalTime';
import { Spinner } from '../../components/States';
import { SubmitButton } from '../../components/SubmitButton';
import { ApiError } from '../../lib/api';
import { confirmDialog, toast } from '../../lib/notify';
import {
  buyInsurance,
  claimInsurance,
  exchangeInsurance,
  useInsurancePositions,
  useInsuranceTypes,
  usePayableCurrencies,
  type InsurancePosition,
  type InsuranceType,
} from './api';
import { formatRate, formatStakeAmount, insuranceQuote, validQuantity } from './micro-math';
import { Tabs } from '../../components/Tabs';
import { exchangeLink, useQuotations } from '../../api/markets';
import './micro.css';

type Tab = 'buy' | 'my';

/** After any insurance action: positions, balances and the trade panel's figures again. */
function useRefreshInsurance() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['micro'] });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}

/**
 * Seconds-contract insurance (`/insurance`, document 3, section 4): buy an insured position (takes effect at
 * once, cannot be reversed), follow its status, claim when it has lost 50% (two payouts a day), and exchange
 * what is left back to the options account once it has ended (once, irreversibly).
 */
export default function InsurancePage() {
  const { t } = useTranslation('micro');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'my' ? 'my' : 'buy';
  return (
    <div className="container micro-insurance-page" data-testid="insurance-page">
      <header className="micro-insurance-header">
        <h1>{t('insurance.title')}</h1>
        <Tabs
          as="nav"
          className="tabs"
          items={['buy', 'my'] as const}
          value={tab}
          onChange={(item) => setParams(item === 'my' ? { tab: 'my' } : {})}
          label={(item) => t(`insurance.tab.${item}`)}
          testId={(item) => `insurance-tab-${item}`}
        />
      </header>
      {tab === 'buy' ? <BuyInsurance onBought={() => setParams({ tab: 'my' })} /> : <MyInsurance />}
    </div>
  );
}

function Retry({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('micro');
  return (
    <div className="panel empty">
      {text}
      <div>
        <button type="button" className="btn btn-sm btn-ghost" onClick={onRetry}>
          {t('page.retry')}
        </button>
      </div>
    </div>
  );
}

function BuyInsurance({ onBought }: { onBought: () => void }) {
  const { t } = useTranslation('micro');
  const types = useInsuranceTypes();
  const positions = useInsurancePositions();
  const payables = usePayableCurrencies();
  if (types.isPending || positions.isPending || payables.isPending) return <Spinner />;
  if (types.isError || positions.isError || payables.isError)
    return (
      <Retry
        text={t('insurance.loadError')}
        onRetry={() => {
          void types.refetch();
          void positions.refetch();
          void payables.refetch();
        }}
      />
    );
  if (types.data.length === 0) return <div className="panel empty">{t('insurance.noTypes')}</div>;
  const coins = new Map(types.data.map((type) => [type.currency_id, type.currency_name ?? '']));
  return (
    <div className="micro-insurance-types">
      {[...coins].map(([currencyId, coin]) => (
        <WhereTheCoinComesFrom key={currencyId} currencyId={currencyId} coin={coin} />
      ))}
      {types.data.map((type) => {
        const currency = payables.data.find((item) => item.id === type.currency_id);
        const held = positions.data.find(
          (position) => position.currency_id === type.currency_id && position.status === 1,
        );
        return (
          <TypeCard
            key={type.id}
            type={type}
            coin={type.currency_name ?? currency?.name ?? ''}
            balance={currency?.user_wallet?.micro_balance ?? '0'}
            held={held !== undefined}
            onBought={onBought}
          />
        );
      })}
    </div>
  );
}

/**
 * Insurance is paid from the options account in its own coin (HAP), which a new user does not hold: the way
 * to it is its spot market or a deposit, then a transfer to the options account.
 */
function WhereTheCoinComesFrom({ currencyId, coin }: { currencyId: number; coin: string }) {
  const { t } = useTranslation('micro');
  const quotations = useQuotations();
  const market = quotations.data
    ?.flatMap((group) => group.quotation)
    .find((pair) => pair.currency_id === currencyId && pair.open_coin_trade === 1);
  return (
    <aside className="panel micro-insurance-source" data-testid="insurance-coin-source">
      <p>{t('insurance.coinSource', { coin })}</p>
      <div className="micro-insurance-source-links">
        {market && (
          <Link
            className="btn btn-sm btn-primary"
            to={exchangeLink(market)}
            data-testid="insurance-coin-market"
          >
            {t('insurance.coinMarket', { pair: `${market.currency_name}/${market.legal_name}` })}
          </Link>
        )}
        <Link className="btn btn-sm btn-ghost" to={`/coinDeposit?currency_id=${currencyId}`}>
          {t('insurance.coinDeposit', { coin })}
        </Link>
        <Link className="btn btn-sm btn-ghost" to={`/transfermicro?id=${currencyId}`}>
          {t('insurance.coinTransfer')}
        </Link>
      </div>
    </aside>
  );
}

function TypeCard({
  type,
  coin,
  balance,
  held,
  onBought,
}: {
  type: InsuranceType;
  coin: string;
  balance: string;
  held: boolean;
  onBought: () => void;
}) {
  const { t } = useTranslation('micro');
  const refresh = useRefreshInsurance();
  const [quantity, setQuantity] = useState('');
  const [sending, setSending] = useState(false);
  const quote = insuranceQuote(type.unit_amount, type.premium_rate, quantity);
  const range = { min: type.min_quantity, max: type.max_quantity };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!validQuantity(quantity, range.min, range.max) || !quote) {
      toast(t('insurance.quantityInvalid', range), 'error');
      return;
    }
    const confirmed = await confirmDialog({
      title: t('insurance.confirmBuyTitle'),
      text: t('insurance.confirmBuy', {
        quantity,
        name: type.name,
        insured: formatStakeAmount(quote.insured),
        premium: formatStakeAmount(quote.premium, 4),
        coin,
      }),
      confirmLabel: t('insurance.buy'),
    });
    if (!confirmed) return;
    setSending(true);
    try {
      toast(await buyInsurance({ insurance_type_id: type.id, quantity }), 'success');
      setQuantity('');
      onBought();
    } catch (error) {
      if (!(error instanceof ApiError)) toast(t('common:networkError'), 'error');
    } finally {
      setSending(false);
      refresh();
    }
  };

  return (
    <section className="panel micro-insurance-card" data-testid="insurance-type" data-id={type.id}>
      <header className="panel-header">
        <span>{type.name}</span>
        <span className="badge">{coin}</span>
      </header>
      <div className="panel-body">
        <dl className="micro-facts">
          <div>
            <dt>{t('insurance.unitAmount')}</dt>
            <dd className="num">
              {formatStakeAmount(type.unit_amount)} {coin}
            </dd>
          </div>
          <div>
            <dt>{t('insurance.range')}</dt>
            <dd className="num">
              {range.min} – {range.max}
            </dd>
          </div>
          <div>
            <dt>{t('insurance.premiumRate')}</dt>
            <dd className="num">{formatRate(type.premium_rate)}</dd>
          </div>
          <div>
            <dt>{t('insurance.claimRate')}</dt>
            <dd className="num">{formatRate(type.claim_rate)}</dd>
          </div>
        </dl>
        <ul className="micro-insurance-rules secondary">
          <li>{t('insurance.ruleClaim', { ratio: formatRate(type.claim_loss_ratio ?? '0.5') })}</li>
          <li>{t('insurance.ruleTerminate', { ratio: formatRate(type.termination_profit_ratio ?? '1') })}</li>
          <li>{t('insurance.ruleDaily', { max: type.claims_per_day ?? 2 })}</li>
          <li>{t('insurance.ruleFinal')}</li>
        </ul>
        {held ? (
          <div className="micro-insurance-held" data-testid="insurance-held">
            {t('insurance.alreadyHeld', { coin })}
          </div>
        ) : (
          <form className="micro-insurance-form" onSubmit={(event) => void submit(event)} noValidate>
            <label className="field">
              <span className="field-label">{t('insurance.quantity')}</span>
              <input
                className="input num"
                inputMode="numeric"
                value={quantity}
                placeholder={`${range.min} – ${range.max}`}
                onChange={(event) => setQuantity(event.target.value.replace(/\D/g, '').slice(0, 9))}
                data-testid="insurance-quantity"
              />
            </label>
            <dl className="micro-summary">
              <div>
                <dt>{t('insurance.insuredAmount')}</dt>
                <dd className="num" data-testid="insurance-insured">
                  {quote ? formatStakeAmount(quote.insured) : '--'} {coin}
                </dd>
              </div>
              <div>
                <dt>{t('insurance.premium')}</dt>
                <dd className="num">
                  {quote ? formatStakeAmount(quote.premium, 4) : '--'} {coin}
                </dd>
              </div>
              <div>
                <dt>{t('panel.balance')}</dt>
                <dd className="num">
                  {formatStakeAmount(balance, 4)} {coin}
                  <Link to="/transfermicro" className="btn-link micro-transfer-link">
                    {t('panel.transfer')}
                  </Link>
                </dd>
              </div>
            </dl>
            <SubmitButton testId="insurance-buy" busy={sending} label={t('insurance.buy')} />
          </form>
        )}
      </div>
    </section>
  );
}

const STATUS_KEYS = { 1: 'active', 2: 'terminated', 3: 'exchanged' } as const;

/** A column of figures: right-aligned, in the figures' font (micro.css keeps its header in the text font). */
const FIGURES = { align: 'right', className: 'num' } as const;

function MyInsurance() {
  const { t } = useTranslation('micro');
  const positions = useInsurancePositions();
  const refresh = useRefreshInsurance();
  const [busy, setBusy] = useState<number | null>(null);
  if (positions.isPending) return <Spinner />;
  if (positions.isError)
    return <Retry text={t('insurance.loadError')} onRetry={() => void positions.refetch()} />;
  if (positions.data.length === 0)
    return (
      <div className="panel empty" data-testid="insurance-empty">
        {t('insurance.empty')}
      </div>
    );

  const act = async (position: InsurancePosition, action: 'claim' | 'exchange') => {
    if (busy !== null) return;
    const confirmed = await confirmDialog({
      title: t(action === 'claim' ? 'insurance.claim' : 'insurance.exchange'),
      text: t(action === 'claim' ? 'insurance.confirmClaim' : 'insurance.confirmExchange', {
        balance: formatStakeAmount(position.insurance_balance),
        coin: position.currency_name,
      }),
    });
    if (!confirmed) return;
    setBusy(position.id);
    try {
      const message =
        action === 'claim' ? await claimInsurance(position.id) : await exchangeInsurance(position.id);
      toast(message, 'success');
    } catch (error) {
      if (!(error instanceof ApiError)) toast(t('common:networkError'), 'error');
    } finally {
      setBusy(null);
      refresh();
    }
  };

  return (
    <section className="panel" data-testid="insurance-positions">
      <div className="micro-table-wrap">
        <DataTable
          className="table micro-table"
          columns={[
            {
              header: t('insurance.type'),
              cell: (position) => (
                <>
                  <strong>{position.insurance_type_name}</strong>
                  <LocalTime
                    className="muted num micro-insurance-bought"
                    value={position.created_at}
                    withZone
                  />
                </>
              ),
            },
            { header: t('insurance.quantity'), ...FIGURES, cell: (position) => position.quantity },
            {
              header: t('insurance.insuredAmount'),
              ...FIGURES,
              cell: (position) => `${formatStakeAmount(position.insured_amount)} ${position.currency_name}`,
            },
            {
              header: t('insurance.balance'),
              ...FIGURES,
              cell: (position) => (
                <span data-testid="insurance-balance">{formatStakeAmount(position.insurance_balance)}</span>
              ),
            },
            {
              header: t('insurance.claimLine'),
              ...FIGURES,
              cell: (position) => formatStakeAmount(position.claim_line),
            },
            {
              header: t('insurance.terminationLine'),
              ...FIGURES,
              cell: (position) => formatStakeAmount(position.termination_line),
            },
            {
              header: t('insurance.status'),
              cell: (position) => (
                <>
                  <span className={`badge${position.status === 1 ? ' badge-up' : ''}`}>
                    {t(`insurance.statusName.${STATUS_KEYS[position.status]}`)}
                  </span>
                  {Number(position.claim_amount) > 0 && (
                    <div className="muted num">
                      {t('insurance.claimed', {
                        amount: formatStakeAmount(position.claim_amount),
                        coin: position.currency_name,
                      })}
                    </div>
                  )}
                </>
              ),
            },
            {
              header: t('insurance.actions'),
              align: 'right',
              cell: (position) => (
                <div className="row-actions">
                  {position.status === 1 && (
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost"
                      disabled={position.can_claim !== 1 || busy !== null}
                      title={position.can_claim === 1 ? undefined : t('insurance.claimNotDue')}
                      onClick={() => void act(position, 'claim')}
                      data-testid="insurance-claim"
                    >
                      {t('insurance.claim')}
                    </button>
                  )}
                  {position.can_exchange === 1 && (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      disabled={busy !== null}
                      onClick={() => void act(position, 'exchange')}
                      data-testid="insurance-exchange"
                    >
                      {t('insurance.exchange')}
                    </button>
                  )}
                </div>
              ),
            },
          ]}
          rows={positions.data}
          rowKey={(position) => position.id}
          rowProps={(position) => ({
            'data-testid': 'insurance-position',
            'data-id': position.id,
            'data-status': position.status,
          })}
        />
      </div>
    </section>
  );
}
