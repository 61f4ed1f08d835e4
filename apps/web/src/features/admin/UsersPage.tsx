import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../components/tableColumns';
import { useNavigate } from 'react-router';
import { useUsers, type UserRow } from './api';
import { TextField } from './forms';
import { ListSection } from './list';
import { IdentityState, SignInState } from './parts';

/** Users by account or id; a row opens the user's page (UserDetailPage). */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const navigate = useNavigate();
  return (
    <ListSection
      title={t('nav.users')}
      sectionTestId="admin-users-page"
      controls={
        <div className="admin-section">
          <TextField label={t('users.search')} testId="admin-user-search" value={q} onChange={setQ} />
        </div>
      }
      query={useUsers(q)}
      rowTestId="admin-user-row"
      rowProps={(row) => ({
        className: 'admin-clickable',
        onClick: () => void navigate(`/admin/users/${row.id}`),
      })}
      columns={[
        { header: 'ID', cell: (row) => row.id, className: 'num' },
        { header: t('account'), cell: (row) => row.account },
        { header: t('users.kyc'), cell: (row) => <IdentityState status={row.review_status} /> },
        {
          header: t('status'),
          cell: (row) =>
            row.frozen_funds === 1 ? (
              <span className="admin-bad">{t('person.frozen')}</span>
            ) : (
              <SignInState status={row.status} />
            ),
        },
        timeColumn<UserRow>(t('time'), (row) => row.created_at),
      ]}
    />
  );
}
