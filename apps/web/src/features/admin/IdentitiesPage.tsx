import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useIdentities, type Me } from './api';
import { ActionsCell, formatTime, ReadOnlyNote, Section, TextField, ListTable } from './parts';

/** The queue of identity submissions with their three photos; support and above approve or reject. */
export default function IdentitiesPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const identities = useIdentities();
  const review = useAdminAction('identities/review');
  const [reason, setReason] = useState('');
  const canReview = roleAtLeast(me.role, 'support');

  return (
    <Section title={t('nav.identities')} testId="admin-identities">
      {canReview ? (
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
      )}
      <ListTable
        query={identities}
        head={[
          t('account'),
          t('identities.name'),
          t('identities.cardId'),
          t('identities.photos'),
          t('time'),
          ...(canReview ? [''] : []),
        ]}
      >
        {(row) => (
          <tr key={row.id} data-testid="admin-identity-row">
            <td>{row.account}</td>
            <td>{row.name}</td>
            <td>{row.card_id}</td>
            <td>
              <div className="admin-photos">
                {[row.front_pic, row.reverse_pic, row.hand_pic].map((src) => (
                  <a key={src} href={src} target="_blank" rel="noreferrer">
                    <img src={src} alt="" />
                  </a>
                ))}
              </div>
            </td>
            <td className="secondary">{formatTime(row.created_at)}</td>
            {canReview && (
              <ActionsCell
                actions={[
                  {
                    label: t('identities.approve'),
                    testId: 'admin-approve',
                    tone: 'buy',
                    disabled: review.isPending,
                    onClick: () => review.mutate({ id: row.id, decision: 'approve' }),
                  },
                  {
                    label: t('identities.reject'),
                    testId: 'admin-reject',
                    tone: 'sell',
                    disabled: review.isPending,
                    onClick: () => review.mutate({ id: row.id, decision: 'reject', reason }),
                  },
                ]}
              />
            )}
          </tr>
        )}
      </ListTable>
    </Section>
  );
}
