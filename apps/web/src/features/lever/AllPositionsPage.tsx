import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/States';
import { useLeverOrders, useLeverPushes } from './api';
import { LeverPageHeader } from './LeverNav';
import { Pager } from './Pager';
import { PositionTable } from './PositionTable';
import { LoadError } from './LoadError';
import './i18n';
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
        {orders.isPending ? (
          <Spinner />
        ) : orders.isError ? (
          <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
        ) : (
          <>
            <PositionTable
              orders={orders.data.message.data}
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
            <Pager page={page} last={orders.data.message.last_page} onPage={setPage} />
          </>
        )}
      </section>
    </div>
  );
}
