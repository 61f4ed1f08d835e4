import type { AccountLog } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/LoadMore';
import { Spinner } from '../../components/States';
import { direction, formatFixed } from '../../lib/format';
import { useAccountLogPages, useWalletList } from '../../api/wallet';
import { DataTable } from '../../components/DataTable';
import { timeColumn } from '../../components/tableColumns';
import { LeverListPage } from './LeverNav';
import { LoadError } from './LoadError';
import './lever.css';

/** Section 9 shows account amounts to 2 decimals on these pages; the log keeps what the server wrote. */
const LOG_DECIMALS = 8;

/** The lever account's log (/leverRecord, document 3, section 2: "lever currency log"). */
export default function LeverRecordPage() {
  const { t } = useTranslation('lever');
  const [currency, setCurrency] = useState<number | null>(null);
  const wallets = useWalletList();
  const log = useAccountLogPages('lever', currency ?? 'all');
  const rows = log.data?.pages.flatMap((page) => page.list) ?? [];
  const coins = wallets.data?.lever_wallet.balance ?? [];

  return (
    <LeverListPage
      screen="record"
      chooser={{
        value: currency ?? '',
        options: [
          { value: '', label: t('record.allCoins') },
          ...coins.map((coin) => ({ value: coin.currency, label: coin.currency_name })),
        ],
        onChange: (value) => setCurrency(value ? Number(value) : null),
      }}
    >
      <section className="panel">
        {log.isPending ? (
          <Spinner />
        ) : log.isError ? (
          <LoadError error={log.error} onRetry={() => void log.refetch()} />
        ) : (
          <div className="lv-table-wrap">
            <DataTable
              className="table lv-table"
              columns={[
                timeColumn<AccountLog>(t('record.time'), (row) => row.created_time),
                { header: t('record.coin'), cell: (row) => <strong>{row.currency_name}</strong> },
                {
                  header: t('record.info'),
                  cell: (row) => (
                    <>
                      {row.info}
                      {row.is_lock === 1 && <span className="badge lv-locked">{t('record.locked')}</span>}
                    </>
                  ),
                },
                {
                  header: t('record.amount'),
                  align: 'right',
                  cell: (row) => <SignedAmount value={row.value} />,
                },
                {
                  header: t('record.after'),
                  align: 'right',
                  cell: (row) => <span className="num">{formatFixed(row.after, LOG_DECIMALS)}</span>,
                },
              ]}
              rows={rows}
              rowKey={(row) => row.id}
              rowProps={() => ({ 'data-testid': 'lever-log-row' })}
            />
            {rows.length === 0 && <div className="empty">{t('record.empty')}</div>}
            <LoadMore pages={log} className="lv-more" label={t('record.more')} testId="lever-record-more" />
          </div>
        )}
      </section>
    </LeverListPage>
  );
}

/** A log amount, signed and coloured by its direction. */
function SignedAmount({ value }: { value: string }) {
  const move = direction(value);
  return (
    <span className={`num${move > 0 ? ' up' : move < 0 ? ' down' : ''}`}>
      {move > 0 ? '+' : ''}
      {formatFixed(value, LOG_DECIMALS)}
    </span>
  );
}
