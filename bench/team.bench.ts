import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { Db } from '@exchange/kernel/db';
import { createPool, inTransaction, prismaSql } from '@exchange/kernel/db';
import { payTeamRebates, rebuildTeamCounters, recordTeamFees, teamLevel } from '@exchange/api/modules/team';
import { Money } from '@exchange/kernel/ledger';

/**
 * The team tree at scale: 100,000 users below one leader (a user invited by the root), written straight by
 * SQL: 95,000 in a tree of fan-out 10 (five levels), and 5,000 direct referrals of one wide node; every third
 * one verified, each with some team performance. The counting triggers are off while the rows go in and the
 * counters are rebuilt from the tree in one statement afterwards (the trigger per row would take minutes).
 * Measured: one level's answer (`teamLevel`, what POST /api/getNode does) for the leader, inner nodes, leaves
 * and the wide node's first and 50th page, median and p99 over many calls; then the rebate job paying 10,000
 * fees of the deepest members up three generations.
 */
const HEAP_USERS = 95_000;
const WIDE_USERS = 5_000;
const CALLS = 300;
const FEES = 10_000;

export async function benchTeam(prisma: Db, databaseUrl: string): Promise<Record<string, number>> {
  const build = performance.now();
  const leader = await makeLeader(prisma);
  const base = await loadTree(prisma, leader);
  const buildMs = performance.now() - build;

  const pool = createPool(databaseUrl, 4);
  try {
    const idOf = (index: number) => base + index;
    const scenes: Record<string, () => Promise<unknown>> = {
      'the leader (10 referrals)': () => teamLevel(pool, leader.id, { page: 1, limit: 50 }),
      'an inner node (10 referrals)': () =>
        teamLevel(pool, leader.id, {
          userId: idOf(1 + Math.floor(Math.random() * 9_000)),
          page: 1,
          limit: 50,
        }),
      'a leaf (no referrals)': () =>
        teamLevel(pool, leader.id, {
          userId: idOf(10_000 + Math.floor(Math.random() * 85_000)),
          page: 1,
          limit: 50,
        }),
      'the wide node (5,000 referrals), page 1': () =>
        teamLevel(pool, leader.id, { userId: idOf(1), page: 1, limit: 50 }),
      'the wide node, page 50': () => teamLevel(pool, leader.id, { userId: idOf(1), page: 50, limit: 50 }),
    };
    const figures: Record<string, number> = {
      'team: users in the tree': HEAP_USERS + WIDE_USERS,
      'team: machine load average (1 min) when it started': Number((loadavg()[0] ?? 0).toFixed(1)),
      'team: tree built by SQL, counters rebuilt (ms)': Math.round(buildMs),
    };
    for (const [name, call] of Object.entries(scenes)) {
      const { median, p99 } = await latencies(call);
      figures[`team: getNode level, ${name}, median (ms)`] = median;
      figures[`team: getNode level, ${name}, p99 (ms)`] = p99;
    }
    const rebates = await benchRebates(prisma, pool, base);
    return { ...figures, ...rebates };
  } finally {
    await pool.end();
  }
}

/** The leader: a user invited by the root, as registration makes one (the triggers count it). */
async function makeLeader(prisma: Db): Promise<{ id: number; path: string }> {
  const [root] = await prisma.$queryRawUnsafe<{ id: number }[]>(
    "SELECT id FROM users WHERE extension_code = 'exroot'",
  );
  if (!root) throw new Error('the seed made no root account');
  const [leader] = await prisma.$queryRawUnsafe<{ id: number; parents_path: string }[]>(
    `INSERT INTO users (account_number, extension_code, authorization_code, password_hash, parent_id, parents_path)
     VALUES ('team-bench-leader@bench.exchange', 'tbleader', 'TBLEADER', 'x', $1, $2) RETURNING id, parents_path`,
    root.id,
    String(root.id),
  );
  if (!leader) throw new Error('the leader was not stored');
  return { id: leader.id, path: `${leader.parents_path},${leader.id}` };
}

/**
 * Writes the members with explicit ids base + i, so each one's ancestors are arithmetic: in the fan-out-10
 * part member i's parent is i / 10 (the leader for i < 10); members past it hang below member 1.
 */
async function loadTree(prisma: Db, leader: { id: number; path: string }): Promise<number> {
  const [next] = await prisma.$queryRawUnsafe<{ base: number }[]>(
    'SELECT COALESCE(MAX(id), 0) + 1000 AS base FROM users',
  );
  const base = next?.base ?? 1000;
  const total = HEAP_USERS + WIDE_USERS;
  await prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL session_replication_role = replica');
      await tx.$executeRawUnsafe(
        `INSERT INTO users (id, account_number, extension_code, authorization_code, password_hash, parent_id, parents_path)
         SELECT $1::int + i, 'team-bench-' || i || '@bench.exchange', 'tb' || i, 'TB' || i, 'x',
           CASE WHEN i > $3::int THEN $1::int + 1 WHEN i < 10 THEN $2::int ELSE $1::int + i / 10 END,
           $4::text || CASE
             WHEN i > $3::int THEN ',' || ($1::int + 1)
             WHEN i < 10 THEN ''
             ELSE ',' || (SELECT string_agg(($1::int + i / power(10, k)::int)::text, ',' ORDER BY k DESC)
                          FROM generate_series(1, floor(log(i))::int) k) END
         FROM generate_series(1, $5::int) i`,
        base,
        leader.id,
        HEAP_USERS,
        leader.path,
        total,
      );
      await tx.$executeRawUnsafe(
        `INSERT INTO identity_verifications (user_id, name, card_id, front_pic, reverse_pic, hand_pic, review_status)
         SELECT $1::int + i, 'bench', 'TB' || i, '', '', '', 2 FROM generate_series(3, $2::int, 3) i`,
        base,
        total,
      );
      await tx.$executeRawUnsafe(
        `INSERT INTO team_performance (user_id, currency_id, fees)
         SELECT $1::int + i, c.id, (i % 97) + 0.5 FROM generate_series(1, $2::int) i
         CROSS JOIN (SELECT id FROM currencies WHERE name = 'USDT') c`,
        base,
        total,
      );
    },
    { timeout: 300_000 },
  );
  await prisma.$executeRawUnsafe(
    `SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT MAX(id) FROM users))`,
  );
  await rebuildTeamCounters(prismaSql(prisma));
  await prisma.$executeRawUnsafe('ANALYZE users, team_stats, team_performance, identity_verifications');
  return base;
}

async function latencies(call: () => Promise<unknown>): Promise<{ median: number; p99: number }> {
  for (let warm = 0; warm < 20; warm += 1) await call();
  const samples: number[] = [];
  for (let index = 0; index < CALLS; index += 1) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (quantile: number) =>
    samples[Math.min(samples.length - 1, Math.floor(samples.length * quantile))] ?? 0;
  return { median: Number(at(0.5).toFixed(2)), p99: Number(at(0.99).toFixed(2)) };
}

/** 10,000 seconds fees of leaves (five levels deep) recorded as the submit does, then the job pays them. */
async function benchRebates(prisma: Db, pool: pg.Pool, base: number): Promise<Record<string, number>> {
  const [usdt] = await prisma.$queryRawUnsafe<{ id: number }[]>(
    "SELECT id FROM currencies WHERE name = 'USDT'",
  );
  if (!usdt) throw new Error('no USDT');
  // The fee income the rebates are paid from, booked as the fees themselves would have been.
  await prisma.$executeRawUnsafe(
    `INSERT INTO house_entries (currency_id, account, delta, type, ref_type, ref_id) VALUES ($1, 'fees', $2, 503, 'bench', '')`,
    usdt.id,
    FEES,
  );
  const recording = performance.now();
  await inTransaction(pool, (sql) =>
    recordTeamFees(
      sql,
      Array.from({ length: FEES }, (_, index) => ({
        source: 'micro_order' as const,
        sourceId: String(10_000_000 + index),
        userId: base + 10_000 + ((index * 7919) % 85_000),
        currencyId: usdt.id,
        account: 'micro' as const,
        amount: new Money(1),
      })),
    ),
  );
  const recordMs = performance.now() - recording;
  const paying = performance.now();
  const paid = await payTeamRebates(pool);
  const payMs = performance.now() - paying;
  if (paid !== FEES) throw new Error(`expected ${FEES} fees paid, got ${paid}`);
  return {
    'team: rebates, fees recorded in one statement': FEES,
    'team: rebates, recording them (ms)': Math.round(recordMs),
    'team: rebates, paying them up 3 generations, all batches (ms)': Math.round(payMs),
    'team: rebates, fees paid/s': Math.round(FEES / (payMs / 1000)),
  };
}
