import type { Tx } from '../db/prisma';
import { asSql, type Sql } from '../db/sql';
import { AppError } from '../http/errors';
import {
  availableColumn,
  BALANCE_COLUMNS,
  lockedColumn,
  type Account,
  type BalanceColumn,
  type HouseAccount,
} from './accounts';
import type { LogType } from './log-types';
import type { Money as MoneyValue } from './money';

/**
 * The only code that changes a balance. Every operation runs inside the caller's transaction as one
 * conditional UPDATE (it can never drive a column below zero: the WHERE refuses, the CHECK constraint is
 * the last guard) and one INSERT of account-log rows, so a column always equals the sum of its log.
 */

export interface LedgerRef {
  type: string;
  id: string | number;
}

export interface Movement {
  userId: number;
  currencyId: number;
  account: Account;
  amount: MoneyValue;
  type: LogType;
  ref?: LedgerRef;
  memo?: string;
}

export interface Transfer extends Omit<Movement, 'account' | 'type'> {
  from: Account;
  to: Account;
  outType: LogType;
  inType: LogType;
}

interface ColumnChange {
  account: Account;
  isLock: boolean;
  delta: MoneyValue;
  type: LogType;
}

const columnOf = (change: ColumnChange): BalanceColumn =>
  change.isLock ? lockedColumn(change.account) : availableColumn(change.account);

function assertPositive(amount: MoneyValue): void {
  // A programming error, not a user error: callers validate amounts before they reach the ledger.
  if (!amount.isFinite() || amount.lte(0))
    throw new Error(`ledger amounts must be positive, got ${amount.toString()}`);
}

async function applyChanges(
  tx: Tx | Sql,
  target: { userId: number; currencyId: number; ref?: LedgerRef | undefined; memo?: string | undefined },
  changes: ColumnChange[],
): Promise<void> {
  // One statement: the guarded UPDATE, then one log row per changed column from what it returned. When the
  // guard refuses, nothing is updated and nothing is logged.
  const params: unknown[] = [
    target.userId,
    target.currencyId,
    target.ref?.type ?? '',
    target.ref ? String(target.ref.id) : '',
    target.memo ?? '',
  ];
  const sets: string[] = [];
  const guards: string[] = [];
  const logs: string[] = [];
  for (const change of changes) {
    params.push(change.delta.toFixed(), change.account, change.isLock, change.type);
    const [delta, account, isLock, type] = [
      params.length - 3,
      params.length - 2,
      params.length - 1,
      params.length,
    ];
    const column = columnOf(change);
    sets.push(`"${column}" = "${column}" + $${delta}::numeric`);
    if (change.delta.isNegative()) guards.push(` AND "${column}" + $${delta}::numeric >= 0`);
    logs.push(
      `SELECT user_id, currency_id, $${account}::varchar, $${isLock}::boolean, $${delta}::numeric, "${column}", $${type}::int, $3::varchar, $4::varchar, $5::text FROM moved`,
    );
  }
  const sql = `WITH moved AS (
      UPDATE wallets SET ${sets.join(', ')} WHERE user_id = $1 AND currency_id = $2${guards.join('')}
      RETURNING user_id, currency_id, ${BALANCE_COLUMNS.map((column) => `"${column}"`).join(', ')})
    INSERT INTO account_logs (user_id, currency_id, account, is_lock, delta, balance_after, type, ref_type, ref_id, memo)
    ${logs.join(' UNION ALL ')}`;

  const db = asSql(tx);
  let logged = await db.execute(sql, params);
  if (logged === 0 && guards.length === 0) {
    // Credits to a currency listed after the user registered: open the wallet row, then credit it.
    await db.execute(
      'INSERT INTO wallets (user_id, currency_id) VALUES ($1, $2) ON CONFLICT (user_id, currency_id) DO NOTHING',
      [target.userId, target.currencyId],
    );
    logged = await db.execute(sql, params);
  }
  if (logged === 0) throw new AppError('balance_insufficient');
}

/** Adds to an account's available balance (money arriving: a deposit, a fill, a refund from the house). */
export async function credit(tx: Tx | Sql, movement: Movement): Promise<void> {
  assertPositive(movement.amount);
  await applyChanges(tx, movement, [
    { account: movement.account, isLock: false, delta: movement.amount, type: movement.type },
  ]);
}

/** Takes from an account's available balance; refuses (balance_insufficient) rather than go below zero. */
export async function debit(tx: Tx | Sql, movement: Movement): Promise<void> {
  assertPositive(movement.amount);
  await applyChanges(tx, movement, [
    { account: movement.account, isLock: false, delta: movement.amount.neg(), type: movement.type },
  ]);
}

/** Freezes available funds for an order, a withdrawal or an escrow. */
export async function lock(tx: Tx | Sql, movement: Movement): Promise<void> {
  assertPositive(movement.amount);
  await applyChanges(tx, movement, [
    { account: movement.account, isLock: false, delta: movement.amount.neg(), type: movement.type },
    { account: movement.account, isLock: true, delta: movement.amount, type: movement.type },
  ]);
}

/** Returns frozen funds to the available balance (a cancel, a rejection). */
export async function unlock(tx: Tx | Sql, movement: Movement): Promise<void> {
  assertPositive(movement.amount);
  await applyChanges(tx, movement, [
    { account: movement.account, isLock: true, delta: movement.amount.neg(), type: movement.type },
    { account: movement.account, isLock: false, delta: movement.amount, type: movement.type },
  ]);
}

/** Pays frozen funds out of the user's account (a completed withdrawal, the paid side of a trade). */
export async function settleLocked(tx: Tx | Sql, movement: Movement): Promise<void> {
  assertPositive(movement.amount);
  await applyChanges(tx, movement, [
    { account: movement.account, isLock: true, delta: movement.amount.neg(), type: movement.type },
  ]);
}

/** Moves available funds between two of one user's accounts, in one statement. */
export async function transferBetweenAccounts(tx: Tx | Sql, transfer: Transfer): Promise<void> {
  assertPositive(transfer.amount);
  if (transfer.from === transfer.to) throw new Error('a transfer needs two different accounts');
  await applyChanges(tx, transfer, [
    { account: transfer.from, isLock: false, delta: transfer.amount.neg(), type: transfer.outType },
    { account: transfer.to, isLock: false, delta: transfer.amount, type: transfer.inType },
  ]);
}

export interface HouseMovement {
  currencyId: number;
  account: HouseAccount;
  amount: MoneyValue;
  type: LogType;
  ref?: LedgerRef;
}

/** Books money to (positive) or from (negative) one of the exchange's own accounts. */
export async function bookHouse(tx: Tx | Sql, movement: HouseMovement): Promise<void> {
  if (!movement.amount.isFinite() || movement.amount.isZero())
    throw new Error('house entries must be non-zero');
  await asSql(tx).execute(
    'INSERT INTO house_entries (currency_id, account, delta, type, ref_type, ref_id) VALUES ($1, $2, $3::numeric, $4, $5, $6)',
    [
      movement.currencyId,
      movement.account,
      movement.amount.toFixed(),
      movement.type,
      movement.ref?.type ?? '',
      movement.ref ? String(movement.ref.id) : '',
    ],
  );
}
