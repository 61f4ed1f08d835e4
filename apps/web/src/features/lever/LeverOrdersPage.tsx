import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/Tabs';
import { LEVER_STATUSES, type LeverStatus } from './lever-math';
import { LeverListPage } from './LeverNav';
import { STATUS_COLUMNS } from './position-columns';
import { PagedPositions, usePagedLeverOrders } from './PositionTable';
import './lever.css';

/** Lever orders in five tabs by state (/leverList, document 3, section 2). */
export default function LeverOrdersPage() {
  const { t } = useTranslation('lever');
  const [status, setStatus] = useState<LeverStatus>(1);
  const orders = usePagedLeverOrders(status);

  return (
    <LeverListPage screen="orders">
      <section className="panel">
        <Tabs
          as="nav"
          className="tabs lv-tabs"
          items={LEVER_STATUSES}
          value={status}
          onChange={(value) => {
            setStatus(value);
            orders.onPage(1);
          }}
          label={(value) => t(`status.${value}`)}
          testId={(value) => `lever-tab-${value}`}
        />
        <PagedPositions
          {...orders}
          columns={STATUS_COLUMNS[status]}
          actions={status === 0 ? ['cancel'] : status === 1 ? ['close'] : []}
          empty={t('orders.empty')}
          testId="lever-orders-table"
        />
      </section>
    </LeverListPage>
  );
}
