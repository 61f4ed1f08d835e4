import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from '@exchange/kernel/db';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import { openSession } from '../../apps/api/src/modules/user';
import { freePort } from '../../test/probes';
import type { LoadPlan, LoadReport } from './load';
import { printMetricsMoved, watchMetrics } from './metrics-delta';
import { auditExchange } from '@exchange/api/areas';
import { StageTimes, type StageRaw, type StageSummary } from '@exchange/kernel/stage-times';

/**
 * End to end, as deployed: the API (`--processes` node cluster workers) and the workers with the matcher
 * each in their own processes, and a load generator in a third, so the figures are the server's. One
 * invocation measures, on the same machine and in this order:
 * 1. the HTTP floor, the yardstick: orders refused at validation (nothing read or stored), closed loop;
 *    the refused requests/s and the API's CPU per request;
 * 2. the closed loop: keep-alive connections each sending a form-encoded limit order (half of them
 *    crossing) once the previous one is answered; accepted orders/s, latency, the CPU each part spends per
 *    order, and the ratios of the issue's targets to the floor;
 * 3. the open loop: orders on a fixed schedule at a third of the floor's rate, latency counted from the
 *    scheduled send time, with its histogram;
 * 4. the order path's stage times (stage-times.ts) of both order runs, from the end of their warm-up on.
 * An order counts as accepted when the API answered ok, which it only does once the order is durably
 * stored. After each order run every acknowledged order id is looked up in Postgres, the matcher is let
 * drain, and the ledger audit must come out clean. Each order run gets a fresh workers process: the
 * matcher's batch totals only come out in the line it logs when it stops.
 */
const USERS = 256;
const CONNECTIONS = 64;
/** Open loop: enough connections that a request seldom waits behind another on the same connection. */
const OPEN_LOOP_CONNECTIONS = 256;
const WARMUP_MS = 2_000;
const DURATION_MS = 8_000;
const FLOOR_DURATION_MS = 5_000;
/** How long the workers may take to stop cleanly before they are killed (and their totals are lost). */
const WORKERS_STOP_MS = 30_000;
/** The order path's stages, in path order (any other stage recorded is printed after them). */
const STAGES = ['http parse', 'append', 'stream', 'matcher batch', 'settle commit', 'answer', 'total'];
/** Upper edges of the open loop's latency histogram, ms. */
const HISTOGRAM_MS = [1, 2, 5, 10, 20, 50, 100, 150, 300];

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export interface SpotBenchOptions {
  apiProcesses?: number;
  /** The closed loop's connections (and the floor's); the open loop uses OPEN_LOOP_CONNECTIONS. */
  connections?: number;
  durationMs?: number;
  /** Writes V8 CPU profiles of the API, workers and load generator processes into this folder. */
  profileDir?: string;
  /**
   * Kills the matcher (SIGKILL) this long after the closed loop's load starts and starts another, which
   * takes over once the dead one's lease runs out: the acknowledged, not-contradicted and audit
   * figures must not care. (The CPU per order is not measured then.)
   */
  killMatcherAfterMs?: number;
  /** Measures the HTTP floor only. */
  httpFloor?: boolean;
  /**
   * Matcher processes (1 or 2): with 2, the orders go to two markets (BTC/USDT and ETH/USDT) and each
   * workers process runs one of them (MATCHER_PAIRS), as matchers sharded by pair would on two machines.
   */
  matchers?: number;
  /** Prints the exchange's metrics that moved during the closed loop (metrics-delta.ts). */
  metrics?: boolean;
}

type StageSummaries = Record<string, StageSummary>;
type Cpu = ReturnType<typeof cpuSpent>;

/**
 * Runs the benchmark and prints its report as it goes (one figure per line, then the histogram and the
 * stage tables); returns the figures for the JSON line.
 */
export async function benchSpotEndToEnd(
  prisma: Db,
  databaseUrl: string,
  redisUrl: string,
  options: SpotBenchOptions = {},
): Promise<Record<string, unknown>> {
  const apiProcesses = options.apiProcesses ?? 1;
  const connections = options.connections ?? CONNECTIONS;
  const durationMs = options.durationMs ?? DURATION_MS;
  const redisPrefix = `bench:${randomBytes(4).toString('hex')}:`;
  const usdt = await prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } });
  const btc = await prisma.currency.findUniqueOrThrow({ where: { name: 'BTC' } });
  const eth = await prisma.currency.findUniqueOrThrow({ where: { name: 'ETH' } });
  const sharded = (options.matchers ?? 1) > 1;
  const tokens = await benchUsers(prisma);

  const port = await freePort();
  const metrics = options.metrics ? await watchMetrics(port) : undefined;
  const env = {
    ...metrics?.env,
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    PORT: String(port),
    // Silences the API's request logs; the bench workers log their JSON lines whatever the level.
    LOG_LEVEL: 'silent',
    MARKET_MAKER: 'off',
    WEB_DIST_DIR: '/nonexistent',
  };
  const children: ChildProcess[] = [];
  const start = (path: string, args: string[] = [], ownEnv: Record<string, string> = {}) => {
    const profile = options.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.profileDir}`] : [];
    const child = fork(path, args, {
      env: { ...env, ...ownEnv },
      execArgv: ['--import', 'tsx', ...profile],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    children.push(child);
    return child;
  };
  const figures: Record<string, unknown> = {};
  const show = (name: string, value: number | string, note = '') => {
    figures[name] = value;
    console.log(`${name.padEnd(60)} ${value}${note ? `  ${note}` : ''}`);
  };
  /** A figure with its target beside it; the JSON gets whether it held under `<name>: target`. */
  const showTarget = (name: string, value: number | string, goal: string, holds: boolean) => {
    show(name, value, `(target ${goal}: ${holds ? 'holds' : 'MISSED'})`);
    figures[`${name}: target ${goal}`] = holds ? 'holds' : 'MISSED';
  };
  const heading = (text: string) => console.log(`\n== ${text}`);
  // Whose CPU counts as Postgres's and Redis's: the backends of the bench's database, the Redis on its port.
  const servers = {
    database: new URL(databaseUrl).pathname.slice(1),
    redisPort: new URL(redisUrl).port || '6379',
  };
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const api = start(here('./api-server.ts'), ['--processes', String(apiProcesses)]);
    api.stdout?.pipe(process.stderr);
    await message(api);
    const apiStats = async () => {
      api.send({ stats: true });
      return message<{ stats: AppendStats; stages: StageSummaries }>(api);
    };
    const startWorkers = async (matcherPairs?: string) => {
      const started = start(
        here('./workers-server.ts'),
        [],
        matcherPairs ? { MATCHER_PAIRS: matcherPairs } : {},
      );
      const output = collectOutput(started);
      await output.waitFor(/\[workers\] running/);
      return { process: started, output };
    };
    const plan = (fields: Pick<LoadPlan, 'connections' | 'durationMs'> & Partial<LoadPlan>): LoadPlan => ({
      targets: [{ host: '127.0.0.1', port }],
      tokens,
      legalId: usdt.id,
      currencyIds: sharded ? [btc.id, eth.id] : [btc.id],
      warmupMs: WARMUP_MS,
      ...fields,
    });
    const processes = `${apiProcesses} API process${apiProcesses > 1 ? 'es' : ''}`;

    // 1. The yardstick.
    heading(
      `HTTP floor: orders refused at validation, closed loop (${connections} connections, ${processes})`,
    );
    const floorLoad = start(here('./load.ts'));
    const floorBefore = cpuSnapshot({ api }, servers);
    floorLoad.send(plan({ connections, durationMs: FLOOR_DURATION_MS, refusedOnPurpose: true }));
    const floor = await message<LoadReport>(floorLoad, isReport);
    const floorCpu = cpuSpent(floorBefore, cpuSnapshot({ api }, servers), floor);
    const floorRate = Math.round(floor.latenciesMs.length / (FLOOR_DURATION_MS / 1000));
    const floorApiMicros = microsPer(floorCpu.api, floor.answered);
    show('HTTP floor: refused orders answered/s', floorRate);
    show('HTTP floor: API CPU µs per request', floorApiMicros);
    show('HTTP floor: load generator CPU µs per request', microsPer(floorCpu.load, floor.answered));
    printCpu(floorCpu);
    if (options.httpFloor) return figures;

    /**
     * One run of orders with a fresh workers process: the load, then the checks (every acknowledged order
     * stored, none of them refused as not placed, the audit clean), the API's stream appends of the run, and
     * the matcher's totals and stage times (the workers stopped cleanly, see workers-server.ts).
     */
    const orderRun = async (loadPlan: LoadPlan, killMatcherAfterMs?: number) => {
      let workers = await startWorkers(sharded ? 'BTC/USDT' : undefined);
      const secondMatcher = sharded ? await startWorkers('ETH/USDT') : undefined;
      const metricsBefore = await metrics?.read();
      const appendsBefore = (await apiStats()).stats;
      const tradesBefore = await prisma.spotTrade.count();
      const load = start(here('./load.ts'));
      const roles = () => ({
        api,
        matcher: workers.process,
        ...(secondMatcher ? { matcher2: secondMatcher.process } : {}),
      });
      const cpuBefore = cpuSnapshot(roles(), servers);
      // The stage times, as the latencies, from the end of the warm-up on.
      load.on('message', (news: { measuring?: boolean }) => {
        if (!news.measuring) return;
        for (const child of [api, workers.process, secondMatcher?.process])
          if (child?.connected) child.send({ resetStages: true });
      });
      const chaos =
        killMatcherAfterMs === undefined
          ? Promise.resolve()
          : (async () => {
              await new Promise((resolve) => setTimeout(resolve, killMatcherAfterMs));
              const exited = new Promise((resolve) => workers.process.once('exit', resolve));
              workers.process.kill('SIGKILL');
              await exited;
              workers = await startWorkers(sharded ? 'BTC/USDT' : undefined);
            })();
      load.send(loadPlan);
      const report = await message<LoadReport>(load, isReport);
      await chaos;
      const cpu = cpuSpent(cpuBefore, cpuSnapshot(roles(), servers), report);
      // Every acknowledged order must be in Postgres.
      const {
        rows: [stored],
      } = await admin.query<{ count: string }>(
        'SELECT count(*) FROM spot_orders WHERE id = ANY($1::bigint[])',
        [report.acknowledgedIds],
      );
      // An acknowledged order was written by the matcher; a refusal as not placed would contradict the answer.
      const {
        rows: [contradicted],
      } = await admin.query<{ count: string }>(
        "SELECT count(*) FROM spot_orders WHERE id = ANY($1::bigint[]) AND reject_reason = 'not_placed'",
        [report.acknowledgedIds],
      );
      const contradictedCount = Number(contradicted?.count ?? 0);
      const audit = await auditExchange(prisma);
      const apiAfter = await apiStats();
      const metricsAfter = metricsBefore && (await metrics?.read());
      const stopped = await stopWorkers(workers.process);
      const secondStopped = secondMatcher ? await stopWorkers(secondMatcher.process) : undefined;
      const latencies = [...report.latenciesMs].sort((a, b) => a - b);
      return {
        report,
        latencies,
        percentile: (p: number) =>
          latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0,
        cpu,
        found: Number(stored?.count ?? 0),
        contradicted: contradictedCount,
        audit: audit.ok ? 'clean' : `BROKEN: ${audit.problems.slice(0, 3).join('; ')}`,
        trades: (await prisma.spotTrade.count()) - tradesBefore,
        appends: {
          appends: apiAfter.stats.appends - appendsBefore.appends,
          commands: apiAfter.stats.commands - appendsBefore.commands,
        },
        matcher: matcherTotals(workers.output.text() + (secondMatcher?.output.text() ?? '')),
        stopped,
        stages: {
          api: apiAfter.stages,
          matcher: new StageTimes()
            .add(stopped.stages)
            .add(secondStopped?.stages ?? {})
            .snapshot(),
        },
        metrics: metricsBefore && metricsAfter ? ([metricsBefore, metricsAfter] as const) : undefined,
      };
    };
    type Run = Awaited<ReturnType<typeof orderRun>>;
    /** The figures both order runs print, prefixed with the run's name. */
    const showRun = (prefix: string, run: Run) => {
      const refused = Object.values(run.report.refused).reduce((sum, count) => sum + count, 0);
      if (refused > 0) console.error(`${prefix} refusals:`, run.report.refused);
      show(`${prefix} orders refused (or unanswered) in the window`, refused);
      show(`${prefix} orders acknowledged (warm-up included)`, run.report.acknowledgedIds.length);
      showTarget(
        `${prefix} acknowledged orders found in Postgres`,
        run.found,
        `= ${run.report.acknowledgedIds.length}`,
        run.found === run.report.acknowledgedIds.length,
      );
      showTarget(
        `${prefix} acknowledged orders refused as not placed`,
        run.contradicted,
        '= 0',
        run.contradicted === 0,
      );
      show(`${prefix} trades booked`, run.trades);
      const { appends, matcher } = run;
      show(
        `${prefix} commands per stream append (API)`,
        round(appends.commands / Math.max(1, appends.appends)),
      );
      if (!run.stopped.clean) console.error(`${prefix}: the workers did not stop cleanly; no matcher totals`);
      show(`${prefix} commands per matcher batch`, matcher.commandsPerBatch);
      show(`${prefix} matcher batch ms, mean`, round(matcher.settleMs / Math.max(1, matcher.batches)));
      showTarget(`${prefix} ledger audit`, run.audit, '= clean', run.audit === 'clean');
    };
    /** CPU per acknowledged order over the warm-up and the run, load generator excluded. */
    const cpuPerOrder = (prefix: string, run: Run) => {
      const orders = run.report.acknowledgedIds.length;
      const parts = (['api', 'matcher', 'postgres', 'redis'] as const).map((part) => {
        const micros = microsPer(run.cpu[part], orders);
        show(`${prefix} CPU µs per order: ${part === 'redis' ? 'redis (shared)' : part}`, micros);
        return micros;
      });
      const sum = parts.reduce((a, b) => a + b, 0);
      show(`${prefix} CPU µs per order: sum`, sum);
      printCpu(run.cpu);
      return sum;
    };

    // 2. The closed loop, and the ratios to the floor.
    const { killMatcherAfterMs } = options;
    heading(
      `closed loop: each connection sends its next order once answered (${connections} connections, ${processes})`,
    );
    const closed = await orderRun(plan({ connections, durationMs }), killMatcherAfterMs);
    const closedRate = Math.round(closed.report.accepted / (durationMs / 1000));
    show(`spot orders accepted/s through HTTP (${processes})`, closedRate);
    show('spot order latency p50 ms', round(closed.percentile(50)));
    show('spot order latency p99 ms', round(closed.percentile(99)));
    showRun('spot', closed);
    if (closed.metrics)
      figures['spot closed loop metrics moved'] = printMetricsMoved('closed loop', ...closed.metrics);
    if (killMatcherAfterMs === undefined) {
      const cpuSum = cpuPerOrder('spot', closed);
      showTarget(
        'spot ratio: accepted orders/s / HTTP floor requests/s',
        round(closedRate / floorRate, 2),
        '>= 0.5',
        closedRate / floorRate >= 0.5,
      );
      showTarget(
        'spot ratio: CPU per order / API CPU per floor request',
        round(cpuSum / floorApiMicros, 1),
        '<= 3',
        cpuSum <= 3 * floorApiMicros,
      );
    } else {
      show('spot matcher killed (SIGKILL) and replaced after ms', killMatcherAfterMs);
      console.log('(CPU per order not measured: the matcher was killed on purpose)');
    }

    // 3. The open loop at a third of the floor's rate.
    const offered = Math.max(1, Math.round(floorRate / 3));
    heading(
      `open loop: ${offered} orders/s on a schedule (HTTP floor / 3), latency from the scheduled send (${OPEN_LOOP_CONNECTIONS} connections)`,
    );
    const open = await orderRun(
      plan({ connections: OPEN_LOOP_CONNECTIONS, durationMs, ratePerSecond: offered }),
    );
    show('spot open loop offered orders/s', offered);
    show(
      'spot open loop answered/s in the window',
      Math.round(open.report.answeredInWindow / (durationMs / 1000)),
    );
    show('spot open loop latency p50 ms', round(open.percentile(50)));
    showTarget('spot open loop latency p99 ms', round(open.percentile(99)), '< 50', open.percentile(99) < 50);
    showTarget(
      'spot open loop latency p99.9 ms',
      round(open.percentile(99.9)),
      '< 150',
      open.percentile(99.9) < 150,
    );
    show('spot open loop latency max ms', round(open.latencies.at(-1) ?? 0));
    show('spot open loop requests never answered', open.report.unanswered);
    const lag = open.report.sendLag;
    show('spot open loop generator: sends over 5 ms late, latest ms', `${lag.over5Ms}, ${round(lag.maxMs)}`);
    figures['spot open loop latency histogram'] = printHistogram(open.latencies);
    showRun('spot open loop', open);
    cpuPerOrder('spot open loop', open);

    // 4. Where the time went.
    heading('stage times of the order path, ms, from the end of the warm-up on (api: its processes merged)');
    for (const [name, run] of [
      ['closed loop', closed],
      ['open loop', open],
    ] as const) {
      console.log(`${name}:`);
      printStages(run.stages);
      figures[`spot ${name} stages`] = run.stages;
    }
    return figures;
  } finally {
    await Promise.all(children.map((child) => stop(child)));
    await admin.end();
  }
}

type AppendStats = { appends: number; commands: number };

const round = (value: number, digits = 1) => Number(value.toFixed(digits));

/** CPU µs per request from the CPU ms a part spent on them. */
const microsPer = (cpuMs: number, requests: number) => Math.round((cpuMs * 1000) / Math.max(1, requests));

function printCpu(cpu: Cpu): void {
  const share = (ms: number) => `${Math.round((100 * ms) / cpu.wallMs)}%`;
  const parts = (['api', 'matcher', 'load', 'postgres', 'redis'] as const)
    .filter((part) => part !== 'matcher' || cpu.matcher > 0)
    .map(
      (part) =>
        `${part === 'load' ? 'load generator' : part === 'redis' ? 'redis (shared)' : part} ${share(cpu[part])}`,
    );
  console.log(
    `(CPU during the run, of one core: ${parts.join(', ')}; whole machine ${cpu.machine}% of ${cpu.cores} cores)`,
  );
}

/** Counts and shares of the latencies per bucket (edges in HISTOGRAM_MS), printed and returned. */
function printHistogram(sorted: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  let from = 0;
  for (const [index, edge] of [...HISTOGRAM_MS, Number.POSITIVE_INFINITY].entries()) {
    const label =
      index === 0
        ? `<${edge}`
        : edge === Number.POSITIVE_INFINITY
          ? `>${HISTOGRAM_MS.at(-1)}`
          : `${HISTOGRAM_MS[index - 1]}-${edge}`;
    let to = from;
    while (to < sorted.length && (sorted[to] ?? 0) < edge) to += 1;
    counts[label] = to - from;
    from = to;
  }
  console.log('open loop latency histogram, ms:');
  for (const [label, count] of Object.entries(counts)) {
    const share = ((100 * count) / Math.max(1, sorted.length)).toFixed(1);
    console.log(`  ${label.padStart(8)} ${String(count).padStart(8)} ${share.padStart(6)}%`);
  }
  return counts;
}

/** One row per stage and process that recorded it, in path order. */
function printStages(stages: Record<string, StageSummaries>): void {
  const rows = Object.entries(stages).flatMap(([where, summaries]) =>
    Object.entries(summaries).map(([stage, summary]) => ({ where, stage, ...summary })),
  );
  if (rows.length === 0) {
    console.log('  (none recorded: the order path does not call orderStages.record yet)');
    return;
  }
  const order = (stage: string) => (STAGES.includes(stage) ? STAGES.indexOf(stage) : STAGES.length);
  rows.sort((a, b) => order(a.stage) - order(b.stage));
  const ms = (value: number) =>
    value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
  const columns = ['where', 'stage', 'count', 'mean', 'p50', 'p99', 'p99.9', 'max'];
  const widths = [8, 14, 8, 8, 8, 8, 8, 8];
  const line = (cells: string[]) =>
    `  ${cells.map((cell, index) => (index < 2 ? cell.padEnd(widths[index] ?? 8) : cell.padStart(widths[index] ?? 8))).join(' ')}`;
  console.log(line(columns));
  for (const row of rows)
    console.log(
      line([
        row.where,
        row.stage,
        String(row.count),
        ...[row.mean, row.p50, row.p99, row.p999, row.max].map(ms),
      ]),
    );
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
          await opsDeposit(prisma, { account, currency: 'ETH', amount: '100000' });
          return openSession(prisma, user.id, '127.0.0.1', 24);
        }),
      )),
    );
  }
  return tokens;
}

/** The child's next message (that passes `wanted`, if given). */
function message<T = unknown>(
  child: ChildProcess,
  wanted: (value: unknown) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const early = (code: number | null) => reject(new Error(`a benchmark process exited early (${code})`));
    const listener = (value: unknown) => {
      if (!wanted(value)) return;
      child.off('message', listener).off('exit', early);
      resolve(value as T);
    };
    child.on('message', listener).once('exit', early);
  });
}

const isReport = (value: unknown) =>
  typeof value === 'object' && value !== null && 'acknowledgedIds' in value;

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

/** The totals the matcher logs when it stops (zeros when it did not get to stop cleanly). */
/** The matchers' batch totals, from the line each logs when it stops (summed over the processes). */
function matcherTotals(output: string): { batches: number; settleMs: number; commandsPerBatch: number } {
  const totals = { batches: 0, commands: 0, settleMs: 0 };
  for (const line of output.split('\n')) {
    if (!line.includes('matcher stopping')) continue;
    const stopped = JSON.parse(line) as typeof totals;
    totals.batches += stopped.batches;
    totals.commands += stopped.commands;
    totals.settleMs += stopped.settleMs;
  }
  const commandsPerBatch = Number((totals.commands / Math.max(1, totals.batches)).toFixed(1));
  return { batches: totals.batches, settleMs: totals.settleMs, commandsPerBatch };
}

/**
 * Stops a bench workers process cleanly over IPC (a signal would not do, see workers-server.ts) and waits
 * for 'close', not 'exit': only then has its standard output, with the matcher's last line, been read to
 * the end. Answers its raw stage times, and whether it stopped before it had to be killed.
 */
async function stopWorkers(
  child: ChildProcess,
): Promise<{ clean: boolean; stages: Record<string, StageRaw> }> {
  const result = { clean: false, stages: {} as Record<string, StageRaw> };
  if (child.exitCode !== null || child.signalCode !== null) return result;
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.once('message', (answer: { stages?: Record<string, StageRaw> }) => {
    result.clean = true;
    result.stages = answer.stages ?? {};
  });
  child.send({ stop: true });
  const timer = setTimeout(() => child.kill('SIGKILL'), WORKERS_STOP_MS);
  await closed;
  clearTimeout(timer);
  return result;
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
  at: number;
  /** Ticks of each role's process with its descendants (cluster workers). */
  perRole: Record<string, number>;
  /** Postgres backends serving the benchmark's database, per pid (they come and go). */
  postgres: Map<number, number>;
  /** The Redis server (shared with whatever else runs here), per pid: one that ends must not count negative. */
  redis: Map<number, number>;
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

type Role = 'api' | 'matcher' | 'matcher2';

function cpuSnapshot(
  roles: Partial<Record<Role, ChildProcess>>,
  servers: { database: string; redisPort: string },
): CpuSnapshot {
  const [line = ''] = readFileSync('/proc/stat', 'utf8').split('\n');
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return {
    at: performance.now(),
    perRole: Object.fromEntries(
      Object.entries(roles).map(([role, child]) => [role, child.pid ? treeTicks(child.pid) : 0]),
    ),
    postgres: ticksOf(
      (commandLine) => commandLine.startsWith('postgres: ') && commandLine.includes(` ${servers.database} `),
    ),
    // redis-server names its address in its command line (`redis-server 127.0.0.1:6379`).
    redis: ticksOf(
      (commandLine) =>
        commandLine.startsWith('redis-server') && commandLine.includes(`:${servers.redisPort}`),
    ),
    machineBusy: total - idle,
    machineTotal: total,
  };
}

/** Ticks spent by the processes alive at the end: a process started meanwhile counts from its start. */
function sinceBefore(before: Map<number, number>, after: Map<number, number>): number {
  return [...after].reduce((sum, [pid, ticks]) => sum + ticks - (before.get(pid) ?? 0), 0);
}

/**
 * CPU ms each part spent between two snapshots (of the same roles), the wall time, and the machine's use.
 * The load generator reports its own (it may have exited by the second snapshot).
 */
function cpuSpent(before: CpuSnapshot, after: CpuSnapshot, load: LoadReport) {
  // /proc counts in clock ticks of 10 ms on Linux.
  const ms = (ticks: number) => ticks * 10;
  const role = (name: Role) => ms((after.perRole[name] ?? 0) - (before.perRole[name] ?? 0));
  const cores = Number(readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? 1);
  return {
    wallMs: after.at - before.at,
    cores,
    api: role('api'),
    matcher: role('matcher') + role('matcher2'),
    load: load.cpuMs,
    postgres: ms(sinceBefore(before.postgres, after.postgres)),
    redis: ms(sinceBefore(before.redis, after.redis)),
    machine: Math.round(
      (100 * cores * (after.machineBusy - before.machineBusy)) /
        Math.max(1, after.machineTotal - before.machineTotal),
    ),
  };
}
