import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountLog } from '@exchange/contracts';
import { useTransferRecord } from './api';
import { AssetsLayout } from './AssetsLayout';
import { timeColumn } from '../../components/tableColumns';
import { amountColumn, coinColumn } from './record-columns';
import { PagedTable } from './States';

/** `/transferRecord` (document 2, section 2): the user's transfers between accounts (`hzhistory`), newest first. */
export default function TransferRecordPage() {
  const { t } = useTranslation('assets');
  const record = useTransferRecord();

  return (
    <AssetsLayout testId="transfer-record-page">
      <section className="panel">
        <header className="panel-header">
          <span>{t('nav.transferRecord')}</span>
          <Link to="/transfer" className="btn-link">
            {t('nav.transfer')}
          </Link>
        </header>
        <PagedTable
          query={record}
          rowsOf={(page) => page.data}
          columns={[
            timeColumn<AccountLog>(t('log.time'), (row) => row.created_time),
            coinColumn<AccountLog>(t, (row) => row.currency_name),
            {
              header: t('transfer.direction'),
              cell: (row) => <span data-testid="transfer-record-direction">{row.info}</span>,
            },
            amountColumn<AccountLog>(t('log.amount'), (row) => row.value, 'transfer-record-amount'),
          ]}
          rowKey={(row) => row.id}
          rowTestId="transfer-record-row"
        />
      </section>
    </AssetsLayout>
  );
}
