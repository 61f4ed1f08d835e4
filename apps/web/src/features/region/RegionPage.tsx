import { LoadMore } from '../../components/LoadMore';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/States';
import { useRegionUsers } from './api';
import './region.css';

/**
 * The regional agent list (/region): the users of the agent's region with load more; anyone who is not a
 * regional agent reads 'not a regional agent, no permission'.
 */
export default function RegionPage() {
  const { t } = useTranslation('region');
  const users = useRegionUsers();
  const rows = users.data?.pages.flatMap((page) => page.data) ?? [];

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
        <table className="table">
          <thead>
            <tr>
              <th>{t('col.account')}</th>
              <th>{t('col.city')}</th>
              <th>{t('col.district')}</th>
              <th>{t('col.phone')}</th>
              <th>{t('col.time')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((user, index) => (
              <tr key={user.user_id ?? index} data-testid="region-user">
                <td>{user.account_number ?? '--'}</td>
                <td>{user.city_name}</td>
                <td>{user.district_name || '--'}</td>
                <td className="num">{user.phone}</td>
                <td className="num secondary">{user.time}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
