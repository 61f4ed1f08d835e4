import { DRILL_NAMES, runDrills, type DrillName } from '../test/drill/drills';

/**
 * `npm run drill [-- --only NAME[,NAME]] [--seconds S] [--keep-logs]`: the crash drills (kill -9 of the API process and of
 * the workers process, a Redis FLUSHALL, a Redis restart, a Postgres restart) against a live workload, on a
 * scratch database, a Redis of their own and, for the Postgres restart, a private cluster. Prints per drill
 * the recovery time and what it checked; exits 1 when any drill failed.
 */
const args = process.argv.slice(2);
const valueOf = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};

function drillsAsked(): DrillName[] {
  const only = valueOf('--only');
  if (!only) return [...DRILL_NAMES];
  const names = only.split(',');
  for (const name of names)
    if (!(DRILL_NAMES as readonly string[]).includes(name))
      throw new Error(`unknown drill ${name}; the drills are ${DRILL_NAMES.join(', ')}`);
  return names as DrillName[];
}

async function main(): Promise<void> {
  const seconds = Number(valueOf('--seconds') ?? 10);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('--seconds takes a positive number');
  const drills = drillsAsked();
  const started = Date.now();
  const { results } = await runDrills({
    drills,
    seconds,
    keepLogs: args.includes('--keep-logs'),
    log: (line) => console.log(line),
  });
  const failed = results.filter((result) => result.problems.length > 0);
  const skipped = results.filter((result) => result.skipped);
  console.log(
    `drills ${results.length}, failed ${failed.length}, skipped ${skipped.length}, in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
