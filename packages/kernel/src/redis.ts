import type { ConnectionOptions } from 'bullmq';
import { Redis } from 'ioredis';

/** The API's Redis client: every key it writes carries the instance prefix, so instances never collide. */
export function createRedis(url: string, prefix: string): Redis {
  return new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 3 });
}

/** BullMQ refuses ioredis key prefixes; it gets a plain connection and its own `prefix` option instead. */
export function bullConnection(url: string): ConnectionOptions {
  return { url, maxRetriesPerRequest: null };
}

export const bullPrefix = (redisPrefix: string) => `${redisPrefix}bull`;
