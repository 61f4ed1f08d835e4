import type { AdminOperator } from '@exchange/contracts';
import { ADMIN_ROLE_NAMES } from '@exchange/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { timeColumn } from '../../components/tableColumns';
import { roleAtLeast, useAdminAction, type Me, type Role } from './api';
import { useOperators } from './operations-api';
import { CodeAndReason, Form, SelectField, TextField, useProof } from './forms';
import { ListSection, Verdict } from './list';
import { Section } from './parts';

type Proof = ReturnType<typeof useProof>;

/** A choice of role, by the role's name in the operator's language. */
function RoleField(props: { label: string; testId: string; role: Role; setRole: (role: Role) => void }) {
  const { t } = useTranslation('admin');
  return (
    <SelectField
      label={props.label}
      testId={props.testId}
      value={props.role}
      onChange={(value) => props.setRole(value as Role)}
      options={ADMIN_ROLE_NAMES}
      optionLabel={(name) => t(`operators.roles.${name}`)}
    />
  );
}

/** A new operator: login and role; their first password is shown here once, to hand over. */
function CreateOperator({ proof }: { proof: Proof }) {
  const { t } = useTranslation('admin');
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const create = useAdminAction('operators/create');
  const created = create.data as (AdminOperator & { password: string }) | undefined;
  return (
    <Section title={t('operators.create')} testId="admin-operator-create">
      <Form
        className="admin-form"
        onSubmit={() => create.mutate({ login, role, reason: proof.reason, totp_code: proof.code })}
      >
        <TextField
          label={t('operators.login')}
          testId="admin-operator-login"
          value={login}
          onChange={setLogin}
        />
        <RoleField label={t('operators.role')} testId="admin-operator-role" role={role} setRole={setRole} />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={create.isPending}
          data-testid="admin-operator-add"
        >
          {t('operators.add')}
        </button>
      </Form>
      {created && (
        <div className="admin-note" data-testid="admin-operator-password">
          {t('operators.passwordOnce', { login: created.login })}{' '}
          <code className="num" data-testid="admin-operator-password-value">
            {created.password}
          </code>
        </div>
      )}
    </Section>
  );
}

/** Another operator's role, chosen from the list. */
function ChangeRole({ operators, proof, me }: { operators: AdminOperator[]; proof: Proof; me: Me }) {
  const { t } = useTranslation('admin');
  const others = operators.filter((operator) => operator.login !== me.login && !operator.disabled);
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const change = useAdminAction('operators/role');
  if (others.length === 0) return null;
  return (
    <Form
      className="admin-form admin-section"
      onSubmit={() => change.mutate({ login, role, reason: proof.reason, totp_code: proof.code })}
    >
      <SelectField
        label={t('operators.login')}
        testId="admin-role-login"
        value={login}
        onChange={setLogin}
        options={others.map((operator) => operator.login)}
        all={t('operators.choose')}
      />
      <RoleField label={t('operators.newRole')} testId="admin-role-role" role={role} setRole={setRole} />
      <button
        type="submit"
        className="btn btn-primary"
        disabled={change.isPending || login === ''}
        data-testid="admin-role-change"
      >
        {t('operators.changeRole')}
      </button>
    </Form>
  );
}

function OperatorList({ proof, me }: { proof: Proof; me: Me }) {
  const { t } = useTranslation('admin');
  const operators = useOperators();
  const disable = useAdminAction('operators/disable');
  return (
    <ListSection
      title={t('nav.operators')}
      sectionTestId="admin-operators"
      controls={operators.data && <ChangeRole operators={operators.data} proof={proof} me={me} />}
      query={operators}
      rowTestId="admin-operator-row"
      rowProps={(row) => ({ 'data-login': row.login })}
      columns={[
        { header: 'ID', cell: (row) => row.id, className: 'num' },
        { header: t('operators.login'), cell: (row) => row.login },
        {
          header: t('operators.role'),
          cell: (row) => t(`operators.roles.${row.role}`, { defaultValue: row.role }),
        },
        {
          header: t('operators.totp'),
          cell: (row) => (
            <Verdict good={row.totp_enrolled}>
              {t(row.totp_enrolled ? 'operators.enrolled' : 'operators.notEnrolled')}
            </Verdict>
          ),
        },
        {
          header: t('status'),
          cell: (row) => (
            <Verdict good={!row.disabled}>
              {t(row.disabled ? 'operators.disabled' : 'operators.active')}
            </Verdict>
          ),
        },
        timeColumn<AdminOperator>(t('time'), (row) => row.created_at),
      ]}
      actions={(row) =>
        row.disabled || row.login === me.login
          ? []
          : [
              {
                label: t('operators.disable'),
                tone: 'sell',
                testId: 'admin-operator-disable',
                disabled: disable.isPending,
                onClick: () =>
                  disable.mutate({ login: row.login, reason: proof.reason, totp_code: proof.code }),
              },
            ]
      }
    />
  );
}

/** Operators and roles: only admins see and change them (the server refuses everyone else). */
export default function OperatorsPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const proof = useProof();
  if (!roleAtLeast(me.role, 'admin'))
    return (
      <Section title={t('nav.operators')} testId="admin-operators">
        <div className="admin-note" data-testid="admin-read-only">
          {t('operators.adminsOnly')}
        </div>
      </Section>
    );
  return (
    <>
      <CodeAndReason title={t('person.codeAndReason')} codeLabel={t('person.codeLabel')} proof={proof} />
      <CreateOperator proof={proof} />
      <OperatorList proof={proof} me={me} />
    </>
  );
}
