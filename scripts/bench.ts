import { createPrisma } from '@exchange/kernel/db';
import { createScratchDatabase } from './scratch-database';
import { benchEngine } from '../bench/engine.bench';
import { benchLedger } from '../bench/ledger.bench';
import { benchLever } from '../bench/lever.bench';
import { benchMarkAttack } from '../bench/mark.bench';
import { benchMicro } from '../bench/micro.bench';
import { benchSpotEndToEnd } from '../bench/spot/spot.bench';
import { benchTeam } from '../bench/team.bench';
import { seedDatabase } from '../prisma/seed';

/**
 * `npm run bench`: every benchmark of the project, on a scratch database created beside DATABASE_URL (default:
 * the local Postgres) and dropped afterwards. Prints one line per figure, then the figures as JSON.
 * `npm run bench -- spot` (or engine, ledger, lever, mark, micro, team) runs only the named ones. The spot benchmark
 * measures the HTTP floor (its yardstick), a closed loop and an open loop of orders, and prints the ratios of
 * the targets to the floor (see bench/spot/spot.bench.ts). `--api-processes N` runs the API in N node cluster
 * workers (default 1), `--connections N` sets the closed loop's connections (default 64), `--profile DIR`
 * writes CPU profiles of its processes, `--kill-matcher-at MS` kills the matcher with SIGKILL that long into
 * the closed loop and starts another, `--http-floor` measures the floor only, and `--metrics` prints the
 * exchange's own metrics (API and workers `/metrics`) that moved during the closed loop.
 */
const args = process.argv.slice(2);
const flag = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args.splice(index, 2)[1] : undefined;
};
const apiProcesses = Number(flag('--api-processes') ?? 1);
const profileDir = flag('--profile');
const connections = flag('--connections');
const killMatcherAt = flag('--kill-matcher-at');
const matchers = flag('--matchers');
const httpFloor = args.includes('--http-floor');
if (httpFloor) args.splice(args.indexOf('--http-floor'), 1);
const metrics = args.includes('--metrics');
if (metrics) args.splice(args.indexOf('--metrics'), 1);
const only = new Set(args);
const wanted = (name: string) => only.size === 0 || only.has(name);

async function main(): Promise<void> {
  const scratch = await createScratchDatabase('exchange_bench');
  const url = new URL(scratch.url);
  const prisma = createPrisma(url.toString(), 16);
  try {
    await seedDatabase(prisma, { demoUsers: false });
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const figures = {
      ...(wanted('engine') ? await benchEngine() : {}),
      ...(wanted('ledger') ? await benchLedger(prisma) : {}),
      ...(wanted('lever') ? await benchLever(prisma, url.toString()) : {}),
      ...(wanted('mark') ? benchMarkAttack() : {}),
      ...(wanted('micro') ? await benchMicro(prisma, url.toString()) : {}),
      ...(wanted('team') ? await benchTeam(prisma, url.toString()) : {}),
    };
    for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(60)} ${value}`);
    // The spot benchmark prints its own report as it goes (figures, a histogram and tables), last.
    const spot = wanted('spot')
      ? await benchSpotEndToEnd(prisma, url.toString(), redisUrl, {
          apiProcesses,
          ...(profileDir ? { profileDir } : {}),
          ...(connections ? { connections: Number(connections) } : {}),
          ...(killMatcherAt ? { killMatcherAfterMs: Number(killMatcherAt) } : {}),
          ...(matchers ? { matchers: Number(matchers) } : {}),
          httpFloor,
          metrics,
        })
      : {};
    console.log(JSON.stringify({ ...figures, ...spot }));
  } finally {
    await prisma.$disconnect();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
