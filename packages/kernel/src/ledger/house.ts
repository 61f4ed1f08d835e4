import type { Tx } from '../db/prisma';
import { asSql, type Sql } from '../db/sql';
import type { HouseAccount } from './accounts';
import { Money, type Money as MoneyValue } from './money';

/**
 * What one house account holds in one currency, read under a transaction-scoped lock of that account: a
 * payer that checks the balance and then books a payment out of it (the points exchange, savings interest)
 * holds the lock until it commits, so two payers can never both spend the same house funds and drive the
 * account below zero. Credits to the account need no lock: they only add.
 */
export async function lockHouseBalance(
  tx: Tx | Sql,
  account: HouseAccount,
  currencyId: number,
): Promise<MoneyValue> {
  const db = asSql(tx);
  await db.execute('SELECT pg_advisory_xact_lock(hashtext($1::text))', [`house:${account}:${currencyId}`]);
  const [row] = await db.query<{ balance: string }>(
    'SELECT COALESCE(SUM(delta), 0)::text AS balance FROM house_entries WHERE currency_id = $1 AND account = $2',
    [currencyId, account],
  );
  // An aggregate without GROUP BY always yields its one row, and COALESCE makes it '0' when there is no
  // entry: the `?.` and the fallback only satisfy the types (no input reaches them).
  // Stryker disable next-line OptionalChaining,StringLiteral: unreachable (see above).
  return new Money(row?.balance ?? '0');
}
