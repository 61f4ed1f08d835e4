import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditExchange } from '../../apps/api/src/areas';
import { SANDBOX_PASSWORD } from '../../apps/api/src/modules/points';
import { DAY_MS, HOLDING_STATUS, settleDue } from '../../apps/api/src/modules/savings';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import {
  apiAnswer,
  byId,
  clickOk,
  DEMO,
  inPage,
  readNumber,
  screenshot,
  server,
  untilInPage,
  withPassword,
} from './browser';
import { useBrowser, useDatabase } from './fixtures';

/**
 * Points and savings in a real browser: a user made the way operators make them (so no other file's
 * balances move) binds an account at the sandbox points partner (a wrong partner password refused first),
 * exchanges points the partner holds, deposits into savings, sees
 * the holding, and at maturity (the clock advanced) gets principal and interest back; the screens in dark and
 * light, in English and Chinese.
 */
const ERIN = { account: 'erin@earn.test', password: DEMO.password, tradePassword: '123456' };

const browser = useBrowser();
const prisma = useDatabase();
let erinId: number;

beforeAll(async () => {
  const erin = await createOpsUser(prisma, {
    account: ERIN.account,
    password: ERIN.password,
    tradePassword: ERIN.tradePassword,
    kycApproved: true,
    seller: false,
  });
  erinId = erin.id;
  await opsDeposit(prisma, { account: ERIN.account, currency: 'USDT', amount: '5000' });
});

/** The points the exchange page says the user may exchange. */
const pointsUsable = async (page: Page) => readNumber(await byId(page, 'points-usable').innerText());

const hapBalance = async () => {
  const hap = await prisma.currency.findUniqueOrThrow({ where: { name: 'HAP' } });
  const wallet = await prisma.wallet.findUnique({
    where: { user_id_currency_id: { user_id: erinId, currency_id: hap.id } },
  });
  return Number(wallet?.change_balance.toFixed() ?? '0');
};

describe('points exchange and deposit savings', () => {
  it('sends an unbound user to /bindInfo, binds a sandbox partner account and exchanges its points', () =>
    browser.visiting({ as: ERIN, route: '/integralExchanges' }, async ({ page }) => {
      await byId(page, 'points-unbound').waitFor();
      // Document 3 section 4: an unbound user goes to the bind page after 1 s.
      await untilInPage(page, "location.hash.startsWith('#/bindInfo')");
      await byId(page, 'bind-form').waitFor();
      // The page says where the points come from, and how to sign in to the sandbox partner.
      expect(await byId(page, 'bind-source').innerText()).toContain('Sandbox partner');
      expect(await byId(page, 'bind-sandbox').innerText()).toContain(`"${SANDBOX_PASSWORD}"`);
      await screenshot(page, 'earn-bind-dark');
      await byId(page, 'bind-account').fill('erin-partner');
      await byId(page, 'bind-password').fill('not-the-password');
      const refused = await apiAnswer(page, '/api/jc/bind', 'POST', () => byId(page, 'bind-submit').click());
      expect(refused.body).toEqual({
        type: 'error',
        message: 'The points partner refused this account name or password',
      });
      await page.locator('.toasts .toast').filter({ hasText: 'refused' }).waitFor();
      expect(await byId(page, 'bind-current').innerText()).not.toContain('erin-partner');
      await byId(page, 'bind-password').fill(SANDBOX_PASSWORD);
      await clickOk(page, '/api/jc/bind', () => byId(page, 'bind-submit').click());
      await expect.poll(() => byId(page, 'bind-current').innerText()).toContain('erin-partner');
      await untilInPage(page, "location.hash.startsWith('#/integralExchanges')");

      // The sandbox opened the account with 10,000 points, read from the partner.
      await expect.poll(() => pointsUsable(page)).toBe(10_000);
      expect(await byId(page, 'points-source').innerText()).toContain('Sandbox partner');
      expect(await byId(page, 'points-source').innerText()).toContain('erin-partner');
      await byId(page, 'points-amount').fill('500');
      // 500 points, 1 % fee = 5: 495 × 0.01 USD buys HAP at its live price (the market maker trades it).
      const price = readNumber(await byId(page, 'points-market-price').innerText());
      await expect
        .poll(async () => readNumber(await byId(page, 'points-estimate').innerText()))
        .toBeCloseTo(4.95 / price, 5);
      await screenshot(page, 'earn-points-dark');
      await byId(page, 'points-submit').click();
      await withPassword(page, '/api/jc/exchange', ERIN.tradePassword);
      await expect.poll(() => pointsUsable(page)).toBe(9_500);
      await byId(page, 'points-history-row').first().waitFor();
      const row = await byId(page, 'points-history-row').first().innerText();
      expect(row).toContain('Done');
      // What the history says was received is what the wallet got, at the price of the moment.
      const received = await hapBalance();
      expect(received).toBeGreaterThan(0);
      expect(row).toContain(String(received));
      const partner = await prisma.pointsSandboxAccount.findUniqueOrThrow({
        where: { user_name: 'erin-partner' },
      });
      expect(partner.points.toFixed()).toBe('9500');
      await screenshot(page, 'earn-points-history-dark');
    }));

  it('fits the points screens on a 390 px phone', () =>
    browser.visiting(
      { as: ERIN, route: '/integralExchanges', context: { viewport: { width: 390, height: 844 } } },
      async (session) => {
        const { page } = session;
        await expect.poll(() => pointsUsable(page)).toBe(9_500);
        await byId(page, 'points-history-row').first().waitFor();
        expect(await inPage<number>(page, 'document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
        await screenshot(page, 'earn-points-390');
        await session.open('/bindInfo');
        await byId(page, 'bind-form').waitFor();
        expect(await inPage<number>(page, 'document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
        await screenshot(page, 'earn-bind-390');
      },
    ));

  it('deposits into a savings plan behind the trade password and shows the holding', () =>
    browser.visiting({ as: ERIN, route: '/manage' }, async ({ page }) => {
      const plan = await prisma.savingsPlan.findFirstOrThrow({
        where: { day: 30, status: 1, currency_id: 1 },
      });
      await byId(page, `savings-plan-${plan.id}`).click();
      await expect.poll(async () => readNumber(await byId(page, 'savings-available').innerText())).toBe(5000);
      await byId(page, 'savings-amount').fill('1000');
      // 1000 USDT × 1 % over 30 days.
      await expect.poll(() => byId(page, 'savings-interest').innerText()).toContain('10');
      await screenshot(page, 'earn-manage-dark');
      await byId(page, 'savings-submit').click();
      await withPassword(page, '/api/record/submit', ERIN.tradePassword);
      await untilInPage(page, "location.hash.startsWith('#/manageList')");
      await byId(page, 'savings-record').first().waitFor();
      const row = await byId(page, 'savings-record').first().innerText();
      expect(row).toContain('USDT');
      expect(row).toContain('1000');
      await screenshot(page, 'earn-manage-list-dark');
      const wallet = await prisma.wallet.findUniqueOrThrow({
        where: { user_id_currency_id: { user_id: erinId, currency_id: plan.currency_id } },
      });
      expect(wallet.lock_change_balance.toFixed()).toBe('1000');
    }));

  it('shows the screens in the light theme and in Chinese, and the books balance', async () => {
    const opening = { as: ERIN, storage: { theme: 'light', locale: 'zh' }, route: '/integralExchanges' };
    await browser.visiting(opening, async (session) => {
      const { page } = session;
      await expect.poll(() => pointsUsable(page)).toBe(9_500);
      expect(await byId(page, 'points-source').innerText()).toContain('您的积分存放在');
      await byId(page, 'points-history-row').first().waitFor();
      expect(await byId(page, 'points-history-row').first().innerText()).toContain('已完成');
      await screenshot(page, 'earn-points-light-zh');
      await session.open('/manage');
      await byId(page, 'savings-amount').waitFor();
      await screenshot(page, 'earn-manage-light-zh');
      await session.open('/manageList');
      await byId(page, 'savings-record').first().waitFor();
      expect(await byId(page, 'savings-record').first().innerText()).toContain('持有中');
      await screenshot(page, 'earn-manage-list-light-zh');
      await session.open('/bindInfo');
      await expect.poll(() => byId(page, 'bind-current').innerText()).toContain('erin-partner');
      expect(await byId(page, 'bind-sandbox').innerText()).toContain('演示合作方');
      await screenshot(page, 'earn-bind-light-zh');
    });
    const report = await auditExchange(prisma);
    expect(report.problems).toEqual([]);
  });

  it('returns principal and interest at maturity (the clock advanced past the term), books balanced', async () => {
    const holding = await prisma.savingsHolding.findFirstOrThrow({ where: { user_id: erinId } });
    // The savings sweep, run as its worker runs it, at a moment after the 30-day term has ended.
    const pool = new pg.Pool({ connectionString: server().databaseUrl, max: 2 });
    try {
      const outcome = await settleDue(pool, new Date(holding.end_at.getTime() + DAY_MS));
      expect(outcome.failed).toEqual([]);
    } finally {
      await pool.end();
    }
    const matured = await prisma.savingsHolding.findUniqueOrThrow({ where: { id: holding.id } });
    expect({ status: matured.status, interest: matured.interest_paid.toFixed() }).toEqual({
      status: HOLDING_STATUS.matured,
      interest: matured.total_interest.toFixed(),
    });
    const wallet = await prisma.wallet.findUniqueOrThrow({
      where: { user_id_currency_id: { user_id: erinId, currency_id: holding.currency_id } },
    });
    // 5000 deposited, 1000 saved and returned, and 1000 × 1 % of interest.
    expect([wallet.change_balance.toFixed(), wallet.lock_change_balance.toFixed()]).toEqual(['5010', '0']);

    await browser.visiting({ as: ERIN, route: '/manageList' }, async (session) => {
      const { page } = session;
      const row = byId(page, 'savings-record').first();
      await expect.poll(() => row.innerText()).toContain('Matured');
      expect(readNumber(await row.locator('[data-testid="savings-record-interest"]').innerText())).toBe(10);
      await screenshot(page, 'earn-manage-list-matured-dark');
      await session.open('/dealFinance');
      const usdt = byId(page, 'assets-row').filter({ hasText: 'USDT' }).first();
      await expect
        .poll(async () => readNumber(await usdt.locator('[data-testid="assets-available"]').innerText()))
        .toBe(5010);
      expect(readNumber(await usdt.locator('[data-testid="assets-frozen"]').innerText())).toBe(0);
    });
    expect((await auditExchange(prisma)).problems).toEqual([]);
  });

  it('shows an empty list of deposits to a user who has none', async () => {
    const fay = { account: 'fay@earn.test', password: DEMO.password };
    await createOpsUser(prisma, { ...fay, kycApproved: false, seller: false });
    await browser.visiting({ as: fay, route: '/manageList' }, async ({ page }) => {
      await byId(page, 'savings-list-empty').waitFor();
      await screenshot(page, 'earn-manage-list-empty-dark');
    });
  });
});
