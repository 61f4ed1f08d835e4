import { describe, expect, it } from 'vitest';
import { formatResult, runDrills } from './drills';

/**
 * The short version of `npm run drill`: the workers process killed with SIGKILL, then a FLUSHALL of the
 * drill's own Redis, under a live workload, each followed by the recovery and the checks (nothing
 * acknowledged lost or applied twice, the audit clean). The API kill, the Redis restart and the Postgres
 * restart run in `npm run drill`.
 */
describe('crash drills', () => {
  it('recovers by itself from a killed workers process and a flushed Redis, losing nothing acknowledged', async () => {
    const { results, actions } = await runDrills({
      drills: ['workers-kill', 'redis-flushall'],
      seconds: 2,
      traders: 3,
      log: () => undefined,
    });
    for (const result of results) {
      expect(result.problems, formatResult(result)).toEqual([]);
      expect(result.recoveryMs).toBeGreaterThan(0);
      expect(result.checked).toContain('audit: clean');
      // Each area's acknowledged records were named by their answers, so the checks had ids to hold.
      expect(result.checked.join('\n')).not.toMatch(/: 0 acknowledged/);
    }
    expect(results.map((result) => result.name)).toEqual(['workers-kill', 'redis-flushall']);
    // The drills ran under a workload that the exchange acknowledged in every area.
    for (const kind of ['spot_place', 'spot_cancel', 'transfer', 'lever_open', 'micro_submit', 'p2p_take'])
      expect(actions[`${kind}:ok`] ?? 0, kind).toBeGreaterThan(0);
  }, 180_000);
});
