import type pg from 'pg';
import { createPool } from '@exchange/kernel/db';
import { payTeamRebates } from '@exchange/api/modules/team';

export interface TeamRebaterDeps {
  databaseUrl: string;
  log: (fields: object, message: string) => void;
  /** How often it looks for fees to pay rebates on (it also runs once at start). */
  everyMs?: number;
}

/** How often the rebater pays what the fee-taking areas recorded since its last run. */
export const REBATE_INTERVAL_MS = 1_000;
/** The rebater is alive while a pass completed this recently. */
const PASS_STALE_MS = 15_000;

/**
 * The referral-rebate loop: every second (and at start, so fees recorded while no worker ran are paid at
 * once) it calls the team module's payTeamRebates, which pays every recorded fee's inviters in batches,
 * exactly once each. Postgres holds every unpaid fee (team_fees, status 0), so nothing waits in Redis to be
 * lost; a second worker process only takes fees the first has not locked.
 */
export class TeamRebater {
  private readonly pool: pg.Pool;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastPassAt = 0;
  private stopped = false;

  constructor(private readonly deps: TeamRebaterDeps) {
    this.pool = createPool(deps.databaseUrl, 2);
  }

  async start(): Promise<void> {
    await this.run();
    this.timer = setInterval(() => void this.run(), this.deps.everyMs ?? REBATE_INTERVAL_MS);
  }

  /** One pass; passes never overlap. */
  run(): Promise<void> {
    this.running ??= payTeamRebates(this.pool)
      .then((paid) => {
        this.lastPassAt = Date.now();
        if (paid > 0) this.deps.log({ fees: paid }, 'team rebates paid');
      })
      .catch((error: unknown) => this.deps.log({ err: error }, 'team rebates failed'))
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Whether passes complete (the heartbeat's evidence). */
  alive(now = Date.now()): boolean {
    return !this.stopped && now - this.lastPassAt <= PASS_STALE_MS;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.pool.end();
  }
}
