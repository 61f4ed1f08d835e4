import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../components/tableColumns';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useIdentities, type Identity, type Me } from './api';
import { TextField } from './forms';
import { decisionButtons, ListSection } from './list';
import { ReadOnlyNote } from './parts';

/** The queue of identity submissions with their three photos; support and above approve or reject. */
export default function IdentitiesPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const review = useAdminAction('identities/review');
  const [reason, setReason] = useState('');
  const canReview = roleAtLeast(me.role, 'support');
  const approve = (row: Identity) => review.mutate({ id: row.id, decision: 'approve' });
  const reject = (row: Identity) => review.mutate({ id: row.id, decision: 'reject', reason });

  return (
    <ListSection
      title={t('nav.identities')}
      sectionTestId="admin-identities"
      controls={
        canReview ? (
          <div className="admin-section">
            <TextField
              label={t('identities.reasonPrompt')}
              testId="admin-reason"
              value={reason}
              onChange={setReason}
            />
          </div>
        ) : (
          <ReadOnlyNote />
        )
      }
      query={useIdentities()}
      rowTestId="admin-identity-row"
      columns={[
        { header: t('account'), cell: (row) => row.account },
        { header: t('identities.name'), cell: (row) => row.name },
        { header: t('identities.cardId'), cell: (row) => row.card_id },
        {
          header: t('identities.photos'),
          cell: (row) => (
            <div className="admin-photos">
              {[row.front_pic, row.reverse_pic, row.hand_pic].map((src) => (
                <a key={src} href={src} target="_blank" rel="noreferrer">
                  <img src={src} alt="" />
                </a>
              ))}
            </div>
          ),
        },
        timeColumn<Identity>(t('time'), (row) => row.created_at),
      ]}
      actions={
        canReview &&
        ((row) =>
          decisionButtons(review.isPending, [
            { label: t('identities.approve'), testId: 'admin-approve', onClick: () => approve(row) },
            { label: t('identities.reject'), testId: 'admin-reject', onClick: () => reject(row) },
          ]))
      }
    />
  );
}
