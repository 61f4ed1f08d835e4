import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../components/tableColumns';
import { useOutletContext } from 'react-router';
import {
  roleAtLeast,
  useAdminAction,
  useDeposits,
  useWithdrawals,
  type DepositRow,
  type Me,
  type WithdrawalRow,
} from './api';
import { CodeAndReason, DraftForm, useProof } from './forms';
import { decisionButtons, ListSection } from './list';
import { Section } from './parts';
import { ChainState, HotWallets, SignerCell } from './SignerParts';

const DEPOSIT_LABELS = { account: 'account', currency: 'currency', amount: 'amount', txid: 'money.txid' };
const DEPOSIT_FIELDS = ['account', 'currency', 'amount', 'txid'] as const;

/**
 * Chain deposits booked and withdrawals paid out or refused, or handed to the withdrawal signer and
 * followed on chain (state, transaction, confirmations) with the hot wallets' balances; deposits a
 * reorganisation replaced after crediting stand out. Changes: finance only, each with a fresh two-factor
 * code typed once at the top of the page.
 */
export default function MoneyPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canAct = roleAtLeast(me.role, 'finance');
  const confirm = useAdminAction('deposits/confirm');
  const finish = useAdminAction('withdrawals/finish');
  const approve = useAdminAction('withdrawals/approve');
  const decide = useAdminAction('withdrawals/signer');
  const proof = useProof();
  const { code, reason } = proof;
  const [deposit, setDeposit] = useState({ account: '', currency: 'USDT', amount: '', txid: '' });
  const [txids, setTxids] = useState<Record<number, string>>({});
  const complete = (row: WithdrawalRow) =>
    finish.mutate({ id: row.id, decision: 'complete', txid: txids[row.id] ?? '', totp_code: code });
  const reject = (row: WithdrawalRow) =>
    finish.mutate({ id: row.id, decision: 'reject', reason, totp_code: code });
  // A withdrawal the signer holds is decided through it (it may be on chain); the others are paid by hand
  // or handed to the signer.
  const withdrawalActions = (row: WithdrawalRow) =>
    row.signer
      ? decisionButtons(
          decide.isPending,
          row.signer.decisions.map((decision) => ({
            label: t(`signer.decision.${decision}`),
            testId: `admin-signer-${decision}`,
            onClick: () => decide.mutate({ id: row.id, decision, reason, totp_code: code }),
          })),
        )
      : decisionButtons(finish.isPending || approve.isPending, [
          ...(row.signable
            ? [
                {
                  label: t('signer.approve'),
                  testId: 'admin-withdrawal-approve',
                  onClick: () => approve.mutate({ id: row.id, totp_code: code }),
                },
              ]
            : []),
          { label: t('money.complete'), testId: 'admin-withdrawal-complete', onClick: () => complete(row) },
          { label: t('money.reject'), testId: 'admin-withdrawal-reject', onClick: () => reject(row) },
        ]);

  return (
    <>
      <CodeAndReason canAct={canAct} title={t('totpCode')} codeLabel={t('money.codeFirst')} proof={proof} />
      {canAct && (
        <Section title={t('money.depositTitle')} testId="admin-deposit">
          <DraftForm
            className="admin-form"
            onSubmit={() => confirm.mutate({ ...deposit, totp_code: code })}
            submit={{
              label: t('money.confirmDeposit'),
              pending: confirm.isPending,
              testId: 'admin-deposit-submit',
            }}
            draft={deposit}
            setDraft={setDeposit}
            names={DEPOSIT_FIELDS}
            label={(name) => t(DEPOSIT_LABELS[name])}
            prefix="admin-deposit"
          />
        </Section>
      )}
      <ListSection
        title={t('money.withdrawalsTitle')}
        sectionTestId="admin-withdrawals"
        query={useWithdrawals()}
        rowTestId="admin-withdrawal-row"
        columns={[
          { header: t('account'), cell: (row) => row.account },
          { header: t('currency'), cell: (row) => row.currency },
          { header: t('amount'), cell: (row) => row.number, className: 'num' },
          { header: t('money.fee'), cell: (row) => row.rate, className: 'num' },
          { header: t('money.receive'), cell: (row) => row.real_number, className: 'num' },
          { header: t('money.address'), cell: (row) => row.address, className: 'secondary' },
          timeColumn<WithdrawalRow>(t('time'), (row) => row.created_at),
          { header: t('signer.title'), cell: (row) => <SignerCell row={row} /> },
          canAct && {
            header: t('money.txid'),
            cell: (row) =>
              !row.signer && (
                <input
                  className="input"
                  data-testid="admin-withdrawal-txid"
                  value={txids[row.id] ?? ''}
                  onChange={(event) => setTxids({ ...txids, [row.id]: event.target.value })}
                />
              ),
          },
        ]}
        actions={canAct && withdrawalActions}
      />
      <HotWallets />
      <ListSection
        title={t('money.recentDeposits')}
        sectionTestId="admin-deposits"
        query={useDeposits()}
        rowTestId="admin-deposit-row"
        columns={[
          { header: t('account'), cell: (row) => row.account },
          { header: t('currency'), cell: (row) => row.currency },
          { header: t('amount'), cell: (row) => row.amount, className: 'num' },
          { header: t('money.txid'), cell: (row) => row.txid, className: 'secondary' },
          { header: t('signer.deposit.state'), cell: (row) => <ChainState row={row} /> },
          timeColumn<DepositRow>(t('time'), (row) => row.created_at),
        ]}
      />
    </>
  );
}
