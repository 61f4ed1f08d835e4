import { LoadMore } from '../../components/LoadMore';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '../../components/ListState';
import { useSavingsRecords } from './api';
import './savings.css';

/** `manageList` (document 3, section 2): my deposits, with interest received, maturity and status. */
export default function ManageListPage() {
  const { t } = useTranslation('savings');
  const records = useSavingsRecords();
  const rows = records.data?.pages.flatMap((page) => page.data) ?? [];

  let body;
  if (rows.length === 0) body = null;
  else
    body = (
      <>
        <div className="savings-table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t('list.coin')}</th>
                <th>{t('list.amount')}</th>
                <th>{t('list.rate')}</th>
                <th>{t('list.interest')}</th>
                <th>{t('list.progress')}</th>
                <th>{t('list.startAt')}</th>
                <th>{t('list.end')}</th>
                <th>{t('list.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="savings-record">
                  <td>{row.currency_name}</td>
                  <td className="num">{row.balance}</td>
                  <td className="num">
                    {row.rate}% / {t('plan.days', { day: row.day })}
                  </td>
                  <td className="num" data-testid="savings-record-interest">
                    {row.profit_balance} / {row.total_interest}
                  </td>
                  <td className="num">
                    {row.days_accrued}/{row.day}
                  </td>
                  <td className="num secondary">{row.created_at}</td>
                  <td className="num secondary">{row.end_time}</td>
                  <td>
                    <span className={`badge ${row.status === 1 ? 'badge-up savings-holding' : ''}`}>
                      {row.status_name}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <LoadMore pages={records} className="savings-more" testId="savings-more" />
      </>
    );

  return (
    <div className="container savings-page savings-list-page">
      <div className="savings-head">
        <h1 className="savings-title">{t('list.title')}</h1>
        <Link className="btn btn-sm btn-ghost" to="/manage">
          {t('title')}
        </Link>
      </div>
      <section className="panel" data-testid="savings-records">
        <ListState
          pending={records.isPending}
          error={records.isError}
          empty={rows.length === 0}
          onRetry={() => void records.refetch()}
          emptyText={t('list.empty')}
          area="savings"
          text={{ loadError: t('loadError') }}
        />
        {body}
      </section>
    </div>
  );
}
