import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../components/tableColumns';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useAppeals, type AppealRow, type Me } from './api';
import { AppealDetail } from './AppealDetail';
import { CodeAndReason, useProof } from './forms';
import { decisionButtons, ListSection, RowButton } from './list';

/** Release the escrow to the buyer, or refund the seller. */
const DECISIONS = ['release', 'refund'] as const;

/** P2P orders under appeal; finance releases the escrow to the buyer or refunds the seller, with a reason. */
export default function AppealsPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const canAct = roleAtLeast(me.role, 'finance');
  const resolve = useAdminAction('appeals/resolve');
  const proof = useProof();
  const [opened, setOpened] = useState<number | null>(null);

  return (
    <ListSection
      title={t('nav.appeals')}
      sectionTestId="admin-appeals"
      controls={
        <>
          <CodeAndReason canAct={canAct} codeLabel={t('totpCode')} proof={proof} />
          {opened !== null && <AppealDetail id={opened} onClose={() => setOpened(null)} />}
        </>
      }
      query={useAppeals()}
      rowTestId="admin-appeal-row"
      columns={[
        { header: t('appeals.order'), cell: (row) => row.id },
        { header: t('amount'), cell: (row) => row.number, className: 'num' },
        { header: t('appeals.money'), cell: (row) => row.deal_money, className: 'num' },
        { header: t('appeals.taker'), cell: (row) => row.taker },
        { header: t('appeals.seller'), cell: (row) => row.seller },
        { header: t('reason'), cell: (row) => row.reason },
        timeColumn<AppealRow>(t('time'), (row) => row.created_at),
        {
          header: '',
          cell: (row) => (
            <RowButton
              action={{
                label: t('appealDetail.view'),
                testId: 'admin-appeal-view',
                onClick: () => setOpened(row.id),
              }}
            />
          ),
        },
      ]}
      actions={
        canAct &&
        ((row) =>
          decisionButtons(
            resolve.isPending,
            DECISIONS.map((decision) => ({
              label: t(`appeals.${decision}`),
              testId: `admin-appeal-${decision}`,
              onClick: () =>
                resolve.mutate({ id: row.id, decision, reason: proof.reason, totp_code: proof.code }),
            })),
          ))
      }
    />
  );
}
