import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/States';
import { direction } from '../../lib/format';
import { ACCOUNT_LOG_PAGE_SIZE, useAccountLog } from './api';
import { formatAmount, formatSigned, type Account } from './assets';
import { LoadFailed } from './States';

const ACCOUNTS = ['change', 'legal', 'lever', 'micro'];

/**
 * The account log (`/api/wallet/legal_log`), newest first, paged: every account's, or one account's with the
 * account column left out and its own title.
 */
export function AccountLogTable({ account, title }: { account?: Account; title?: string } = {}) {
  const { t } = useTranslation('assets');
  const [page, setPage] = useState(1);
  const log = useAccountLog(page, account);

  if (log.isPending) return <Spinner />;
  if (log.isError) return <LoadFailed error={log.error} onRetry={() => void log.refetch()} />;
  const { list, count } = log.data;
  const pages = Math.max(1, Math.ceil(count / ACCOUNT_LOG_PAGE_SIZE));

  return (
    <section className="panel" data-testid="account-log">
      <header className="panel-header">
        <span>{title ?? t('log.title')}</span>
        <span className="muted log-count">{t('log.count', { count })}</span>
      </header>
      <div className="assets-table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t('log.time')}</th>
              <th>{t('table.coin')}</th>
              {!account && <th>{t('log.account')}</th>}
              <th>{t('log.type')}</th>
              <th className="right">{t('log.amount')}</th>
              <th className="right">{t('log.after')}</th>
            </tr>
          </thead>
          <tbody className={log.isPlaceholderData ? 'loading-rows' : undefined}>
            {list.map((row) => {
              const move = direction(row.value);
              return (
                <tr key={row.id} data-testid="account-log-row" data-account={row.account}>
                  <td className="num secondary">{row.created_time}</td>
                  <td>
                    <strong>{row.currency_name}</strong>
                  </td>
                  {!account && (
                    <td className="secondary">
                      {ACCOUNTS.includes(row.account) ? t(`accounts.${row.account}`) : row.account}
                      {row.is_lock === 1 && <span className="badge log-lock">{t('table.frozen')}</span>}
                    </td>
                  )}
                  <td>
                    {row.info}
                    {account && row.is_lock === 1 && (
                      <span className="badge log-lock">{t('table.frozen')}</span>
                    )}
                  </td>
                  <td
                    className={`right num${move > 0 ? ' up' : move < 0 ? ' down' : ''}`}
                    data-testid="account-log-value"
                  >
                    {formatSigned(row.value)}
                  </td>
                  <td className="right num">{formatAmount(row.after)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {list.length === 0 && <div className="empty">{t('common:noData')}</div>}
      </div>
      {pages > 1 && (
        <nav className="pager" aria-label={t('log.pages')}>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={page <= 1}
            onClick={() => setPage((value) => value - 1)}
            data-testid="log-prev"
          >
            {t('log.prev')}
          </button>
          <span className="num secondary">
            {page} / {pages}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={page >= pages}
            onClick={() => setPage((value) => value + 1)}
            data-testid="log-next"
          >
            {t('log.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
