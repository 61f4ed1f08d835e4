import { useTranslation } from 'react-i18next';
import { formatZonedTime } from '../../lib/time';
import { QueryView } from './parts';
import { useAppealDetail } from './users-api';
import './admin-users.css';

/** One appealed order: both parties, who pays the fiat and to which account, and what each said, in order. */
export function AppealDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const detail = useAppealDetail(id);
  return (
    <div className="admin-card admin-section" data-testid="admin-appeal-detail">
      <div className="admin-actions admin-pager">
        <h4>{t('appealDetail.title', { id })}</h4>
        <span className="admin-spacer" />
        <button type="button" className="btn btn-sm btn-ghost" onClick={onClose}>
          {t('appealDetail.close')}
        </button>
      </div>
      <QueryView query={detail}>
        {(order) => (
          <>
            <div className="secondary">
              {order.number} {order.currency} · {order.deal_money} · {order.way} · {t('appealDetail.paidAt')}:{' '}
              {formatZonedTime(order.paid_at)}
            </div>
            <div className="admin-parties">
              {order.parties.map((party) => (
                <div key={party.user_id} className="admin-card" data-testid="admin-appeal-party">
                  <strong>
                    {party.account} ({party.real_name || '--'}) ·{' '}
                    {party.pays_fiat ? t('appealDetail.paysFiat') : t('appealDetail.receivesFiat')}
                  </strong>
                  <div className="secondary">
                    {t('appealDetail.bank')}: {party.cash_info.bank_name}{' '}
                    {party.cash_info.bank_account || '--'}
                    <br />
                    {t('appealDetail.alipay')}: {party.cash_info.alipay_account || '--'} ·{' '}
                    {t('appealDetail.wechat')}: {party.cash_info.wechat_account || '--'}
                  </div>
                </div>
              ))}
            </div>
            <h4>{t('appealDetail.timeline')}</h4>
            {order.messages.length === 0 ? (
              <div className="secondary">{t('appealDetail.noStatement')}</div>
            ) : (
              <ol className="admin-statements" data-testid="admin-appeal-messages">
                {order.messages.map((message, index) => (
                  <li
                    key={`${index}-${message.at}`}
                    data-testid="admin-appeal-message"
                    data-role={message.role}
                  >
                    <div className="secondary">
                      <strong>{t(`appealDetail.${message.role}`)}</strong> · {message.account} ·{' '}
                      {formatZonedTime(message.at)}
                      {message.kind === 'appeal' ? ` · ${t('appealDetail.appealKind')}` : ''}
                    </div>
                    <p className="admin-statement">{message.text}</p>
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
