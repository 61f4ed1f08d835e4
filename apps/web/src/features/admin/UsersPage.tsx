import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUsers } from './api';
import { formatTime, ListTable, Section, TextField } from './parts';

/** Users by account or id; a row opens the user's page (UserDetailPage). */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const users = useUsers(q);
  const navigate = useNavigate();
  return (
    <Section title={t('nav.users')} testId="admin-users-page">
      <div className="admin-section">
        <TextField label={t('users.search')} testId="admin-user-search" value={q} onChange={setQ} />
      </div>
      <ListTable query={users} head={['ID', t('account'), t('users.kyc'), t('status'), t('time')]}>
        {(row) => (
          <tr
            key={row.id}
            data-testid="admin-user-row"
            className="admin-clickable"
            onClick={() => void navigate(`/admin/users/${row.id}`)}
          >
            <td className="num">{row.id}</td>
            <td>{row.account}</td>
            <td className="num">{row.review_status}</td>
            <td className={row.frozen_funds === 1 ? 'admin-bad' : 'num'}>
              {row.frozen_funds === 1 ? t('person.frozen') : row.status}
            </td>
            <td className="secondary">{formatTime(row.created_at)}</td>
          </tr>
        )}
      </ListTable>
    </Section>
  );
}
