import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useDeposits, useWithdrawals, type Me } from './api';
import { ActionsCell, CodeAndReason, formatTime, Section, TextField, ListTable, useProof } from './parts';

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
  const proof = useProof();
  const { code, reason } = proof;
  const [deposit, setDeposit] = useState({ account: '', currency: 'USDT', amount: '', txid: '' });
  const [txids, setTxids] = useState<Record<number, string>>({});

  const field = (name: keyof typeof deposit, label: string) => (
    <TextField
      label={label}
      testId={`admin-deposit-${name}`}
      value={deposit[name]}
      onChange={(value) => setDeposit({ ...deposit, [name]: value })}
    />
  );

  return (
    <>
      <CodeAndReason canAct={canAct} title={t('totpCode')} codeLabel={t('money.codeFirst')} proof={proof} />
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
        <ListTable
          query={withdrawals}
          head={[
            t('account'),
            t('currency'),
            t('amount'),
            t('money.fee'),
            t('money.receive'),
            t('money.address'),
            t('time'),
            ...(canAct ? [t('money.txid')] : []),
            ...(canAct ? [''] : []),
          ]}
        >
          {(row) => (
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
                <ActionsCell
                  actions={[
                    {
                      label: t('money.complete'),
                      testId: 'admin-withdrawal-complete',
                      tone: 'buy',
                      disabled: finish.isPending,
                      onClick: () =>
                        finish.mutate({
                          id: row.id,
                          decision: 'complete',
                          txid: txids[row.id] ?? '',
                          totp_code: code,
                        }),
                    },
                    {
                      label: t('money.reject'),
                      testId: 'admin-withdrawal-reject',
                      tone: 'sell',
                      disabled: finish.isPending,
                      onClick: () =>
                        finish.mutate({ id: row.id, decision: 'reject', reason, totp_code: code }),
                    },
                  ]}
                />
              )}
            </tr>
          )}
        </ListTable>
      </Section>
      <Section title={t('money.recentDeposits')} testId="admin-deposits">
        <ListTable
          query={deposits}
          head={[t('account'), t('currency'), t('amount'), t('money.txid'), t('time')]}
        >
          {(row) => (
            <tr key={row.id} data-testid="admin-deposit-row">
              <td>{row.account}</td>
              <td>{row.currency}</td>
              <td className="num">{row.amount}</td>
              <td className="secondary">{row.txid}</td>
              <td className="secondary">{formatTime(row.created_at)}</td>
            </tr>
          )}
        </ListTable>
      </Section>
    </>
  );
}
