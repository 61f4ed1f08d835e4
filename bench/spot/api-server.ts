import cluster from 'node:cluster';
import { serveApiAlone } from '../../test/api-alone';
import { orderStages, StageTimes, type StageRaw } from '@exchange/kernel/stage-times';

/**
 * The API alone, for the spot benchmark: on an already migrated and seeded database (DATABASE_URL), on
 * PORT at 127.0.0.1, in `--processes N` node cluster workers sharing the port. Tells its parent
 * `{ ready: true }` once every worker listens, answers `{ stats: true }` with the stream-append totals since
 * start and the order path's stage times (`stages`, merged over the workers), clears the stage times on
 * `{ resetStages: true }`, and closes cleanly on SIGTERM.
 */
const processesFlag = process.argv.indexOf('--processes');
const processes = processesFlag > 0 ? Number(process.argv[processesFlag + 1] ?? 1) : 1;

type Stats = { appends: number; commands: number };
type Request = { stats?: boolean; resetStages?: boolean };
/** What one worker answers; the raw stage times can be merged, the summaries of each worker could not. */
type Report = { stats: Stats; stagesRaw: Record<string, StageRaw> };

async function serve(): Promise<void> {
  const app = await serveApiAlone('the benchmark server', 4);
  process.on('message', (message: Request) => {
    if (message.resetStages) orderStages.reset();
    if (message.stats) {
      const report: Report = { stats: { ...app.spotCommands.stats }, stagesRaw: orderStages.raw() };
      // Alone, this process answers the bench itself; in a cluster, the primary merges the answers.
      process.send?.(cluster.isWorker ? report : { ...report, stages: orderStages.snapshot() });
    }
  });
  process.send?.({ ready: true });
}

if (processes > 1 && cluster.isPrimary) {
  let ready = 0;
  let reports: Report[] = [];
  for (let index = 0; index < processes; index += 1) {
    cluster.fork().on('message', (message: { ready?: boolean } & Partial<Report>) => {
      ready += message.ready ? 1 : 0;
      if (message.ready && ready === processes) process.send?.({ ready: true });
      if (!message.stats || !message.stagesRaw) return;
      reports.push({ stats: message.stats, stagesRaw: message.stagesRaw });
      if (reports.length < processes) return;
      const stages = new StageTimes();
      for (const report of reports) stages.add(report.stagesRaw);
      process.send?.({
        stats: reports
          .map((report) => report.stats)
          .reduce((sum, stats) => ({
            appends: sum.appends + stats.appends,
            commands: sum.commands + stats.commands,
          })),
        stages: stages.snapshot(),
      });
      reports = [];
    });
  }
  // Both requests go to every worker; the totals are answered once all workers have answered.
  process.on('message', (message: Request) => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.send(message);
  });
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  });
} else {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
