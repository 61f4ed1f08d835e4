import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/LoadMore';
import { Spinner } from '../../components/States';
import { direction, formatFixed } from '../../lib/format';
import { useAccountLogPages, useWalletList } from '../../api/wallet';
import { LeverPageHeader } from './LeverNav';
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
    <div className="container lv-list-page" data-testid="lever-record-page">
      <LeverPageHeader title={t('record.title')}>
        <select
          className="select lv-coin-select"
          aria-label={t('record.coin')}
          value={currency ?? ''}
          onChange={(event) => setCurrency(event.target.value ? Number(event.target.value) : null)}
          data-testid="lever-record-coin"
        >
          <option value="">{t('record.allCoins')}</option>
          {coins.map((coin) => (
            <option key={coin.currency} value={coin.currency}>
              {coin.currency_name}
            </option>
          ))}
        </select>
      </LeverPageHeader>
      <section className="panel">
        {log.isPending ? (
          <Spinner />
        ) : log.isError ? (
          <LoadError error={log.error} onRetry={() => void log.refetch()} />
        ) : (
          <div className="lv-table-wrap">
            <table className="table lv-table">
              <thead>
                <tr>
                  <th>{t('record.time')}</th>
                  <th>{t('record.coin')}</th>
                  <th>{t('record.info')}</th>
                  <th className="right">{t('record.amount')}</th>
                  <th className="right">{t('record.after')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const move = direction(row.value);
                  return (
                    <tr key={row.id} data-testid="lever-log-row">
                      <td className="num secondary">{row.created_time}</td>
                      <td>
                        <strong>{row.currency_name}</strong>
                      </td>
                      <td>
                        {row.info}
                        {row.is_lock === 1 && <span className="badge lv-locked">{t('record.locked')}</span>}
                      </td>
                      <td className={`right num${move > 0 ? ' up' : move < 0 ? ' down' : ''}`}>
                        {move > 0 ? '+' : ''}
                        {formatFixed(row.value, LOG_DECIMALS)}
                      </td>
                      <td className="right num">{formatFixed(row.after, LOG_DECIMALS)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            {rows.length === 0 && <div className="empty">{t('record.empty')}</div>}
            <LoadMore pages={log} className="lv-more" label={t('record.more')} testId="lever-record-more" />
          </div>
        )}
      </section>
    </div>
  );
}
