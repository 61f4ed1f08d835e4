import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useAppeals, type Me } from './api';
import { formatTime, QueryView, Section } from './parts';

/** P2P orders under appeal; finance releases the escrow to the buyer or refunds the seller, with a reason. */
export default function AppealsPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canAct = roleAtLeast(me.role, 'finance');
  const appeals = useAppeals();
  const resolve = useAdminAction('appeals/resolve');
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');

  return (
    <Section title={t('nav.appeals')} testId="admin-appeals">
      {canAct ? (
        <div className="admin-form admin-section">
          <label className="field">
            <span className="field-label">{t('totpCode')}</span>
            <input
              className="input"
              data-testid="admin-totp"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">{t('reason')}</span>
            <input
              className="input"
              data-testid="admin-reason"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
        </div>
      ) : (
        <div className="admin-note" data-testid="admin-read-only">
          {t('readOnly')}
        </div>
      )}
      <QueryView query={appeals} isEmpty={(rows) => rows.length === 0}>
        {(rows) => (
          <table className="table">
            <thead>
              <tr>
                <th>{t('appeals.order')}</th>
                <th>{t('amount')}</th>
                <th>{t('appeals.money')}</th>
                <th>{t('appeals.taker')}</th>
                <th>{t('appeals.seller')}</th>
                <th>{t('reason')}</th>
                <th>{t('time')}</th>
                {canAct && <th />}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="admin-appeal-row">
                  <td>{row.id}</td>
                  <td className="num">{row.number}</td>
                  <td className="num">{row.deal_money}</td>
                  <td>{row.taker}</td>
                  <td>{row.seller}</td>
                  <td>{row.reason}</td>
                  <td className="secondary">{formatTime(row.created_at)}</td>
                  {canAct && (
                    <td>
                      <div className="admin-actions">
                        {(['release', 'refund'] as const).map((decision) => (
                          <button
                            key={decision}
                            type="button"
                            className={`btn btn-sm ${decision === 'release' ? 'btn-buy' : 'btn-sell'}`}
                            data-testid={`admin-appeal-${decision}`}
                            disabled={resolve.isPending}
                            onClick={() => resolve.mutate({ id: row.id, decision, reason, totp_code: code })}
                          >
                            {t(`appeals.${decision}`)}
                          </button>
                        ))}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
    </Section>
  );
}
