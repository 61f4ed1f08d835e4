import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { migrate, readMigrations, createPrisma } from '@exchange/kernel/db';
import { seedDatabase } from '../prisma/seed';
import { postgresAnswers, redisAnswers } from './probes';

export interface TestServices {
  adminUrl: string;
  redisUrl: string;
  templateDatabase: string;
  stop: () => Promise<void>;
}

const LOCAL_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const dockerWorks = () => {
  try {
    execSync('docker info', { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
};

/**
 * Postgres and Redis for the tests: DATABASE_URL/REDIS_URL when set, else the local services, else
 * (neither set, nothing local, Docker available) throwaway containers from testcontainers.
 */
async function findServices(): Promise<{ adminUrl: string; redisUrl: string; stop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  const redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS;
  const configured = process.env.DATABASE_URL !== undefined || process.env.REDIS_URL !== undefined;
  if ((await postgresAnswers(adminUrl)) && (await redisAnswers(redisUrl))) {
    return { adminUrl, redisUrl, stop: () => Promise.resolve() };
  }
  if (configured || !dockerWorks()) {
    throw new Error(
      `Tests need Postgres at ${adminUrl} and Redis at ${redisUrl} (set DATABASE_URL and REDIS_URL), or Docker for testcontainers.`,
    );
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { RedisContainer } = await import('@testcontainers/redis');
  const [postgres, redis] = await Promise.all([
    new PostgreSqlContainer('postgres:15-alpine').start(),
    new RedisContainer('redis:7-alpine').start(),
  ]);
  return {
    adminUrl: postgres.getConnectionUri(),
    redisUrl: redis.getConnectionUrl(),
    stop: async () => {
      await Promise.all([postgres.stop(), redis.stop()]);
    },
  };
}

export async function startTestServices(): Promise<TestServices> {
  const found = await findServices();
  const fingerprint = createHash('sha256')
    .update(
      readMigrations()
        .map((migration) => migration.checksum)
        .join(),
    )
    .update(String(process.pid))
    .digest('hex')
    .slice(0, 10);
  const templateDatabase = `exchange_template_${fingerprint}`;
  const admin = new pg.Client({ connectionString: found.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${templateDatabase}"`);
  await admin.query(`CREATE DATABASE "${templateDatabase}"`);
  const templateUrl = databaseUrl(found.adminUrl, templateDatabase);
  await migrate(templateUrl);
  const prisma = createPrisma(templateUrl, 2);
  await seedDatabase(prisma, { demoUsers: false });
  await prisma.$disconnect();

  return {
    adminUrl: found.adminUrl,
    redisUrl: found.redisUrl,
    templateDatabase,
    stop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${templateDatabase}" WITH (FORCE)`);
      await admin.end();
      await found.stop();
    },
  };
}
