import { Queue, Worker, type ConnectionOptions, type Processor } from 'bullmq';
import { Redis } from 'ioredis';
import type { Sql } from './db/sql';

/** Where Redis is when REDIS_URL names none: the local one `npm start` uses. */
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** The API's Redis client: every key it writes carries the instance prefix, so instances never collide. */
export function createRedis(url: string, prefix: string): Redis {
  return new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 3 });
}

/** BullMQ refuses ioredis key prefixes; it gets a plain connection and its own `prefix` option instead. */
export function bullConnection(url: string): ConnectionOptions {
  return { url, maxRetriesPerRequest: null };
}

export const bullPrefix = (redisPrefix: string) => `${redisPrefix}bull`;

/** Where the instance's BullMQ queues live: Redis by URL, and the instance's key prefix. */
export interface QueueHome {
  redisUrl: string;
  redisPrefix: string;
}

/** The options of every BullMQ queue and worker of the instance: a plain connection, keys under the prefix. */
export const bullOptions = ({ redisUrl, redisPrefix }: QueueHome) => ({
  connection: bullConnection(redisUrl),
  prefix: bullPrefix(redisPrefix),
});

/** A worker on one of the instance's queues, logging each failed job by its id under `failure`. */
export function instanceWorker<Job>(
  name: string,
  run: Processor<Job>,
  options: QueueHome & {
    concurrency: number;
    log: (fields: object, message: string) => void;
    failure: string;
  },
): Worker<Job> {
  const worker = new Worker<Job>(name, run, { ...bullOptions(options), concurrency: options.concurrency });
  worker.on('failed', (job, error) => options.log({ job: job?.id, err: error }, options.failure));
  return worker;
}

/**
 * An area's BullMQ queue of this instance (P2P deadlines, seconds expiries, savings): its own plain
 * connection and its keys under the instance's prefix. Each area's subclass adds how it schedules its jobs.
 */
export class InstanceQueue<Job> {
  readonly queue: Queue<Job>;

  constructor(name: string, redisUrl: string, redisPrefix: string) {
    this.queue = new Queue<Job>(name, bullOptions({ redisUrl, redisPrefix }));
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

/**
 * The full name of one of the instance's pub/sub channels. Redis keeps keys per database number, but its
 * channels are one space for the whole server, whatever database a connection selected: the name carries
 * the database number of `redis` (the connection that publishes or subscribes) beside the prefix, so two
 * exchanges on one server, on different databases or with different prefixes, never hear each other.
 * Every publisher and subscriber names its channels here (and the socket adapter and emitter their key).
 */
export const instanceChannel = (redis: Pick<Redis, 'options'>, redisPrefix: string, name: string) =>
  `${redisPrefix}db${redis.options.db ?? 0}:${name}`;

/**
 * The workers' BullMQ queues, named once here: each owner (an area's queue, a worker process) takes its name
 * from this list, and the operator console's dashboard reports every queue in it, so a new queue shows there
 * without the dashboard being edited. (The spot matcher's per-market queues are named by their pair.)
 */
export const WORKER_QUEUES = {
  p2pDeadlines: 'p2p-deadlines',
  microSettle: 'micro-settle',
  savings: 'savings',
  lever: 'lever',
  maintenance: 'maintenance',
} as const;

/** How long a claim on the instance's Redis names outlives its last renewal (every third of it). */
export const NAMES_CLAIM_TTL_MS = 30_000;

// Claims the key for ARGV[1] (an exchange) unless another exchange holds it; answers that other one, or nil.
const CLAIM_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return holder end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return false`;

/** The exchange a process serves, named by its Postgres database: the cluster's identifier and the name. */
export async function exchangeIdentity(sql: Sql): Promise<string> {
  const [row] = await sql.query<{ cluster: string; name: string }>(
    'SELECT system_identifier::text AS cluster, current_database() AS name FROM pg_control_system()',
  );
  return `postgres ${row?.cluster}/${row?.name}`;
}

/**
 * Keeps a second exchange off this one's Redis names. Channels differ between databases (instanceChannel),
 * but two exchanges given the same REDIS_PREFIX in the same database would share every key, stream, queue
 * and channel. Each process (`npm start`, `npm run workers`) claims the names for its exchange at start and
 * renews the claim while it runs: the processes of one exchange share it, another exchange is refused with
 * what to set. A stopped exchange frees the names `ttlMs` after its last process. The answer stops renewing.
 */
export async function claimRedisNames(
  redisUrl: string,
  redisPrefix: string,
  exchange: string,
  options: { ttlMs?: number; onLost?: (message: string) => void } = {},
): Promise<() => Promise<void>> {
  const ttlMs = options.ttlMs ?? NAMES_CLAIM_TTL_MS;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const claim = async () =>
    (await redis.eval(CLAIM_SCRIPT, 1, `${redisPrefix}instance`, exchange, ttlMs)) as string | null;
  const taken = (holder: string) =>
    `Redis database ${redis.options.db} at ${redis.options.host}:${redis.options.port} holds the names of ` +
    `another exchange (${holder}) under REDIS_PREFIX "${redisPrefix}"; this one is ${exchange}. Give each ` +
    'exchange its own REDIS_PREFIX (e.g. REDIS_PREFIX=ex2:) or its own database number in REDIS_URL ' +
    `(e.g. redis://host:6379/1). A stopped exchange frees its names ${ttlMs / 1000} s after its last process.`;
  const holder = await claim().catch((error: unknown) => {
    redis.disconnect();
    throw error;
  });
  if (holder) {
    redis.disconnect();
    throw new Error(taken(holder));
  }
  const renewal = setInterval(() => {
    claim()
      .then((other) => other && options.onLost?.(taken(other)))
      .catch(() => undefined);
  }, ttlMs / 3);
  renewal.unref();
  return async () => {
    clearInterval(renewal);
    await redis.quit().catch(() => undefined);
  };
}
