import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { totpCode } from '../../apps/api/src/modules/admin';
import { SANDBOX_PASSWORD } from '../../apps/api/src/modules/points';
import { byId, clickOk, expectNoPageErrors, inPage, screenshot, server } from './browser';
import { clientCall, enrolledOperator, inLightThenChinese, signedInTrader } from './admin';
import { useBrowser, useDatabase } from './fixtures';

/**
 * Issue #25's points task in a real browser: the console's Points screen shows the points partner (the sandbox
 * partner here, as outside production by default) and its accounts with the user bound to each; finance tops
 * one up with a fresh code and a reason, and the trader sees the points; a support operator only looks.
 */
const suffix = randomBytes(3).toString('hex');
const browser = useBrowser();
const prisma = useDatabase();
const partnerAccount = `pts-${suffix}`;
let trader: Awaited<ReturnType<typeof signedInTrader>>;

const consoleOf = (token: string, width?: number) =>
  browser.open({
    storage: { admin_token: token, theme: 'dark' },
    ...(width ? { context: { viewport: { width, height: 844 } } } : {}),
  });

/** The points the trader's exchange reads from the partner (`/api/jc/info`). */
async function traderPoints(): Promise<string> {
  const answer = await fetch(`${server().baseUrl}/api/jc/info`, { headers: { Authorization: trader.token } });
  return ((await answer.json()) as { message: { jc_integral: string } }).message.jc_integral;
}

const sidewaysScroll = (page: Page) =>
  inPage<number>(page, 'document.documentElement.scrollWidth - window.innerWidth');

beforeAll(async () => {
  trader = await signedInTrader(prisma, `points-${suffix}@test.exchange`, false);
  const bound = await clientCall(
    '/api/jc/bind',
    { user_name: partnerAccount, password: SANDBOX_PASSWORD },
    trader.token,
  );
  expect(bound.type, JSON.stringify(bound)).toBe('ok');
}, 120_000);

describe('points: finance tops up a sandbox account', () => {
  it('finds the trader’s account, tops it up, and the trader sees the points; the trail has it', async () => {
    const finance = await enrolledOperator(prisma, 'finance', suffix);
    const session = await consoleOf(finance.token);
    const { page } = session;
    await session.open('/admin/points');
    await page.locator('[data-testid="admin-points-partner"][data-kind="sandbox"]').waitFor();
    await byId(page, 'admin-points-search').fill(trader.account);
    const row = page.locator(`[data-testid="admin-points-row"][data-account="${partnerAccount}"]`);
    await row.getByText(trader.account).waitFor();
    expect(await page.locator('[data-testid="admin-points-row"]').count()).toBe(1);

    await row.locator('[data-testid="admin-points-pick"]').click();
    expect(await byId(page, 'admin-points-account').inputValue()).toBe(partnerAccount);
    await byId(page, 'admin-totp').fill(totpCode(finance.secret));
    await byId(page, 'admin-reason').fill('demo for a prospect');
    await byId(page, 'admin-points-amount').fill('500.25');
    await clickOk(page, '/api/admin/points/grant', () => byId(page, 'admin-points-submit').click());
    await byId(page, 'admin-points-result')
      .getByText(`${partnerAccount} now holds 10500.25 points.`)
      .waitFor();
    await row.getByText('10500.25').waitFor();
    expect(await traderPoints()).toBe('10500.25');
    const lines = await prisma.operatorAuditTrail.findMany({
      where: { target_type: 'points_sandbox_account', target_id: partnerAccount },
    });
    expect(lines.map((line) => [line.action, line.reason])).toEqual([
      ['points.sandbox_top_up', 'demo for a prospect'],
    ]);
    await screenshot(page, 'admin-points-dark');

    // A wrong amount is refused in words, and nothing moves.
    await byId(page, 'admin-points-amount').fill('1.001');
    await byId(page, 'admin-points-submit').click();
    await page.locator('.toasts .toast', { hasText: 'at most 2 decimal places' }).waitFor();
    expect(await traderPoints()).toBe('10500.25');

    await inLightThenChinese(
      page,
      async () => {
        await byId(page, 'admin-points-row').first().waitFor();
        await screenshot(page, 'admin-points-light');
      },
      async () => {
        await byId(page, 'admin-points-submit').getByText('补充积分', { exact: true }).waitFor();
        await byId(page, 'admin-points-row').first().waitFor();
        await screenshot(page, 'admin-points-zh');
      },
    );
    expectNoPageErrors(session);
  });

  it('fits a phone', async () => {
    const finance = await enrolledOperator(prisma, 'finance', `${suffix}p`);
    const phone = await consoleOf(finance.token, 390);
    await phone.open('/admin/points');
    await byId(phone.page, 'admin-points-row').first().waitFor();
    expect(await sidewaysScroll(phone.page)).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'admin-points-phone');
    expectNoPageErrors(phone);
  });

  it('shows support the partner and the accounts, without the top-up', async () => {
    const support = await enrolledOperator(prisma, 'support', suffix);
    const session = await consoleOf(support.token);
    const { page } = session;
    await session.open('/admin/points');
    await byId(page, 'admin-points-row').first().waitFor();
    await byId(page, 'admin-read-only').waitFor();
    expect(await byId(page, 'admin-points-submit').count()).toBe(0);
    expect(await byId(page, 'admin-points-pick').count()).toBe(0);
    expectNoPageErrors(session);
  });
});
