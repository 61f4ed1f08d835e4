import type { AdminAcceptor, AdminSeller } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../components/tableColumns';
import { useOutletContext } from 'react-router';
import { roleAtLeast, useAdminAction, type Me } from './api';
import { ApproveSellerForm } from './ApproveSellerForm';
import { CodeAndReason, DraftForm, useProof } from './forms';
import { ListSection, Verdict } from './list';
import { useAcceptors, useSellers } from './users-api';
import './admin-users.css';

/** A shop's or a desk's state: on (1) or suspended. */
function OnOff({ status }: { status: number }) {
  const { t } = useTranslation('admin');
  return (
    <Verdict good={status === 1}>{status === 1 ? t('sellers.statusOn') : t('sellers.statusOff')}</Verdict>
  );
}

/** Shops: support approves a user as a seller of USDT or suspends a shop, with a reason. */
function Sellers({ canAct, reason }: { canAct: boolean; reason: string }) {
  const { t } = useTranslation('admin');
  const suspend = useAdminAction('sellers/suspend');
  return (
    <ListSection
      title={t('sellers.title')}
      sectionTestId="admin-sellers"
      controls={canAct && <ApproveSellerForm className="admin-form admin-section" reason={reason} />}
      query={useSellers()}
      rowTestId="admin-seller-row"
      columns={[
        { header: 'ID', cell: (row) => row.id, className: 'num' },
        { header: t('account'), cell: (row) => row.account },
        { header: t('sellers.name'), cell: (row) => row.name },
        { header: t('currency'), cell: (row) => row.currency },
        { header: t('status'), cell: (row) => <OnOff status={row.status} /> },
        timeColumn<AdminSeller>(t('time'), (row) => row.created_at),
      ]}
      actions={
        canAct &&
        ((row) =>
          row.status === 1
            ? [
                {
                  label: t('sellers.suspend'),
                  tone: 'sell',
                  disabled: suspend.isPending,
                  onClick: () => suspend.mutate({ id: row.id, reason }),
                },
              ]
            : [])
      }
    />
  );
}

const ACCEPTOR_LABELS = {
  id: 'sellers.userId',
  name: 'sellers.name',
  recharge_rate: 'acceptors.rechargeRate',
  cash_rate: 'acceptors.cashRate',
  recharge_amount: 'acceptors.rechargeAmount',
  cash_amount: 'acceptors.cashAmount',
};
/** A desk's rates and quotas: typed in the approval form, shown as figures in the list. */
const DESK_TERMS = ['recharge_rate', 'cash_rate', 'recharge_amount', 'cash_amount'] as const;
const ACCEPTOR_FIELDS = ['id', 'name', ...DESK_TERMS] as const;
const noAcceptor = Object.fromEntries(ACCEPTOR_FIELDS.map((name) => [name, ''])) as Record<
  (typeof ACCEPTOR_FIELDS)[number],
  string
>;

/** Acceptors: finance approves a desk (rates and quotas) or suspends and resumes one, with a fresh code. */
function Acceptors({ canAct, reason, code }: { canAct: boolean; reason: string; code: string }) {
  const { t } = useTranslation('admin');
  const approve = useAdminAction('acceptors/approve');
  const status = useAdminAction('acceptors/status');
  const [form, setForm] = useState(noAcceptor);
  return (
    <ListSection
      title={t('acceptors.title')}
      sectionTestId="admin-acceptors"
      controls={
        canAct && (
          <DraftForm
            className="admin-form admin-section"
            onSubmit={() => approve.mutate({ ...form, reason, totp_code: code })}
            submit={{ label: t('acceptors.approve'), pending: approve.isPending }}
            draft={form}
            setDraft={setForm}
            names={ACCEPTOR_FIELDS}
            label={(name) => t(ACCEPTOR_LABELS[name])}
            prefix="admin-acceptor"
          />
        )
      }
      query={useAcceptors()}
      columns={[
        { header: 'ID', cell: (row) => row.id, className: 'num' },
        { header: t('account'), cell: (row) => row.account },
        { header: t('sellers.name'), cell: (row) => row.name },
        ...DESK_TERMS.map((name) => ({
          header: t(ACCEPTOR_LABELS[name]),
          cell: (row: AdminAcceptor) => row[name],
          className: 'num',
        })),
        { header: t('status'), cell: (row) => <OnOff status={row.status} /> },
      ]}
      actions={
        canAct &&
        ((row) => [
          {
            label: row.status === 1 ? t('acceptors.suspend') : t('acceptors.resume'),
            tone: row.status === 1 ? 'sell' : 'buy',
            disabled: status.isPending,
            onClick: () =>
              status.mutate({ id: row.id, status: row.status === 1 ? 0 : 1, reason, totp_code: code }),
          },
        ])
      }
    />
  );
}

/** P2P parties: the sellers (shops) and the acceptors, and who may approve them. */
export default function SellersPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const support = roleAtLeast(me.role, 'support');
  const finance = roleAtLeast(me.role, 'finance');
  const proof = useProof();
  return (
    <>
      <CodeAndReason
        canAct={support}
        title={t('person.codeAndReason')}
        codeLabel={t('person.codeLabel')}
        proof={proof}
      />
      <Sellers canAct={support} reason={proof.reason} />
      <Acceptors canAct={finance} reason={proof.reason} code={proof.code} />
    </>
  );
}
