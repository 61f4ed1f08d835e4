import type { Worker } from 'bullmq';
import type pg from 'pg';
import { createPool, inTransaction } from '@exchange/kernel/db';
import { instanceWorker } from '@exchange/kernel/redis';
import {
  runningHoldings,
  SAVINGS_QUEUE,
  SavingsJobs,
  settleDue,
  settleHolding,
  type Clock,
  type SavingsJob,
} from '@exchange/api/modules/savings';
import { countFailures } from '../metrics';

export interface SavingsWorkerDeps {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  log: (fields: object, message: string) => void;
  /** The time the rules run at (tests move it forward instead of waiting). */
  clock?: Clock;
  /** How often the repeatable accrual job runs. */
  accrueEveryMs?: number;
  /** How often the sweeper looks for overdue days and maturities (it also runs once at start). */
  sweepEveryMs?: number;
}

const RESCHEDULE_LIMIT = 5_000;

/**
 * The savings loop: the repeatable accrual job and each holding's maturity job call the module's rules;
 * the sweeper settles whatever is overdue (days missed while the workers were down are caught up, a lost
 * maturity job is applied) and schedules the maturities Redis may have lost. Rules live in the module.
 */
export class SavingsWorker {
  private readonly pool: pg.Pool;
  private readonly jobs: SavingsJobs;
  private readonly clock: Clock;
  private worker?: Worker<SavingsJob>;
  private timer?: NodeJS.Timeout;
  private sweeping: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SavingsWorkerDeps) {
    this.pool = createPool(deps.databaseUrl, 3);
    this.jobs = new SavingsJobs(deps.redisUrl, deps.redisPrefix);
    this.clock = deps.clock ?? (() => new Date());
  }

  async start(): Promise<void> {
    this.worker = countFailures(
      instanceWorker<SavingsJob>(SAVINGS_QUEUE, (job) => this.run(job.data), {
        ...this.deps,
        concurrency: 1,
        failure: 'savings job failed',
      }),
    );
    await this.jobs.scheduleAccrual(this.deps.accrueEveryMs);
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), this.deps.sweepEveryMs ?? 5 * 60_000);
  }

  /** One job: the daily accrual over every holding, or one holding's maturity. */
  async run(job: SavingsJob): Promise<unknown> {
    const now = this.clock();
    if (job.kind === 'accrue') {
      const settled = await settleDue(this.pool, now);
      if (settled.failed.length > 0) this.deps.log(settled, 'savings holdings failed to settle');
      return settled;
    }
    return inTransaction(this.pool, (sql) => settleHolding(sql, job.holdingId, now));
  }

  /** Settles everything due by now and schedules again the maturity of every running holding. */
  sweep(): Promise<unknown> {
    this.sweeping = (async () => {
      const now = this.clock();
      const settled = await settleDue(this.pool, now);
      if (settled.holdings > 0) this.deps.log(settled, 'savings sweeper settled due holdings');
      if (settled.failed.length > 0) this.deps.log(settled, 'savings holdings failed to settle');
      for (const holding of await runningHoldings(this.pool, RESCHEDULE_LIMIT))
        await this.jobs.scheduleMaturity(holding.id, holding.endAt, now);
    })().catch((error: unknown) => this.deps.log({ err: error }, 'savings sweep failed'));
    return this.sweeping;
  }

  /** Whether its job worker runs (its jobs come daily and at maturities: there is no loop to watch). */
  alive(): boolean {
    return this.worker?.isRunning() ?? false;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
    await this.worker?.close();
    await this.jobs.close();
    await this.pool.end();
  }
}
