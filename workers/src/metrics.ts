import type { Worker } from 'bullmq';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { within } from '@exchange/kernel/metrics';

/**
 * Every metric the workers define, in one place (the API's are in apps/api/src/http/metrics.ts). Names
 * follow Prometheus' conventions (`exchange_` prefix, `_total` counters, `_seconds` durations); labels take
 * values from closed sets (pair symbols, queue and worker names, reasons written in code). The loops add to
 * counters once per batch, never per order; what needs a query (stream lag, queue depths, deadlines, marks)
 * is read when Prometheus scrapes, from the sources the running workers register (watchSources).
 */
export const workersRegistry = new Registry();
const registers = [workersRegistry];

/** What the gauges read at scrape time, registered by the running workers (absent: nothing reported). */
export interface ScrapeSources {
  streams: () => Promise<{ pair: string; entries: number; lagSeconds: number }[]>;
  marks: () => Promise<{ pair: string; ageSeconds: number; reliable: boolean }[]>;
  lever: () => { open: number; accountsAtRisk: number };
  microDue: () => Promise<number>;
  deadlines: () => Promise<{ kind: string; pending: number; overdue: number }[]>;
  queues: () => Promise<{ queue: string; counts: Record<string, number> }[]>;
  audit: () => Promise<AuditRecord | undefined>;
  chainLag: () => Promise<{ network: string; blocks: number }[]>;
}

/** The last ledger audit, as the maintenance job records it. */
export interface AuditRecord {
  ok: boolean;
  problems: number;
  /** When it finished, in ms since the epoch. */
  at: number;
  durationMs: number;
}

const sources: Partial<ScrapeSources> = {};
/** A scrape waits this long for a source; one that does not answer reports nothing this time. */
const SOURCE_TIMEOUT_MS = 3_000;

/** Registers the scrape sources of running workers; the answer takes them away again. */
export function watchSources(given: Partial<ScrapeSources>): () => void {
  Object.assign(sources, given);
  return () => {
    recentReads.clear();
    for (const [name, source] of Object.entries(given))
      if (sources[name as keyof ScrapeSources] === source) delete sources[name as keyof ScrapeSources];
  };
}

/** Several gauges read one source (the audit feeds four): one read serves them all in a scrape. */
const SOURCE_REUSE_MS = 1_000;
const recentReads = new Map<unknown, { at: number; value: Promise<unknown> }>();

function read<T>(source: (() => Promise<T> | T) | undefined, fallback: T): Promise<T> {
  if (!source) return Promise.resolve(fallback);
  const recent = recentReads.get(source);
  if (recent && Date.now() - recent.at <= SOURCE_REUSE_MS) return recent.value as Promise<T>;
  const value = within(Promise.resolve().then(source), SOURCE_TIMEOUT_MS, fallback);
  recentReads.set(source, { at: Date.now(), value });
  return value;
}

/** Commands per matcher batch: one to the batcher's cap of 2,000. */
const BATCH_SIZE_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_000];
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export const workerMetrics = {
  orders: new Counter({
    name: 'exchange_orders_total',
    help: 'New spot orders the matcher decided, by pair and outcome (accepted, or refused with the reason)',
    labelNames: ['pair', 'outcome', 'reason'] as const,
    registers,
  }),
  trades: new Counter({
    name: 'exchange_trades_total',
    help: 'Spot trades settled, by pair',
    labelNames: ['pair'] as const,
    registers,
  }),
  baseVolume: new Counter({
    name: 'exchange_trade_base_volume_total',
    help: 'Amount of the base currency traded, by pair (monitoring precision: a float, not the books)',
    labelNames: ['pair'] as const,
    registers,
  }),
  quoteVolume: new Counter({
    name: 'exchange_trade_quote_volume_total',
    help: 'Amount of the quote currency traded, by pair (monitoring precision: a float, not the books)',
    labelNames: ['pair'] as const,
    registers,
  }),
  batchSize: new Histogram({
    name: 'exchange_matcher_batch_commands',
    help: 'Commands (placements and cancels) per committed matcher batch, by pair',
    labelNames: ['pair'] as const,
    buckets: BATCH_SIZE_BUCKETS,
    registers,
  }),
  batchDuration: new Histogram({
    name: 'exchange_matcher_batch_duration_seconds',
    help: 'Time of a matcher batch from its start to its commit, by pair',
    labelNames: ['pair'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  }),
  batchFailures: new Counter({
    name: 'exchange_matcher_batch_failures_total',
    help: 'Matcher batches that failed (the book is rebuilt and the commands retried), by pair',
    labelNames: ['pair'] as const,
    registers,
  }),
  streamLag: new Gauge({
    name: 'exchange_matcher_stream_lag_seconds',
    help: 'Age of the oldest placement the matcher has not yet committed, per market (0 when none waits)',
    labelNames: ['pair'] as const,
    registers,
    async collect() {
      this.reset();
      for (const stream of await read(sources.streams, []))
        this.set({ pair: stream.pair }, stream.lagSeconds);
    },
  }),
  chainLag: new Gauge({
    name: 'exchange_chain_watcher_lag_blocks',
    help: 'Blocks between the chain node’s head and the last block the deposit watcher processed, per network',
    labelNames: ['network'] as const,
    registers,
    async collect() {
      this.reset();
      for (const lag of await read(sources.chainLag, [])) this.set({ network: lag.network }, lag.blocks);
    },
  }),
  streamEntries: new Gauge({
    name: 'exchange_matcher_stream_entries',
    help: 'Command entries (each one turn of an API process) waiting in each market’s stream',
    labelNames: ['pair'] as const,
    registers,
    async collect() {
      this.reset();
      for (const stream of await read(sources.streams, [])) this.set({ pair: stream.pair }, stream.entries);
    },
  }),
  markAge: new Gauge({
    name: 'exchange_lever_mark_age_seconds',
    help: 'Seconds since each lever pair’s mark was last set from a reliable look at the book',
    labelNames: ['pair'] as const,
    registers,
    async collect() {
      this.reset();
      for (const mark of await read(sources.marks, [])) this.set({ pair: mark.pair }, mark.ageSeconds);
    },
  }),
  markReliable: new Gauge({
    name: 'exchange_lever_mark_reliable',
    help: 'Whether the last look at each lever pair’s book gave a reliable mark (1) or not (0)',
    labelNames: ['pair'] as const,
    registers,
    async collect() {
      this.reset();
      for (const mark of await read(sources.marks, [])) this.set({ pair: mark.pair }, mark.reliable ? 1 : 0);
    },
  }),
  leverOpen: new Gauge({
    name: 'exchange_lever_positions',
    help: 'Lever positions pending or in trade, as the risk worker holds them',
    registers,
    async collect() {
      const lever = await read(sources.lever, undefined);
      if (lever) this.set(lever.open);
    },
  }),
  accountsAtRisk: new Gauge({
    name: 'exchange_lever_accounts_at_risk',
    help: 'Lever accounts whose risk rate is within twice the liquidation line at the current marks',
    registers,
    async collect() {
      const lever = await read(sources.lever, undefined);
      if (lever) this.set(lever.accountsAtRisk);
    },
  }),
  liquidations: new Counter({
    name: 'exchange_lever_liquidations_total',
    help: 'Lever accounts liquidated by the risk worker',
    registers,
  }),
  positionsClosed: new Counter({
    name: 'exchange_lever_positions_closed_total',
    help: 'Lever positions the risk worker settled, by close reason',
    labelNames: ['reason'] as const,
    registers,
  }),
  beyondFund: new Counter({
    name: 'exchange_lever_settlements_beyond_fund_total',
    help:
      'Lever settlements the house could not cover in full: a loss beyond the margin the insurance fund ' +
      'could not pay (kind="loss"), or a profit the lever pool and the fund could not pay (kind="profit")',
    labelNames: ['kind'] as const,
    registers,
  }),
  microDue: new Gauge({
    name: 'exchange_micro_orders_due',
    help: 'Seconds-contract orders past their expiry (and its grace) and not yet settled',
    registers,
    async collect() {
      const due = await read(sources.microDue, undefined);
      if (due !== undefined) this.set(due);
    },
  }),
  microSettled: new Counter({
    name: 'exchange_micro_orders_settled_total',
    help: 'Seconds-contract orders settled',
    registers,
  }),
  microLate: new Counter({
    name: 'exchange_micro_orders_settled_late_total',
    help: 'Seconds-contract orders settled more than 5 seconds after their expiry',
    registers,
  }),
  microDelay: new Histogram({
    name: 'exchange_micro_settle_delay_seconds',
    help: 'Time from a seconds-contract order’s expiry to its settlement',
    buckets: [0.5, 1, 2, 5, 10, 30, 60, 300],
    registers,
  }),
  p2pDeadlines: new Gauge({
    name: 'exchange_p2p_deadlines',
    help: 'P2P deadlines by kind: pending (still to come) or overdue (passed, not yet applied)',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const row of await read(sources.deadlines, [])) {
        this.set({ kind: row.kind, state: 'pending' }, row.pending);
        this.set({ kind: row.kind, state: 'overdue' }, row.overdue);
      }
    },
  }),
  queueJobs: new Gauge({
    name: 'exchange_queue_jobs',
    help: 'Jobs in each BullMQ queue of the instance, by state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { queue, counts } of await read(sources.queues, []))
        for (const [state, count] of Object.entries(counts)) this.set({ queue, state }, count);
    },
  }),
  queueFailures: new Counter({
    name: 'exchange_queue_failures_total',
    help: 'Jobs that failed in this process, by queue (each failed attempt counts)',
    labelNames: ['queue'] as const,
    registers,
  }),
  auditOk: new Gauge({
    name: 'exchange_ledger_audit_ok',
    help: 'Whether the last ledger audit found the books clean (1) or not (0)',
    registers,
    async collect() {
      const audit = await read(sources.audit, undefined);
      if (audit) this.set(audit.ok ? 1 : 0);
    },
  }),
  auditProblems: new Gauge({
    name: 'exchange_ledger_audit_problems',
    help: 'Problems the last ledger audit listed',
    registers,
    async collect() {
      const audit = await read(sources.audit, undefined);
      if (audit) this.set(audit.problems);
    },
  }),
  auditAt: new Gauge({
    name: 'exchange_ledger_audit_last_run_timestamp_seconds',
    help: 'When the last ledger audit finished (its age: time() minus this)',
    registers,
    async collect() {
      const audit = await read(sources.audit, undefined);
      if (audit) this.set(audit.at / 1000);
    },
  }),
  auditDuration: new Gauge({
    name: 'exchange_ledger_audit_duration_seconds',
    help: 'How long the last ledger audit took',
    registers,
    async collect() {
      const audit = await read(sources.audit, undefined);
      if (audit) this.set(audit.durationMs / 1000);
    },
  }),
};

/** Counts the failed attempts of a BullMQ worker's jobs under its queue's name. */
export function countFailures<W extends Worker>(worker: W): W {
  worker.on('failed', () => workerMetrics.queueFailures.inc({ queue: worker.name }));
  return worker;
}
