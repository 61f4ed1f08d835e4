import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMyDeals } from './api';
import { AcceptorFrame, ListState } from './AcceptorFrame';
import { DealTable } from './DealTable';
import { directionOf } from './rules';

/** The user's acceptor deals (/chargeRecord?current): deposits (0) or withdrawals (1). */
export default function ChargeRecordPage() {
  const { t } = useTranslation('acceptor');
  const [params] = useSearchParams();
  const direction = directionOf(params.get('current'));
  const deals = useMyDeals(direction);
  const rows = deals.data ?? [];
  return (
    <AcceptorFrame
      active={direction === 'buy' ? 'deposits' : 'withdrawals'}
      title={t(`record.title.${direction}`)}
    >
      <section className="panel" data-testid="charge-record">
        {direction === 'sell' && <p className="muted acc-note acc-pad">{t('record.autoConfirmNote')}</p>}
        <DealTable deals={rows} role="user" />
        <ListState
          pending={deals.isPending}
          error={deals.isError}
          empty={rows.length === 0}
          onRetry={() => void deals.refetch()}
        />
      </section>
    </AcceptorFrame>
  );
}
