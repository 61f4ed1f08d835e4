import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Countdown } from '../../components/Countdown';
import { PasswordDialog } from '../../components/PasswordDialog';
import { deadlineOf } from '../../lib/countdown';
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
      <table className="table acc-table" data-testid={`acc-deals-${role}`}>
        <thead>
          <tr>
            <th>{t('record.col.created')}</th>
            {role === 'acceptor' && <th>{t('record.col.type')}</th>}
            <th>{role === 'acceptor' ? t('record.col.mobile') : t('record.col.acceptor')}</th>
            <th>{t('record.col.account')}</th>
            <th>{t('record.col.way')}</th>
            <th className="right">{t('record.col.money')}</th>
            <th className="right">{t('record.col.number')}</th>
            <th>{t('record.col.state')}</th>
            <th>{t('record.col.updated')}</th>
            <th className="right">{t('record.col.action')}</th>
          </tr>
        </thead>
        <tbody>
          {deals.map((deal) => {
            const state = dealState(deal.is_sure);
            const actions = dealActions(role, deal);
            const autoConfirm = state === 'waiting' && deal.transferred === 1;
            return (
              <tr key={deal.id} data-testid="acc-deal-row" data-id={deal.id}>
                <td className="num secondary">{deal.create_time}</td>
                {role === 'acceptor' && (
                  <td className={deal.type === 'buy' ? 'up' : 'down'}>{t(`record.type.${deal.type}`)}</td>
                )}
                <td>{role === 'acceptor' ? deal.mobile : deal.acceptor_name}</td>
                <td>
                  <div>{deal.deal_account}</div>
                  {role === 'user' && deal.hes_account && (
                    <div className="muted acc-small">
                      {t('record.hesAccount')}: {deal.hes_account}
                    </div>
                  )}
                </td>
                <td>{deal.way_name}</td>
                <td className="right num">{formatFixed(deal.money, 2)}</td>
                <td className="right num">{formatFixed(deal.number, 8)}</td>
                <td>
                  <span
                    className={`badge ${STATE_BADGE[state]}`}
                    data-testid="acc-deal-state"
                    data-state={state}
                  >
                    {t(`record.state.${state}`)}
                  </span>
                  {autoConfirm && (
                    <div className="acc-small">
                      {t('record.sent')}{' '}
                      <Countdown
                        deadline={deadlineOf(deal.auto_confirm_time)}
                        expiredLabel={t('record.confirming')}
                        testId="acc-auto-confirm"
                      />
                    </div>
                  )}
                </td>
                <td className="num secondary">{deal.is_sure > 0 ? deal.update_time : ''}</td>
                <td className="right acc-actions">
                  {actions.map((action) => (
                    <button
                      key={action}
                      type="button"
                      className={`btn btn-sm ${action === 'reject' ? 'btn-ghost' : 'btn-primary'}`}
                      onClick={() => setActing({ deal, action })}
                      data-testid={`acc-deal-${action}`}
                    >
                      {t(`record.action.${action}`)}
                    </button>
                  ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
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
