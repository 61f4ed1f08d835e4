import type { Redis } from 'ioredis';
import { within, type HealthAnswer } from './metrics';

/**
 * Which part of the exchange is down. Postgres and Redis are asked directly; each worker reports its own
 * liveness with a heartbeat: a key under the instance's prefix that lives `HEARTBEAT_TTL_MS`, written again
 * every `HEARTBEAT_EVERY_MS` while the worker's loop runs, so a worker that stopped or hangs is gone from
 * Redis within seconds. A roster (a sorted set, by last report) remembers which workers are expected: a
 * worker that stopped stays named as down for a day after its last report, then is forgotten (it was
 * retired, e.g. the market maker switched off).
 *
 * The keys are relative: both sides use a client carrying the instance's key prefix (createRedis).
 */
export const HEARTBEAT_EVERY_MS = 5_000;
export const HEARTBEAT_TTL_MS = 15_000;
const ROSTER_KEY = 'heartbeat:roster';
const ROSTER_MEMORY_MS = 24 * 3_600_000;
/** How long a check waits for Postgres or Redis before calling it down. */
const SERVICE_TIMEOUT_MS = 3_000;

const beatKey = (worker: string) => `heartbeat:${worker}`;

export interface WorkerBeat {
  worker: string;
  /** Whether its loop ran recently: only then is its heartbeat written. */
  alive: boolean;
}

/** One report of a process's workers: the live ones beat, all of them stay on the roster. */
export async function writeHeartbeats(
  redis: Redis,
  beats: WorkerBeat[],
  options: { ttlMs?: number; now?: number } = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  const write = redis.multi();
  for (const { worker, alive } of beats) {
    if (alive) write.set(beatKey(worker), String(now), 'PX', options.ttlMs ?? HEARTBEAT_TTL_MS);
    write.zadd(ROSTER_KEY, now, worker);
  }
  write.zremrangebyscore(ROSTER_KEY, '-inf', now - ROSTER_MEMORY_MS);
  write.pexpire(ROSTER_KEY, ROSTER_MEMORY_MS);
  await write.exec();
}

export interface WorkerState {
  worker: string;
  up: boolean;
  /** Seconds since its last heartbeat, while the heartbeat lives. */
  secondsSinceBeat?: number;
}

/** The workers on the roster (or the ones named), each up while its heartbeat lives. */
export async function readHeartbeats(redis: Redis, workers?: string[]): Promise<WorkerState[]> {
  const now = Date.now();
  const names = workers ?? (await redis.zrangebyscore(ROSTER_KEY, now - ROSTER_MEMORY_MS, '+inf'));
  if (names.length === 0) return [];
  const beats = await redis.mget(...names.map(beatKey));
  return names.map((worker, index) => {
    const beat = beats[index];
    if (!beat) return { worker, up: false };
    return { worker, up: true, secondsSinceBeat: Math.max(0, (now - Number(beat)) / 1000) };
  });
}

export interface HealthPart {
  name: string;
  kind: 'service' | 'worker';
  up: boolean;
  seconds_since_beat?: number;
}

export interface HealthReport {
  healthy: boolean;
  parts: HealthPart[];
  /** 'healthy', or which parts are down. */
  message: string;
}

export interface HealthSources {
  /** Runs a trivial query on Postgres. */
  postgres: () => Promise<unknown>;
  /** Redis with the instance's key prefix. */
  redis: Redis;
  /** Which workers to report: every one on the roster, the ones named, or none. */
  workers: 'roster' | string[] | 'none';
}

/** The name a report gives the workers when none has ever reported (no worker process running). */
export const NO_WORKERS_PART = 'workers';

/** Postgres, Redis and the workers, each up or down. */
export async function checkHealth(sources: HealthSources): Promise<HealthReport> {
  const [postgres, redis] = await Promise.all([
    within(
      sources.postgres().then(() => true),
      SERVICE_TIMEOUT_MS,
      false,
    ),
    within(
      sources.redis.ping().then(() => true),
      SERVICE_TIMEOUT_MS,
      false,
    ),
  ]);
  const parts: HealthPart[] = [
    { name: 'postgres', kind: 'service', up: postgres },
    { name: 'redis', kind: 'service', up: redis },
  ];
  if (sources.workers !== 'none') parts.push(...(await workerParts(sources, redis)));
  const down = parts.filter((part) => !part.up).map((part) => part.name);
  return {
    healthy: down.length === 0,
    parts,
    message: down.length === 0 ? 'healthy' : `down: ${down.join(', ')}`,
  };
}

async function workerParts(sources: HealthSources, redisUp: boolean): Promise<HealthPart[]> {
  const named = sources.workers === 'roster' ? undefined : (sources.workers as string[]);
  const states = redisUp
    ? await within(readHeartbeats(sources.redis, named), SERVICE_TIMEOUT_MS, undefined)
    : undefined;
  // Without Redis no heartbeat can be read (nor written): every worker is reported down with it.
  if (!states) return (named ?? [NO_WORKERS_PART]).map((name) => ({ name, kind: 'worker', up: false }));
  if (states.length === 0) return [{ name: NO_WORKERS_PART, kind: 'worker', up: false }];
  return states.map((state) => ({
    name: state.worker,
    kind: 'worker',
    up: state.up,
    ...(state.secondsSinceBeat === undefined
      ? {}
      : { seconds_since_beat: Math.round(state.secondsSinceBeat * 10) / 10 }),
  }));
}

/** A report as the health endpoints answer it: HTTP 200 while every part is up, 503 naming what is down. */
export function healthAnswer(report: HealthReport): HealthAnswer & {
  status: 200 | 503;
  body: { type: 'ok' | 'error'; message: string; parts: HealthPart[] };
} {
  return {
    status: report.healthy ? 200 : 503,
    body: { type: report.healthy ? 'ok' : 'error', message: report.message, parts: report.parts },
  };
}
