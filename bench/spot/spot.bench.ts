import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '@exchange/kernel/db';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import { openSession } from '../../apps/api/src/modules/user';
import type { LoadPlan, LoadReport } from './load';
import { auditExchange } from '@exchange/api/areas';

/**
 * End to end, as deployed: the API (`--processes` node cluster workers) and the matcher (`npm run
 * workers`) each in their own processes, and a load generator in a third, so the figure is the server's.
 * Concurrent keep-alive connections send form-encoded limit orders (half of them crossing) for a fixed
 * time after a warm-up. An order counts as accepted when the API answered ok, which it only does once the
 * order is committed (stored with its funds locked; matched too when the matcher answered within the
 * wait). Afterwards every acknowledged order id is looked up in Postgres, the matcher is let drain, and the
 * ledger audit must come out clean.
 */
const USERS = 256;
const CONNECTIONS = 64;
const WARMUP_MS = 2_000;
const DURATION_MS = 8_000;

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export interface SpotBenchOptions {
  apiProcesses?: number;
  connections?: number;
  durationMs?: number;
  /** Writes V8 CPU profiles of the API, matcher and load generator processes into this folder. */
  profileDir?: string;
  /**
   * Kills the matcher (SIGKILL) this long after the load starts and starts another, which takes over once
   * the dead one's lease runs out: the acknowledged, unmatched-after-draining and audit figures must not care.
   */
  killMatcherAfterMs?: number;
  /**
   * Sends only orders the API refuses at validation, before it reads or stores anything, and reports what
   * answering them costs: the floor under every order's cost.
   */
  httpFloor?: boolean;
}

export async function benchSpotEndToEnd(
  prisma: Db,
  databaseUrl: string,
  redisUrl: string,
  options: SpotBenchOptions = {},
): Promise<Record<string, number | string>> {
  const apiProcesses = options.apiProcesses ?? 1;
  const connections = options.connections ?? CONNECTIONS;
  const durationMs = options.durationMs ?? DURATION_MS;
  const redisPrefix = `bench:${randomBytes(4).toString('hex')}:`;
  const usdt = await prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } });
  const btc = await prisma.currency.findUniqueOrThrow({ where: { name: 'BTC' } });
  const tokens = await benchUsers(prisma);

  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    PORT: String(port),
    LOG_LEVEL: 'silent',
    MARKET_MAKER: 'off',
    WEB_DIST_DIR: '/nonexistent',
  };
  const children: ChildProcess[] = [];
  const start = (path: string, args: string[] = []) => {
    const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
    const child = fork(path, args, {
      env,
      execArgv: ['--import', 'tsx', ...profile],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    children.push(child);
    return child;
  };
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const startMatcher = async () => {
      const started = start(fileURLToPath(new URL('../../workers/src/main.ts', import.meta.url)));
      const output = collectOutput(started);
      await output.waitFor(/\[workers\] running/);
      return { process: started, output };
    };
    let matcher = await startMatcher();
    const api = start(here('./api-server.ts'), ['--processes', String(apiProcesses)]);
    api.stdout?.pipe(process.stderr);
    await message(api);

    const load = start(here('./load.ts'));
    const plan: LoadPlan = {
      targets: [{ host: '127.0.0.1', port }],
      tokens,
      legalId: usdt.id,
      currencyId: btc.id,
      connections,
      warmupMs: WARMUP_MS,
      durationMs,
      refusedOnPurpose: options.httpFloor ?? false,
    };
    const database = new URL(databaseUrl).pathname.slice(1);
    const cpuBefore = cpuSnapshot(children, database);
    const { killMatcherAfterMs } = options;
    const chaos =
      killMatcherAfterMs === undefined
        ? Promise.resolve()
        : (async () => {
            await new Promise((resolve) => setTimeout(resolve, killMatcherAfterMs));
            const exited = new Promise((resolve) => matcher.process.once('exit', resolve));
            matcher.process.kill('SIGKILL');
            await exited;
            matcher = await startMatcher();
          })();
    load.send(plan);
    const report = await message<LoadReport>(load);
    await chaos;
    const cpu = cpuUse(cpuBefore, cpuSnapshot(children, database), WARMUP_MS + durationMs);
    // A process's share of one core over the warm-up and the run, as CPU µs per request it served.
    const microsPer = (requests: number, percent: number) =>
      Math.round(((percent / 100) * (WARMUP_MS + durationMs) * 1000) / Math.max(1, requests));
    if (options.httpFloor) {
      return {
        'HTTP floor: refused orders answered/s': Math.round(report.latenciesMs.length / (durationMs / 1000)),
        'HTTP floor: API CPU µs per request': microsPer(report.answered, cpu.api),
        'HTTP floor: load generator CPU µs per request': microsPer(report.answered, cpu.load),
      };
    }

    // Every acknowledged order must be in Postgres.
    const {
      rows: [stored],
    } = await admin.query<{ count: string }>(
      'SELECT count(*) FROM spot_orders WHERE id = ANY($1::bigint[])',
      [report.acknowledgedIds],
    );
    // Let the matcher finish what is queued, then check the books.
    const drainedBy = Date.now() + 60_000;
    let unmatched = Number.POSITIVE_INFINITY;
    while (Date.now() < drainedBy) {
      const { rows } = await admin.query<{ count: string }>(
        "SELECT count(*) FROM spot_orders WHERE state = 'new'",
      );
      unmatched = Number(rows[0]?.count ?? 0);
      if (unmatched === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const audit = await auditExchange(prisma);
    api.send({ stats: true });
    const commits = (await message<{ stats: { commits: number; orders: number; commitMs: number } }>(api))
      .stats;
    await stop(matcher.process);
    const settled = matcherTotals(matcher.output.text());
    const latencies = [...report.latenciesMs].sort((a, b) => a - b);
    const percentile = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0;
    const refused = Object.values(report.refused).reduce((sum, count) => sum + count, 0);
    if (refused > 0) console.error('spot bench refusals:', report.refused);
    if (killMatcherAfterMs === undefined)
      console.error(
        `spot bench CPU during the run (of ${cpu.cores} cores): api ${cpu.api}%, matcher ${cpu.matcher}%, ` +
          `load generator ${cpu.load}%, postgres ${cpu.postgres}%, redis (shared) ${cpu.redis}%, whole machine ${cpu.machine}%`,
      );
    return {
      [`spot orders accepted/s through HTTP (${apiProcesses} API process${apiProcesses > 1 ? 'es' : ''})`]:
        Math.round(report.accepted / (durationMs / 1000)),
      'spot order latency p50 ms': Number(percentile(50).toFixed(1)),
      'spot order latency p99 ms': Number(percentile(99).toFixed(1)),
      'spot orders refused during the run': refused,
      'spot orders acknowledged (warm-up included)': report.acknowledgedIds.length,
      'spot acknowledged orders found in Postgres': Number(stored?.count ?? 0),
      'spot orders left unmatched after draining': unmatched,
      'spot trades booked': await prisma.spotTrade.count(),
      'spot orders per group commit (API)': Number(
        (commits.orders / Math.max(1, commits.commits)).toFixed(1),
      ),
      'spot group commit ms, mean (API)': Number(
        (commits.commitMs / Math.max(1, commits.commits)).toFixed(1),
      ),
      'spot commands per matcher batch': settled.commandsPerBatch,
      'spot matcher batch ms, mean': Number((settled.settleMs / Math.max(1, settled.batches)).toFixed(1)),
      // CPU per acknowledged order over the warm-up and the run: what each part costs, whatever share of
      // the machine the neighbours leave it (not measured when the matcher is killed on purpose).
      ...(killMatcherAfterMs === undefined
        ? Object.fromEntries(
            (['api', 'matcher', 'postgres', 'redis'] as const).map((part) => [
              `spot CPU µs per order: ${part === 'redis' ? 'redis (shared)' : part}`,
              microsPer(report.acknowledgedIds.length, cpu[part]),
            ]),
          )
        : {}),
      ...(killMatcherAfterMs === undefined
        ? {}
        : { 'spot matcher killed (SIGKILL) and replaced after ms': killMatcherAfterMs }),
      'spot ledger audit': audit.ok ? 'clean' : `BROKEN: ${audit.problems.slice(0, 3).join('; ')}`,
    };
  } finally {
    await Promise.all(children.map((child) => stop(child)));
    await admin.end();
  }
}

/** Users with plenty of both currencies, each signed in (sessions opened directly: no login rate limit). */
async function benchUsers(prisma: Db): Promise<string[]> {
  const tokens: string[] = [];
  for (let first = 0; first < USERS; first += 16) {
    const batch = Array.from({ length: Math.min(16, USERS - first) }, (_, offset) => first + offset);
    tokens.push(
      ...(await Promise.all(
        batch.map(async (index) => {
          const account = `spot-bench-${index}@bench.exchange`;
          const user = await createOpsUser(prisma, {
            account,
            password: 'Bench1234',
            kycApproved: true,
            seller: false,
          });
          await opsDeposit(prisma, { account, currency: 'USDT', amount: '100000000' });
          await opsDeposit(prisma, { account, currency: 'BTC', amount: '100000' });
          return openSession(prisma, user.id, '127.0.0.1', 24);
        }),
      )),
    );
  }
  return tokens;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function message<T = unknown>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (value) => resolve(value as T));
    child.once('exit', (code) => reject(new Error(`a benchmark process exited early (${code})`)));
  });
}

/** Keeps a child's standard output, and tells when a line matching a pattern has appeared. */
function collectOutput(child: ChildProcess) {
  let text = '';
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (const entry of [...waiting]) {
      if (!entry.pattern.test(text)) continue;
      waiting.splice(waiting.indexOf(entry), 1);
      entry.resolve();
    }
  });
  return {
    text: () => text,
    waitFor: (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        if (pattern.test(text)) resolve();
        else waiting.push({ pattern, resolve });
        child.once('exit', (code) => reject(new Error(`a benchmark process exited early (${code})`)));
      }),
  };
}

/** The totals the matcher logs when it stops. */
function matcherTotals(output: string): { batches: number; settleMs: number; commandsPerBatch: number } {
  for (const line of output.split('\n')) {
    if (!line.includes('matcher stopping')) continue;
    const totals = JSON.parse(line) as { batches: number; settleMs: number; commandsPerBatch: number };
    return totals;
  }
  return { batches: 0, settleMs: 0, commandsPerBatch: 0 };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

// CPU accounting from /proc (Linux): each child with its descendants (cluster workers), and the machine.
interface CpuSnapshot {
  perChild: number[];
  /** Postgres backends serving the benchmark's database, per pid (they come and go). */
  postgres: Map<number, number>;
  redis: number;
  machineBusy: number;
  machineTotal: number;
}

/** Ticks of every process whose command line passes the test, by pid (the micro benchmark reads them too). */
export function ticksOf(test: (commandLine: string) => boolean): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (test(readFileSync(`/proc/${entry}/cmdline`, 'utf8')))
        ticks.set(Number(entry), processTicks(Number(entry)));
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks;
}

function processTicks(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  } catch {
    return 0;
  }
}

function treeTicks(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    total += processTicks(pid);
    for (const [child, parent] of parents) if (parent === pid) pending.push(child);
  }
  return total;
}

function cpuSnapshot(children: ChildProcess[], database: string): CpuSnapshot {
  const [line = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    perChild: children.map((child) => (child.pid ? treeTicks(child.pid) : 0)),
    postgres: ticksOf(
      (commandLine) => commandLine.startsWith('postgres: ') && commandLine.includes(` ${database} `),
    ),
    redis: [...ticksOf((commandLine) => commandLine.startsWith('redis-server')).values()].reduce(
      (a, b) => a + b,
      0,
    ),
    machineBusy: total - idle,
    machineTotal: total,
  };
}

function cpuUse(before: CpuSnapshot, after: CpuSnapshot, elapsedMs: number) {
  // /proc counts in clock ticks of 10 ms on Linux.
  const percent = (index: number) =>
    Math.round(((after.perChild[index] ?? 0) - (before.perChild[index] ?? 0)) * 10 * (100 / elapsedMs));
  const cores = Number(readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? 1);
  return {
    cores,
    matcher: percent(0),
    api: percent(1),
    load: percent(2),
    postgres: Math.round(
      [...after.postgres].reduce((sum, [pid, ticks]) => sum + ticks - (before.postgres.get(pid) ?? 0), 0) *
        10 *
        (100 / elapsedMs),
    ),
    redis: Math.round((after.redis - before.redis) * 10 * (100 / elapsedMs)),
    machine: Math.round(
      (100 * cores * (after.machineBusy - before.machineBusy)) /
        Math.max(1, after.machineTotal - before.machineTotal),
    ),
  };
}
