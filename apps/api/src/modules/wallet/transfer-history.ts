import type { AccountLog, LaravelPage } from '@exchange/contracts';
import type { Db, User } from '@exchange/kernel/db';
import type { Locale } from '@exchange/kernel/i18n';
import { TRANSFER_LOG_TYPES } from '@exchange/kernel/ledger';
import { logPaginator } from './logs';

/** The caller's transfers between accounts (their incoming side), a page of the older paginator at a time. */
export function transferHistory(
  prisma: Db,
  reader: { user: Pick<User, 'id' | 'account_number'>; locale: Locale },
  paging: { page: number; limit: number },
): Promise<LaravelPage<AccountLog>> {
  const where = { type: { in: TRANSFER_LOG_TYPES }, delta: { gt: 0 } };
  return logPaginator(prisma, reader, where, { ...paging, path: '/api/wallet/hzhistory' });
}
