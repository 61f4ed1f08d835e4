import { Redis } from 'ioredis';
import { beforeAll, inject } from 'vitest';

/**
 * The browser files share one server and one address (127.0.0.1), yet each stands for visitors of its own:
 * the per-address login window (60 sign-ins in 15 minutes, login.ts) starts afresh for each file, or the
 * suite's sign-ins add up past it as files are added (found when the 27th file tipped it over).
 */
beforeAll(async () => {
  const { redisPrefix } = inject('browserServer');
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    await redis.del(
      ...['127.0.0.1', '::ffff:127.0.0.1', '::1'].map((address) => `${redisPrefix}rate:login-ip:${address}`),
    );
  } finally {
    redis.disconnect();
  }
});
