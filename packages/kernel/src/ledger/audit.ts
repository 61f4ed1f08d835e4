import type { Db } from '../db/prisma';
import { ACCOUNTS, availableColumn, lockedColumn } from './accounts';
import { Money, toAmountString as plain } from './money';

/**
 * Proves the books balance, at any time, on a live database:
 * - conservation: per currency, all user balances plus all house balances equal confirmed deposits minus
 *   completed withdrawals, exactly;
 * - no balance column and no house account below zero;
 * - every locked amount backed by something that holds it (a pending withdrawal, an open order, an escrow):
 *   the areas that lock funds name their holders;
 * - every balance column equal to the sum of its account log;
 * - whatever else an area checks of its own records.
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

/** Something that may hold locked funds: SQL yielding (user_id, currency_id, account, amount) it holds. */
export interface LockHolder {
  name: string;
  sql: string;
}

/** What an area adds to the audit: the holders of the funds it locks, and checks of its own records. */
export interface AreaAudit {
  lockHolders?: LockHolder[];
  /** Each returns its problems, in words an operator can act on; none means the check passed. */
  checks?: ((prisma: Db) => Promise<string[]>)[];
}

const unpivotedWallets = `
  SELECT w.user_id, w.currency_id, c.account, c.is_lock, c.amount
  FROM wallets w
  CROSS JOIN LATERAL (VALUES ${ACCOUNTS.flatMap((account) => [
    `('${account}', false, w."${availableColumn(account)}")`,
    `('${account}', true, w."${lockedColumn(account)}")`,
  ]).join(', ')}) AS c(account, is_lock, amount)`;

/** The holders' shape with no rows, for an exchange where no area locks funds. */
const NO_HOLDER = `SELECT NULL::int AS user_id, NULL::int AS currency_id, NULL::text AS account, NULL::numeric AS amount WHERE false`;

export async function auditLedger(prisma: Db, areas: AreaAudit[]): Promise<AuditReport> {
  const lockHolders = areas.flatMap((area) => area.lockHolders ?? []);
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
      FROM (${lockHolders.map((holder) => holder.sql).join(' UNION ALL ') || NO_HOLDER}) h GROUP BY user_id, currency_id, account
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

  for (const check of areas.flatMap((area) => area.checks ?? [])) problems.push(...(await check(prisma)));

  const currencies = totals.map((row) => ({
    currency: row.currency,
    users: plain(row.users),
    house: plain(row.house),
    deposits: plain(row.deposits),
    withdrawals: plain(row.withdrawals),
  }));
  return { ok: problems.length === 0, currencies, problems };
}
