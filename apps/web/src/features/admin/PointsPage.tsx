import type { AdminPoints } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { timeColumn } from '../../components/tableColumns';
import { roleAtLeast, useAdminAction, type Me } from './api';
import { usePoints, useSandboxAccounts } from './operations-api';
import { CodeAndReason, Form, TextField, useProof } from './forms';
import { ListTable } from './list';
import { QueryView, ReadOnlyNote, Section } from './parts';

type SandboxAccount = AdminPoints['accounts'][number];
type TopUp = { account: string; points: string };

/** Who gives the points: the sandbox built in, a partner's API, or none; and why top-ups are refused. */
function Partner({ points }: { points: AdminPoints }) {
  const { t } = useTranslation('admin');
  return (
    <div data-testid="admin-points-partner" data-kind={points.partner.kind}>
      <p>
        <strong>{points.partner.name || t('points.kinds.none')}</strong>
        {points.partner.name && ` · ${t(`points.kinds.${points.partner.kind}`)}`}
      </p>
      {points.top_up_refused && (
        <div className="admin-note" data-testid="admin-points-refused">
          {points.top_up_refused}
        </div>
      )}
    </div>
  );
}

/** Finance adds points to a sandbox account: a fresh code and a reason, each top-up in the trail. */
function TopUpForm({ draft, setDraft }: { draft: TopUp; setDraft: (draft: TopUp) => void }) {
  const { t } = useTranslation('admin');
  const proof = useProof();
  const topUp = useAdminAction('points/grant');
  const result = topUp.data as { account: string; points: string } | undefined;
  return (
    <>
      <CodeAndReason codeLabel={t('person.codeLabel')} proof={proof} />
      <Form
        className="admin-form admin-section"
        onSubmit={() => topUp.mutate({ ...draft, reason: proof.reason, totp_code: proof.code })}
      >
        <TextField
          label={t('points.account')}
          testId="admin-points-account"
          value={draft.account}
          onChange={(account) => setDraft({ ...draft, account })}
        />
        <TextField
          label={t('points.points')}
          testId="admin-points-amount"
          inputMode="decimal"
          value={draft.points}
          onChange={(points) => setDraft({ ...draft, points })}
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={topUp.isPending}
          data-testid="admin-points-submit"
        >
          {t('points.topUp')}
        </button>
      </Form>
      {result && (
        <div className="admin-note" data-testid="admin-points-result">
          {t('points.toppedUp', result)}
        </div>
      )}
    </>
  );
}

/**
 * Points: the partner the points exchange takes points from and, with the sandbox partner, its accounts
 * (with the user bound to each) and finance's top-up of one, for demos and tests. With a partner's API or in
 * production the server refuses top-ups and the screen says why.
 */
export default function PointsPage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState<TopUp>({ account: '', points: '' });
  const query = usePoints();
  const accounts = useSandboxAccounts(q);
  const canTopUp = roleAtLeast(me.role, 'finance') && query.data?.top_up_refused === null;
  return (
    <>
      <Section title={t('points.partnerTitle')} testId="admin-points">
        <QueryView query={query}>{(points) => <Partner points={points} />}</QueryView>
      </Section>
      {query.data?.top_up_refused === null && (
        <Section title={t('points.topUpTitle')} testId="admin-points-top-up">
          <p className="secondary">{t('points.topUpHint')}</p>
          {canTopUp ? <TopUpForm draft={draft} setDraft={setDraft} /> : <ReadOnlyNote />}
        </Section>
      )}
      {query.data?.partner.kind === 'sandbox' && (
        <Section title={t('points.accountsTitle')} testId="admin-points-accounts">
          <div className="admin-section">
            <TextField label={t('points.search')} testId="admin-points-search" value={q} onChange={setQ} />
          </div>
          <ListTable<SandboxAccount>
            query={accounts}
            rowTestId="admin-points-row"
            rowKey={(row) => row.user_name}
            rowProps={(row) => ({ 'data-account': row.user_name })}
            columns={[
              { header: t('points.account'), cell: (row) => row.user_name },
              { header: t('points.points'), cell: (row) => row.points, className: 'num' },
              {
                header: t('points.boundTo'),
                cell: (row) => row.bound_to ?? <span className="secondary">{t('points.unbound')}</span>,
              },
              timeColumn<SandboxAccount>(t('time'), (row) => row.updated_at),
            ]}
            actions={
              canTopUp &&
              ((row) => [
                {
                  label: t('points.pick'),
                  testId: 'admin-points-pick',
                  onClick: () => setDraft({ ...draft, account: row.user_name }),
                },
              ])
            }
          />
        </Section>
      )}
    </>
  );
}
