import type { LaravelPage } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/DataTable';
import { LocalTime, ZonedHeader } from '../../components/LocalTime';
import { Spinner } from '../../components/States';
import { direction, formatFixed } from '../../lib/format';
import { confirmDialog, toast } from '../../lib/notify';
import {
  cancelLever,
  closeLever,
  useLeverOrders,
  useLeverPushes,
  useRefreshLever,
  type LeverOrder,
} from './api';
import { LEVER_AMOUNT_DECIMALS, LEVER_PRICE_DECIMALS, type LeverStatus } from './lever-math';
import { LoadError } from './LoadError';
import { Pager } from '../../components/Pager';
import type { PositionColumn } from './position-columns';
import { StopModal } from './StopModal';

export type PositionAction = 'close' | 'cancel' | 'setStop';

const TIME_COLUMNS: PositionColumn[] = ['time', 'closeTime'];

interface Props {
  orders: LeverOrder[];
  columns: PositionColumn[];
  actions?: PositionAction[];
  empty: string;
  /** Lot size per pair, for the stop modal's expected profit when a row has no `number`. */
  lotSizeOf?: (order: LeverOrder) => string | undefined;
  testId?: string;
}

const price = (value: string | null | undefined) => formatFixed(value, LEVER_PRICE_DECIMALS);
const amount = (value: string | null | undefined) => formatFixed(value, LEVER_AMOUNT_DECIMALS);
const stopPrice = (value: string | null | undefined) => (value && Number(value) > 0 ? price(value) : '--');

/** The row actions, in their order on the row, and the order state each applies to (1 open, 0 pending). */
const ACTION_BUTTONS: { action: PositionAction; status: number }[] = [
  { action: 'setStop', status: 1 },
  { action: 'close', status: 1 },
  { action: 'cancel', status: 0 },
];

/**
 * Lever orders as a table: the columns a screen asks for, and its actions per row (close an open position,
 * cancel a pending one, set its stops). Closing or cancelling asks first and removes the row on success
 * (document 3, section 4).
 */
export function PositionTable({ orders, columns, actions = [], empty, lotSizeOf, testId }: Props) {
  const { t } = useTranslation('lever');
  const refresh = useRefreshLever();
  const [busy, setBusy] = useState<number | null>(null);
  const [stopFor, setStopFor] = useState<LeverOrder | null>(null);
  const [gone, setGone] = useState<Set<number>>(new Set());

  const run = async (order: LeverOrder, action: 'close' | 'cancel') => {
    const yes = await confirmDialog({
      text: action === 'close' ? t('action.confirmClose') : t('action.confirmCancel'),
    });
    if (!yes) return;
    setBusy(order.id);
    try {
      const message = await (action === 'close' ? closeLever(order.id) : cancelLever(order.id));
      toast(message, 'success');
      setGone((previous) => new Set(previous).add(order.id));
      refresh();
    } catch {
      // The API client has shown the refusal.
    } finally {
      setBusy(null);
    }
  };

  const cell = (order: LeverOrder, column: PositionColumn) => {
    switch (column) {
      case 'pair':
        return <strong>{order.symbol}</strong>;
      case 'side':
        return (
          <span className={order.type === 1 ? 'up' : 'down'}>{t(`side.${order.type === 1 ? 1 : 2}`)}</span>
        );
      case 'hands':
        return <span className="num">{String(order.share)}</span>;
      case 'multiple':
        return <span className="num">{String(order.multiple)}x</span>;
      case 'openPrice':
        return <span className="num">{order.status === 0 ? '--' : price(order.price)}</span>;
      case 'entrustPrice':
        return <span className="num">{price(order.origin_price)}</span>;
      case 'markPrice':
        return (
          <span className="num" data-testid="position-mark">
            {price(order.update_price)}
          </span>
        );
      case 'closePrice':
        return <span className="num">{order.close_price ? price(order.close_price) : '--'}</span>;
      case 'closeReason':
        return (
          <span
            className={order.close_reason === 'burst' ? 'down' : undefined}
            data-testid="position-close-reason"
          >
            {order.close_reason
              ? t(`reason.${order.close_reason}`, { defaultValue: order.close_reason })
              : '--'}
          </span>
        );
      case 'margin':
        return <span className="num">{amount(order.caution_money)}</span>;
      case 'fee':
        return <span className="num">{amount(order.trade_fee)}</span>;
      case 'overnight':
        return <span className="num">{amount(order.overnight_money)}</span>;
      case 'profit': {
        const value = order.status >= 3 ? (order.fact_profits ?? order.profits) : order.profits;
        const tone = direction(value);
        return (
          <span className={`num${tone > 0 ? ' up' : tone < 0 ? ' down' : ''}`} data-testid="position-profit">
            {amount(value)}
          </span>
        );
      }
      case 'takeProfit':
        return (
          <span className="num" data-testid="position-tp">
            {stopPrice(order.target_profit_price)}
          </span>
        );
      case 'stopLoss':
        return (
          <span className="num" data-testid="position-sl">
            {stopPrice(order.stop_loss_price)}
          </span>
        );
      case 'time':
        return <LocalTime className="num secondary" value={order.transaction_time || order.time} />;
      case 'closeTime':
        return <LocalTime className="num secondary" value={order.handle_time} />;
      case 'status':
        return <span className={`badge lv-status-${order.status}`}>{t(`status.${order.status}`)}</span>;
    }
  };

  const numeric = (column: PositionColumn) =>
    !['pair', 'side', ...TIME_COLUMNS, 'closeReason', 'status'].includes(column);
  const rows = orders.filter((order) => !gone.has(order.id));
  const tableColumns: Column<LeverOrder>[] = columns.map((column) => ({
    header: TIME_COLUMNS.includes(column) ? <ZonedHeader label={t(`col.${column}`)} /> : t(`col.${column}`),
    cell: (order) => cell(order, column),
    align: numeric(column) ? 'right' : undefined,
  }));
  const actionColumn: Column<LeverOrder> = {
    header: t('col.action'),
    align: 'right',
    className: 'lv-action-col',
    cell: (order) => (
      <div className="lv-actions">
        {ACTION_BUTTONS.filter(
          ({ action, status }) => actions.includes(action) && order.status === status,
        ).map(({ action }) => (
          <button
            key={action}
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={action !== 'setStop' && busy === order.id}
            onClick={() => (action === 'setStop' ? setStopFor(order) : void run(order, action))}
            data-testid={`position-${action === 'setStop' ? 'stop' : action}`}
          >
            {t(`action.${action}`)}
          </button>
        ))}
      </div>
    ),
  };

  return (
    <div className="lv-table-wrap" data-testid={testId}>
      <DataTable
        className="table lv-table"
        columns={[...tableColumns, actions.length > 0 && actionColumn]}
        rows={rows}
        rowKey={(order) => order.id}
        rowProps={(order) => ({
          'data-testid': 'position-row',
          'data-id': order.id,
          'data-status': order.status,
        })}
      />
      {rows.length === 0 && <div className="empty">{empty}</div>}
      {stopFor && (
        <StopModal order={stopFor} lotSize={lotSizeOf?.(stopFor)} onClose={() => setStopFor(null)} />
      )}
    </div>
  );
}

interface PagedProps extends Omit<Props, 'orders'> {
  /** The state of the query that reads the page. */
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  /** The page itself, wherever the answer keeps it. */
  data: LaravelPage<LeverOrder> | undefined;
  page: number;
  onPage: (page: number) => void;
}

/** A page of lever orders: loading, a load error with retry, or the table and its pager. */
export function PagedPositions({ query, data, page, onPage, ...table }: PagedProps) {
  if (query.isPending) return <Spinner />;
  if (query.isError || !data)
    return <LoadError error={query.error ?? new Error()} onRetry={() => void query.refetch()} />;
  return (
    <>
      <PositionTable orders={data.data} {...table} />
      <Pager page={page} last={data.last_page} onPage={onPage} />
    </>
  );
}

/** A page of the user's lever orders in one state, kept live by the lever pushes, as `PagedPositions` takes it. */
export function usePagedLeverOrders(status: LeverStatus) {
  const [page, setPage] = useState(1);
  const query = useLeverOrders(status, page);
  useLeverPushes();
  return { query, data: query.data?.message, page, onPage: setPage };
}
