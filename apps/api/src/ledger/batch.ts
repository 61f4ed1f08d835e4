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
import type { LedgerRef } from './ledger';
import type { LogType } from './log-types';
import { Money, type Money as MoneyValue } from './money';

/**
 * The ledger for batches (the matcher commits hundreds of fills at once): all movements of a batch are netted
 * per wallet row into ONE guarded UPDATE, and their log rows go in ONE INSERT, with each row's balance_after
 * replayed in order. The guard is on the net change, and the CHECK constraints still hold every column at or
 * above zero; any refusal rolls the whole batch back.
 */
export interface ColumnMovement {
  userId: number;
  currencyId: number;
  account: Account;
  isLock: boolean;
  /** Signed: positive adds to the column, negative takes from it. */
  delta: MoneyValue;
  type: LogType;
  ref?: LedgerRef;
  memo?: string;
}

const columnOf = (movement: ColumnMovement): BalanceColumn =>
  movement.isLock ? lockedColumn(movement.account) : availableColumn(movement.account);
const walletKey = (userId: number, currencyId: number) => `${userId}:${currencyId}`;

export async function applyMovements(tx: Tx | Sql, movements: ColumnMovement[]): Promise<void> {
  const db = asSql(tx);
  const moving = movements.filter((movement) => !movement.delta.isZero());
  if (moving.length === 0) return;
  const net = new Map<
    string,
    { userId: number; currencyId: number; deltas: Map<BalanceColumn, MoneyValue> }
  >();
  for (const movement of moving) {
    const key = walletKey(movement.userId, movement.currencyId);
    const wallet = net.get(key) ?? {
      userId: movement.userId,
      currencyId: movement.currencyId,
      deltas: new Map<BalanceColumn, MoneyValue>(),
    };
    const column = columnOf(movement);
    wallet.deltas.set(column, (wallet.deltas.get(column) ?? new Money(0)).plus(movement.delta));
    net.set(key, wallet);
  }
  const wallets = [...net.values()];
  const userIds = wallets.map((wallet) => wallet.userId);
  const currencyIds = wallets.map((wallet) => wallet.currencyId);
  await db.execute(
    'INSERT INTO wallets (user_id, currency_id) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT (user_id, currency_id) DO NOTHING',
    [userIds, currencyIds],
  );

  const deltaArrays = BALANCE_COLUMNS.map((column) =>
    wallets.map((wallet) => (wallet.deltas.get(column) ?? new Money(0)).toFixed()),
  );
  const columnsSql = BALANCE_COLUMNS.map((column, index) => `$${index + 3}::numeric[]`).join(', ');
  const final = await db.query<Record<string, string | number>>(
    `WITH v AS (SELECT * FROM unnest($1::int[], $2::int[], ${columnsSql}) AS v(user_id, currency_id, ${BALANCE_COLUMNS.map((column) => `d_${column}`).join(', ')}))
     UPDATE wallets w SET ${BALANCE_COLUMNS.map((column) => `"${column}" = w."${column}" + v."d_${column}"`).join(', ')}
     FROM v WHERE w.user_id = v.user_id AND w.currency_id = v.currency_id
       AND ${BALANCE_COLUMNS.map((column) => `w."${column}" + v."d_${column}" >= 0`).join(' AND ')}
     RETURNING w.user_id, w.currency_id, ${BALANCE_COLUMNS.map((column) => `w."${column}"::text AS "${column}"`).join(', ')}`,
    [userIds, currencyIds, ...deltaArrays],
  );
  if (final.length !== wallets.length) throw new AppError('balance_insufficient');

  // Replay each column backwards from its final value, so every log row carries the balance after it.
  const running = new Map<string, MoneyValue>();
  for (const row of final) {
    for (const column of BALANCE_COLUMNS)
      running.set(
        `${walletKey(Number(row.user_id), Number(row.currency_id))}:${column}`,
        new Money(String(row[column])),
      );
  }
  const balanceAfter: string[] = new Array<string>(moving.length);
  for (let index = moving.length - 1; index >= 0; index -= 1) {
    const movement = moving[index] as ColumnMovement;
    const key = `${walletKey(movement.userId, movement.currencyId)}:${columnOf(movement)}`;
    const after = running.get(key) ?? new Money(0);
    balanceAfter[index] = after.toFixed();
    running.set(key, after.minus(movement.delta));
  }
  await db.execute(
    `INSERT INTO account_logs (user_id, currency_id, account, is_lock, delta, balance_after, type, ref_type, ref_id, memo)
     SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::boolean[], $5::numeric[], $6::numeric[], $7::int[], $8::varchar[], $9::varchar[], $10::text[])`,
    [
      moving.map((movement) => movement.userId),
      moving.map((movement) => movement.currencyId),
      moving.map((movement) => movement.account),
      moving.map((movement) => movement.isLock),
      moving.map((movement) => movement.delta.toFixed()),
      balanceAfter,
      moving.map((movement) => movement.type),
      moving.map((movement) => movement.ref?.type ?? ''),
      moving.map((movement) => (movement.ref ? String(movement.ref.id) : '')),
      moving.map((movement) => movement.memo ?? ''),
    ],
  );
}

export interface HouseBooking {
  currencyId: number;
  account: HouseAccount;
  amount: MoneyValue;
  type: LogType;
  ref?: LedgerRef;
}

/** Appends many house entries in one statement. */
export async function bookHouseEntries(tx: Tx | Sql, entries: HouseBooking[]): Promise<void> {
  const db = asSql(tx);
  const booked = entries.filter((entry) => !entry.amount.isZero());
  if (booked.length === 0) return;
  await db.execute(
    `INSERT INTO house_entries (currency_id, account, delta, type, ref_type, ref_id)
     SELECT * FROM unnest($1::int[], $2::varchar[], $3::numeric[], $4::int[], $5::varchar[], $6::varchar[])`,
    [
      booked.map((entry) => entry.currencyId),
      booked.map((entry) => entry.account),
      booked.map((entry) => entry.amount.toFixed()),
      booked.map((entry) => entry.type),
      booked.map((entry) => entry.ref?.type ?? ''),
      booked.map((entry) => (entry.ref ? String(entry.ref.id) : '')),
    ],
  );
}
