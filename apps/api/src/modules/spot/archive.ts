import type { Db } from '@exchange/kernel/db';
import { prismaSql } from '@exchange/kernel/db';
import { foldLogRows } from '@exchange/kernel/ledger';

/** The demo market maker's house accounts (workers/src/market-maker): the quoting one and the taking one. */
export const MARKET_MAKER_ACCOUNTS = ['market-maker@exchange.local', 'market-taker@exchange.local'];
/** Ended orders of the market maker, and their log rows, are kept this many days before archival. */
export const SPOT_ARCHIVE_DAYS = 7;
const DAY_MS = 86_400_000;
/** Orders deleted per statement. */
const ORDER_CHUNK = 20_000;

const ENDED = `('filled', 'cancelled', 'expired', 'rejected')`;

/**
 * Keeps a long-running demo's tables small: the market maker's orders that ended more than `days` ago are
 * deleted, and its account-log rows of that age that belong to ended orders or to trades are folded into one
 * checkpoint row per balance (ledger/checkpoint.ts), so every balance still equals the sum of its log and the
 * audit still proves it. Trades (spot_trades) and candles are kept: they are the market's history, not the
 * maker's. Rows of live orders are never touched, nor any other user's. One transaction: the audit never sees
 * the orders gone while their rows remain, or the reverse.
 */
export async function archiveMarketMaker(
  prisma: Db,
  options: { days?: number; now?: Date; accounts?: string[] } = {},
): Promise<{ orders: number; logRows: number; checkpoints: number }> {
  const days = options.days ?? SPOT_ARCHIVE_DAYS;
  // Zero days would fold rows of orders that ended a moment ago; an age is whole days, at least one.
  if (!Number.isInteger(days) || days < 1)
    throw new Error(`archival needs a whole number of days >= 1, not ${days}`);
  const before = new Date((options.now ?? new Date()).getTime() - days * DAY_MS);
  const users = await prisma.user.findMany({
    where: { account_number: { in: options.accounts ?? MARKET_MAKER_ACCOUNTS } },
    select: { id: true },
  });
  const userIds = users.map((user) => user.id);
  if (userIds.length === 0) return { orders: 0, logRows: 0, checkpoints: 0 };
  return prisma.$transaction(
    async (tx) => {
      const sql = prismaSql(tx);
      // Log rows first, while the orders they name can still be told ended (a row of an order already
      // gone, from an earlier run that stopped half-way, is ended too).
      const { folded, checkpoints } = await foldLogRows(sql, {
        userIds,
        before,
        rows: `l.ref_type = 'spot_trade' OR (l.ref_type = 'spot_order' AND NOT EXISTS (
            SELECT 1 FROM spot_orders o
            WHERE o.id = CASE WHEN l.ref_type = 'spot_order' THEN l.ref_id::bigint END AND o.state NOT IN ${ENDED}))`,
      });
      let orders = 0;
      for (;;) {
        const deleted = await sql.execute(
          `DELETE FROM spot_orders WHERE id IN (
             SELECT id FROM spot_orders WHERE user_id = ANY($1::int[]) AND state IN ${ENDED} AND updated_at < $2
             LIMIT ${ORDER_CHUNK})`,
          [userIds, before],
        );
        orders += deleted;
        if (deleted < ORDER_CHUNK) break;
      }
      return { orders, logRows: folded, checkpoints };
    },
    { timeout: 10 * 60_000, maxWait: 10_000 },
  );
}
