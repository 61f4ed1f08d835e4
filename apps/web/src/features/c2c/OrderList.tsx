import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatFixed } from '../../lib/format';
import type { P2pOrder, PageData } from './api';
import { OrderDetail, OrderStatus } from './OrderDetail';
import { PagedListEnd, PayWay } from './parts';
import { AMOUNT_DECIMALS, PRICE_DECIMALS, viewerSide, type Kind, type OrderView } from './rules';

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
      <table className="table c2c-table">
        <thead>
          <tr>
            <th>{t('order.type')}</th>
            <th className="right">{t('order.quantity')}</th>
            <th className="right">{t('order.total')}</th>
            <th>{t('order.way')}</th>
            <th>{t('order.time')}</th>
            <th>{t('order.status')}</th>
            <th className="right">{t('market.col.action')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((order) => {
            const side = viewerSide(view, order.type);
            return (
              <tr key={order.id} data-testid="c2c-order-row" data-id={order.id}>
                <td className={side === 'buy' ? 'up' : 'down'}>
                  {t(`order.side.${side}`, { coin: order.currency_name })}
                </td>
                <td className="right num">{formatFixed(order.number, AMOUNT_DECIMALS)}</td>
                <td className="right num">
                  {formatFixed(order.deal_money, PRICE_DECIMALS)} {order.coin_code}
                </td>
                <td>{order.way ? <PayWay way={order.way} /> : order.way_name}</td>
                <td className="num secondary">{order.format_create_time || order.create_time}</td>
                <td>
                  <OrderStatus isSure={order.is_sure} />
                </td>
                <td className="right">
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost"
                    onClick={() => show(order.id)}
                    data-testid="c2c-order-open"
                  >
                    {t('order.detail')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <PagedListEnd pages={orders} shown={rows.length} emptyText={t('order.empty')} />
      {open !== null && <OrderDetail kind={kind} id={open} view={view} onClose={() => show(null)} />}
    </section>
  );
}
