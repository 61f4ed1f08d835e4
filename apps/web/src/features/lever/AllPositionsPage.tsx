import { useTranslation } from 'react-i18next';
import { LeverListPage } from './LeverNav';
import { OPEN_COLUMNS } from './position-columns';
import { PagedPositions, usePagedLeverOrders } from './PositionTable';
import './lever.css';

/** Every open position on every pair, with its close action (/allTransaction, document 3, section 2). */
export default function AllPositionsPage() {
  const { t } = useTranslation('lever');
  const orders = usePagedLeverOrders(1);

  return (
    <LeverListPage screen="all">
      <section className="panel">
        <PagedPositions
          {...orders}
          columns={OPEN_COLUMNS}
          actions={['close']}
          empty={t('positions.empty')}
          testId="all-positions-table"
        />
      </section>
    </LeverListPage>
  );
}
