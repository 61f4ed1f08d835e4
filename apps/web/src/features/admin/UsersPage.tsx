import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../components/tableColumns';
import { useNavigate, useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, useUsers, type Me, type UserRow } from './api';
import { Form, SelectField, TextField } from './forms';
import { ListSection } from './list';
import { IdentityState, Section, SignInState } from './parts';

const NEW_USER = { account: '', password: '', reason: '' };

/**
 * Support opens an account for a customer (a branch visit, a partner's onboarding): ready to sign in, with
 * the identity approved when support has seen it; the new user's page opens.
 */
function CreateUser() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [draft, setDraft] = useState(NEW_USER);
  const [kyc, setKyc] = useState<'0' | '1'>('0');
  const create = useAdminAction('users/create');
  const field = (name: keyof typeof NEW_USER, type?: 'password') => (
    <TextField
      label={t(`users.new.${name}`)}
      testId={`admin-new-user-${name}`}
      {...(type ? { type } : {})}
      value={draft[name]}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
    />
  );
  return (
    <Section title={t('users.new.title')} testId="admin-new-user">
      <Form
        className="admin-form"
        onSubmit={() =>
          create.mutate(
            { ...draft, kyc },
            { onSuccess: (user) => void navigate(`/admin/users/${(user as { id: number }).id}`) },
          )
        }
      >
        {field('account')}
        {field('password', 'password')}
        <SelectField
          label={t('users.new.kyc')}
          testId="admin-new-user-kyc"
          value={kyc}
          onChange={(value) => setKyc(value === '1' ? '1' : '0')}
          options={['0', '1'] as const}
          optionLabel={(value) => t(value === '1' ? 'users.new.kycApproved' : 'users.new.kycNone')}
        />
        {field('reason')}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={create.isPending}
          data-testid="admin-new-user-submit"
        >
          {t('users.new.submit')}
        </button>
      </Form>
    </Section>
  );
}

/** Users by account or id; a row opens the user's page (UserDetailPage). Support may open an account. */
export default function UsersPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const [q, setQ] = useState('');
  const navigate = useNavigate();
  return (
    <>
      {roleAtLeast(me.role, 'support') && <CreateUser />}
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
    </>
  );
}
