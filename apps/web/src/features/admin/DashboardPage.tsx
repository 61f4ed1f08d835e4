import { useTranslation } from 'react-i18next';
import { useDashboard, type Dashboard } from './api';
import { QueryView, Section } from './parts';

function Table({ head, rows, testId }: { head: string[]; rows: (string | number)[][]; testId?: string }) {
  const { t } = useTranslation('admin');
  if (rows.length === 0) return <div className="empty">{t('empty')}</div>;
  return (
    <table className="table" data-testid={testId}>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell}>{cell}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            {row.map((cell, column) => (
              <td key={column} className={typeof cell === 'number' || column > 0 ? 'num' : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Board({ data }: { data: Dashboard }) {
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
        <Section title={t('dashboard.depositsToday')}>
          <Table
            head={[t('currency'), t('count'), t('amount')]}
            rows={data.deposits_today.map((row) => [row.currency, row.count, row.amount])}
          />
        </Section>
        <Section title={t('dashboard.withdrawalsToday')}>
          <Table
            head={[t('currency'), t('status'), t('count'), t('amount')]}
            rows={data.withdrawals_today.map((row) => [
              row.currency,
              t(`withdrawalStatus.s${row.status}`),
              row.count,
              row.amount,
            ])}
          />
        </Section>
      </div>
      <div className="admin-grid">
        <Section title={t('dashboard.markets')}>
          <Table
            head={[t('dashboard.symbol'), t('dashboard.openOrders'), t('dashboard.openPositions')]}
            rows={data.markets.map((row) => [row.symbol, row.open_orders, row.open_positions])}
          />
        </Section>
        <Section title={t('dashboard.house')}>
          <Table
            head={[t('dashboard.houseAccount'), t('currency'), t('dashboard.balance')]}
            rows={data.house.map((row) => [row.account, row.currency, row.balance])}
          />
        </Section>
      </div>
      <Section title={t('dashboard.queues')}>
        <Table
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
      </Section>
    </>
  );
}

export default function DashboardPage() {
  const dashboard = useDashboard();
  return <QueryView query={dashboard}>{(data) => <Board data={data} />}</QueryView>;
}
