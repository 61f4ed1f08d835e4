import type pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@exchange/kernel/db';
import { auditExchange } from '../../apps/api/src/areas';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import {
  apiAnswer,
  BTC_USDT,
  byId,
  clickOk,
  DEMO,
  expectNoPageErrors,
  latestCode,
  readNumber,
  screenshot,
  server,
  untilInPage,
  userCodes,
  type Visit,
} from './browser';
import { useBrowser, useDatabase, type Browsing } from './fixtures';

/**
 * The team tree and profit pages in a real browser: a leader's referrals register through the invite link,
 * appear in the leader's tree (one level per click), and a referral's seconds order pays the leader a rebate
 * that the profit page lists. Users of their own, so no other file's balances are touched.
 */
const LEADER = { account: `leader-${process.pid}@team.test`, password: DEMO.password };
const REFERRALS = [`ref-a-${process.pid}@team.test`, `ref-b-${process.pid}@team.test`];
const SUB_REFERRAL = `ref-c-${process.pid}@team.test`;
const PASSWORD = 'Team12345';
const SHORT_SECONDS = 5;
const SECONDS_ROUTE = `/secondsOrder?legalId=${BTC_USDT.legalId}&currencyId=${BTC_USDT.currencyId}`;

/** Registers through the invite link a user was given (the code is filled in and read-only). */
async function registerWithLink(browser: Browsing, inviteCode: string, account: string): Promise<void> {
  await browser.visiting({ route: `/components/register?extension_code=${inviteCode}` }, async ({ page }) => {
    await byId(page, 'register-account').fill(account);
    await byId(page, 'send-code').click();
    await expect.poll(() => byId(page, 'send-code').isDisabled()).toBe(true);
    await expect.poll(() => latestCode(account).catch(() => '')).toMatch(/^\d{6}$/);
    await byId(page, 'register-code').fill(await latestCode(account));
    await byId(page, 'register-password').fill(PASSWORD);
    await byId(page, 'register-repassword').fill(PASSWORD);
    expect(await byId(page, 'register-invite').inputValue()).toBe(inviteCode);
    await byId(page, 'register-agree').check();
    await clickOk(page, '/api/user/register', () => byId(page, 'register-submit').click());
  });
}

/** Opens a route afresh: the page reloads, so the client's cache from an earlier visit does not answer. */
async function openFresh(session: Visit, route: string): Promise<void> {
  await session.open(route);
  await session.page.reload({ waitUntil: 'domcontentloaded' });
}

const masked = (account: string) => `${account.slice(0, 2)}***@${account.split('@')[1] ?? ''}`;

describe('the team tree and profit pages', () => {
  const browser = useBrowser();
  const prisma = useDatabase();
  let db: pg.Pool;
  let leader: Visit;
  let page: Page;

  beforeAll(async () => {
    db = createPool(server().databaseUrl, 2);
    await prisma.microSecond.upsert({
      where: { seconds: SHORT_SECONDS },
      create: { seconds: SHORT_SECONDS, profit_ratio: '80', min_amount: '10', max_amount: '10000' },
      update: {},
    });
    await createOpsUser(prisma, { ...LEADER, kycApproved: true, seller: false });
    leader = await browser.open({ as: LEADER });
    page = leader.page;
  });
  afterAll(async () => {
    await db.end();
  });

  it('shows an empty team with the invite code and link', async () => {
    await leader.open('/account/tree');
    await byId(page, 'team-list-empty').waitFor();
    const { extension_code } = await userCodes(LEADER.account);
    await expect.poll(() => byId(page, 'team-invite-code').innerText()).toBe(extension_code);
    expect(await byId(page, 'team-invite-link').innerText()).toContain(
      `#/components/register?extension_code=${extension_code}`,
    );
    expect(await byId(page, 'team-members').innerText()).toBe('0');
    await byId(page, 'account-menu-tree').waitFor();
    await screenshot(page, 'team-tree-empty-dark');
    expectNoPageErrors(leader);
  });

  it('lists referrals registered with the invite link, one level per click', async () => {
    const { extension_code } = await userCodes(LEADER.account);
    for (const account of REFERRALS) await registerWithLink(browser, extension_code, account);
    const first = await userCodes(REFERRALS[0] ?? '');
    await registerWithLink(browser, first.extension_code, SUB_REFERRAL);
    // The sub-referral verifies their identity (an operator approves it): the counters follow.
    const [sub] = (
      await db.query<{ id: number }>('SELECT id FROM users WHERE account_number = $1', [SUB_REFERRAL])
    ).rows;
    await prisma.identityVerification.create({
      data: {
        user_id: sub?.id ?? 0,
        name: 'Sub',
        card_id: `TEAM${process.pid}`,
        front_pic: '',
        reverse_pic: '',
        hand_pic: '',
        review_status: 2,
      },
    });

    await openFresh(leader, '/account/tree');
    await expect.poll(() => byId(page, 'team-node').count()).toBe(2);
    expect(await byId(page, 'team-members').innerText()).toBe('3');
    expect(await byId(page, 'team-direct').innerText()).toBe('2');
    expect(await byId(page, 'team-verified').innerText()).toBe('1');
    expect(await byId(page, 'team-node-name').allInnerTexts()).toEqual(REFERRALS.map(masked));

    // Opening the first referral asks for its level only then, and shows the sub-referral under it.
    const firstNode = byId(page, 'team-node').first();
    const { body } = await apiAnswer(page, '/api/getNode', 'POST', () =>
      firstNode.locator('[data-testid="team-toggle"]').first().click(),
    );
    expect(body.type).toBe('ok');
    const child = firstNode.locator('.team-children [data-testid="team-node-name"]');
    await expect.poll(() => child.allInnerTexts()).toEqual([masked(SUB_REFERRAL)]);
    // The second referral has nobody below: nothing to open.
    expect(await byId(page, 'team-node').nth(2).locator('[data-testid="team-toggle"]').isDisabled()).toBe(
      true,
    );
    await screenshot(page, 'team-tree-dark');
    expectNoPageErrors(leader);
  });

  it("pays the leader a rebate from a referral's seconds order, shown on the profit page", async () => {
    await leader.open('/account/profit');
    await byId(page, 'profit-list-empty').waitFor();

    const referral = REFERRALS[0] ?? '';
    await opsDeposit(prisma, { account: referral, currency: 'USDT', amount: '1000' });
    const trader = await browser.open({ as: { account: referral, password: PASSWORD } });
    const moved = await trader.page.evaluate<{ type: string }>(
      `fetch('/api/wallet/change', { method: 'POST', headers: { Authorization: localStorage.getItem('token'),
        'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'currency_id=${BTC_USDT.legalId}&number=1000&from_field=change&to_field=micro' }).then((r) => r.json())`,
    );
    expect(moved.type).toBe('ok');
    await trader.open(SECONDS_ROUTE);
    await byId(trader.page, 'micro-page').waitFor();
    await expect
      .poll(async () => readNumber(await byId(trader.page, 'micro-live-price').innerText()))
      .toBeGreaterThan(0);
    await trader.page.locator(`[data-testid="micro-duration"][data-seconds="${SHORT_SECONDS}"]`).click();
    await byId(trader.page, 'micro-amount').fill('100');
    await byId(trader.page, 'micro-up').click();
    const placed = await apiAnswer(trader.page, '/api/microtrade/submit', 'POST', () =>
      byId(trader.page, 'confirm-yes').click(),
    );
    expect(placed.body.type, JSON.stringify(placed.body)).toBe('ok');
    const order = placed.body.message as { id: string; fee: string };
    expect(order.fee).toBe('1');
    // The order settles at its expiry; the rebate of its fee (20% to the inviter by default) arrives too.
    await expect
      .poll(
        async () =>
          (await db.query<{ status: number }>('SELECT status FROM micro_orders WHERE id = $1', [order.id]))
            .rows[0]?.status,
        { timeout: 30_000 },
      )
      .toBe(3);
    await trader.close();

    await openFresh(leader, '/account/profit');
    await expect.poll(() => byId(page, 'profit-row').count(), { timeout: 30_000 }).toBe(1);
    expect(await byId(page, 'profit-value').first().innerText()).toBe('+0.2 USDT');
    expect(await byId(page, 'profit-row').first().innerText()).toContain('Team rebate, generation 1');
    await screenshot(page, 'team-profit-dark');

    // The tree shows the fee as the team's performance.
    await openFresh(leader, '/account/tree');
    await expect.poll(() => byId(page, 'team-performance').innerText()).toBe('1 USDT');
    // The rebate came out of the fee the exchange took: the books still balance.
    expect((await auditExchange(prisma)).problems).toEqual([]);
    expectNoPageErrors(leader);
  });

  it('shows both pages in the light theme and in Chinese', () =>
    browser.visiting(
      { as: LEADER, storage: { theme: 'light', locale: 'zh' }, route: '/account/tree' },
      async (light) => {
        await untilInPage(light.page, "document.documentElement.dataset.theme === 'light'");
        await expect.poll(() => byId(light.page, 'team-node').count()).toBe(2);
        expect(await light.page.locator('.panel-header').first().innerText()).toBe('我的团队');
        await byId(light.page, 'team-node').first().locator('[data-testid="team-toggle"]').first().click();
        await light.page.locator('.team-children [data-testid="team-node"]').first().waitFor();
        await screenshot(light.page, 'team-tree-light-zh');
        await light.open('/account/profit');
        await expect
          .poll(() => byId(light.page, 'profit-row').first().innerText())
          .toContain('团队返佣（第1代）');
        await screenshot(light.page, 'team-profit-light-zh');
      },
    ));
});
