import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Countdown } from '../../components/Countdown';
import { DataTable, type MaybeColumn } from '../../components/DataTable';
import { PasswordDialog } from '../../components/PasswordDialog';
import { figureColumn, timeColumn } from '../../components/tableColumns';
import { instantOf } from '../../lib/time';
import { formatFixed } from '../../lib/format';
import { toast } from '../../lib/notify';
import { runDealAction, useRefreshAcceptor, type AcceptorDeal } from './api';
import { dealActions, dealState, type DealAction } from './rules';

const STATE_BADGE = { waiting: '', confirmed: 'badge-up', rejected: 'badge-down' } as const;

/**
 * Deals with their state, and the buttons the viewer may press: the user confirms a withdrawal's CNY
 * arrived (or waits for the 20-minute auto-confirmation); the acceptor confirms, rejects or marks sent.
 */
export function DealTable({ deals, role }: { deals: AcceptorDeal[]; role: 'acceptor' | 'user' }) {
  const { t } = useTranslation('acceptor');
  const refresh = useRefreshAcceptor();
  const [acting, setActing] = useState<{ deal: AcceptorDeal; action: DealAction } | null>(null);
  return (
    <>
      <DataTable
        className="table acc-table"
        scroll
        testId={`acc-deals-${role}`}
        columns={dealColumns(t, role, (deal, action) => setActing({ deal, action }))}
        rows={deals}
        rowKey={(deal) => deal.id}
        rowProps={(deal) => ({ 'data-testid': 'acc-deal-row', 'data-id': deal.id })}
      />
      {acting && (
        <PasswordDialog
          title={t(`record.action.${acting.action}`)}
          text={t(`record.confirmText.${acting.action}`, {
            money: formatFixed(acting.deal.money, 2),
            number: formatFixed(acting.deal.number, 8),
          })}
          onClose={() => setActing(null)}
          onSubmit={async (password) => {
            toast(await runDealAction(acting.action, acting.deal.id, password), 'success');
            await refresh();
          }}
        />
      )}
    </>
  );
}

/** The columns of a deal as its acceptor sees it (with its type and the user's mobile) or as its user does. */
function dealColumns(
  t: TFunction<'acceptor'>,
  role: 'acceptor' | 'user',
  onAction: (deal: AcceptorDeal, action: DealAction) => void,
): MaybeColumn<AcceptorDeal>[] {
  return [
    timeColumn<AcceptorDeal>(t('record.col.created'), (deal) => deal.create_time),
    role === 'acceptor' && {
      header: t('record.col.type'),
      cell: (deal) => (
        <span className={deal.type === 'buy' ? 'up' : 'down'}>{t(`record.type.${deal.type}`)}</span>
      ),
    },
    role === 'acceptor'
      ? { header: t('record.col.mobile'), cell: (deal) => deal.mobile }
      : { header: t('record.col.acceptor'), cell: (deal) => deal.acceptor_name },
    {
      header: t('record.col.account'),
      cell: (deal) => (
        <>
          <div>{deal.deal_account}</div>
          {role === 'user' && deal.hes_account && (
            <div className="muted acc-small">
              {t('record.hesAccount')}: {deal.hes_account}
            </div>
          )}
        </>
      ),
    },
    { header: t('record.col.way'), cell: (deal) => deal.way_name },
    figureColumn<AcceptorDeal>(t('record.col.money'), (deal) => formatFixed(deal.money, 2)),
    figureColumn<AcceptorDeal>(t('record.col.number'), (deal) => formatFixed(deal.number, 8)),
    { header: t('record.col.state'), cell: (deal) => <DealState deal={deal} /> },
    timeColumn<AcceptorDeal>(t('record.col.updated'), (deal) => (deal.is_sure > 0 ? deal.update_time : '')),
    {
      header: t('record.col.action'),
      align: 'right',
      cell: (deal) => (
        <span className="acc-actions">
          {dealActions(role, deal).map((action) => (
            <button
              key={action}
              type="button"
              className={`btn btn-sm ${action === 'reject' ? 'btn-ghost' : 'btn-primary'}`}
              onClick={() => onAction(deal, action)}
              data-testid={`acc-deal-${action}`}
            >
              {t(`record.action.${action}`)}
            </button>
          ))}
        </span>
      ),
    },
  ];
}

/** A deal's state as a badge; a sent withdrawal also counts down to its automatic confirmation. */
function DealState({ deal }: { deal: AcceptorDeal }) {
  const { t } = useTranslation('acceptor');
  const state = dealState(deal.is_sure);
  return (
    <>
      <span className={`badge ${STATE_BADGE[state]}`} data-testid="acc-deal-state" data-state={state}>
        {t(`record.state.${state}`)}
      </span>
      {state === 'waiting' && deal.transferred === 1 && (
        <div className="acc-small">
          {t('record.sent')}{' '}
          <Countdown
            deadline={instantOf(deal.auto_confirm_time)}
            expiredLabel={t('record.confirming')}
            testId="acc-auto-confirm"
          />
        </div>
      )}
    </>
  );
}
