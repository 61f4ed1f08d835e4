import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useOutLog, type OutLogRow, type RecordKind } from './api';
import { formatAmount } from './assets';
import { AssetsLayout } from './AssetsLayout';
import { timeColumn } from '../../components/tableColumns';
import { amountColumn, coinColumn } from './record-columns';
import { useChainDepositPushes } from './PendingDeposits';
import { PagedTable } from './States';
import { Tabs } from '../../components/Tabs';

/** Document 2, section 4: status 2 is the success mark, 3 the failure mark; 1 is still being processed. */
const STATUS_CLASS: Record<number, string> = { 1: 'muted', 2: 'up', 3: 'down' };

function StatusMark({ row }: { row: OutLogRow }) {
  const { t } = useTranslation('assets');
  if ('confirmations' in row && row.confirmations !== undefined)
    return (
      <span className="muted" data-testid="record-status" data-status={row.status}>
        {t('records.confirming', { count: row.confirmations, required: row.required_confirmations })}
      </span>
    );
  const known = row.status === 1 || row.status === 2 || row.status === 3;
  return (
    <span className={STATUS_CLASS[row.status] ?? ''} data-testid="record-status" data-status={row.status}>
      {known ? t(`records.status${row.status}`) : '--'}
    </span>
  );
}

function RecordTable({ kind, currency }: { kind: RecordKind; currency: number | null }) {
  const { t } = useTranslation('assets');
  const log = useOutLog(kind, currency);
  useChainDepositPushes();
  return (
    <PagedTable
      query={log}
      rowsOf={(page) => page.list}
      columns={[
        timeColumn<OutLogRow>(t('log.time'), (row) => row.create_time),
        coinColumn<OutLogRow>(t, (row) => row.currency_name),
        amountColumn<OutLogRow>(t('log.amount'), (row) => row.number, 'record-amount'),
        kind === 'sell' && {
          header: t('records.fee'),
          align: 'right',
          cell: (row) => (
            <span className="num secondary">{formatAmount('rate' in row ? row.rate : null)}</span>
          ),
        },
        {
          header: t('records.address'),
          // The class clips a long address on the cell itself.
          className: 'record-address',
          cell: (row) => <span className="num secondary">{row.address || '--'}</span>,
        },
        { header: t('records.status'), align: 'right', cell: (row) => <StatusMark row={row} /> },
      ]}
      rowKey={(row) => row.id}
      rowTestId={`record-row-${kind}`}
    />
  );
}

/**
 * `/coinRecord` (document 2, section 2): deposit records (`buy`) and withdraw records (`sell`) in two tabs;
 * `/tbrec` is the withdraw record of one coin. `?currency_id=` narrows both to a coin.
 */
export default function CoinRecordPage() {
  const { t } = useTranslation('assets');
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('currency_id'));
  const currency = Number.isInteger(id) && id > 0 ? id : null;
  const withdrawOnly = pathname === '/tbrec';
  const kind: RecordKind = withdrawOnly || params.get('tab') === 'sell' ? 'sell' : 'buy';
  const choose = (next: RecordKind) => {
    const search = new URLSearchParams(params);
    search.set('tab', next);
    setParams(search, { replace: true });
  };

  return (
    <AssetsLayout testId={withdrawOnly ? 'tbrec-page' : 'coin-record-page'}>
      <section className="panel">
        <header className="panel-header assets-table-header">
          {withdrawOnly ? (
            <span>{t('records.withdrawals')}</span>
          ) : (
            <Tabs
              as="nav"
              className="tabs"
              items={['buy', 'sell'] as const}
              value={kind}
              onChange={choose}
              label={(tab) => t(tab === 'buy' ? 'records.deposits' : 'records.withdrawals')}
              testId={(tab) => `record-tab-${tab}`}
            />
          )}
          <Link to="/dealFinance" className="btn-link">
            {t('accounts.change')}
          </Link>
        </header>
        <RecordTable key={`${kind}-${currency ?? 'all'}`} kind={kind} currency={currency} />
      </section>
    </AssetsLayout>
  );
}
