import type { TestProject } from 'vitest/node';
import { startTestServices, type TestServices } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    services: Omit<TestServices, 'stop'>;
  }
}

/** Starts (or finds) Postgres and Redis once, and builds the migrated, seeded template database. */
export default async function setup(project: TestProject) {
  const services = await startTestServices();
  const { stop, ...shared } = services;
  project.provide('services', shared);
  return stop;
}
