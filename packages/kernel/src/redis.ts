import type { ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';

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
