import type { Db } from '../db/prisma';
import { ACCOUNTS, availableColumn, lockedColumn } from './accounts';
import { Money, toAmountString as plain } from './money';

/**
 * Proves the books balance, at any time, on a live database:
 * - conservation: per currency, all user balances plus all house balances equal confirmed deposits minus
 *   completed withdrawals, exactly;
 * - no balance column and no house account below zero;
 * - every locked amount backed by something that holds it (a pending withdrawal, an open order, an escrow);
 * - every balance column equal to the sum of its account log;
 * - every open-order counter (which the spot order limit reads) equal to the live orders it counts.
 */

export interface CurrencyTotals {
  currency: string;
  users: string;
  house: string;
  deposits: string;
  withdrawals: string;
}

export interface AuditReport {
  ok: boolean;
  currencies: CurrencyTotals[];
  problems: string[];
}

/**
 * What may hold locked funds: each entry is SQL yielding (user_id, currency_id, account, amount) for the
 * funds it holds. Areas that lock funds (orders, escrows) add theirs here.
 */
export const LOCK_HOLDERS: { name: string; sql: string }[] = [
  {
    name: 'pending withdrawals',
    sql: `SELECT user_id, currency_id, 'change'::text AS account, number AS amount FROM withdrawals WHERE status = 1`,
  },
  {
    name: 'live spot orders',
    sql: `SELECT o.user_id, CASE WHEN o.side = 1 THEN p.legal_id ELSE p.currency_id END AS currency_id, 'change'::text AS account, o.locked AS amount
          FROM spot_orders o JOIN currency_matches p ON p.id = o.match_id WHERE o.state IN ('new', 'open')`,
  },
];

const unpivotedWallets = `
  SELECT w.user_id, w.currency_id, c.account, c.is_lock, c.amount
  FROM wallets w
  CROSS JOIN LATERAL (VALUES ${ACCOUNTS.flatMap((account) => [
    `('${account}', false, w."${availableColumn(account)}")`,
    `('${account}', true, w."${lockedColumn(account)}")`,
  ]).join(', ')}) AS c(account, is_lock, amount)`;

export async function auditLedger(prisma: Db): Promise<AuditReport> {
  const problems: string[] = [];

  const totals = await prisma.$queryRawUnsafe<CurrencyTotals[]>(`
    SELECT c.name AS currency,
      COALESCE((SELECT SUM(amount) FROM (${unpivotedWallets}) u WHERE u.currency_id = c.id), 0)::text AS users,
      COALESCE((SELECT SUM(delta) FROM house_entries h WHERE h.currency_id = c.id), 0)::text AS house,
      COALESCE((SELECT SUM(amount) FROM deposits d WHERE d.currency_id = c.id AND d.status = 1), 0)::text AS deposits,
      COALESCE((SELECT SUM(real_number) FROM withdrawals x WHERE x.currency_id = c.id AND x.status = 2), 0)::text AS withdrawals
    FROM currencies c ORDER BY c.id`);
  for (const row of totals) {
    const held = new Money(row.users).plus(row.house);
    const netInflow = new Money(row.deposits).minus(row.withdrawals);
    if (!held.eq(netInflow)) {
      problems.push(
        `${row.currency}: balances differ from deposits minus withdrawals by ${held.minus(netInflow).toFixed()}`,
      );
    }
  }

  const negatives = await prisma.$queryRawUnsafe<
    { user_id: number; currency_id: number; account: string; is_lock: boolean; amount: string }[]
  >(
    `SELECT user_id, currency_id, account, is_lock, amount::text FROM (${unpivotedWallets}) u WHERE amount < 0`,
  );
  for (const row of negatives) {
    problems.push(
      `user ${row.user_id} currency ${row.currency_id}: ${row.is_lock ? 'locked' : 'available'} ${row.account} is ${plain(row.amount)}`,
    );
  }
  const negativeHouse = await prisma.$queryRawUnsafe<
    { currency_id: number; account: string; amount: string }[]
  >(
    'SELECT currency_id, account, SUM(delta)::text AS amount FROM house_entries GROUP BY currency_id, account HAVING SUM(delta) < 0',
  );
  for (const row of negativeHouse)
    problems.push(`house ${row.account} of currency ${row.currency_id} is ${plain(row.amount)}`);

  const unbacked = await prisma.$queryRawUnsafe<
    { user_id: number; currency_id: number; account: string; locked: string; held: string }[]
  >(`
    WITH held AS (
      SELECT user_id, currency_id, account, SUM(amount) AS amount
      FROM (${LOCK_HOLDERS.map((holder) => holder.sql).join(' UNION ALL ')}) h GROUP BY user_id, currency_id, account
    ), locked AS (SELECT user_id, currency_id, account, amount FROM (${unpivotedWallets}) u WHERE is_lock)
    SELECT COALESCE(l.user_id, h.user_id) AS user_id, COALESCE(l.currency_id, h.currency_id) AS currency_id,
      COALESCE(l.account, h.account) AS account, COALESCE(l.amount, 0)::text AS locked, COALESCE(h.amount, 0)::text AS held
    FROM locked l FULL OUTER JOIN held h USING (user_id, currency_id, account)
    WHERE COALESCE(l.amount, 0) <> COALESCE(h.amount, 0)`);
  for (const row of unbacked) {
    problems.push(
      `user ${row.user_id} currency ${row.currency_id}: ${row.account} locks ${plain(row.locked)} but its holders hold ${plain(row.held)}`,
    );
  }

  const unlogged = await prisma.$queryRawUnsafe<
    {
      user_id: number;
      currency_id: number;
      account: string;
      is_lock: boolean;
      balance: string;
      logged: string;
    }[]
  >(`
    WITH logged AS (
      SELECT user_id, currency_id, account, is_lock, SUM(delta) AS amount FROM account_logs GROUP BY user_id, currency_id, account, is_lock
    )
    SELECT COALESCE(u.user_id, g.user_id) AS user_id, COALESCE(u.currency_id, g.currency_id) AS currency_id,
      COALESCE(u.account, g.account) AS account, COALESCE(u.is_lock, g.is_lock) AS is_lock,
      COALESCE(u.amount, 0)::text AS balance, COALESCE(g.amount, 0)::text AS logged
    FROM (${unpivotedWallets}) u FULL OUTER JOIN logged g USING (user_id, currency_id, account, is_lock)
    WHERE COALESCE(u.amount, 0) <> COALESCE(g.amount, 0)`);
  for (const row of unlogged) {
    problems.push(
      `user ${row.user_id} currency ${row.currency_id}: ${row.is_lock ? 'locked' : 'available'} ${row.account} is ${plain(row.balance)} but its log sums to ${plain(row.logged)}`,
    );
  }

  const miscounted = await prisma.$queryRawUnsafe<
    { user_id: number; match_id: number; counted: number; live: number }[]
  >(`
    WITH live AS (
      SELECT user_id, match_id, count(*)::int AS n FROM spot_orders WHERE state IN ('new', 'open') GROUP BY user_id, match_id
    )
    SELECT COALESCE(c.user_id, l.user_id) AS user_id, COALESCE(c.match_id, l.match_id) AS match_id,
      COALESCE(c.open, 0) AS counted, COALESCE(l.n, 0) AS live
    FROM spot_open_orders c FULL OUTER JOIN live l USING (user_id, match_id)
    WHERE COALESCE(c.open, 0) <> COALESCE(l.n, 0)`);
  for (const row of miscounted) {
    problems.push(
      `user ${row.user_id} market ${row.match_id}: ${row.counted} open orders counted but ${row.live} live`,
    );
  }

  const currencies = totals.map((row) => ({
    currency: row.currency,
    users: plain(row.users),
    house: plain(row.house),
    deposits: plain(row.deposits),
    withdrawals: plain(row.withdrawals),
  }));
  return { ok: problems.length === 0, currencies, problems };
}
