import type { TestProject } from 'vitest/node';
import { startBrowserServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the browser tests' exchange answers, its database (the code outbox, settings) and Redis prefix. */
    browserServer: { baseUrl: string; databaseUrl: string; redisPrefix: string; anvilRpcUrl: string };
  }
}

/** Builds the web client, starts the exchange on a fresh database, and stops it all after the last test. */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const server = await startBrowserServer();
  console.log(
    `[browser tests] exchange up at ${server.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  project.provide('browserServer', {
    baseUrl: server.baseUrl,
    databaseUrl: server.databaseUrl,
    redisPrefix: server.redisPrefix,
    anvilRpcUrl: server.anvilRpcUrl,
  });
  return server.stop;
}
