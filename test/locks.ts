import { expect, vi } from 'vitest';
import type { Db } from '@exchange/kernel/db';

/**
 * Resolves once exactly `count` sessions of this test's database wait on a row lock: the moment a test that
 * holds a lock knows its rivals have reached it (and took, in their order, every lock before it).
 */
export async function untilWaitingOnLocks(prisma: Db, count: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const [row] = await prisma.$queryRawUnsafe<{ waiting: number }[]>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      expect(row?.waiting).toBe(count);
    },
    { timeout: 10_000, interval: 20 },
  );
}
