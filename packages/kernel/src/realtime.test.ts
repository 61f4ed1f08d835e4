import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createPushEmitter, userRoom } from './realtime';

describe('createPushEmitter', () => {
  it('drops a push published on a closed connection instead of raising an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
    try {
      redis.disconnect();
      createPushEmitter(redis, 'push-emitter-test:')
        .to(userRoom(1))
        .emit('lever_closed', { type: 'lever_closed', to: 1, id: [1] });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
