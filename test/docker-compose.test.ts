import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '@exchange/kernel/config';

/** Docker cannot run on our machines, so the operators' stack is checked by reading it. */
interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8')) as { services: Record<string, Service> };
const { postgres, redis, api, workers } = compose.services;

describe('docker-compose.yml', () => {
  it('runs postgres, redis, the api and the workers, each with a health check where others wait on it', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'postgres', 'redis', 'workers']);
    expect(postgres?.image).toMatch(/^postgres:15/);
    expect(redis?.image).toMatch(/^redis:7/);
    expect(postgres?.healthcheck?.test.join(' ')).toContain('pg_isready');
    expect(redis?.healthcheck?.test.join(' ')).toContain('ping');
    expect(api?.healthcheck?.test.join(' ')).toContain('/api/health');
    expect(api?.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(workers?.depends_on?.api?.condition).toBe('service_healthy');
  });

  it('starts every service again when its process dies, as the crash drills (npm run drill) assume', () => {
    for (const service of [postgres, redis, api, workers]) expect(service?.restart).toBe('unless-stopped');
  });

  it('builds api and workers from the Dockerfile, which builds the web client the api serves', () => {
    expect(api?.build).toBe('.');
    expect(workers?.build).toBe('.');
    expect(workers?.command).toEqual(['npm', 'run', 'workers']);
    expect(existsSync('Dockerfile')).toBe(true);
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    expect(dockerfile).toMatch(/npm ci/);
    expect(dockerfile).toMatch(/npm run build/);
    expect(dockerfile).toMatch(/CMD \["npm", "start"\]/);
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts.workers).toBeDefined();
    expect(scripts.start).toBeDefined();
  });

  it('wires the api and workers to the postgres and redis services with matching credentials', () => {
    const env = postgres?.environment ?? {};
    const expectedDatabase = `postgresql://${env.POSTGRES_USER}:${env.POSTGRES_PASSWORD}@postgres:5432/${env.POSTGRES_DB}`;
    for (const service of [api, workers]) {
      expect(service?.environment?.DATABASE_URL).toBe(expectedDatabase);
      expect(service?.environment?.REDIS_URL).toBe('redis://redis:6379');
      expect(service?.environment?.APP_SECRET).toBeTruthy();
    }
    expect(api?.ports).toEqual([`${api?.environment?.PORT}:8080`]);
    // The workers run in their own container, so the api must not start a second set.
    expect(api?.environment?.WORKERS).toBe('off');
  });

  it('trusts no forwarding header by default, and lets operators behind a proxy name it', () => {
    // Published straight on 8080, nothing in front of the api may vouch for a client's address.
    expect(api?.environment?.TRUST_PROXY).toBe('${TRUST_PROXY:-off}');
    expect(loadConfig({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'uniquelocal' }).TRUST_PROXY).toEqual(['uniquelocal']);
    expect(readFileSync('README.md', 'utf8')).toMatch(/TRUST_PROXY=uniquelocal docker compose up/);
  });
});
