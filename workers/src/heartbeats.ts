import type { Redis } from 'ioredis';
import { HEARTBEAT_EVERY_MS, HEARTBEAT_TTL_MS, writeHeartbeats } from '@exchange/kernel/health';

export interface HeartbeatTiming {
  everyMs: number;
  ttlMs: number;
}

/**
 * Reports the liveness of a process's workers (kernel/health.ts): every `everyMs`, each worker whose own
 * evidence says it runs (its loop came round, its last pass completed) gets a heartbeat living `ttlMs`.
 * `/api/health`, the workers' `/health` and the `exchange_worker_up` metric read them.
 */
export class Heartbeats {
  private timer?: NodeJS.Timeout;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly redis: Redis,
    private readonly workers: Record<string, () => boolean>,
    private readonly timing: HeartbeatTiming = { everyMs: HEARTBEAT_EVERY_MS, ttlMs: HEARTBEAT_TTL_MS },
  ) {}

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), this.timing.everyMs);
  }

  /** One report; one that fails (Redis away) is simply missed, and the heartbeats lapse. */
  beat(): Promise<void> {
    const beats = Object.entries(this.workers).map(([worker, alive]) => ({ worker, alive: alive() }));
    this.beating = writeHeartbeats(this.redis, beats, { ttlMs: this.timing.ttlMs }).catch(() => undefined);
    return this.beating;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
  }
}
