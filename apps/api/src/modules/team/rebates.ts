import type pg from 'pg';
import { inTransaction, type Sql } from '@exchange/kernel/db';
import {
  applyMovements,
  bookHouse,
  LOG_TYPES,
  Money,
  type Account,
  type ColumnMovement,
  type HouseEntry,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import { SETTING_DEFAULTS } from '../system';
import { parseRebateRates, rebateOf, type RebateRates, type RebateSettings } from './rebate-rules';

/** A fee waiting for its rebates, as claimed from team_fees. */
interface PendingFee {
  id: string;
  user_id: number;
  currency_id: number;
  account: Account;
  amount: string;
}

/** One generation's share of one fee. */
interface Rebate {
  feeId: string;
  generation: number;
  userId: number;
  fromUserId: number;
  currencyId: number;
  account: Account;
  rate: MoneyValue;
  amount: MoneyValue;
}

export interface PayRebatesOptions {
  /** Fees per transaction. */
  batchSize?: number;
  /** At most this many batches per call (the sweeper calls again a second later). */
  maxBatches?: number;
}

export const REBATE_BATCH_SIZE = 500;

/**
 * The rebate job: pays the inviters of every recorded fee, a batch of fees per transaction, until none is
 * left. Per fee, generation g (1 = the payer's inviter) receives rate[g] percent of the fee, credited to the
 * account the fee left, FROM the house `fees` account, so the audit balances; the anchor of the tree (the
 * root account nobody signs in to) receives nothing. Exactly once: the fees are claimed FOR UPDATE SKIP
 * LOCKED (two jobs never take the same fee) and marked paid in the same transaction as the credits, and
 * team_rebates is unique on (fee, generation), so even a rerun of a committed batch credits nothing twice.
 * The same transaction adds each fee to the team performance of every ancestor. Returns the fees processed.
 */
export async function payTeamRebates(pool: pg.Pool, options: PayRebatesOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? REBATE_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? 100;
  let processed = 0;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const count = await inTransaction(pool, (sql) => payRebateBatch(sql, batchSize));
    processed += count;
    // Never stopping early would only cost empty transactions until maxBatches (a batch that finds no fee
    // writes nothing); stopping always is caught by the batch test.
    // Stryker disable next-line ConditionalExpression: pure speed (see above).
    if (count < batchSize) break;
  }
  return processed;
}

/** One batch of the job inside the caller's transaction: the fees it processed. */
export async function payRebateBatch(sql: Sql, batchSize = REBATE_BATCH_SIZE): Promise<number> {
  const rates = parseRebateRates(await rebateSettings(sql));
  const fees = await sql.query<PendingFee>(
    `SELECT id::text, user_id, currency_id, account, amount::text FROM team_fees
     WHERE status = 0 ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [batchSize],
  );
  // Stryker disable next-line ConditionalExpression: pure speed, a batch of no fees writes nothing anyway.
  if (fees.length === 0) return 0;
  const ancestors = await ancestorsOf(
    sql,
    fees.map((fee) => fee.user_id),
  );
  const decimals = await decimalsOf(
    sql,
    fees.map((fee) => fee.currency_id),
  );
  const rebates = fees.flatMap((fee) =>
    // Stryker disable next-line ArrayDeclaration: unreachable, every fee's payer is a user with a row above.
    rebatesOf(fee, ancestors.get(fee.user_id) ?? [], rates, decimals.get(fee.currency_id) ?? 8),
  );
  await creditRebates(sql, rebates);
  await addPerformance(sql, fees, ancestors);
  await sql.execute('UPDATE team_fees SET status = 1, settled_at = now() WHERE id = ANY($1::bigint[])', [
    fees.map((fee) => fee.id),
  ]);
  return fees.length;
}

async function rebateSettings(sql: Sql): Promise<RebateSettings> {
  const rows = await sql.query<{ key: string; value: string }>(
    `SELECT key, value FROM settings WHERE key IN ('team_rebate_generations', 'team_rebate_rates')`,
  );
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return {
    team_rebate_generations: stored.team_rebate_generations ?? SETTING_DEFAULTS.team_rebate_generations,
    team_rebate_rates: stored.team_rebate_rates ?? SETTING_DEFAULTS.team_rebate_rates,
  };
}

/** Each payer's ancestors, nearest first, from users.parents_path (root first there). */
async function ancestorsOf(sql: Sql, userIds: number[]): Promise<Map<number, number[]>> {
  const rows = await sql.query<{ id: number; ancestors: number[] }>(
    `SELECT u.id, team_ancestors(u.parents_path) AS ancestors
     FROM unnest($1::int[]) AS k(id) CROSS JOIN LATERAL (SELECT id, parents_path FROM users WHERE id = k.id) u`,
    [[...new Set(userIds)]],
  );
  return new Map(rows.map((row) => [row.id, [...row.ancestors].reverse()]));
}

async function decimalsOf(sql: Sql, currencyIds: number[]): Promise<Map<number, number>> {
  const rows = await sql.query<{ id: number; decimal_scale: number }>(
    'SELECT id, decimal_scale FROM currencies WHERE id = ANY($1::int[])',
    [[...new Set(currencyIds)]],
  );
  return new Map(rows.map((row) => [row.id, row.decimal_scale]));
}

/**
 * The rebates one fee pays, nearest inviter first. The last of the ancestors is the tree's anchor (the root
 * account): it only anchors the tree, so the chain stops before it.
 */
function rebatesOf(fee: PendingFee, nearestFirst: number[], rates: RebateRates, decimals: number): Rebate[] {
  const inviters = nearestFirst.slice(0, -1);
  const amount = new Money(fee.amount);
  const rebates: Rebate[] = [];
  rates.forEach((rate, index) => {
    const receiver = inviters[index];
    if (receiver === undefined) return;
    const share = rebateOf(amount, rate, decimals);
    if (share.lte(0)) return;
    rebates.push({
      feeId: fee.id,
      generation: index + 1,
      userId: receiver,
      fromUserId: fee.user_id,
      currencyId: fee.currency_id,
      account: fee.account,
      rate,
      amount: share,
    });
  });
  return rebates;
}

/**
 * Stores the rebates and credits only the ones stored now (a (fee, generation) already paid is skipped by
 * the unique key), each through the ledger from the house `fees` account.
 */
async function creditRebates(sql: Sql, rebates: Rebate[]): Promise<void> {
  // Stryker disable next-line ConditionalExpression: pure speed, no rebates insert, credit and book nothing anyway.
  if (rebates.length === 0) return;
  const stored = await sql.query<{ fee_id: string; generation: number }>(
    `INSERT INTO team_rebates (fee_id, generation, user_id, from_user_id, currency_id, account, rate, amount)
     SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[], $5::int[], $6::varchar[], $7::numeric[], $8::numeric[])
     ON CONFLICT (fee_id, generation) DO NOTHING
     RETURNING fee_id::text, generation`,
    [
      rebates.map((rebate) => rebate.feeId),
      rebates.map((rebate) => rebate.generation),
      rebates.map((rebate) => rebate.userId),
      rebates.map((rebate) => rebate.fromUserId),
      rebates.map((rebate) => rebate.currencyId),
      rebates.map((rebate) => rebate.account),
      rebates.map((rebate) => rebate.rate.toFixed()),
      rebates.map((rebate) => rebate.amount.toFixed()),
    ],
  );
  const fresh = new Set(stored.map((row) => `${row.fee_id}:${row.generation}`));
  const paying = rebates.filter((rebate) => fresh.has(`${rebate.feeId}:${rebate.generation}`));
  const movements: ColumnMovement[] = [];
  const house: HouseEntry[] = [];
  for (const rebate of paying) {
    const ref = { type: 'team_fee', id: rebate.feeId };
    movements.push({
      userId: rebate.userId,
      currencyId: rebate.currencyId,
      account: rebate.account,
      isLock: false,
      delta: rebate.amount,
      type: LOG_TYPES.TEAM_REBATE,
      ref,
      memo: String(rebate.generation),
    });
    house.push({
      currencyId: rebate.currencyId,
      account: 'fees',
      amount: rebate.amount.neg(),
      type: LOG_TYPES.TEAM_REBATE,
      ref,
    });
  }
  await applyMovements(sql, movements);
  await bookHouse(sql, house);
}

/** Adds each fee to the team performance of every ancestor of its payer, one upsert in key order. */
async function addPerformance(sql: Sql, fees: PendingFee[], ancestors: Map<number, number[]>): Promise<void> {
  const totals = new Map<string, { userId: number; currencyId: number; fees: MoneyValue }>();
  for (const fee of fees) {
    // Stryker disable next-line ArrayDeclaration: unreachable, every fee's payer is a user with a row.
    for (const ancestor of ancestors.get(fee.user_id) ?? []) {
      const key = `${ancestor}:${fee.currency_id}`;
      const total = totals.get(key) ?? { userId: ancestor, currencyId: fee.currency_id, fees: new Money(0) };
      total.fees = total.fees.plus(fee.amount);
      totals.set(key, total);
    }
  }
  // Stryker disable next-line ConditionalExpression: pure speed, an upsert of no rows writes nothing anyway.
  if (totals.size === 0) return;
  const rows = [...totals.values()].sort((a, b) => a.userId - b.userId || a.currencyId - b.currencyId);
  await sql.execute(
    `INSERT INTO team_performance (user_id, currency_id, fees)
     SELECT * FROM unnest($1::int[], $2::int[], $3::numeric[])
     ON CONFLICT (user_id, currency_id) DO UPDATE SET fees = team_performance.fees + EXCLUDED.fees, updated_at = now()`,
    [rows.map((row) => row.userId), rows.map((row) => row.currencyId), rows.map((row) => row.fees.toFixed())],
  );
}
