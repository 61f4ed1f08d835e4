import type { Tx } from '../db/prisma';
import { asSql, type Sql } from '../db/sql';
import { AppError } from '../errors';
import {
  availableColumn,
  BALANCE_COLUMNS,
  lockedColumn,
  type Account,
  type BalanceColumn,
  type HouseAccount,
} from './accounts';
import type { LogType } from './log-types';
import { Money, type Money as MoneyValue } from './money';
import { formatScaled, parseScaled, type Scaled } from './scaled';

/**
 * The only code that changes a balance: every change is a signed movement of one balance column, written
 * inside the caller's transaction together with its account-log row, so a column always equals the sum of
 * its log. A movement can never drive a column below zero: the guarded UPDATE refuses and the CHECK
 * constraints are the last guard; a refusal changes nothing (`balance_insufficient`).
 *
 * Three ways to write, one vocabulary:
 * - a few movements of ONE wallet row, each column at most once (a deposit, a transfer, a withdrawal): one
 *   statement, the guarded UPDATE and its log rows together, with no read before it;
 * - anything else (a lever position opened, its overnight fees): the wallet rows are locked in key order
 *   first, so two batches (or a batch and a single-row movement) can never deadlock on each other; balances
 *   are read, every log row's balance_after is worked out in order, then all changes, netted per row, go in
 *   ONE guarded UPDATE with ONE INSERT of the log rows;
 * - a batch whose transaction fails whole on a refusal (the spot matcher's, `applyScaledBatchMovements`): no read
 *   before it; one statement locks in key order, updates and logs, and the CHECK constraints refuse.
 */

/** What a movement is for: the record that caused it (an order, a withdrawal, a position). */
export interface LedgerRef {
  type: string;
  id: string | number;
}

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

/** A movement whose delta is scaled (ledger/scaled.ts): what a hot loop hands `applyScaledBatchMovements`. */
export type ScaledMovement = Omit<ColumnMovement, 'delta'> & { delta: Scaled };

/**
 * The sums the writer makes of deltas, for either kind of amount: decimals (`ColumnMovement`) or scaled
 * bigints (`ScaledMovement`), so both go through the same statements.
 */
interface Sums<T> {
  zero: T;
  add: (a: T, b: T) => T;
  isZero: (value: T) => boolean;
  text: (value: T) => string;
}
const DECIMAL_SUMS: Sums<MoneyValue> = {
  zero: new Money(0),
  add: (a, b) => a.plus(b),
  isZero: (value) => value.isZero(),
  text: (value) => value.toFixed(),
};
const SCALED_SUMS: Sums<Scaled> = {
  zero: 0n,
  add: (a, b) => a + b,
  isZero: (value) => value === 0n,
  text: formatScaled,
};
type Movement<T> = Omit<ColumnMovement, 'delta'> & { delta: T };

export const columnOf = (movement: Pick<ColumnMovement, 'account' | 'isLock'>): BalanceColumn =>
  movement.isLock ? lockedColumn(movement.account) : availableColumn(movement.account);
/** How a wallet row is named in the maps of this module and their callers: `user:currency`. */
export const walletKey = (userId: number, currencyId: number) => `${userId}:${currencyId}`;

/** A wallet row, and the account whose columns a batch reads and writes there. */
interface WalletAccount {
  userId: number;
  currencyId: number;
  account: Account;
}

/** Locked wallet rows by `user:currency`: the row's id and what each balance column holds. */
type Balances = Map<string, { id: number; columns: Map<BalanceColumn, MoneyValue> }>;

/**
 * Locks the wallet rows of these (user, currency) pairs in key order and returns what they hold; rows that do
 * not exist yet are opened (empty) first.
 */
async function lockWallets(db: Sql, keys: WalletAccount[]): Promise<Balances> {
  // Only the columns of the accounts in play: a spot batch has no business reading lever or micro balances.
  const accounts = [...new Set(keys.map((key) => key.account))];
  // Stryker disable next-line MethodExpression: the order of the columns read is only the statement's text.
  const columns = accounts.sort().flatMap((account) => [availableColumn(account), lockedColumn(account)]);
  // In key order: the lateral lookup below locks the rows in the order the keys arrive.
  const unique = [...new Map(keys.map((key) => [walletKey(key.userId, key.currencyId), key])).values()].sort(
    (a, b) => a.userId - b.userId || a.currencyId - b.currencyId,
  );
  const userIds = unique.map((key) => key.userId);
  const currencyIds = unique.map((key) => key.currencyId);
  // One index lookup per key whatever the statistics say: a plan cached while the table was small would
  // otherwise scan every wallet (and its dead versions) on every batch.
  const select = () =>
    db.query<Record<string, string | number>>(
      `SELECT w.id, w.user_id, w.currency_id, ${columns.map((column) => `w."${column}"::text AS "${column}"`).join(', ')}
       FROM unnest($1::int[], $2::int[]) AS k(user_id, currency_id)
       CROSS JOIN LATERAL (
         SELECT * FROM wallets w WHERE w.user_id = k.user_id AND w.currency_id = k.currency_id FOR UPDATE
       ) w`,
      [userIds, currencyIds],
    );
  let rows = await select();
  // Trying to open rows every time (`<=`, `true`) inserts nothing when none is missing (NOT EXISTS below) and
  // only costs two statements; never opening them (`>`, `>=`, `false`) fails the tests of wallets a write opens.
  // Stryker disable next-line EqualityOperator,ConditionalExpression: only slower (see above).
  if (rows.length < unique.length) {
    // Credits to a currency listed after the user registered: open the missing rows, then lock again. Only
    // rows that are missing try an insert: an insert that conflicts would still burn a wallet id.
    await db.execute(
      `INSERT INTO wallets (user_id, currency_id)
       SELECT k.user_id, k.currency_id FROM unnest($1::int[], $2::int[]) AS k(user_id, currency_id)
       WHERE NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = k.user_id AND w.currency_id = k.currency_id)
       ON CONFLICT (user_id, currency_id) DO NOTHING`,
      [userIds, currencyIds],
    );
    rows = await select();
  }
  const balances: Balances = new Map();
  for (const row of rows) {
    balances.set(walletKey(Number(row.user_id), Number(row.currency_id)), {
      id: Number(row.id),
      columns: new Map(columns.map((column) => [column, new Money(String(row[column]))])),
    });
  }
  return balances;
}

/**
 * Writes movements against wallet rows this transaction has locked and read (`balances`, updated in place):
 * one guarded UPDATE of the net change per row and one INSERT of a log row per movement, in one statement.
 */
async function writeMovements(db: Sql, balances: Balances, moving: ColumnMovement[]): Promise<void> {
  const balanceAfter: string[] = [];
  for (const movement of moving) {
    const key = walletKey(movement.userId, movement.currencyId);
    // lockWallets opened and read every row of these movements with every column of their accounts: the
    // two refusals below are for a broken lockWallets, which no input can produce.
    // Stryker disable next-line OptionalChaining: the row is there (see above); `?.` only satisfies types.
    const row = balances.get(key)?.columns;
    // Stryker disable next-line all: unreachable (see above).
    if (!row) throw new AppError('balance_insufficient');
    const column = columnOf(movement);
    const before = row.get(column);
    // Stryker disable next-line all: unreachable (see above).
    if (!before) throw new Error(`wallet ${key} was locked without its ${column} column`);
    const after = before.plus(movement.delta);
    // Below zero at any movement, not only at the end: the log row's balance_after may never be negative
    // (its CHECK constraint would refuse the INSERT with a raw error).
    if (after.isNegative()) throw new AppError('balance_insufficient');
    row.set(column, after);
    balanceAfter.push(after.toFixed());
  }
  const wallets = netPerWallet(moving, DECIMAL_SUMS);
  const { changed, deltaArrays, deltaParams } = netColumns(wallets, 2, DECIMAL_SUMS);
  const log = changed.length + 2;
  const logParams = LOG_ARRAY_TYPES.map((type, index) => `$${log + index}::${type}[]`);
  const [written] = await db.query<{ moved: number }>(
    `WITH v AS (
       SELECT * FROM unnest($1::int[], ${deltaParams})
         AS v(id, ${changed.map((column) => `d_${column}`).join(', ')})),
     moved AS (
       UPDATE wallets w SET ${changed.map((column) => `"${column}" = w."${column}" + v."d_${column}"`).join(', ')}
       FROM v WHERE w.id = v.id
         AND ${changed.map((column) => `w."${column}" + v."d_${column}" >= 0`).join(' AND ')}
       RETURNING 1),
     logged AS (
       INSERT INTO account_logs (user_id, currency_id, account, is_lock, delta, balance_after, type, ref_type, ref_id, memo)
       SELECT * FROM unnest(${logParams.join(', ')}))
     SELECT count(*)::int AS moved FROM moved`,
    [
      // Stryker disable next-line OptionalChaining: every row is there (see above); `?.` only satisfies types.
      wallets.map((wallet) => balances.get(walletKey(wallet.userId, wallet.currencyId))?.id),
      ...deltaArrays,
      ...logArrays(
        moving,
        moving.map((movement) => movement.delta.toFixed()),
        balanceAfter,
      ),
    ],
  );
  // The rows are locked and were checked above, so a refusal here means something is badly wrong.
  // Stryker disable next-line all: unreachable while the check above stands (a guard behind a guard).
  if (written?.moved !== wallets.length) throw new AppError('balance_insufficient');
}

/** Each wallet row the movements touch once, in key order, with the net change of each of its columns. */
function netPerWallet<T>(moving: Movement<T>[], sums: Sums<T>): NetWallet<T>[] {
  const net = new Map<string, NetWallet<T>>();
  for (const movement of moving) {
    const key = walletKey(movement.userId, movement.currencyId);
    const wallet = net.get(key) ?? {
      userId: movement.userId,
      currencyId: movement.currencyId,
      deltas: new Map<BalanceColumn, T>(),
    };
    net.set(key, wallet);
    const column = columnOf(movement);
    wallet.deltas.set(column, sums.add(wallet.deltas.get(column) ?? sums.zero, movement.delta));
  }
  return [...net.values()].sort((a, b) => a.userId - b.userId || a.currencyId - b.currencyId);
}

interface NetWallet<T> {
  userId: number;
  currencyId: number;
  deltas: Map<BalanceColumn, T>;
}

/**
 * The columns the wallets change (only those are set and guarded: fewer numeric sums for Postgres), their
 * deltas as one array per column, and those arrays' placeholders from parameter `first` on.
 */
function netColumns<T>(wallets: NetWallet<T>[], first: number, sums: Sums<T>) {
  // Stryker disable next-line MethodExpression: setting every column (unchanged ones + 0) is only slower.
  const changed = BALANCE_COLUMNS.filter((column) => wallets.some((wallet) => wallet.deltas.has(column)));
  return {
    changed,
    deltaArrays: changed.map((column) =>
      wallets.map((wallet) => sums.text(wallet.deltas.get(column) ?? sums.zero)),
    ),
    deltaParams: changed.map((_, index) => `$${first + index}::numeric[]`).join(', '),
  };
}

/**
 * The account-log columns as arrays, one element per movement; `deltas` as text and `balanceAfter` as the
 * caller worked them out.
 */
const LOG_ARRAY_TYPES = [
  'int',
  'int',
  'varchar',
  'boolean',
  'numeric',
  'numeric',
  'int',
  'varchar',
  'varchar',
  'text',
];
function logArrays(
  moving: Omit<ColumnMovement, 'delta'>[],
  deltas: string[],
  balanceAfter: string[],
): unknown[] {
  return [
    moving.map((movement) => movement.userId),
    moving.map((movement) => movement.currencyId),
    moving.map((movement) => movement.account),
    moving.map((movement) => movement.isLock),
    deltas,
    balanceAfter,
    moving.map((movement) => movement.type),
    moving.map((movement) => movement.ref?.type ?? ''),
    moving.map((movement) => (movement.ref ? String(movement.ref.id) : '')),
    moving.map((movement) => movement.memo ?? ''),
  ];
}

/**
 * Writes a batch's movements with no read before them, for a caller whose transaction fails whole on a
 * refusal (the matcher's batch): the wallet rows a movement needs are opened first if missing, then ONE
 * statement locks the rows in key order (so it never deadlocks with another batch), applies each row's net
 * change and logs every movement, its balance_after worked out from the column's final value less what is
 * logged after it. Both statements are issued at once, so they travel with whatever the caller sends beside
 * them (COMMIT too, see `Issued`). The guards are the CHECK constraints: a column that would end below zero,
 * or a movement logged below zero on the way (a debit before the credit that covers it), fails the statement,
 * so Postgres itself aborts the transaction and nothing of it can be committed (`balance_insufficient`).
 * Its deltas are scaled (ledger/scaled.ts): its caller, the spot matcher, counts in scaled bigints.
 */
export async function applyScaledBatchMovements(tx: Sql, movements: ScaledMovement[]): Promise<void> {
  const sums = SCALED_SUMS;
  const moving = movements.filter((movement) => !sums.isZero(movement.delta));
  if (moving.length === 0) return;
  const wallets = netPerWallet(moving, sums);
  const userIds = wallets.map((wallet) => wallet.userId);
  const currencyIds = wallets.map((wallet) => wallet.currencyId);
  // What each movement's column still changes after it, so its balance_after is the final value less that.
  // Stryker disable next-line ArrayDeclaration: sized up front only to skip regrowing; every slot is set below.
  const later: string[] = new Array<string>(moving.length);
  const suffix = new Map<string, Scaled>();
  for (let index = moving.length - 1; index >= 0; index -= 1) {
    const movement = moving[index] as ScaledMovement;
    const key = `${walletKey(movement.userId, movement.currencyId)}:${columnOf(movement)}`;
    const after = suffix.get(key) ?? sums.zero;
    later[index] = sums.text(after);
    suffix.set(key, sums.add(after, movement.delta));
  }
  const { changed, deltaArrays, deltaParams } = netColumns(wallets, 3, sums);
  const log = changed.length + 3;
  const logParams = [...LOG_ARRAY_TYPES, 'varchar'].map((type, index) => `$${log + index}::${type}[]`);
  // Only rows that are missing try an insert: an insert that conflicts would still burn a wallet id.
  const opened = tx.execute(
    `INSERT INTO wallets (user_id, currency_id)
     SELECT k.user_id, k.currency_id FROM unnest($1::int[], $2::int[]) AS k(user_id, currency_id)
     WHERE NOT EXISTS (SELECT 1 FROM wallets w WHERE w.user_id = k.user_id AND w.currency_id = k.currency_id)
     ON CONFLICT (user_id, currency_id) DO NOTHING`,
    [userIds, currencyIds],
  );
  const written = tx.query<{ moved: number }>(
    `WITH v AS MATERIALIZED (
       SELECT w.id, k.* FROM unnest($1::int[], $2::int[], ${deltaParams}) WITH ORDINALITY
         AS k(user_id, currency_id, ${changed.map((column) => `d_${column}`).join(', ')}, n)
       CROSS JOIN LATERAL (
         SELECT id FROM wallets w WHERE w.user_id = k.user_id AND w.currency_id = k.currency_id FOR UPDATE
       ) w
       ORDER BY k.n),
     moved AS (
       UPDATE wallets w SET ${changed.map((column) => `"${column}" = w."${column}" + v."d_${column}"`).join(', ')}
       FROM v WHERE w.id = v.id
       RETURNING w.user_id, w.currency_id, ${changed.map((column) => `w."${column}"`).join(', ')}),
     logged AS (
       INSERT INTO account_logs (user_id, currency_id, account, is_lock, delta, balance_after, type, ref_type, ref_id, memo)
       SELECT l.user_id, l.currency_id, l.account, l.is_lock, l.delta,
         CASE l.col${changed.map((column) => ` WHEN '${column}' THEN m."${column}"`).join('')} END - l.later,
         l.type, l.ref_type, l.ref_id, l.memo
       FROM unnest(${logParams.join(', ')}) WITH ORDINALITY
         AS l(user_id, currency_id, account, is_lock, delta, later, type, ref_type, ref_id, memo, col, n)
       JOIN moved m ON m.user_id = l.user_id AND m.currency_id = l.currency_id
       ORDER BY l.n)
     -- A row not found would leave its movements unwritten: dividing by zero fails the whole statement.
     SELECT 1 / ((SELECT count(*) FROM moved) = $${log + LOG_ARRAY_TYPES.length + 1})::int AS moved`,
    [
      userIds,
      currencyIds,
      ...deltaArrays,
      ...logArrays(
        moving,
        moving.map((movement) => sums.text(movement.delta)),
        later,
      ),
      moving.map(columnOf),
      wallets.length,
    ],
  );
  await Promise.all([
    opened,
    written.catch((error: unknown) => {
      throw isNegativeBalance(error) ? new AppError('balance_insufficient') : error;
    }),
  ]);
}

/**
 * The CHECK constraints that refuse a balance below zero: a wallet column at the end of the batch, or a log
 * row's balance_after on the way (a debit logged before the credit that would have covered it).
 */
const NEGATIVE_BALANCE_CONSTRAINTS = new Set<string | undefined>([
  'wallets_no_negative_balance',
  'account_logs_balance_after_check',
]);

/**
 * Postgres refused a statement because a balance would have gone below zero: the error names one of those
 * constraints (only a violation of a constraint names one, and these two are CHECKs).
 */
const isNegativeBalance = (error: unknown) =>
  NEGATIVE_BALANCE_CONSTRAINTS.has((error as { constraint?: string }).constraint);

/**
 * Each movement's column is touched once and all on one wallet row: balance_after needs no prior read. Asked
 * only about movements (applyMovements returns before when there are none).
 */
function isSingleRow(moving: ColumnMovement[]): boolean {
  const [first] = moving as [ColumnMovement, ...ColumnMovement[]];
  const columns = new Set<BalanceColumn>();
  for (const movement of moving) {
    if (movement.userId !== first.userId || movement.currencyId !== first.currencyId) return false;
    const column = columnOf(movement);
    if (columns.has(column)) return false;
    columns.add(column);
  }
  return true;
}

/**
 * One wallet row in one statement: the guarded UPDATE, then one log row per changed column from what it
 * returned. When the guard refuses, nothing is updated and nothing is logged.
 */
async function writeSingleRow(db: Sql, moving: ColumnMovement[]): Promise<void> {
  const [first] = moving as [ColumnMovement, ...ColumnMovement[]];
  const params: unknown[] = [first.userId, first.currencyId];
  const sets: string[] = [];
  const guards: string[] = [];
  const logs: string[] = [];
  for (const movement of moving) {
    params.push(
      movement.delta.toFixed(),
      movement.account,
      movement.isLock,
      movement.type,
      movement.ref?.type ?? '',
      movement.ref ? String(movement.ref.id) : '',
      movement.memo ?? '',
    );
    const [delta, account, isLock, type, refType, refId, memo] = [6, 5, 4, 3, 2, 1, 0].map(
      (back) => `$${params.length - back}`,
    );
    const column = columnOf(movement);
    sets.push(`"${column}" = "${column}" + ${delta}::numeric`);
    if (movement.delta.isNegative()) guards.push(` AND "${column}" + ${delta}::numeric >= 0`);
    logs.push(
      `SELECT user_id, currency_id, ${account}::varchar, ${isLock}::boolean, ${delta}::numeric, "${column}", ${type}::int, ${refType}::varchar, ${refId}::varchar, ${memo}::text FROM moved`,
    );
  }
  const sql = `WITH moved AS (
      UPDATE wallets SET ${sets.join(', ')} WHERE user_id = $1 AND currency_id = $2${guards.join('')}
      RETURNING user_id, currency_id, ${BALANCE_COLUMNS.map((column) => `"${column}"`).join(', ')})
    INSERT INTO account_logs (user_id, currency_id, account, is_lock, delta, balance_after, type, ref_type, ref_id, memo)
    ${logs.join(' UNION ALL ')}`;
  let logged = await db.execute(sql, params);
  if (logged === 0 && guards.length === 0) {
    // Credits to a currency listed after the user registered: open the wallet row, then credit it.
    await db.execute(
      'INSERT INTO wallets (user_id, currency_id) VALUES ($1, $2) ON CONFLICT (user_id, currency_id) DO NOTHING',
      [first.userId, first.currencyId],
    );
    logged = await db.execute(sql, params);
  }
  if (logged === 0) throw new AppError('balance_insufficient');
}

/** Applies signed movements as one: all of them, or (balance_insufficient) none. */
export async function applyMovements(tx: Tx | Sql, movements: ColumnMovement[]): Promise<void> {
  const db = asSql(tx);
  const moving = movements.filter((movement) => !movement.delta.isZero());
  if (moving.length === 0) return;
  if (isSingleRow(moving)) return writeSingleRow(db, moving);
  const balances = await lockWallets(db, moving);
  await writeMovements(db, balances, moving);
}

/**
 * What these wallets hold available in one account, read without locking (`user:currency` -> scaled amount,
 * ledger/scaled.ts; a wallet that does not exist is absent). For a caller that decides on a snapshot and
 * writes later through a guarded write (`applyScaledBatchMovements`) that refuses, and fails the whole
 * transaction, should a concurrent writer have taken the funds in between: such a caller decides again on a
 * fresh read. The spot matcher's, which counts in scaled bigints.
 */
export async function readScaledAvailable(
  tx: Tx | Sql,
  account: Account,
  keys: { userId: number; currencyId: number }[],
): Promise<Map<string, Scaled>> {
  const column = availableColumn(account);
  const rows = await asSql(tx).query<{ user_id: number; currency_id: number; available: string }>(
    `SELECT w.user_id, w.currency_id, w."${column}"::text AS available
     FROM unnest($1::int[], $2::int[]) AS k(user_id, currency_id)
     JOIN wallets w ON w.user_id = k.user_id AND w.currency_id = k.currency_id`,
    [keys.map((key) => key.userId), keys.map((key) => key.currencyId)],
  );
  return new Map(rows.map((row) => [walletKey(row.user_id, row.currency_id), parseScaled(row.available)]));
}

/** Money to (positive) or from (negative) one of the exchange's own accounts: an append-only entry. */
export interface HouseEntry {
  currencyId: number;
  account: HouseAccount;
  amount: MoneyValue;
  type: LogType;
  ref?: LedgerRef;
}

/** A house entry whose amount is scaled (ledger/scaled.ts). */
export type ScaledHouseEntry = Omit<HouseEntry, 'amount'> & { amount: Scaled };

/** Appends house entries (zero amounts are skipped) in one statement. */
export async function bookHouse(tx: Tx | Sql, entries: HouseEntry | HouseEntry[]): Promise<void> {
  const listed = Array.isArray(entries) ? entries : [entries];
  for (const entry of listed)
    if (!entry.amount.isFinite())
      throw new Error(`house entries must be finite, got ${entry.amount.toString()}`);
  await writeHouse(tx, listed, DECIMAL_SUMS);
}

/** `bookHouse` for scaled amounts: the spot matcher's fees. */
export function bookScaledHouse(tx: Tx | Sql, entries: ScaledHouseEntry[]): Promise<void> {
  return writeHouse(tx, entries, SCALED_SUMS);
}

async function writeHouse<T>(
  tx: Tx | Sql,
  entries: (Omit<HouseEntry, 'amount'> & { amount: T })[],
  sums: Sums<T>,
): Promise<void> {
  const db = asSql(tx);
  const booked = entries.filter((entry) => !sums.isZero(entry.amount));
  // Without the shortcut (`false`) the statement inserts no row: it only saves a round trip; `true` (never
  // booking) fails the tests of house entries.
  // Stryker disable next-line ConditionalExpression: only faster (see above).
  if (booked.length === 0) return;
  await db.execute(
    `INSERT INTO house_entries (currency_id, account, delta, type, ref_type, ref_id)
     SELECT * FROM unnest($1::int[], $2::varchar[], $3::numeric[], $4::int[], $5::varchar[], $6::varchar[])`,
    [
      booked.map((entry) => entry.currencyId),
      booked.map((entry) => entry.account),
      booked.map((entry) => sums.text(entry.amount)),
      booked.map((entry) => entry.type),
      booked.map((entry) => entry.ref?.type ?? ''),
      booked.map((entry) => (entry.ref ? String(entry.ref.id) : '')),
    ],
  );
}
