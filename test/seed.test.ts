import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { migrate, createPrisma, type Db } from '@exchange/kernel/db';
import { LOCALES } from '@exchange/kernel/i18n';
import { verifySecret } from '../apps/api/src/modules/user';
import { ROOT_INVITE_CODE } from '../apps/api/src/modules/user';
import { DEMO_FUNDS, DEMO_PASSWORD, DEMO_USERS, seedDatabase } from '../prisma/seed';
import { databaseUrl } from './services';
import { auditExchange } from '../apps/api/src/areas';

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
    // A living P2P area: carol's c2c and shop ads, the demo acceptor backed by its own USDT.
    expect(await prisma.p2pAd.count({ where: { kind: 'c2c', state: 'open' } })).toBe(5);
    expect(await prisma.p2pAd.count({ where: { kind: 'shop', state: 'open' } })).toBe(2);
    expect(await prisma.acceptor.count({ where: { status: 1 } })).toBe(1);
    // The home banners speak every language of the client: their words are text, not part of the picture.
    const banners = await prisma.news.groupBy({ by: ['lang'], where: { c_id: 5 }, _count: true });
    expect(Object.fromEntries(banners.map((group) => [group.lang, group._count]))).toEqual(
      Object.fromEntries(LOCALES.map((locale) => [locale, 3])),
    );
    const report = await auditExchange(prisma);
    expect(report.problems).toEqual([]);
    // The traders' BTC, and the savings pool's BTC that pays savings interest (funded through the root).
    expect(report.currencies.find((row) => row.currency === 'BTC')).toMatchObject({
      users: '6',
      house: '10',
      deposits: '16',
    });
  });
});
