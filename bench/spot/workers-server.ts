import { orderStages } from '@exchange/kernel/stage-times';
import { startConfiguredWorkers } from '../../workers/src/configured';

/**
 * The workers (matcher included) for the spot benchmark, started as `npm run workers` starts them but
 * stopped over IPC, so they can hand their stage times back: `{ resetStages: true }` clears this process's
 * stage times; `{ stop: true }` stops the workers (the matcher logs its batch totals), answers `{ stages }`
 * (raw, mergeable: see stage-times.ts) and exits.
 */
async function main(): Promise<void> {
  const stop = await startConfiguredWorkers();
  process.on('message', (message: { resetStages?: boolean; stop?: boolean }) => {
    if (message.resetStages) orderStages.reset();
    if (!message.stop) return;
    void stop().then(() => process.send?.({ stages: orderStages.raw() }, () => process.exit(0)));
  });
}

main().catch((error: unknown) => {
  console.error(`[bench workers] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
