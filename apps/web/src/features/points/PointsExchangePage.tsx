import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AmountAllField } from '../../components/AmountAllField';
import { PasswordDialog } from '../../components/PasswordDialog';
import type { Column } from '../../components/DataTable';
import { PagedRecords } from '../../components/PagedRecords';
import { LoadFailed } from '../../components/LoadFailed';
import { Spinner } from '../../components/States';
import { timeColumn } from '../../components/tableColumns';
import { toast } from '../../lib/notify';
import {
  exchangePoints,
  JC_EXCHANGE_STATUS,
  useBinding,
  useExchangeHistory,
  usePointsInfo,
  useRefreshPoints,
  type JcExchangeRecord,
  type PointsInfo,
} from './api';
import { estimateExchange, validateExchange } from './points-math';
import './points.css';

/** Document 3, section 4: an unbound user goes to the bind page after 1 s. */
const BIND_REDIRECT_MS = 1_000;

/**
 * `/integralExchanges` and `integralExchange` (document 3, sections 2 and 5): where the points come from
 * (the partner platform the user bound), the caller's points there, the terms, an amount with its estimated
 * receivable, the exchange behind the trade password, and the history. Closed while no partner is
 * configured.
 */
export default function PointsExchangePage() {
  const { t } = useTranslation('points');
  const navigate = useNavigate();
  const binding = useBinding();
  const partner = binding.data?.partner ?? '';
  const unbound = binding.isSuccess && partner !== '' && binding.data.user_name === '';
  const info = usePointsInfo(binding.isSuccess && partner !== '' && !unbound);

  useEffect(() => {
    if (!unbound) return;
    toast(t('bind.required'), 'error');
    const timer = setTimeout(() => void navigate('/bindInfo'), BIND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [unbound, navigate, t]);

  let body;
  if (binding.isPending) body = <Spinner />;
  else if (binding.isError)
    body = <LoadFailed error={binding.error} onRetry={() => void binding.refetch()} testId="points-error" />;
  else if (partner === '')
    body = (
      <div className="empty" data-testid="points-closed">
        {t('closed')}
      </div>
    );
  else if (unbound)
    body = (
      <div className="empty" data-testid="points-unbound">
        <p>{t('bind.required')}</p>
        <Link className="btn btn-sm btn-primary" to="/bindInfo">
          {t('bind.goBind')}
        </Link>
      </div>
    );
  else if (info.isPending) body = <Spinner />;
  else if (info.isError)
    body = <LoadFailed error={info.error} onRetry={() => void info.refetch()} testId="points-error" />;
  else body = <ExchangePanel info={info.data} account={binding.data.user_name} />;

  return (
    <div className="container points-page" data-testid="points-page">
      <div className="points-head">
        <h1 className="points-title">{t('title')}</h1>
        {partner !== '' && (
          <Link className="btn btn-sm btn-ghost" to="/bindInfo">
            {t('bind.link')}
          </Link>
        )}
      </div>
      {body}
      {info.isSuccess && <ExchangeHistory />}
    </div>
  );
}

function ExchangePanel({ info, account }: { info: PointsInfo; account: string }) {
  const { t } = useTranslation('points');
  const refresh = useRefreshPoints();
  const [amount, setAmount] = useState('');
  const [asking, setAsking] = useState(false);
  const estimate = estimateExchange(amount, info);
  const coin = info.currency_name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateExchange(amount, info.free_jc_integral);
    if (problem) {
      toast(t(`form.${problem}`), 'error');
      return;
    }
    setAsking(true);
  };

  const exchange = async (password: string) => {
    const message = await exchangePoints({ use_number: amount, password });
    toast(message, 'success');
    setAmount('');
    refresh();
  };

  const stats: [string, string, string][] = [
    [t('stat.balance'), info.jc_integral, 'points-balance'],
    [t('stat.usable'), info.free_jc_integral, 'points-usable'],
    [t('stat.marketPrice', { coin }), info.market_price, 'points-market-price'],
    [t('stat.pointPrice'), info.jc_price, 'points-point-price'],
    [
      t('stat.fee'),
      `${new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 }).format(Number(info.jc_exchange_fee) * 100)}%`,
      'points-fee',
    ],
  ];

  return (
    <section className="panel points-panel">
      <p className="points-source" data-testid="points-source">
        {t('source', { partner: info.partner, account, coin })}
      </p>
      <div className="points-stats">
        {stats.map(([label, value, testId]) => (
          <div key={testId} className="points-stat">
            <div className="muted">{label}</div>
            <div className="num points-stat-value" data-testid={testId}>
              {value}
            </div>
          </div>
        ))}
      </div>
      <form className="points-form" onSubmit={submit} noValidate>
        <AmountAllField
          id="points-amount"
          label={t('form.amount')}
          value={amount}
          onChange={setAmount}
          decimals={info.points_decimals}
          placeholder={t('form.placeholder')}
          all={info.free_jc_integral}
          allLabel={t('form.all')}
        />
        <div className="points-estimate">
          <span className="muted">{t('form.receivable')}</span>
          <span className="num" data-testid="points-estimate">
            {estimate ? `${estimate.tokens} ${coin}` : '--'}
          </span>
          <span className="muted">{t('form.feePoints')}</span>
          <span className="num">{estimate ? estimate.fee : '--'}</span>
        </div>
        <p className="muted points-formula">
          {t('form.formula', { price: info.jc_price, coin, difference: info.jc_price_difference })}
        </p>
        <button type="submit" className="btn btn-primary btn-block" data-testid="points-submit">
          {t('form.exchange')}
        </button>
      </form>
      {asking && (
        <PasswordDialog
          title={t('form.exchange')}
          text={t('form.confirm', { points: amount, tokens: estimate?.tokens ?? '--', coin })}
          onSubmit={exchange}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}

const STATUS_WORD: Record<number, 'done' | 'pending' | 'failed'> = {
  [JC_EXCHANGE_STATUS.pending]: 'pending',
  [JC_EXCHANGE_STATUS.done]: 'done',
  [JC_EXCHANGE_STATUS.failed]: 'failed',
};

function ExchangeHistory() {
  const { t } = useTranslation('points');
  const history = useExchangeHistory(true);
  const columns: Column<JcExchangeRecord>[] = [
    timeColumn<JcExchangeRecord>(t('history.time'), (row) => row.created_at),
    { header: t('history.points'), cell: (row) => <span className="num">{row.integral}</span> },
    { header: t('history.fee'), cell: (row) => <span className="num">{row.fee}</span> },
    { header: t('history.price'), cell: (row) => <span className="num">{row.fact_market_price}</span> },
    {
      header: t('history.received'),
      cell: (row) => (
        <span className="num">
          {row.exchange_num} {row.currency_name}
        </span>
      ),
    },
    {
      header: t('history.status'),
      cell: (row) => (
        <span className={row.status === JC_EXCHANGE_STATUS.failed ? 'muted' : undefined}>
          {t(`history.${STATUS_WORD[row.status] ?? 'done'}`)}
        </span>
      ),
    },
  ];

  return (
    <section className="panel points-history">
      <div className="panel-header">{t('history.title')}</div>
      <PagedRecords
        query={history}
        columns={columns}
        ids={{ row: 'points-history-row', more: 'points-more', states: 'points-history' }}
        texts={{ empty: t('history.empty'), loadError: t('history.loadError') }}
        classes={{ more: 'points-more' }}
      />
    </section>
  );
}
