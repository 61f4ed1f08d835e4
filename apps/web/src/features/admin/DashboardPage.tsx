import { useTranslation } from 'react-i18next';
import { useDashboard, type Dashboard } from './api';
import { DataTable } from '../../components/DataTable';
import { QueryView, Section } from './parts';

type Cells = (string | number)[];

/** A titled summary table: its first column names the row, the others are figures. */
function Board({
  title,
  head,
  rows,
  testId,
}: {
  title: string;
  head: string[];
  rows: Cells[];
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Section title={title}>
      {rows.length === 0 ? (
        <div className="empty">{t('empty')}</div>
      ) : (
        <DataTable
          testId={testId}
          rows={rows}
          rowKey={(_row, index) => index}
          columns={head.map((header, column) => ({
            header,
            cell: (row: Cells) => row[column],
            className: column > 0 ? 'num' : undefined,
          }))}
        />
      )}
    </Section>
  );
}

function Boards({ data }: { data: Dashboard }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <div className="admin-grid">
        <Section title={t('dashboard.users')} testId="admin-users">
          <div className="admin-stat">{data.users.total}</div>
          <div className="muted">
            +{data.users.today} {t('dashboard.usersToday')}
          </div>
        </Section>
        <Section title={t('dashboard.audit')} testId="admin-audit">
          <div
            className={`admin-stat ${data.audit.ok ? 'admin-ok' : 'admin-bad'}`}
            data-testid="admin-audit-status"
            data-ok={data.audit.ok}
          >
            {data.audit.ok ? t('dashboard.auditOk') : t('dashboard.auditBad')}
          </div>
          {data.audit.problems.length > 0 && (
            <ul className="admin-problems">
              {data.audit.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      <div className="admin-grid">
        <Board
          title={t('dashboard.depositsToday')}
          head={[t('currency'), t('count'), t('amount')]}
          rows={data.deposits_today.map((row) => [row.currency, row.count, row.amount])}
        />
        <Board
          title={t('dashboard.withdrawalsToday')}
          head={[t('currency'), t('status'), t('count'), t('amount')]}
          rows={data.withdrawals_today.map((row) => [
            row.currency,
            t(`withdrawalStatus.s${row.status}`),
            row.count,
            row.amount,
          ])}
        />
      </div>
      <div className="admin-grid">
        <Board
          title={t('dashboard.markets')}
          head={[t('dashboard.symbol'), t('dashboard.openOrders'), t('dashboard.openPositions')]}
          rows={data.markets.map((row) => [row.symbol, row.open_orders, row.open_positions])}
        />
        <Board
          title={t('dashboard.house')}
          head={[t('dashboard.houseAccount'), t('currency'), t('dashboard.balance')]}
          rows={data.house.map((row) => [row.account, row.currency, row.balance])}
        />
      </div>
      <Board
        title={t('dashboard.queues')}
        testId="admin-queues"
        head={[
          t('dashboard.queue'),
          t('dashboard.workers'),
          t('dashboard.waiting'),
          t('dashboard.active'),
          t('dashboard.delayed'),
          t('dashboard.failedJobs'),
        ]}
        rows={data.queues.map((row) => [
          row.name,
          row.workers < 0 ? '?' : row.workers,
          row.waiting,
          row.active,
          row.delayed,
          row.failed,
        ])}
      />
    </>
  );
}

export default function DashboardPage() {
  const dashboard = useDashboard();
  return <QueryView query={dashboard}>{(data) => <Boards data={data} />}</QueryView>;
}
