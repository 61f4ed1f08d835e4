import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from './Pager';
import { formatTime, QueryView, Section } from './parts';
import { usePayments } from './users-api';
import { Tabs, buttonTab } from '../../components/Tabs';
import './admin-users.css';

const STATUSES = ['', '0', '1', '2'] as const;
const PAGE_SIZE = 20;

/** The payment channel's orders (the sandbox provider in development), filtered by status; read only. */
export default function ChannelPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('');
  const [page, setPage] = useState(1);
  const payments = usePayments(status, page);
  return (
    <Section title={t('channel.title')} testId="admin-channel">
      <Tabs
        className="admin-actions admin-section"
        tabClassName={buttonTab}
        items={STATUSES}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        label={(value) => (value === '' ? t('channel.all') : t(`channel.s${value}`))}
        testId={(value) => `admin-channel-status-${value || 'all'}`}
      />
      <QueryView query={payments} isEmpty={(data) => data.list.length === 0}>
        {(data) => {
          return (
            <>
              <table className="table">
                <thead>
                  <tr>
                    <th>ID</th>
                    <th>{t('account')}</th>
                    <th>{t('amount')}</th>
                    <th>{t('channel.payType')}</th>
                    <th>{t('channel.provider')}</th>
                    <th>{t('status')}</th>
                    <th>{t('channel.deposit')}</th>
                    <th>{t('time')}</th>
                    <th>{t('channel.paidAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((row) => (
                    <tr key={row.id} data-testid="admin-payment-row">
                      <td className="num">{row.id}</td>
                      <td>{row.account}</td>
                      <td className="num">
                        {row.amount} {row.currency}
                      </td>
                      <td>
                        {row.pay_type} {row.bank_code}
                      </td>
                      <td>{row.provider}</td>
                      <td className={row.status === 1 ? 'admin-ok' : row.status === 2 ? 'admin-bad' : ''}>
                        {t(`channel.s${row.status}`)}
                      </td>
                      <td className="num">{row.deposit_id ?? '--'}</td>
                      <td className="secondary">{formatTime(row.created_at)}</td>
                      <td className="secondary">{row.paid_at ? formatTime(row.paid_at) : '--'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager page={page} total={data.total} pageSize={PAGE_SIZE} onPage={setPage} />
            </>
          );
        }}
      </QueryView>
    </Section>
  );
}
