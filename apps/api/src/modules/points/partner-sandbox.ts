import { inTransaction, poolSql, type Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import type pg from 'pg';
import type { PointsPartner } from './partner';

/**
 * The built-in sandbox partner, for development and demos, the way the payment channel has a sandbox: a
 * partner platform with its own books (points_sandbox_*), which the exchange reaches only through the
 * PointsPartner calls, like any partner. Every account signs in with the one published password and opens
 * on its first sign-in with SANDBOX_OPENING_POINTS points.
 */
export const SANDBOX_PASSWORD = 'sandbox';
export const SANDBOX_OPENING_POINTS = '10000';

export function createSandboxPartner(pool: pg.Pool, name: string): PointsPartner {
  const sql = poolSql(pool);
  const account = async (db: Sql, userName: string) => {
    const [row] = await db.query<{ points: string }>(
      'SELECT points::text AS points FROM points_sandbox_accounts WHERE user_name = $1',
      [userName],
    );
    return row;
  };
  return {
    name,
    sandbox: true,
    async signIn(userName, password) {
      if (password !== SANDBOX_PASSWORD) throw new AppError('jc_partner_login_refused');
      await sql.execute(
        `INSERT INTO points_sandbox_accounts (user_name, points) VALUES ($1, $2::numeric)
         ON CONFLICT (user_name) DO NOTHING`,
        [userName, SANDBOX_OPENING_POINTS],
      );
      return userName;
    },
    async pointsOf(userName) {
      const row = await account(sql, userName);
      if (!row) throw new AppError('jc_partner_login_refused');
      return new Money(row.points);
    },
    debit: (userName, points, reference) =>
      inTransaction(pool, async (db) => {
        // The reference is claimed first: a second request under it waits here for the first to commit,
        // then reads the outcome the first recorded.
        const claimed = await db.execute(
          `INSERT INTO points_sandbox_debits (reference, user_name, points, outcome)
           VALUES ($1, $2, $3::numeric, 'claimed') ON CONFLICT (reference) DO NOTHING`,
          [reference, userName, points.toFixed()],
        );
        if (claimed === 0) {
          const [earlier] = await db.query<{ outcome: 'debited' | 'insufficient' }>(
            'SELECT outcome FROM points_sandbox_debits WHERE reference = $1',
            [reference],
          );
          if (!earlier) throw new Error(`the sandbox debit ${reference} vanished`);
          return earlier.outcome;
        }
        const moved = await db.execute(
          `UPDATE points_sandbox_accounts SET points = points - $2::numeric, updated_at = now()
           WHERE user_name = $1 AND points >= $2::numeric`,
          [userName, points.toFixed()],
        );
        const outcome = moved === 1 ? 'debited' : 'insufficient';
        await db.execute('UPDATE points_sandbox_debits SET outcome = $2 WHERE reference = $1', [
          reference,
          outcome,
        ]);
        return outcome;
      }),
  };
}

/**
 * An operator's top-up of a sandbox account (`npm run ops -- points:grant ACCOUNT POINTS`, the console's Points
 * screen); operator.ts says when it is allowed.
 */
export async function grantSandboxPoints(
  sql: Sql,
  userName: string,
  points: MoneyValue,
): Promise<MoneyValue> {
  const [row] = await sql.query<{ points: string }>(
    `UPDATE points_sandbox_accounts SET points = points + $2::numeric, updated_at = now()
     WHERE user_name = $1 RETURNING points::text AS points`,
    [userName, points.toFixed()],
  );
  if (!row) throw new AppError('jc_sandbox_account_unknown', { account: userName });
  return new Money(row.points);
}
