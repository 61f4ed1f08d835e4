import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTransferRecord } from './api';
import { formatAmount } from './assets';
import { AssetsLayout } from './AssetsLayout';
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
          columns={
            <>
              <th>{t('log.time')}</th>
              <th>{t('table.coin')}</th>
              <th>{t('transfer.direction')}</th>
              <th className="right">{t('log.amount')}</th>
            </>
          }
          renderRow={(row) => (
            <tr key={row.id} data-testid="transfer-record-row">
              <td className="num secondary">{row.created_time}</td>
              <td>
                <strong>{row.currency_name}</strong>
              </td>
              <td data-testid="transfer-record-direction">{row.info}</td>
              <td className="right num" data-testid="transfer-record-amount">
                {formatAmount(row.value)}
              </td>
            </tr>
          )}
        />
      </section>
    </AssetsLayout>
  );
}
