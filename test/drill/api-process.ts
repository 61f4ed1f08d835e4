import { serveApiAlone } from '../api-alone';

/**
 * The drills' API process: the API alone on the drill's database and Redis; the workers run in a process of
 * their own (`npm run workers`, workers/src/main.ts).
 */
serveApiAlone('the drill API', 6)
  .then(() => console.log(`[drill api] listening on ${process.env.PORT}`))
  .catch((error: unknown) => {
    console.error('[drill api] failed to start', error);
    process.exit(1);
  });
