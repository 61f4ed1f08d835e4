import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeverOrders, useLeverPushes } from './api';
import { LeverPageHeader } from './LeverNav';
import { PagedPositions } from './PositionTable';
import './lever.css';

/** Every open position on every pair, with its close action (/allTransaction, document 3, section 2). */
export default function AllPositionsPage() {
  const { t } = useTranslation('lever');
  const [page, setPage] = useState(1);
  const orders = useLeverOrders(1, page);
  useLeverPushes();

  return (
    <div className="container lv-list-page" data-testid="all-transaction-page">
      <LeverPageHeader title={t('all.title')} />
      <section className="panel">
        <PagedPositions
          query={orders}
          data={orders.data?.message}
          page={page}
          onPage={setPage}
          columns={[
            'pair',
            'side',
            'hands',
            'multiple',
            'openPrice',
            'markPrice',
            'margin',
            'fee',
            'profit',
            'time',
          ]}
          actions={['close']}
          empty={t('positions.empty')}
          testId="all-positions-table"
        />
      </section>
    </div>
  );
}
