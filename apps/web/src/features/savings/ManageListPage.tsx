import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/DataTable';
import { PagedRecords } from '../../components/PagedRecords';
import { timeColumn } from '../../components/tableColumns';
import { useSavingsRecords, type SavingsRecord } from './api';
import './savings.css';

/** `manageList` (document 3, section 2): my deposits, with interest received, maturity and status. */
export default function ManageListPage() {
  const { t } = useTranslation('savings');
  const records = useSavingsRecords();
  const columns: Column<SavingsRecord>[] = [
    { header: t('list.coin'), cell: (row) => row.currency_name },
    { header: t('list.amount'), cell: (row) => <span className="num">{row.balance}</span> },
    {
      header: t('list.rate'),
      cell: (row) => (
        <span className="num">
          {row.rate}% / {t('plan.days', { day: row.day })}
        </span>
      ),
    },
    {
      header: t('list.interest'),
      cell: (row) => (
        <span className="num" data-testid="savings-record-interest">
          {row.profit_balance} / {row.total_interest}
        </span>
      ),
    },
    {
      header: t('list.progress'),
      cell: (row) => (
        <span className="num">
          {row.days_accrued}/{row.day}
        </span>
      ),
    },
    timeColumn<SavingsRecord>(t('list.startAt'), (row) => row.created_at),
    timeColumn<SavingsRecord>(t('list.end'), (row) => row.end_time),
    {
      header: t('list.status'),
      cell: (row) => (
        <span className={`badge ${row.status === 1 ? 'badge-up savings-holding' : ''}`}>
          {row.status_name}
        </span>
      ),
    },
  ];

  return (
    <div className="container savings-page savings-list-page">
      <div className="savings-head">
        <h1 className="savings-title">{t('list.title')}</h1>
        <Link className="btn btn-sm btn-ghost" to="/manage">
          {t('title')}
        </Link>
      </div>
      <section className="panel" data-testid="savings-records">
        <PagedRecords
          query={records}
          columns={columns}
          ids={{ row: 'savings-record', more: 'savings-more', states: 'savings' }}
          texts={{ empty: t('list.empty'), loadError: t('loadError') }}
          classes={{ more: 'savings-more', tableWrap: 'savings-table-wrap' }}
        />
      </section>
    </div>
  );
}
