import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/States';
import { DataTable } from '../../components/DataTable';
import { Pager } from '../../components/Pager';
import { ACCOUNT_LOG_PAGE_SIZE, useAccountLog } from './api';
import type { Account } from './assets';
import { logColumns } from './record-columns';
import { LoadFailed } from './States';

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
        <DataTable
          columns={logColumns(t, { valueTestId: 'account-log-value', withCoin: true, withAccount: !account })}
          rows={list}
          rowKey={(row) => row.id}
          rowProps={(row) => ({
            'data-testid': 'account-log-row',
            'data-account': row.account,
            // The rows of the last page dim while the next one loads.
            className: log.isPlaceholderData ? 'loading-rows' : undefined,
          })}
        />
        {list.length === 0 && <div className="empty">{t('common:noData')}</div>}
      </div>
      <Pager page={page} last={pages} onPage={setPage} testIdPrefix="log" />
    </section>
  );
}
