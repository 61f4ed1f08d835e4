import type { AdminPayment } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../components/tableColumns';
import { PagedList, usePaging } from './list';
import { Section } from './parts';
import { usePayments } from './users-api';
import './admin-users.css';

const STATUSES = ['', '0', '1', '2'] as const;
const PAGE_SIZE = 20;
const STATUS_CLASS: Record<number, string | undefined> = { 1: 'admin-ok', 2: 'admin-bad' };

/** The payment channel's orders (the sandbox provider in development), filtered by status; read only. */
export default function ChannelPage() {
  const { t } = useTranslation('admin');
  const paging = usePaging<(typeof STATUSES)[number]>('');
  return (
    <Section title={t('channel.title')} testId="admin-channel">
      <PagedList
        paging={paging}
        filters={{
          items: STATUSES,
          label: (value) => (value === '' ? t('channel.all') : t(`channel.s${value}`)),
          testId: (value) => `admin-channel-status-${value || 'all'}`,
        }}
        query={usePayments(paging.filter, paging.page)}
        pageSize={PAGE_SIZE}
        rowTestId="admin-payment-row"
        columns={[
          { header: 'ID', cell: (row) => row.id, className: 'num' },
          { header: t('account'), cell: (row) => row.account },
          { header: t('amount'), cell: (row) => `${row.amount} ${row.currency}`, className: 'num' },
          { header: t('channel.payType'), cell: (row) => `${row.pay_type} ${row.bank_code}` },
          { header: t('channel.provider'), cell: (row) => row.provider },
          {
            header: t('status'),
            cell: (row) => <span className={STATUS_CLASS[row.status]}>{t(`channel.s${row.status}`)}</span>,
          },
          { header: t('channel.deposit'), cell: (row) => row.deposit_id ?? '--', className: 'num' },
          timeColumn<AdminPayment>(t('time'), (row) => row.created_at),
          timeColumn<AdminPayment>(t('channel.paidAt'), (row) => row.paid_at),
        ]}
      />
    </Section>
  );
}
