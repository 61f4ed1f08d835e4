import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcceptorOrders } from './api';
import { AcceptorFrame, ListState } from './AcceptorFrame';
import { DealTable } from './DealTable';
import type { Direction } from './rules';

/**
 * The acceptor's desk (/acceptorDesk), for an acceptor's own user: deals to confirm or reject (deposits),
 * to pay out and mark sent (withdrawals). Everyone else reads that they are not an acceptor.
 */
export default function AcceptorDeskPage() {
  const { t } = useTranslation('acceptor');
  const [filter, setFilter] = useState<Direction | ''>('');
  const deals = useAcceptorOrders(filter);
  const rows = deals.data ?? [];
  return (
    <AcceptorFrame active="desk" title={t('desk.title')}>
      <section className="panel" data-testid="acceptor-desk">
        <div className="area-toolbar">
          <div className="pill-tabs">
            {(['', 'buy', 'sell'] as const).map((item) => (
              <button
                key={item || 'all'}
                type="button"
                className={`pill-tab${filter === item ? ' active' : ''}`}
                aria-pressed={filter === item}
                onClick={() => setFilter(item)}
              >
                {t(`desk.filter.${item || 'all'}`)}
              </button>
            ))}
          </div>
        </div>
        {deals.isError ? (
          <div className="empty" data-testid="acceptor-desk-denied">
            {deals.error.message || t('desk.notAcceptor')}
          </div>
        ) : (
          <>
            <DealTable deals={rows} role="acceptor" />
            <ListState
              pending={deals.isPending}
              error={false}
              empty={rows.length === 0}
              onRetry={() => void deals.refetch()}
            />
          </>
        )}
      </section>
    </AcceptorFrame>
  );
}
