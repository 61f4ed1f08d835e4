import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useAppeals, type Me } from './api';
import { AppealDetail } from './AppealDetail';
import { ActionsCell, CodeAndReason, formatTime, Section, ListTable, useProof } from './parts';

/** P2P orders under appeal; finance releases the escrow to the buyer or refunds the seller, with a reason. */
export default function AppealsPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canAct = roleAtLeast(me.role, 'finance');
  const appeals = useAppeals();
  const resolve = useAdminAction('appeals/resolve');
  const proof = useProof();
  const [opened, setOpened] = useState<number | null>(null);

  return (
    <Section title={t('nav.appeals')} testId="admin-appeals">
      <CodeAndReason canAct={canAct} codeLabel={t('totpCode')} proof={proof} />
      {opened !== null && <AppealDetail id={opened} onClose={() => setOpened(null)} />}
      <ListTable
        query={appeals}
        head={[
          t('appeals.order'),
          t('amount'),
          t('appeals.money'),
          t('appeals.taker'),
          t('appeals.seller'),
          t('reason'),
          t('time'),
          '',
          ...(canAct ? [''] : []),
        ]}
      >
        {(row) => (
          <tr key={row.id} data-testid="admin-appeal-row">
            <td>{row.id}</td>
            <td className="num">{row.number}</td>
            <td className="num">{row.deal_money}</td>
            <td>{row.taker}</td>
            <td>{row.seller}</td>
            <td>{row.reason}</td>
            <td className="secondary">{formatTime(row.created_at)}</td>
            <td>
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                data-testid="admin-appeal-view"
                onClick={() => setOpened(row.id)}
              >
                {t('appealDetail.view')}
              </button>
            </td>
            {canAct && (
              <ActionsCell
                actions={(['release', 'refund'] as const).map((decision) => ({
                  label: t(`appeals.${decision}`),
                  testId: `admin-appeal-${decision}`,
                  tone: decision === 'release' ? 'buy' : 'sell',
                  disabled: resolve.isPending,
                  onClick: () =>
                    resolve.mutate({ id: row.id, decision, reason: proof.reason, totp_code: proof.code }),
                }))}
              />
            )}
          </tr>
        )}
      </ListTable>
    </Section>
  );
}
