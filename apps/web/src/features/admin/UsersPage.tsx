import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserDetail, useUsers, type UserDetail } from './api';
import { formatTime, ListTable, QueryView, Section, TextField } from './parts';

const ACCOUNTS = ['change', 'legal', 'lever', 'micro'] as const;

function Detail({ user }: { user: UserDetail }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <div className="admin-note" data-testid="admin-user-detail">
        #{user.id} {user.account} · {t('users.parent')}: {user.parent || '--'} · {t('dashboard.openOrders')}:{' '}
        {user.open_orders} · {t('dashboard.openPositions')}: {user.open_positions}
      </div>
      <h4>{t('users.balances')}</h4>
      <table className="table">
        <thead>
          <tr>
            <th>{t('currency')}</th>
            {ACCOUNTS.map((account) => (
              <th key={account}>{t(`users.${account}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {user.balances.map((row) => (
            <tr key={row.currency}>
              <td>{row.currency}</td>
              {ACCOUNTS.map((account) => (
                <td key={account} className="num">
                  {row[account]} / {row[`lock_${account}`]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <h4>{t('users.logs')}</h4>
      <table className="table">
        <thead>
          <tr>
            <th>{t('time')}</th>
            <th>{t('currency')}</th>
            <th>{t('account')}</th>
            <th>{t('users.delta')}</th>
            <th>{t('users.after')}</th>
            <th>{t('users.type')}</th>
          </tr>
        </thead>
        <tbody>
          {user.logs.map((log) => (
            <tr key={log.id}>
              <td className="secondary">{formatTime(log.created_at)}</td>
              <td>{log.currency}</td>
              <td>{log.account}</td>
              <td className="num">{log.delta}</td>
              <td className="num">{log.balance_after}</td>
              <td className="num">{log.type}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Users by account or id (read only for now), and one user's four accounts and latest account log. */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const users = useUsers(q);
  const detail = useUserDetail(picked);
  return (
    <>
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
              onClick={() => setPicked(row.id)}
            >
              <td className="num">{row.id}</td>
              <td>{row.account}</td>
              <td className="num">{row.review_status}</td>
              <td className="num">{row.status}</td>
              <td className="secondary">{formatTime(row.created_at)}</td>
            </tr>
          )}
        </ListTable>
      </Section>
      <Section title={t('account')}>
        {picked === null ? (
          <div className="empty">{t('users.pick')}</div>
        ) : (
          <QueryView query={detail}>{(user) => <Detail user={user} />}</QueryView>
        )}
      </Section>
    </>
  );
}
