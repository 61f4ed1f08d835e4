import type { AccountLog, LaravelPage } from '@exchange/contracts';
import type { Db, User } from '@exchange/kernel/db';
import type { Locale } from '@exchange/kernel/i18n';
import { logPaginator } from './logs';

/**
 * `account/list` (document 3, section 7): the caller's whole account log, every account and currency, newest
 * first, a page of the older paginator at a time; each row says what moved, how much and when.
 */
export function accountList(
  prisma: Db,
  reader: { user: Pick<User, 'id' | 'account_number'>; locale: Locale },
  paging: { page: number; limit: number },
): Promise<LaravelPage<AccountLog>> {
  return logPaginator(prisma, reader, {}, { ...paging, path: '/api/account/list' });
}
