// Prisma's native engines cannot be downloaded on our machines, and `prisma generate` only needs their paths
// to exist: the `prisma-client` generator with the pg driver adapter runs without any native engine.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const anyExistingFile = fileURLToPath(import.meta.url);
execFileSync('npx', ['prisma', 'generate'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? anyExistingFile,
    PRISMA_QUERY_ENGINE_LIBRARY: process.env.PRISMA_QUERY_ENGINE_LIBRARY ?? anyExistingFile,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
