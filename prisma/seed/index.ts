import { randomBytes } from 'node:crypto';
import type { Db } from '@exchange/kernel/db';
import { hashSecret, createUser, ROOT_INVITE_CODE } from '../../apps/api/src/modules/user';
import { SETTING_DEFAULTS } from '../../apps/api/src/modules/system';
import { creditDeposit, fundHousePool, TREASURY_ACCOUNT } from '../../apps/api/src/modules/wallet';
import { Money } from '@exchange/kernel/ledger';
import {
  SEED_CURRENCIES,
  SEED_FEES,
  SEED_INSURANCE_TYPES,
  SEED_LEVER_OPTIONS,
  SEED_MICRO_NUMBERS,
  SEED_MICRO_SECONDS,
  SEED_PAIRS,
} from './markets';
import { BANNER_TRANSLATIONS } from './banner-translations';
import { NEWS_CATEGORY_NAMES, SEED_NEWS } from './news';
import { seedP2pDemo } from './p2p';
import { savePlan, SEED_SAVINGS_PLANS } from '../../apps/api/src/modules/savings';
import { prismaSql } from '@exchange/kernel/db';

/** The root of the invite tree is also the treasury through which the house pools are funded. */
export const ROOT_ACCOUNT = TREASURY_ACCOUNT;

/** The exchange's capital in each counterparty pool of a demo install (operators use `ops house:fund`). */
export const DEMO_HOUSE_FUNDS = [
  { pool: 'lever_pool', currency: 'USDT', amount: '1000000' },
  { pool: 'micro_pool', currency: 'USDT', amount: '1000000' },
  { pool: 'micro_pool', currency: 'HAP', amount: '1000000' },
  { pool: 'insurance_fund', currency: 'USDT', amount: '100000' },
  // Earn: the partner token the points exchange pays out, and the interest of deposit savings.
  { pool: 'partner_pool', currency: 'HAP', amount: '1000000' },
  { pool: 'savings_pool', currency: 'USDT', amount: '100000' },
  { pool: 'savings_pool', currency: 'BTC', amount: '10' },
  { pool: 'savings_pool', currency: 'ETH', amount: '100' },
] as const;

/** Demo traders the README names; created only when SEED_DEMO is on. */
export const DEMO_USERS = [
  { account: 'alice@demo.exchange', seller: false },
  { account: 'bob@demo.exchange', seller: false },
  { account: 'carol@demo.exchange', seller: true },
] as const;
export const DEMO_PASSWORD = 'Demo1234';
/** What each demo trader starts with, booked as confirmed deposits so the audit balances from the start. */
export const DEMO_FUNDS: Record<string, string> = { USDT: '100000', BTC: '2', ETH: '30' };
export const DEMO_TRADE_PASSWORD = '123456';

export interface SeedResult {
  seeded: boolean;
}

/** Fills an empty database with markets, settings, news and the root account; does nothing otherwise. */
export async function seedDatabase(prisma: Db, options: { demoUsers: boolean }): Promise<SeedResult> {
  if ((await prisma.currency.count()) > 0) return { seeded: false };
  await prisma.$transaction(
    async (tx) => {
      await tx.setting.createMany({
        data: Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })),
        skipDuplicates: true,
      });
      for (const currency of SEED_CURRENCIES)
        await tx.currency.create({ data: { ...currency, rmb_relation: '7.2' } });
      const ids = new Map((await tx.currency.findMany()).map((currency) => [currency.name, currency.id]));
      const idOf = (name: string) => {
        const id = ids.get(name);
        if (id === undefined) throw new Error(`seed pair names unknown currency ${name}`);
        return id;
      };
      await tx.currencyMatch.createMany({
        data: SEED_PAIRS.map(({ base, quote, ...rest }) => ({
          ...rest,
          ...SEED_FEES,
          legal_id: idOf(quote),
          currency_id: idOf(base),
        })),
      });
      for (const [symbol, options] of Object.entries(SEED_LEVER_OPTIONS)) {
        const [base = '', quote = ''] = symbol.split('/');
        const pair = await tx.currencyMatch.update({
          where: { legal_id_currency_id: { legal_id: idOf(quote), currency_id: idOf(base) } },
          data: { lever_min_share: options.min, lever_max_share: options.max },
        });
        await tx.leverMultiple.createMany({
          data: [
            ...options.multiples.map((value) => ({ match_id: pair.id, type: 1, value })),
            ...options.shares.map((value) => ({ match_id: pair.id, type: 2, value })),
          ],
        });
      }
      await tx.newsCategory.createMany({ data: NEWS_CATEGORY_NAMES });
      await tx.news.createMany({ data: [...SEED_NEWS, ...BANNER_TRANSLATIONS] });

      // Nobody signs in as root: its password is random and thrown away. It only anchors the invite tree.
      const root = await tx.user.create({
        data: {
          account_number: ROOT_ACCOUNT,
          email: ROOT_ACCOUNT,
          extension_code: ROOT_INVITE_CODE,
          authorization_code: 'ROOT0000',
          password_hash: await hashSecret(randomBytes(24).toString('hex')),
          type: 0,
        },
      });
      await tx.wallet.createMany({
        data: [...ids.values()].map((currency_id) => ({ user_id: root.id, currency_id })),
      });

      // Seconds contracts: durations, stake buttons, insurance types, and the house pool that pays wins,
      // funded through the root account from a booked deposit so the books balance from the start.
      await tx.microSecond.createMany({ data: SEED_MICRO_SECONDS });
      await tx.microNumber.createMany({
        data: Object.entries(SEED_MICRO_NUMBERS).flatMap(([currency, numbers]) =>
          numbers.map((number) => ({ currency_id: idOf(currency), number })),
        ),
      });
      await tx.insuranceType.createMany({
        data: SEED_INSURANCE_TYPES.map(({ currency, ...type }) => ({ ...type, currency_id: idOf(currency) })),
      });
      for (const plan of SEED_SAVINGS_PLANS) await savePlan(prismaSql(tx), plan);
      if (!options.demoUsers) return;
      const [password_hash, trade_password_hash] = await Promise.all([
        hashSecret(DEMO_PASSWORD),
        hashSecret(DEMO_TRADE_PASSWORD),
      ]);
      for (const demo of DEMO_USERS) {
        const user = await createUser(tx, {
          account_number: demo.account,
          kind: 'email',
          area_code: '',
          area_code_id: 0,
          nationality: '',
          password_hash,
          trade_password_hash,
          parent: root,
          is_seller: demo.seller ? 1 : 0,
        });
        for (const [currency, amount] of Object.entries(DEMO_FUNDS)) {
          await creditDeposit(tx, {
            userId: user.id,
            currencyId: idOf(currency),
            amount: new Money(amount),
            source: 'chain',
            externalId: `seed-${demo.account}-${currency}`,
          });
        }
        await tx.identityVerification.create({
          data: {
            user_id: user.id,
            name: demo.account.split('@')[0] ?? 'demo',
            card_id: `DEMO${user.id.toString().padStart(6, '0')}`,
            front_pic: '',
            reverse_pic: '',
            hand_pic: '',
            review_status: 2,
          },
        });
      }
    },
    { timeout: 60_000 },
  );
  if (options.demoUsers) {
    for (const funding of DEMO_HOUSE_FUNDS) {
      const currency = await prisma.currency.findUniqueOrThrow({ where: { name: funding.currency } });
      await fundHousePool(prisma, {
        pool: funding.pool,
        currencyId: currency.id,
        amount: new Money(funding.amount),
        externalId: `seed-${funding.pool}-${funding.currency}`,
      });
    }
    await seedP2pDemo(prisma, {
      traders: DEMO_USERS.map((demo) => demo.account),
      seller: DEMO_USERS.find((demo) => demo.seller)?.account ?? '',
      root: ROOT_ACCOUNT,
    });
  }
  return { seeded: true };
}
