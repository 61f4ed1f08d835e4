import { describeReport, runSoak } from '../test/soak/soak';
import { numberOption, openScratchExchange } from './scratch-exchange';

/**
 * `npm run soak -- --minutes M --users U [--seed N]`: the whole exchange (API, workers, market maker) on a
 * scratch database, U traders and an operator working it at once through HTTP for M minutes; then every
 * acknowledged action checked in the database, the totals, the audit and the log. Exits 1 on any failure.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => numberOption(args, name, fallback);
const minutes = option('--minutes', 1);
const users = Math.max(1, Math.floor(option('--users', 8)));
const seed = Math.floor(option('--seed', Date.now() % 1_000_000));

async function main(): Promise<void> {
  const { close, ...exchange } = await openScratchExchange({
    name: 'soak',
    logLevel: 'info',
    connections: 10,
  });
  const { config, redis } = exchange;
  try {
    const report = await runSoak({
      ...exchange,
      users,
      durationMs: minutes * 60_000,
      seed,
    });
    for (const line of describeReport(report)) console.log(line);
    if (!report.ok) process.exitCode = 1;
  } finally {
    const keys = await redis.keys(`${config.REDIS_PREFIX}*`);
    const unprefixed = keys.map((key) => key.slice(config.REDIS_PREFIX.length));
    if (unprefixed.length > 0) await redis.del(...unprefixed);
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
