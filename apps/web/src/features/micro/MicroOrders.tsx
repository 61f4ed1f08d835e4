import { LoadMore } from '../../components/LoadMore';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuotations, type Quotation } from '../../api/markets';
import { Spinner } from '../../components/States';
import { LocalTime, ZonedHeader } from '../../components/LocalTime';
import { direction as signOf, formatFixed } from '../../lib/format';
import { useToken } from '../../lib/session';
import { useMicroOrders, type MicroOrder, type OrderPage, type OrderStatus } from './api';
import {
  deadlineOf,
  formatCountdown,
  formatSignedAmount,
  formatStakeAmount,
  liveProfit,
  secondsLeft,
  standingOf,
} from './micro-math';
import { useDurationLabel } from './TradePanel';
import { Tab } from '../../components/Tabs';

/** The order panel (document 3, section 2): tab 1 running, tab 3 finished. */
export function MicroOrders({ pair, livePrice }: { pair: Quotation; livePrice: string }) {
  const { t } = useTranslation('micro');
  const signedIn = useToken() !== null;
  const [status, setStatus] = useState<OrderStatus>(1);

  const tab = (value: OrderStatus, label: string, testId: string) => (
    <Tab active={status === value} onSelect={() => setStatus(value)} testId={testId}>
      {label}
    </Tab>
  );

  return (
    <section className="micro-panel micro-orders" data-testid="micro-orders">
      <div className="tabs micro-order-tabs" role="tablist">
        {tab(1, t('orders.running'), 'micro-tab-running')}
        {tab(3, t('orders.finished'), 'micro-tab-finished')}
      </div>
      {signedIn ? (
        status === 1 ? (
          <RunningOrders pair={pair} livePrice={livePrice} />
        ) : (
          <FinishedOrders />
        )
      ) : (
        <div className="empty">
          <Link to="/components/login" className="btn-link">
            {t('panel.login')}
          </Link>{' '}
          {t('orders.loginToSee')}
        </div>
      )}
    </section>
  );
}

/** A clock for the countdowns: ticks four times a second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function ListState({ query, empty }: { query: ReturnType<typeof useMicroOrders>; empty: string }) {
  const { t } = useTranslation('micro');
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <div className="empty">
        {t('orders.loadError')}
        <div>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => void query.refetch()}>
            {t('page.retry')}
          </button>
        </div>
      </div>
    );
  const count = query.data.pages.reduce((total, page) => total + page.rows.length, 0);
  return count === 0 ? <div className="empty">{empty}</div> : null;
}

const rowsOf = (pages: OrderPage[] | undefined) =>
  (pages ?? []).flatMap((page) => page.rows.map((row) => ({ row, receivedAt: page.receivedAt })));

function DirectionBadge({ type }: { type: 1 | 2 }) {
  const { t } = useTranslation('micro');
  return (
    <span className={`badge ${type === 1 ? 'badge-up' : 'badge-down'}`}>
      {type === 1 ? t('panel.up') : t('panel.down')}
    </span>
  );
}

/** What every order row shows (after the finished list's time): pair, direction, stake, duration, open price. */
function OrderCells({ row, duration, decimals }: { row: MicroOrder; duration: string; decimals: number }) {
  return (
    <>
      <td>
        <strong>{row.symbol_name}</strong>
      </td>
      <td>
        <DirectionBadge type={row.type} />
      </td>
      <td className="right num">
        {formatStakeAmount(row.number, 0)} {row.currency_name}
      </td>
      <td className="right">{duration}</td>
      <td className="right num">{formatFixed(row.open_price, decimals)}</td>
    </>
  );
}

/** A list of orders: its table once it has rows, else its loading, error or empty state; then "load more". */
function OrdersTable({
  query,
  testId,
  columns,
  alignRightFrom,
  empty,
  children,
}: {
  query: ReturnType<typeof useMicroOrders>;
  testId: string;
  /** Column headings (keys under `orders.`); amounts and prices, from the `alignRightFrom`th on, align right. */
  columns: string[];
  alignRightFrom: number;
  empty: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('micro');
  const hasRows = (query.data?.pages ?? []).some((page) => page.rows.length > 0);
  return (
    <div className="micro-table-wrap">
      {hasRows ? (
        <table className="table micro-table" data-testid={testId}>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={column} className={index >= alignRightFrom ? 'right' : undefined}>
                  {column === 'time' ? <ZonedHeader label={t('orders.time')} /> : t(`orders.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      ) : (
        <ListState query={query} empty={empty} />
      )}
      <LoadMore pages={query} className="micro-more" label={t('orders.loadMore')} testId="micro-load-more" />
    </div>
  );
}

/**
 * Running orders of this pair: the countdown and, against the live price, what the order would make now
 * (document 3, section 4). A `micro_closed` push turns a row finished (end price, result) before it leaves.
 */
function RunningOrders({ pair, livePrice }: { pair: Quotation; livePrice: string }) {
  const { t } = useTranslation('micro');
  const durationLabel = useDurationLabel();
  const query = useMicroOrders(1, pair.match_id);
  const rows = rowsOf(query.data?.pages);
  const now = useNow(rows.length > 0);
  const decimals = pair.price_decimals;

  return (
    <OrdersTable
      query={query}
      testId="micro-running"
      empty={t('orders.emptyRunning')}
      columns={['symbol', 'direction', 'amount', 'duration', 'openPrice', 'livePrice', 'remaining', 'profit']}
      alignRightFrom={2}
    >
      {rows.map(({ row, receivedAt }) => (
        <RunningRow
          key={String(row.id)}
          row={row}
          // The clock ticks every 250 ms (and not at all while the list was empty): a row that
          // arrived since the last tick counts from its arrival, or a 5 s order would read 0:06.
          left={secondsLeft(deadlineOf(row.remain_milli_seconds, receivedAt), Math.max(now, receivedAt))}
          livePrice={livePrice}
          decimals={decimals}
          duration={durationLabel(row.seconds)}
        />
      ))}
    </OrdersTable>
  );
}

function RunningRow({
  row,
  left,
  livePrice,
  decimals,
  duration,
}: {
  row: MicroOrder;
  left: number;
  livePrice: string;
  decimals: number;
  duration: string;
}) {
  const { t } = useTranslation('micro');
  const closed = row.status === 3;
  const standing = closed ? null : standingOf(row.type, row.open_price, livePrice);
  const profit = closed
    ? row.fact_profits
    : standing
      ? liveProfit(standing, row.number, row.profit_ratio).toFixed()
      : null;
  const tone = signOf(profit);
  return (
    <tr
      data-testid="micro-running-row"
      data-id={String(row.id)}
      data-status={row.status}
      className={closed ? 'micro-row-closed' : undefined}
    >
      <OrderCells row={row} duration={duration} decimals={decimals} />
      <td className={`right num ${standing === 'win' ? 'up' : standing === 'lose' ? 'down' : ''}`}>
        {closed ? formatFixed(row.end_price, decimals) : formatFixed(livePrice, decimals)}
      </td>
      <td className="right num" data-testid="micro-countdown">
        {closed ? t('orders.settled') : left > 0 ? formatCountdown(left) : t('orders.settling')}
      </td>
      <td className={`right num ${tone > 0 ? 'up' : tone < 0 ? 'down' : ''}`} data-testid="micro-live-profit">
        {profit === null ? '--' : formatSignedAmount(profit)}
        {standing === 'tie' && <span className="muted"> · {t('orders.tie')}</span>}
      </td>
    </tr>
  );
}

/** win, lose or tie: the server's result when it sent one, else the sign of the profit. */
function resultKey(row: MicroOrder, tone: number): 'win' | 'lose' | 'tie' {
  const result = row.status === 3 && row.profit_result !== undefined ? row.profit_result : null;
  const sign = result ?? tone;
  return sign === 1 ? 'win' : sign === -1 ? 'lose' : 'tie';
}

/** Finished orders of every pair, newest first, with end price and the result paid. */
function FinishedOrders() {
  const { t } = useTranslation('micro');
  const quotations = useQuotations();
  const decimalsOf = (symbol: string) =>
    quotations.data?.flatMap((group) => group.quotation).find((pair) => pair.symbol === symbol)
      ?.price_decimals ?? 4;
  const durationLabel = useDurationLabel();
  const query = useMicroOrders(3, 0);
  const rows = rowsOf(query.data?.pages);

  return (
    <OrdersTable
      query={query}
      testId="micro-finished"
      empty={t('orders.emptyFinished')}
      columns={[
        'time',
        'symbol',
        'direction',
        'amount',
        'duration',
        'openPrice',
        'endPrice',
        'ratio',
        'fee',
        'profit',
      ]}
      alignRightFrom={3}
    >
      {rows.map(({ row }) => {
        const tone = signOf(row.fact_profits);
        const decimals = decimalsOf(row.symbol_name);
        return (
          <tr key={String(row.id)} data-testid="micro-finished-row" data-id={String(row.id)}>
            <td className="num secondary">
              <LocalTime value={row.complete_at || row.created_at} />
            </td>
            <OrderCells row={row} duration={durationLabel(row.seconds)} decimals={decimals} />
            <td className="right num">{formatFixed(row.end_price, decimals)}</td>
            <td className="right num">{formatFixed(row.profit_ratio, 2)}%</td>
            <td className="right num">{formatStakeAmount(row.fee, 4)}</td>
            <td
              className={`right num ${tone > 0 ? 'up' : tone < 0 ? 'down' : ''}`}
              data-testid="micro-fact-profits"
            >
              {formatSignedAmount(row.fact_profits)}{' '}
              <span className="muted">{t(`orders.${resultKey(row, tone)}`)}</span>
            </td>
          </tr>
        );
      })}
    </OrdersTable>
  );
}
