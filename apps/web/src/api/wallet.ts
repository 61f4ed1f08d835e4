import type {
  AccountLogPage,
  AccountLogRequest,
  WalletAccount,
  WalletDetail,
  WalletDetailRequest,
  WalletList,
} from '@exchange/contracts';
import { api } from '../lib/api';
import { useSignedInPages, useSignedInQuery } from './signed-in';

/**
 * The wallet calls every trading area reads (spot, lever, c2c, assets). Keys start with 'wallet' and hold the
 * token, so one refresh after money moved reaches every screen and a new sign-in never shows the last user's.
 */

/** Balances refresh every 10 s while a screen shows them (document 1, section 9). */
export const BALANCE_REFRESH_MS = 10_000;

/** `POST /api/wallet/list`: the four accounts with their totals. */
export function useWalletList() {
  return useSignedInQuery(
    ['wallet', 'list'],
    () => api.post<WalletList>('/api/wallet/list', {}, { quiet: true }),
    { refetchInterval: BALANCE_REFRESH_MS },
  );
}

/** `POST /api/wallet/detail`: one account of one currency; nothing is asked until the currency is known. */
export function useWalletDetail(currency: number | null | undefined, account: WalletAccount) {
  return useSignedInQuery(
    ['wallet', 'detail', currency, account],
    () =>
      api.post<WalletDetail>(
        '/api/wallet/detail',
        { currency: currency ?? '', type: account } satisfies WalletDetailRequest,
        { quiet: true },
      ),
    { enabled: currency != null, refetchInterval: BALANCE_REFRESH_MS },
  );
}

/** Document 3, section 9: account logs load 20 rows a page, the more button hides after a shorter page. */
export const LOG_PAGE_SIZE = 20;

/**
 * `POST /api/wallet/legal_log`: one account's log, a page at a time ("load more"), of one currency or of
 * `'all'`; null waits until a currency is chosen.
 */
export function useAccountLogPages(account: WalletAccount, currency: number | 'all' | null) {
  return useSignedInPages(
    ['wallet', 'log', account, currency],
    (page) =>
      api.post<AccountLogPage>(
        '/api/wallet/legal_log',
        {
          type: account,
          currency: currency === 'all' ? undefined : (currency ?? ''),
          page,
          limit: LOG_PAGE_SIZE,
        } satisfies AccountLogRequest,
        { quiet: true },
      ),
    (last) => (last.list.length < LOG_PAGE_SIZE ? undefined : last.page + 1),
    { enabled: currency !== null },
  );
}
