import { LoadMore } from '../../components/LoadMore';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuotations, type Quotation } from '../../api/markets';
import { Spinner } from '../../components/States';
import { LocalTime, ZonedHeader } from '../../components/LocalTime';
import { ApiError } from '../../lib/api';
import { DECIMALS, formatFixed, toDecimal } from '../../lib/format';
import { confirmDialog, toast } from '../../lib/notify';
import { useToken } from '../../lib/session';
import {
  revokeOrder,
  useCoinDetail,
  useDropOrder,
  useEntrusts,
  useRefreshAccount,
  type EntrustFilter,
  type EntrustStatus,
  type SpotOrderRow,
} from './api';
import { bookDecimals } from '../../lib/book';
import { Tab as TabButton } from '../../components/Tabs';

type Tab = 'current' | 'history' | 'coin';

/** Current and history orders of the signed-in user, and the coin's information (document 1, section 2.5). */
export function Entrusts({ pair }: { pair: Quotation }) {
  const { t } = useTranslation('exchange');
  const token = useToken();
  const [tab, setTab] = useState<Tab>('current');
  const [filter, setFilter] = useState<EntrustFilter>('all');
  const [pairOnly, setPairOnly] = useState(false);

  const tabButton = (id: Tab, label: string, testId: string) => (
    <TabButton active={tab === id} onSelect={() => setTab(id)} className="ex-tab" testId={testId}>
      {label}
    </TabButton>
  );

  return (
    <section className="ex-panel ex-entrusts" data-testid="entrusts">
      <div className="ex-entrusts-top">
        <div className="ex-tabs" role="tablist">
          {tabButton('current', t('entrusts.current'), 'entrusts-current')}
          {tabButton('history', t('entrusts.history'), 'entrusts-history')}
          {tabButton('coin', t('entrusts.coinInfo'), 'coin-info')}
        </div>
        {tab !== 'coin' && token && (
          <div className="ex-entrusts-tools">
            <div className="pill-tabs">
              {(['all', 'buy', 'sell'] as const).map((item) => (
                <button
                  key={item}
                  type="button"
                  className={`pill-tab${filter === item ? ' active' : ''}`}
                  onClick={() => setFilter(item)}
                  aria-pressed={filter === item}
                  data-testid={`entrust-filter-${item}`}
                >
                  {t(`entrusts.filter.${item}`)}
                </button>
              ))}
            </div>
            <label className="checkbox ex-pair-only">
              <input
                type="checkbox"
                checked={pairOnly}
                onChange={(event) => setPairOnly(event.target.checked)}
              />
              {t('entrusts.pairOnly')}
            </label>
          </div>
        )}
      </div>
      {tab === 'coin' ? (
        <CoinInfo pair={pair} />
      ) : token ? (
        <OrderTable
          key={tab}
          status={tab === 'current' ? 1 : 2}
          filter={filter}
          pair={pairOnly ? pair : null}
        />
      ) : (
        <div className="ex-empty">
          <Link to="/components/login" className="btn-link">
            {t('form.login')}
          </Link>{' '}
          {t('entrusts.loginToSee')}
        </div>
      )}
    </section>
  );
}

function OrderTable({
  status,
  filter,
  pair,
}: {
  status: EntrustStatus;
  filter: EntrustFilter;
  pair: Quotation | null;
}) {
  const { t } = useTranslation('exchange');
  const orders = useEntrusts(status, filter, pair);
  const quotations = useQuotations();
  const refresh = useRefreshAccount();
  const dropOrder = useDropOrder();
  const [revoking, setRevoking] = useState<string | null>(null);
  const rows = orders.data?.pages.flatMap((page) => page.rows) ?? [];

  const decimalsOf = (symbol: string) => {
    const match = quotations.data?.flatMap((group) => group.quotation).find((item) => item.symbol === symbol);
    return {
      price: match ? bookDecimals(match.price_decimals) : DECIMALS.order,
      amount: match ? Math.max(DECIMALS.order, match.amount_decimals) : DECIMALS.order,
    };
  };

  async function revoke(order: SpotOrderRow) {
    const confirmed = await confirmDialog({
      title: t('entrusts.revokeTitle'),
      text: t('entrusts.revokeConfirm', {
        side: order.type === 1 ? t('form.buy') : t('form.sell'),
        symbol: order.symbol,
        amount: order.trade_amount,
        price: order.target_price || t('entrusts.marketPrice'),
      }),
    });
    if (!confirmed) return;
    setRevoking(order.id);
    try {
      toast(await revokeOrder(order.id), 'success');
      dropOrder(order.id);
    } catch (error) {
      if (!(error instanceof ApiError)) toast(t('common:networkError'), 'error');
    } finally {
      setRevoking(null);
      refresh();
    }
  }

  const stateLabel = (order: SpotOrderRow) => {
    const partly = toDecimal(order.filled)?.greaterThan(0) ?? false;
    if (order.state === 'open' && partly) return t('entrusts.state.partial');
    if ((order.state === 'cancelled' || order.state === 'expired') && partly)
      return t('entrusts.state.partialCancelled');
    return t(`entrusts.state.${order.state}`);
  };

  if (orders.isPending) return <Spinner />;
  if (orders.isError && rows.length === 0)
    return (
      <div className="ex-empty">
        {t('entrusts.loadError')}{' '}
        <button type="button" className="btn-link" onClick={() => void orders.refetch()}>
          {t('page.retry')}
        </button>
      </div>
    );

  return (
    <div className="ex-entrusts-body">
      <table className="ex-table">
        <thead>
          <tr>
            <th>
              <ZonedHeader label={t('entrusts.col.time')} />
            </th>
            <th>{t('entrusts.col.pair')}</th>
            <th>{t('entrusts.col.side')}</th>
            <th className="right">{t('entrusts.col.price')}</th>
            <th className="right">{t('entrusts.col.amount')}</th>
            <th className="right">{t('entrusts.col.filled')}</th>
            {status === 2 && <th className="right">{t('entrusts.col.average')}</th>}
            <th>{t('entrusts.col.status')}</th>
            {status === 1 && <th className="right">{t('entrusts.col.action')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((order) => {
            const decimals = decimalsOf(order.symbol);
            return (
              <tr key={order.id} data-testid="entrust-row" data-id={order.id}>
                <td className="num secondary">
                  <LocalTime value={status === 1 ? order.created_at : order.updated_at} />
                </td>
                <td>{order.symbol}</td>
                <td className={order.type === 1 ? 'up' : 'down'}>
                  {order.type === 1 ? t('form.buy') : t('form.sell')}
                  {order.kind === 'market' && <span className="muted"> · {t('form.market')}</span>}
                </td>
                <td className="num right">
                  {order.target_price
                    ? formatFixed(order.target_price, decimals.price)
                    : t('entrusts.marketPrice')}
                </td>
                <td className="num right">{formatFixed(order.trade_amount, decimals.amount)}</td>
                <td className="num right">{formatFixed(order.filled, decimals.amount)}</td>
                {status === 2 && (
                  <td className="num right">
                    {toDecimal(order.trade_price)?.greaterThan(0)
                      ? formatFixed(order.trade_price, decimals.price)
                      : '--'}
                  </td>
                )}
                <td className="secondary">{stateLabel(order)}</td>
                {status === 1 && (
                  <td className="right">
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost"
                      disabled={revoking === order.id}
                      onClick={() => void revoke(order)}
                      data-testid="entrust-revoke"
                    >
                      {t('entrusts.revoke')}
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && <div className="ex-empty">{t('entrusts.empty')}</div>}
      <LoadMore pages={orders} className="ex-more" testId="entrusts-more" />
    </div>
  );
}

function CoinInfo({ pair }: { pair: Quotation }) {
  const { t } = useTranslation('exchange');
  const coin = useCoinDetail(pair.currency_id);
  if (coin.isPending) return <Spinner />;
  if (coin.isError || !coin.data) return <div className="ex-empty">{t('coin.loadError')}</div>;
  return (
    <div className="ex-coin" data-testid="coin-info-panel">
      <dl>
        <div>
          <dt>{t('coin.name')}</dt>
          <dd>{coin.data.name}</dd>
        </div>
        <div>
          <dt>{t('coin.fullName')}</dt>
          <dd>{coin.data.full_name || '--'}</dd>
        </div>
      </dl>
      <p className="ex-coin-desc">{coin.data.desc || t('coin.noDesc')}</p>
    </div>
  );
}
