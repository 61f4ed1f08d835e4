import type pg from 'pg';
import type { Db } from '@exchange/kernel/db';
import { LOG_TYPES } from '@exchange/kernel/ledger';
import { auditExchange } from '../../apps/api/src/areas';
import type { ActionKind, ActionRecord, Workload } from './workload';
import { pause } from './services';

/**
 * What the exchange promised, checked against Postgres after a drill: every acknowledged action is there
 * exactly once (an action whose answer was lost may or may not be, a refused one must not be), everything
 * the workers owe (matching, lever closes, seconds settlements, P2P pay deadlines) has happened, and the
 * ledger audit is clean. The workers may still be catching up, so the checks are repeated until they pass
 * or the patience runs out.
 */
export interface CheckReport {
  problems: string[];
  /** What was checked, one phrase per area. */
  checked: string[];
}

/** A seconds contract is settled this long after its expiry at the latest (the settler's grace included). */
const SETTLE_SLACK_MS = 5_000;
/** Unpaid P2P orders are cancelled this long after their deadline at the latest (the sweeper runs every 15 s). */
const DEADLINE_SLACK_MS = 20_000;

interface Tally {
  ok: number;
  unknown: number;
}

/** Refusals that name a stored record (a refused spot order is stored as rejected) count as acknowledged. */
function tally(records: ActionRecord[], kind: ActionKind, key: (record: ActionRecord) => string) {
  const tallies = new Map<string, Tally>();
  for (const record of records) {
    if (record.kind !== kind || (record.outcome === 'refused' && record.id === undefined)) continue;
    const entry = tallies.get(key(record)) ?? { ok: 0, unknown: 0 };
    entry[record.outcome === 'unknown' ? 'unknown' : 'ok'] += 1;
    tallies.set(key(record), entry);
  }
  return tallies;
}

const acknowledged = (records: ActionRecord[], kind: ActionKind) =>
  records.filter((record) => record.kind === kind && record.outcome === 'ok' && record.id !== undefined);

/** Rows per key in Postgres must lie between the acknowledged actions and those plus the unanswered ones. */
function compareCounts(
  what: string,
  tallies: Map<string, Tally>,
  found: Map<string, number>,
  problems: string[],
) {
  for (const key of found.keys()) if (!tallies.has(key)) tallies.set(key, { ok: 0, unknown: 0 });
  for (const [key, { ok, unknown }] of tallies) {
    const count = found.get(key) ?? 0;
    if (count < ok) problems.push(`${what} ${key}: ${ok} acknowledged, ${count} in Postgres (lost)`);
    if (count > ok + unknown)
      problems.push(
        `${what} ${key}: ${ok} acknowledged and ${unknown} unanswered, ${count} in Postgres (applied twice or though refused)`,
      );
  }
}

async function countBy(pool: pg.Pool, sql: string, values: unknown[]): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ key: string; count: string }>(sql, values);
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

async function missingIds(pool: pg.Pool, table: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id::text FROM ${table} WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  const found = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !found.has(id));
}

/** An area's acknowledged action that stores one row per action: its table, and the words of its problems. */
interface StoredAction {
  kind: ActionKind;
  table: string;
  noun: string;
  owner: string;
}

const STORED = {
  spot: { kind: 'spot_place', table: 'spot_orders', noun: 'spot orders', owner: 'user' },
  lever: { kind: 'lever_open', table: 'lever_transactions', noun: 'lever positions', owner: 'user' },
  micro: { kind: 'micro_submit', table: 'micro_orders', noun: 'seconds contracts', owner: 'user' },
  p2p: { kind: 'p2p_take', table: 'p2p_orders', noun: 'P2P orders', owner: 'buyer' },
} satisfies Record<string, StoredAction>;

/**
 * Each owner has as many rows of the action's table as acknowledged actions (plus, at most, the unanswered
 * ones).
 */
async function storedPerOwner(
  pool: pg.Pool,
  records: ActionRecord[],
  problems: string[],
  action: StoredAction,
  owners: number[],
) {
  compareCounts(
    `${action.noun} of ${action.owner}`,
    tally(records, action.kind, (record) => String(record.userId)),
    await countBy(
      pool,
      `SELECT user_id::text AS key, COUNT(*) FROM ${action.table} WHERE user_id = ANY($1) GROUP BY user_id`,
      [owners],
    ),
    problems,
  );
}

/**
 * Besides the counts per owner, every acknowledged action that named its record is a row of the table;
 * answers those acknowledged records.
 */
async function storedOnce(
  pool: pg.Pool,
  records: ActionRecord[],
  problems: string[],
  action: StoredAction,
  owners: number[],
): Promise<ActionRecord[]> {
  const done = acknowledged(records, action.kind);
  const lost = await missingIds(
    pool,
    action.table,
    done.map((record) => record.id ?? ''),
  );
  if (lost.length > 0) problems.push(`${action.noun} acknowledged but missing: ${lost.join(', ')}`);
  await storedPerOwner(pool, records, problems, action, owners);
  return done;
}

/**
 * The acknowledged `kind` actions whose record `sql` still finds in another state than the action promised
 * (`state`, with its id) are problems; answers the acknowledged ids.
 */
async function expectApplied(
  pool: pg.Pool,
  records: ActionRecord[],
  problems: string[],
  kind: ActionKind,
  sql: string,
  problem: (row: { id: string; state: string }) => string,
): Promise<string[]> {
  const ids = acknowledged(records, kind).map((record) => record.id ?? '');
  const { rows } = await pool.query<{ id: string; state: string }>(sql, [ids]);
  for (const row of rows) problems.push(problem(row));
  return ids;
}

/** A broken promise when `sql` finds any row: `problem`, with the ids it found. */
async function expectNone(
  pool: pg.Pool,
  problems: string[],
  problem: string,
  sql: string,
  values: unknown[],
) {
  const { rows } = await pool.query<{ id: string }>(sql, values);
  if (rows.length > 0) problems.push(`${problem}: ${rows.map((row) => row.id).join(', ')}`);
}

async function spotChecks(pool: pg.Pool, workload: Workload, problems: string[]): Promise<string> {
  const records = workload.records;
  const users = [...workload.traders, ...workload.probes].map((user) => user.id);
  const placed = await storedOnce(pool, records, problems, STORED.spot, users);
  await expectNone(
    pool,
    problems,
    'spot orders acknowledged, then refused as not placed',
    `SELECT id::text FROM spot_orders WHERE id = ANY($1::bigint[]) AND reject_reason = 'not_placed'`,
    [placed.map((record) => record.id)],
  );
  // Every fill is backed by trades, and no trade was booked twice into an order.
  const { rows: fills } = await pool.query<{ id: string; filled: string; traded: string }>(
    `SELECT o.id::text, o.filled::text, COALESCE(SUM(t.amount), 0)::text AS traded
       FROM spot_orders o LEFT JOIN spot_trades t ON t.taker_order_id = o.id OR t.maker_order_id = o.id
      WHERE o.user_id = ANY($1) GROUP BY o.id
     HAVING o.filled <> COALESCE(SUM(t.amount), 0) OR o.filled > o.amount`,
    [users],
  );
  for (const row of fills) problems.push(`spot order ${row.id}: filled ${row.filled}, trades ${row.traded}`);
  const refused = records.filter(
    (record) => record.kind === 'spot_place' && record.outcome === 'refused' && record.id,
  );
  await expectNone(
    pool,
    problems,
    'spot orders refused, yet live or filled',
    `SELECT id::text FROM spot_orders WHERE id = ANY($1::bigint[]) AND (state = 'open' OR filled > 0)`,
    [refused.map((record) => record.id)],
  );
  const cancelled = acknowledged(records, 'spot_cancel').map((record) => record.id ?? '');
  await expectNone(
    pool,
    problems,
    'spot cancels acknowledged, orders still open',
    `SELECT id::text FROM spot_orders WHERE id = ANY($1::bigint[]) AND state = 'open'`,
    [cancelled],
  );
  return `spot: ${placed.length} acknowledged orders stored once and matched, fills = trades, ${cancelled.length} cancels applied`;
}

async function transferChecks(pool: pg.Pool, workload: Workload, problems: string[]): Promise<string> {
  const tallies = tally(workload.records, 'transfer', (record) => `${record.userId} ${record.detail ?? ''}`);
  const found = await countBy(
    pool,
    `SELECT user_id || ' ' || memo AS key, COUNT(*) FROM account_logs
      WHERE user_id = ANY($1) AND delta < 0 AND NOT is_lock AND memo LIKE '%>%' GROUP BY user_id, memo`,
    [workload.traders.map((trader) => trader.id)],
  );
  // The set-up transfers (change>lever, change>micro once each) came before the workload.
  for (const trader of workload.traders)
    for (const memo of ['change>lever', 'change>micro']) {
      const key = `${trader.id} ${memo}`;
      const count = found.get(key);
      if (count !== undefined) found.set(key, count - 1);
    }
  compareCounts('transfers of', tallies, found, problems);
  const ok = workload.records.filter(
    (record) => record.kind === 'transfer' && record.outcome === 'ok',
  ).length;
  return `transfers: ${ok} acknowledged, each booked once`;
}

async function leverChecks(pool: pg.Pool, workload: Workload, problems: string[]): Promise<string> {
  const records = workload.records;
  const users = workload.traders.map((trader) => trader.id);
  await storedPerOwner(pool, records, problems, STORED.lever, users);
  const closed = await expectApplied(
    pool,
    records,
    problems,
    'lever_close',
    'SELECT id::text, status::text AS state FROM lever_transactions WHERE id = ANY($1::bigint[]) AND status <> 3',
    (row) => `lever position ${row.id}: close acknowledged, status ${row.state}`,
  );
  await expectNone(
    pool,
    problems,
    'lever positions left closing, never settled',
    'SELECT id::text FROM lever_transactions WHERE user_id = ANY($1) AND status = 2',
    [users],
  );
  const opened = records.filter((record) => record.kind === 'lever_open' && record.outcome === 'ok').length;
  return `lever: ${opened} opens stored once, ${closed.length} acknowledged closes settled, none left closing`;
}

async function microChecks(pool: pg.Pool, workload: Workload, problems: string[]): Promise<string> {
  const records = workload.records;
  const users = workload.traders.map((trader) => trader.id);
  const placed = await storedOnce(pool, records, problems, STORED.micro, users);
  await expectNone(
    pool,
    problems,
    'seconds contracts past expiry, not settled',
    `SELECT id::text FROM micro_orders WHERE user_id = ANY($1) AND status = 1
        AND expires_at < now() - make_interval(secs => $2)`,
    [users, SETTLE_SLACK_MS / 1000],
  );
  await expectNone(
    pool,
    problems,
    'seconds contracts finished without a settlement time',
    'SELECT id::text FROM micro_orders WHERE user_id = ANY($1) AND status = 3 AND settled_at IS NULL',
    [users],
  );
  // Settled exactly once: the stake leaves the lock column once per finished contract, never for a running one.
  const { rows: settledTwice } = await pool.query<{ id: string; settlements: string }>(
    `SELECT o.id::text, COUNT(l.id)::text AS settlements
       FROM micro_orders o
       LEFT JOIN account_logs l ON l.ref_type = 'micro_order' AND l.ref_id = o.id::text AND l.type = $2
                               AND l.is_lock AND l.delta < 0
      WHERE o.user_id = ANY($1)
      GROUP BY o.id, o.status
     HAVING COUNT(l.id) <> CASE WHEN o.status = 3 THEN 1 ELSE 0 END`,
    [users, LOG_TYPES.MICRO_SETTLE],
  );
  for (const row of settledTwice)
    problems.push(`seconds contract ${row.id}: ${row.settlements} settlements booked`);
  return `seconds: ${placed.length} acknowledged contracts stored once, every expired one settled exactly once`;
}

async function p2pChecks(pool: pg.Pool, workload: Workload, problems: string[]): Promise<string> {
  const records = workload.records;
  const buyers = workload.buyers.map((buyer) => buyer.id);
  const taken = await storedOnce(pool, records, problems, STORED.p2p, buyers);
  const confirmed = await expectApplied(
    pool,
    records,
    problems,
    'p2p_confirm',
    'SELECT id::text, is_sure::text AS state FROM p2p_orders WHERE id = ANY($1::bigint[]) AND is_sure <> 1',
    (row) => `P2P order ${row.id}: confirmation acknowledged, is_sure ${row.state}`,
  );
  await expectNone(
    pool,
    problems,
    'P2P orders past their pay deadline, not cancelled',
    `SELECT id::text FROM p2p_orders WHERE user_id = ANY($1) AND is_sure = 0
        AND pay_deadline < now() - make_interval(secs => $2)`,
    [buyers, DEADLINE_SLACK_MS / 1000],
  );
  const { rows: expired } = await pool.query<{ count: string }>(
    `SELECT COUNT(*) FROM p2p_orders WHERE user_id = ANY($1) AND cancelled_by = 'deadline'`,
    [buyers],
  );
  return `P2P: ${taken.length} acknowledged orders stored once, ${confirmed.length} confirmations applied, ${expired[0]?.count ?? 0} cancelled by their deadline, none overdue`;
}

export async function checkOnce(prisma: Db, pool: pg.Pool, workload: Workload): Promise<CheckReport> {
  const problems: string[] = [];
  const checked = [
    await spotChecks(pool, workload, problems),
    await transferChecks(pool, workload, problems),
    await leverChecks(pool, workload, problems),
    await microChecks(pool, workload, problems),
    await p2pChecks(pool, workload, problems),
  ];
  const audit = await auditExchange(prisma);
  problems.push(...audit.problems.map((problem) => `audit: ${problem}`));
  checked.push(`audit: ${audit.ok ? 'clean' : `${audit.problems.length} problems`}`);
  return { problems, checked };
}

/** The checks, repeated until they pass or `patienceMs` is over (the workers may still be catching up). */
export async function checkUntilSettled(prisma: Db, pool: pg.Pool, workload: Workload, patienceMs: number) {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    const report = await checkOnce(prisma, pool, workload).catch((error: unknown) => ({
      problems: [`the checks failed to run: ${(error as Error).message}`],
      checked: [],
    }));
    if (report.problems.length === 0 || Date.now() > deadline) return report;
    await pause(1_000);
  }
}
