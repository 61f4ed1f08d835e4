import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../test/harness';
import { OPS_TEST_TIMEOUT_MS, runOps } from '../../../../test/ops-process';
import { onSameServer } from './backup';

/**
 * The backup an operator takes with `npm run ops -- backup` restores into a scratch database where the books
 * balance and the exchange starts: the drill is exactly what the README tells operators to run.
 */
describe('backup and restore', () => {
  const ctx = useTestContext();
  const folder = mkdtempSync(join(tmpdir(), 'exchange-backup-'));

  async function onServer<T>(url: string, work: (client: pg.Client, name: string) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: onSameServer(url, 'postgres') });
    await client.connect();
    try {
      return await work(client, new URL(url).pathname.slice(1));
    } finally {
      await client.end();
    }
  }
  const databaseExists = (url: string) =>
    onServer(url, async (client, name) => {
      return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    });
  const restoredCopy = () =>
    onSameServer(ctx.databaseUrl, `${new URL(ctx.databaseUrl).pathname.slice(1)}_restored`);
  afterAll(() =>
    onServer(restoredCopy(), (client, name) =>
      client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    ),
  );

  it(
    'takes a consistent copy that restores, audits clean and serves, and never restores over a database',
    async () => {
      const user = await ctx.signedInUser({ tradePassword: '135790' });
      await ctx.deposit(user.account, 'USDT', '250.5');
      await ctx.deposit(user.account, 'BTC', '0.125');
      const file = join(folder, 'exchange.dump');

      const backup = await runOps(ctx, 'backup', '--out', file);
      expect(backup.code).toBe(0);
      expect(backup.json).toMatchObject({
        file,
        bytes: expect.any(Number),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect((backup.json as { tables: number }).tables).toBeGreaterThan(40);

      // What happens after the backup is not in it: the copy is the moment pg_dump's snapshot began.
      await ctx.deposit(user.account, 'USDT', '1000');

      const drill = await runOps(ctx, 'restore:drill', '--from', file);
      expect(drill.code, JSON.stringify(drill.json)).toBe(0);
      const report = drill.json as {
        database: string;
        migrated: string[];
        audit: { ok: boolean; problems: unknown[] };
        api: { health: string; quotation: string };
        rows: Record<string, number>;
        kept: boolean;
      };
      expect(report.audit).toEqual({ ok: true, problems: [] });
      expect(report.api).toEqual({ health: 'ok', quotation: 'ok' });
      expect(report.migrated).toEqual([]);
      expect(report.rows.users).toBe(await ctx.prisma.user.count());
      expect(report.rows.account_logs).toBe((await ctx.prisma.accountLog.count()) - 1);
      expect(report.kept).toBe(false);
      expect(await databaseExists(onSameServer(ctx.databaseUrl, report.database))).toBe(false);

      const target = restoredCopy();
      expect((await runOps(ctx, 'restore', '--from', file, '--into', target)).code).toBe(0);
      const restored = new pg.Client({ connectionString: target });
      await restored.connect();
      try {
        const { rows } = await restored.query<{ amount: string }>(
          `SELECT w.change_balance::text AS amount FROM wallets w JOIN currencies c ON c.id = w.currency_id
           WHERE w.user_id = $1 AND c.name = 'USDT'`,
          [user.id],
        );
        expect(rows).toEqual([{ amount: expect.stringMatching(/^250\.50*$/) }]);
      } finally {
        await restored.end();
      }

      const again = await runOps(ctx, 'restore', '--from', file, '--into', target);
      expect(again.code).toBe(1);
      expect(again.json).toEqual({ error: expect.stringContaining('is not empty') });
      const missing = await runOps(
        ctx,
        'restore',
        '--from',
        join(folder, 'missing.dump'),
        '--into',
        `${target}_x`,
      );
      expect(missing).toEqual({ code: 1, json: { error: `no backup at ${join(folder, 'missing.dump')}` } });
      expect(await databaseExists(`${target}_x`)).toBe(false);
    },
    OPS_TEST_TIMEOUT_MS * 2,
  );
});
