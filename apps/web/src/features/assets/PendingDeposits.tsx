import { useTranslation } from 'react-i18next';
import type { PendingChainDeposit } from '@exchange/contracts';
import { useSocketEvent } from '../../lib/socket';
import { toast } from '../../lib/notify';
import { usePendingChainDeposits, useRefreshBalances } from './api';
import { formatAmount } from './assets';
import { Loaded } from './States';

/**
 * The watcher's `chain_deposit` pushes: every figure of the assets pages is read again, and a credited
 * deposit is announced, wherever in the assets pages the user is.
 */
export function useChainDepositPushes() {
  const { t } = useTranslation('assets');
  const refresh = useRefreshBalances();
  useSocketEvent('chain_deposit', (push) => {
    refresh();
    if (push.change === 'credited')
      toast(
        t('pending.credited', { amount: formatAmount(push.amount), coin: push.currency_name }),
        'success',
      );
  });
}

/** The transaction hash cut in the middle: both ends are what people compare with their wallet. */
const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash);

/**
 * The user's deposits of a coin found on chain and not yet credited, each with its confirmations counting
 * up to the configured number (a bar and "n / m"); "none on the way" when there are none.
 */
export function PendingDeposits({ currency }: { currency: number }) {
  const { t } = useTranslation('assets');
  const pending = usePendingChainDeposits(currency);
  const counted = (row: PendingChainDeposit) =>
    t('pending.confirmations', { count: row.confirmations, required: row.required_confirmations });
  return (
    <section className="deposit-pending" data-testid="deposit-pending">
      <div className="field-label">{t('pending.title')}</div>
      <Loaded query={pending}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted deposit-pending-empty" data-testid="deposit-pending-empty">
              {t('pending.empty')}
            </p>
          ) : (
            <ul className="deposit-pending-list">
              {rows.map((row) => (
                <li key={row.id} className="deposit-pending-row" data-testid="deposit-pending-row">
                  <div className="deposit-pending-head">
                    <strong className="num">
                      {formatAmount(row.number)} {row.currency_name}
                    </strong>
                    <span className="num" data-testid="deposit-pending-confirmations">
                      {counted(row)}
                    </span>
                  </div>
                  <div
                    className="deposit-pending-bar"
                    role="progressbar"
                    aria-label={counted(row)}
                    aria-valuemin={0}
                    aria-valuenow={row.confirmations}
                    aria-valuemax={row.required_confirmations}
                  >
                    <span style={{ width: `${(100 * row.confirmations) / row.required_confirmations}%` }} />
                  </div>
                  <code className="num secondary" title={row.txid}>
                    {shortHash(row.txid)}
                  </code>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
