import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useDeposits, useWithdrawals, type Me } from './api';
import { formatTime, QueryView, Section } from './parts';

/**
 * Chain deposits booked and withdrawals paid out or refused: finance only, each with a fresh two-factor
 * code typed once at the top of the page.
 */
export default function MoneyPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canAct = roleAtLeast(me.role, 'finance');
  const withdrawals = useWithdrawals();
  const deposits = useDeposits();
  const confirm = useAdminAction('deposits/confirm');
  const finish = useAdminAction('withdrawals/finish');
  const [code, setCode] = useState('');
  const [deposit, setDeposit] = useState({ account: '', currency: 'USDT', amount: '', txid: '' });
  const [txids, setTxids] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');

  const field = (name: keyof typeof deposit, label: string) => (
    <label className="field">
      <span className="field-label">{label}</span>
      <input
        className="input"
        data-testid={`admin-deposit-${name}`}
        value={deposit[name]}
        onChange={(event) => setDeposit({ ...deposit, [name]: event.target.value })}
      />
    </label>
  );

  return (
    <>
      {canAct ? (
        <Section title={t('totpCode')}>
          <div className="admin-form">
            <label className="field">
              <span className="field-label">{t('money.codeFirst')}</span>
              <input
                className="input"
                data-testid="admin-totp"
                autoComplete="one-time-code"
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
        </Section>
      ) : (
        <div className="admin-note" data-testid="admin-read-only">
          {t('readOnly')}
        </div>
      )}
      {canAct && (
        <Section title={t('money.depositTitle')} testId="admin-deposit">
          <form
            className="admin-form"
            onSubmit={(event) => {
              event.preventDefault();
              confirm.mutate({ ...deposit, totp_code: code });
            }}
          >
            {field('account', t('account'))}
            {field('currency', t('currency'))}
            {field('amount', t('amount'))}
            {field('txid', t('money.txid'))}
            <button
              type="submit"
              className="btn btn-primary"
              disabled={confirm.isPending}
              data-testid="admin-deposit-submit"
            >
              {t('money.confirmDeposit')}
            </button>
          </form>
        </Section>
      )}
      <Section title={t('money.withdrawalsTitle')} testId="admin-withdrawals">
        <QueryView query={withdrawals} isEmpty={(rows) => rows.length === 0}>
          {(rows) => (
            <table className="table">
              <thead>
                <tr>
                  <th>{t('account')}</th>
                  <th>{t('currency')}</th>
                  <th>{t('amount')}</th>
                  <th>{t('money.fee')}</th>
                  <th>{t('money.receive')}</th>
                  <th>{t('money.address')}</th>
                  <th>{t('time')}</th>
                  {canAct && <th>{t('money.txid')}</th>}
                  {canAct && <th />}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-testid="admin-withdrawal-row">
                    <td>{row.account}</td>
                    <td>{row.currency}</td>
                    <td className="num">{row.number}</td>
                    <td className="num">{row.rate}</td>
                    <td className="num">{row.real_number}</td>
                    <td className="secondary">{row.address}</td>
                    <td className="secondary">{formatTime(row.created_at)}</td>
                    {canAct && (
                      <td>
                        <input
                          className="input"
                          data-testid="admin-withdrawal-txid"
                          value={txids[row.id] ?? ''}
                          onChange={(event) => setTxids({ ...txids, [row.id]: event.target.value })}
                        />
                      </td>
                    )}
                    {canAct && (
                      <td>
                        <div className="admin-actions">
                          <button
                            type="button"
                            className="btn btn-sm btn-buy"
                            data-testid="admin-withdrawal-complete"
                            disabled={finish.isPending}
                            onClick={() =>
                              finish.mutate({
                                id: row.id,
                                decision: 'complete',
                                txid: txids[row.id] ?? '',
                                totp_code: code,
                              })
                            }
                          >
                            {t('money.complete')}
                          </button>
                          <button
                            type="button"
                            className="btn btn-sm btn-sell"
                            data-testid="admin-withdrawal-reject"
                            disabled={finish.isPending}
                            onClick={() =>
                              finish.mutate({ id: row.id, decision: 'reject', reason, totp_code: code })
                            }
                          >
                            {t('money.reject')}
                          </button>
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
      <Section title={t('money.recentDeposits')} testId="admin-deposits">
        <QueryView query={deposits} isEmpty={(rows) => rows.length === 0}>
          {(rows) => (
            <table className="table">
              <thead>
                <tr>
                  <th>{t('account')}</th>
                  <th>{t('currency')}</th>
                  <th>{t('amount')}</th>
                  <th>{t('money.txid')}</th>
                  <th>{t('time')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-testid="admin-deposit-row">
                    <td>{row.account}</td>
                    <td>{row.currency}</td>
                    <td className="num">{row.amount}</td>
                    <td className="secondary">{row.txid}</td>
                    <td className="secondary">{formatTime(row.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </QueryView>
      </Section>
    </>
  );
}
