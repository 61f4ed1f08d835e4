import { useTranslation } from 'react-i18next';
import { AccountFrame } from '../../components/AccountFrame';
import { LoadMore } from '../../components/LoadMore';
import { ListState } from '../../components/ListState';
import { useProfits } from './api';
import './team.css';

/** The profit page (document 3, "Team tree"): the caller's rebates and savings interest, newest first. */
export default function ProfitPage() {
  const { t } = useTranslation('team');
  const profits = useProfits();
  const rows = profits.data?.pages.flatMap((page) => page.data) ?? [];

  const state = (
    <ListState
      pending={profits.isPending}
      error={profits.isError}
      empty={rows.length === 0}
      onRetry={() => void profits.refetch()}
      emptyText={t('profitEmpty')}
      area="profit"
      text={{ loadError: t('profitFailed') }}
    />
  );
  let body;
  if (rows.length === 0) body = state;
  else
    body = (
      <>
        <table className="table">
          <thead>
            <tr>
              <th>{t('col.time')}</th>
              <th>{t('col.info')}</th>
              <th>{t('col.account')}</th>
              <th className="right">{t('col.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="profit-row">
                <td className="num secondary">{row.created_time}</td>
                <td>{row.info}</td>
                <td>{t(`account.${row.account}`, { defaultValue: row.account })}</td>
                <td className="num right up" data-testid="profit-value">
                  +{row.value} {row.currency_name}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {profits.hasNextPage ? (
          <LoadMore className="team-more" pages={profits} label={t('more')} testId="profit-more" />
        ) : null}
      </>
    );

  return (
    <AccountFrame active="profit">
      <section className="panel">
        <header className="panel-header">{t('profitTitle')}</header>
        <div className="panel-body">
          <p className="muted team-intro">{t('profitIntro')}</p>
          {body}
        </div>
      </section>
    </AccountFrame>
  );
}
