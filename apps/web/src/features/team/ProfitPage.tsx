import { useTranslation } from 'react-i18next';
import { AccountFrame } from '../../components/AccountFrame';
import type { ProfitRecord } from '@exchange/contracts';
import type { Column } from '../../components/DataTable';
import { PagedRecords } from '../../components/PagedRecords';
import { timeColumn } from '../../components/tableColumns';
import { useProfits } from './api';
import './team.css';

/** The profit page (document 3, "Team tree"): the caller's rebates and savings interest, newest first. */
export default function ProfitPage() {
  const { t } = useTranslation('team');
  const profits = useProfits();
  const columns: Column<ProfitRecord>[] = [
    timeColumn<ProfitRecord>(t('col.time'), (row) => row.created_time),
    { header: t('col.info'), cell: (row) => row.info },
    { header: t('col.account'), cell: (row) => t(`account.${row.account}`, { defaultValue: row.account }) },
    {
      header: t('col.amount'),
      align: 'right',
      cell: (row) => (
        <span className="num up" data-testid="profit-value">
          +{row.value} {row.currency_name}
        </span>
      ),
    },
  ];

  return (
    <AccountFrame active="profit">
      <section className="panel">
        <header className="panel-header">{t('profitTitle')}</header>
        <div className="panel-body">
          <p className="muted team-intro">{t('profitIntro')}</p>
          <PagedRecords
            query={profits}
            columns={columns}
            ids={{ row: 'profit-row', more: 'profit-more', states: 'profit' }}
            texts={{ empty: t('profitEmpty'), loadError: t('profitFailed'), more: t('more') }}
            classes={{ more: 'team-more' }}
          />
        </div>
      </section>
    </AccountFrame>
  );
}
