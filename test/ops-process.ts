import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { TestContext } from './harness';

const run = promisify(execFile);

/**
 * Every ops call starts a fresh `tsx` process, as an operator's would: 1-3 s each on a quiet 2-core machine, up
 * to 25 s while other test files load it, and a test makes up to a dozen.
 */
export const OPS_TEST_TIMEOUT_MS = 300_000;

/** Runs `npm run ops -- <args>` the way an operator does, on the context's database, and reads its last line. */
export async function runOps(ctx: TestContext, ...args: string[]): Promise<{ code: number; json: unknown }> {
  const outcome = await run('npx', ['tsx', 'apps/api/src/ops/cli.ts', ...args], {
    env: { ...process.env, DATABASE_URL: ctx.databaseUrl, REDIS_URL: ctx.redisUrl, LOG_LEVEL: 'silent' },
  }).then(
    (result) => ({ code: 0, stdout: result.stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  const lines = outcome.stdout.trim().split('\n');
  return { code: outcome.code, json: JSON.parse(lines.at(-1) ?? 'null') as unknown };
}
