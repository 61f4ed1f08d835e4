import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeverOrders, useLeverPushes } from './api';
import { LEVER_STATUSES, type LeverStatus } from './lever-math';
import { LeverPageHeader } from './LeverNav';
import { PagedPositions, type PositionColumn } from './PositionTable';
import { Tabs } from '../../components/Tabs';
import './lever.css';

const COLUMNS: Record<LeverStatus, PositionColumn[]> = {
  0: ['pair', 'side', 'hands', 'multiple', 'entrustPrice', 'markPrice', 'margin', 'fee', 'time'],
  1: ['pair', 'side', 'hands', 'multiple', 'openPrice', 'markPrice', 'margin', 'fee', 'profit', 'time'],
  2: [
    'pair',
    'side',
    'hands',
    'multiple',
    'openPrice',
    'closePrice',
    'margin',
    'profit',
    'closeReason',
    'time',
  ],
  3: [
    'pair',
    'side',
    'hands',
    'multiple',
    'openPrice',
    'closePrice',
    'closeReason',
    'fee',
    'overnight',
    'profit',
    'time',
    'closeTime',
  ],
  4: ['pair', 'side', 'hands', 'multiple', 'entrustPrice', 'margin', 'fee', 'time', 'closeTime'],
};

/** Lever orders in five tabs by state (/leverList, document 3, section 2). */
export default function LeverOrdersPage() {
  const { t } = useTranslation('lever');
  const [status, setStatus] = useState<LeverStatus>(1);
  const [page, setPage] = useState(1);
  const orders = useLeverOrders(status, page);
  useLeverPushes();

  return (
    <div className="container lv-list-page" data-testid="lever-list-page">
      <LeverPageHeader title={t('orders.title')} />
      <section className="panel">
        <Tabs
          as="nav"
          className="tabs lv-tabs"
          items={LEVER_STATUSES}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          label={(value) => t(`status.${value}`)}
          testId={(value) => `lever-tab-${value}`}
        />
        <PagedPositions
          query={orders}
          data={orders.data?.message}
          page={page}
          onPage={setPage}
          columns={COLUMNS[status]}
          actions={status === 0 ? ['cancel'] : status === 1 ? ['close'] : []}
          empty={t('orders.empty')}
          testId="lever-orders-table"
        />
      </section>
    </div>
  );
}
