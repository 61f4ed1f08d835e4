import { LoadMore } from '../../components/LoadMore';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../components/DataTable';
import { Spinner } from '../../components/States';
import { timeColumn } from '../../components/tableColumns';
import { useRegionUsers, type RegionUser } from './api';
import './region.css';

/**
 * The regional agent list (/region): the users of the agent's region with load more; anyone who is not a
 * regional agent reads 'not a regional agent, no permission'.
 */
export default function RegionPage() {
  const { t } = useTranslation('region');
  const users = useRegionUsers();
  const rows = users.data?.pages.flatMap((page) => page.data) ?? [];

  const columns: Column<RegionUser>[] = [
    { header: t('col.account'), cell: (user) => user.account_number ?? '--' },
    { header: t('col.city'), cell: (user) => user.city_name },
    { header: t('col.district'), cell: (user) => user.district_name || '--' },
    { header: t('col.phone'), cell: (user) => <span className="num">{user.phone}</span> },
    timeColumn<RegionUser>(t('col.time'), (user) => user.time),
  ];

  let body;
  if (users.isPending) body = <Spinner />;
  else if (users.isError && rows.length === 0)
    body = (
      <div className="empty" data-testid="region-denied">
        {t('noPermission')}
      </div>
    );
  else
    body = (
      <>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(user, index) => user.user_id ?? index}
          rowProps={() => ({ 'data-testid': 'region-user' })}
        />
        {rows.length === 0 && <div className="empty">{t('common:noData')}</div>}
        <LoadMore
          pages={users}
          shown={rows.length}
          className="region-more"
          noMoreLabel={t('noMore')}
          testId="region-more"
        />
      </>
    );

  return (
    <div className="container region-page">
      <h1 className="region-title">{t('title')}</h1>
      <section className="panel" data-testid="region-page">
        {body}
      </section>
    </div>
  );
}
