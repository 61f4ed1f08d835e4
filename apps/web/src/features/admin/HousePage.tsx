import { FUNDABLE_HOUSE_POOLS } from '@exchange/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { roleAtLeast, useAdminAction, useDashboard, type Dashboard, type Me } from './api';
import { CodeAndReason, Form, SelectField, TextField, useProof } from './forms';
import { QueryView, ReadOnlyNote, Section } from './parts';

type HouseRow = Dashboard['house'][number];
type FundablePool = (typeof FUNDABLE_HOUSE_POOLS)[number];

/** A house account's name in the operator's words (the ledger's own name if it has none). */
function usePoolName() {
  const { t } = useTranslation('admin');
  return (account: string) => t(`house.pools.${account}`, { defaultValue: account });
}

function Balances({ rows }: { rows: HouseRow[] }) {
  const { t } = useTranslation('admin');
  const poolName = usePoolName();
  return (
    <DataTable
      testId="admin-house-balances"
      rows={rows}
      rowKey={(row) => `${row.account}-${row.currency}`}
      rowProps={(row) => ({
        'data-testid': 'admin-house-row',
        'data-pool': row.account,
        'data-currency': row.currency,
      })}
      columns={[
        { header: t('dashboard.houseAccount'), cell: (row) => poolName(row.account) },
        { header: t('currency'), cell: (row) => row.currency },
        { header: t('dashboard.balance'), cell: (row) => row.balance, className: 'num' },
      ]}
    />
  );
}

const EMPTY_FUNDING = { currency: 'USDT', amount: '', ref: '' };

/**
 * Moving the exchange's capital into a pool: booked as the treasury's deposit and moved on in one transaction
 * (the audit stays balanced); the reference makes a form sent twice fund once.
 */
function FundPool() {
  const { t } = useTranslation('admin');
  const poolName = usePoolName();
  const proof = useProof();
  const [pool, setPool] = useState<FundablePool>('insurance_fund');
  const [draft, setDraft] = useState(EMPTY_FUNDING);
  const fund = useAdminAction('house/fund');
  const result = fund.data as { funded: boolean } | undefined;
  const field = (name: keyof typeof EMPTY_FUNDING) => (
    <TextField
      label={t(`house.${name}`)}
      testId={`admin-fund-${name}`}
      value={draft[name]}
      onChange={(value) => setDraft({ ...draft, [name]: value })}
    />
  );
  return (
    <>
      <CodeAndReason codeLabel={t('person.codeLabel')} proof={proof} />
      <Form
        className="admin-form admin-section"
        onSubmit={() => fund.mutate({ pool, ...draft, reason: proof.reason, totp_code: proof.code })}
      >
        <SelectField
          label={t('house.pool')}
          testId="admin-fund-pool"
          value={pool}
          onChange={(value) => setPool(value as FundablePool)}
          options={FUNDABLE_HOUSE_POOLS}
          optionLabel={poolName}
        />
        {field('currency')}
        {field('amount')}
        {field('ref')}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={fund.isPending}
          data-testid="admin-fund-submit"
        >
          {t('house.fund')}
        </button>
      </Form>
      {result && (
        <div className="admin-note" data-testid="admin-fund-result" data-funded={result.funded}>
          {result.funded ? t('house.funded') : t('house.fundedBefore')}
        </div>
      )}
    </>
  );
}

/** The house accounts' balances, and the funding of a pool for finance. */
export default function HousePage() {
  const { t } = useTranslation('admin');
  const me = useOutletContext<Me>();
  return (
    <>
      <Section title={t('house.fundTitle')} testId="admin-house-fund">
        <p className="secondary">{t('house.fundHint')}</p>
        {roleAtLeast(me.role, 'finance') ? <FundPool /> : <ReadOnlyNote />}
      </Section>
      <Section title={t('dashboard.house')} testId="admin-house">
        <QueryView query={useDashboard()} isEmpty={(data) => data.house.length === 0}>
          {(data) => <Balances rows={data.house} />}
        </QueryView>
      </Section>
    </>
  );
}
