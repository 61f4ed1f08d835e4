import { useTranslation } from 'react-i18next';
import { useMyOrders } from './api';
import { C2cFrame } from './C2cFrame';
import { KindTabs, useKindParam } from './KindTabs';
import { OrderList } from './OrderList';

/** My orders (/c2cOrder): the orders I took (P2P or from a shop), each with its detail modal and actions. */
export default function C2cMyOrdersPage() {
  const { t } = useTranslation('c2c');
  const kind = useKindParam();
  const orders = useMyOrders(kind);
  return (
    <C2cFrame active="orders" title={t('orders.title')} actions={<KindTabs />}>
      <OrderList key={kind} kind={kind} orders={orders} view="taker" />
    </C2cFrame>
  );
}
