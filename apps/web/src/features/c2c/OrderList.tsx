import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { buttonColumn, figureColumn, timeColumn } from '../../components/tableColumns';
import { formatFixed } from '../../lib/format';
import type { P2pOrder, PageData } from './api';
import { fiatAmount, OrderDetail, OrderSide, OrderStatus } from './OrderDetail';
import { PagedListEnd, PayWay } from './parts';
import { AMOUNT_DECIMALS, viewerSide, type Kind, type OrderView } from './rules';

/**
 * A paged list of orders (type, quantity, total, payment method, time, status, detail) whose detail modal
 * follows the `order` query parameter, so a link or a reload reopens it.
 */
export function OrderList({
  kind,
  orders,
  view,
}: {
  kind: Kind;
  orders: UseInfiniteQueryResult<InfiniteData<PageData<P2pOrder>>>;
  view: OrderView;
}) {
  const { t } = useTranslation('c2c');
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('order')) || null;
  const rows = orders.data?.pages.flatMap((page) => page.data) ?? [];

  const show = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('order');
    else next.set('order', String(id));
    setParams(next, { replace: true });
  };

  return (
    <section className="panel" data-testid={`${kind}-orders-${view}`}>
      <DataTable
        className="table c2c-table"
        columns={[
          {
            header: t('order.type'),
            cell: (order) => <OrderSide side={viewerSide(view, order.type)} coin={order.currency_name} />,
          },
          figureColumn<P2pOrder>(t('order.quantity'), (order) => formatFixed(order.number, AMOUNT_DECIMALS)),
          figureColumn<P2pOrder>(t('order.total'), (order) => fiatAmount(order)),
          {
            header: t('order.way'),
            cell: (order) => (order.way ? <PayWay way={order.way} /> : order.way_name),
          },
          timeColumn<P2pOrder>(t('order.time'), (order) => order.format_create_time),
          { header: t('order.status'), cell: (order) => <OrderStatus isSure={order.is_sure} /> },
          buttonColumn<P2pOrder>(t('market.col.action'), {
            label: t('order.detail'),
            className: 'btn btn-sm btn-ghost',
            testId: 'c2c-order-open',
            onClick: (order) => show(order.id),
          }),
        ]}
        rows={rows}
        rowKey={(order) => order.id}
        rowProps={(order) => ({ 'data-testid': 'c2c-order-row', 'data-id': order.id })}
      />
      <PagedListEnd pages={orders} shown={rows.length} emptyText={t('order.empty')} />
      {open !== null && <OrderDetail kind={kind} id={open} view={view} onClose={() => show(null)} />}
    </section>
  );
}
