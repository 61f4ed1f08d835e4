import { startConfiguredWorkers } from './configured';

/** `npm run workers`: the background workers on their own, as docker-compose runs them beside the API. */
async function main(): Promise<void> {
  const stop = await startConfiguredWorkers();
  // Once: a terminal's Ctrl-C reaches both tsx and this process, and tsx passes it on again.
  let stopping: Promise<void> | undefined;
  const shutdown = () => {
    stopping ??= stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(`[workers] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
