import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrate } from '../apps/api/src/db/migrate';
import { createPrisma, type Db } from '../apps/api/src/db/prisma';
import { auditLedger } from '../apps/api/src/ledger/audit';
import { verifySecret } from '../apps/api/src/modules/user/passwords';
import { DEMO_FUNDS, DEMO_PASSWORD, DEMO_USERS, ROOT_INVITE_CODE, seedDatabase } from '../prisma/seed/index';
import { databaseUrl } from './services';

const services = inject('services');
const database = `exchange_seed_${randomBytes(4).toString('hex')}`;
let prisma: Db;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: services.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  await migrate(databaseUrl(services.adminUrl, database));
  prisma = createPrisma(databaseUrl(services.adminUrl, database), 2);
});
afterAll(async () => {
  await prisma.$disconnect();
  const admin = new pg.Client({ connectionString: services.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
});

describe('the demo seed', () => {
  it('creates markets, news, the root and funded demo traders once, with balanced books', async () => {
    expect(await seedDatabase(prisma, { demoUsers: true })).toEqual({ seeded: true });
    expect(await seedDatabase(prisma, { demoUsers: true })).toEqual({ seeded: false });

    expect(await prisma.user.findUnique({ where: { extension_code: ROOT_INVITE_CODE } })).not.toBeNull();
    for (const demo of DEMO_USERS) {
      const user = await prisma.user.findUniqueOrThrow({
        where: { account_number: demo.account },
        include: { wallets: { include: { currency: true } } },
      });
      expect(await verifySecret(user.password_hash, DEMO_PASSWORD)).toBe(true);
      expect(user.is_seller).toBe(demo.seller ? 1 : 0);
      for (const [currency, amount] of Object.entries(DEMO_FUNDS)) {
        expect(
          user.wallets.find((wallet) => wallet.currency.name === currency)?.change_balance.toFixed(),
        ).toBe(amount);
      }
    }
    const report = await auditLedger(prisma);
    expect(report.problems).toEqual([]);
    expect(report.currencies.find((row) => row.currency === 'BTC')).toMatchObject({
      users: '6',
      deposits: '6',
    });
  });
});
