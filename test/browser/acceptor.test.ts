import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { byId, DEMO, expectNoPageErrors, screenshot, untilInPage, withPassword, type Visit } from './browser';
import { switchTheme, switchToChinese, useBrowser } from './fixtures';
import {
  ACCEPTOR,
  actOnDesk,
  CAROL,
  dealRow,
  dealState,
  legalWallet,
  newestDeal,
  startAcceptorWithdrawal,
  submitDeal,
} from './p2p';

/** The signed-in user's available USDT in the legal account. */
const legalAvailable = async (page: Page) => (await legalWallet(page)).available;

/**
 * Acceptor deals and the regional agent list in a real browser: alice deposits CNY through the demo acceptor
 * (seeded: USDT at 7.20 CNY for deposits, 7.10 for withdrawals), whose own user confirms it on the acceptor
 * desk; then alice withdraws, the acceptor marks the CNY sent and alice confirms. Carol is the seeded
 * regional agent of alice's and bob's city.
 */
describe('acceptor deals', () => {
  const browser = useBrowser();
  let alice: Visit;
  let acceptor: Visit;

  beforeAll(async () => {
    alice = await browser.open({ as: DEMO });
    acceptor = await browser.open({ as: { account: ACCEPTOR, password: DEMO.password } });
  });

  it('alice deposits 720 CNY through the acceptor, which confirms; 100 USDT arrive', async () => {
    const before = await legalAvailable(alice.page);
    await alice.open('/aceite');
    const row = byId(alice.page, 'acceptor-row').first();
    await row.waitFor();
    await screenshot(alice.page, 'acceptor-list-dark');
    await row.locator('[data-testid="acceptor-deposit"]').click();
    await byId(alice.page, 'acceptor-card').waitFor();
    await byId(alice.page, 'acc-mobile').waitFor();
    // The form checks mobile first (document 2, section 5).
    await byId(alice.page, 'acc-submit').click();
    await expect.poll(() => alice.page.locator('.toast-error').first().innerText()).toContain('mobile');
    await byId(alice.page, 'acc-money').fill('720');
    await expect.poll(() => byId(alice.page, 'acc-coins').innerText()).toContain('100.00000000');
    await screenshot(alice.page, 'acceptor-deal-dark');
    await submitDeal(alice, '720');
    await untilInPage(alice.page, "location.hash.startsWith('#/chargeRecord?current=0')");
    const id = await newestDeal(alice.page, 'acc-deals-user');
    expect(await dealState(alice.page, 'acc-deals-user', id)).toBe('waiting');

    await actOnDesk(acceptor, id, 'confirm');
    await expect.poll(() => dealState(acceptor.page, 'acc-deals-acceptor', id)).toBe('confirmed');

    await alice.open('/chargeRecord?current=0');
    await expect.poll(() => dealState(alice.page, 'acc-deals-user', id)).toBe('confirmed');
    expect(await legalAvailable(alice.page)).toBeCloseTo(before + 100, 8);
    expectNoPageErrors(alice);
    expectNoPageErrors(acceptor);
  });

  it('alice withdraws 71 CNY: 10 USDT leave at once; the acceptor marks it sent and alice confirms', async () => {
    const before = await legalAvailable(alice.page);
    const id = await startAcceptorWithdrawal(alice, '71');
    expect(await legalAvailable(alice.page)).toBeCloseTo(before - 10, 8);

    await actOnDesk(acceptor, id, 'transferred');
    await screenshot(acceptor.page, 'acceptor-desk-dark');

    // Alice sees the 20-minute auto-confirmation counting down, and confirms before it.
    await alice.open('/chargeRecord?current=1');
    const countdown = dealRow(alice.page, 'acc-deals-user', id).locator('[data-testid="acc-auto-confirm"]');
    await countdown.waitFor();
    expect(await countdown.innerText()).toMatch(/^00:(1\d|20):\d\d$/);
    await switchTheme(alice.page, 'light');
    await screenshot(alice.page, 'acceptor-withdrawals-light');
    await switchTheme(alice.page, 'dark');
    await dealRow(alice.page, 'acc-deals-user', id).locator('[data-testid="acc-deal-userConfirm"]').click();
    await withPassword(alice.page, '/api/acceptor/deal_confirm');
    await expect.poll(() => dealState(alice.page, 'acc-deals-user', id)).toBe('confirmed');
    expect(await legalAvailable(alice.page)).toBeCloseTo(before - 10, 8);
    expectNoPageErrors(alice);
    expectNoPageErrors(acceptor);
  });
});

describe('the regional agent list', () => {
  const browser = useBrowser();

  it("shows carol her city's users and tells alice she is not an agent", async () => {
    const carol = { account: CAROL, password: DEMO.password };
    await browser.visiting({ as: carol, route: '/region' }, async ({ page }) => {
      await byId(page, 'region-user').first().waitFor();
      expect(await byId(page, 'region-user').count()).toBeGreaterThanOrEqual(2);
      await screenshot(page, 'region-dark');
    });
    await browser.visiting({ as: DEMO, route: '/region' }, async ({ page }) => {
      await byId(page, 'region-denied').waitFor();
      await switchToChinese(page);
      await expect.poll(() => byId(page, 'region-denied').innerText()).toBe('不是区域代理，无权限');
    });
  });
});
