import type { PendingChainDeposit } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { toAmountString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../../http/format';
import { findCurrency } from '../currencies';
import { depositProgress } from './deposit-progress';
import { CHAIN_DEPOSIT_STATE } from './watcher';

/** More pending deposits than this at once is an attack or a bug; the screen shows the newest. */
const PENDING_SHOWN = 20;

/**
 * The caller's chain deposits of a currency that the watcher found and has not credited yet, newest
 * first, each with its confirmations counting. Only the caller's own: the user id is part of the query.
 */
export async function pendingChainDeposits(
  prisma: Db,
  userId: number,
  currencyName: string,
): Promise<PendingChainDeposit[]> {
  const currency = await findCurrency(prisma, currencyName);
  const rows = await prisma.chainDeposit.findMany({
    where: {
      state: CHAIN_DEPOSIT_STATE.pending,
      deposit: { user_id: userId, currency_id: currency.id },
    },
    include: { deposit: true },
    orderBy: { id: 'desc' },
    take: PENDING_SHOWN,
  });
  const progressOf = await depositProgress(prisma, rows);
  return rows.map((row) => ({
    id: row.deposit_id,
    currency_name: currency.name,
    number: toAmountString(row.deposit.amount.toFixed()),
    txid: row.tx_hash,
    ...progressOf(row),
    create_time: formatDateTime(row.created_at),
  }));
}
