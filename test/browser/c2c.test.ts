import { beforeAll, describe, expect, it } from 'vitest';
import { byId, DEMO, expectNoPageErrors, screenshot, type Visit } from './browser';
import { switchTheme, switchToChinese, useBrowser } from './fixtures';
import {
  act,
  ALICE,
  BOB,
  detailState,
  legalWallet,
  moveToLegal,
  openAdOrder,
  openMyOrder,
  publish,
  savePaymentAccount,
  take,
  USDT,
  withdrawSellAd,
} from './p2p';

/**
 * The P2P screens with two real users in two browsers: a c2c sale (alice's sell ad, bob buys), a c2c
 * purchase (alice's buy ad, bob sells into it) and a cancelled order, each step clicked as a person would,
 * with the money checked on the server after each trade.
 */
describe('P2P trading between two users', () => {
  const browser = useBrowser();
  let alice: Visit;
  let bob: Visit;

  beforeAll(async () => {
    alice = await browser.open({ as: { account: ALICE, password: DEMO.password } });
    bob = await browser.open({ as: { account: BOB, password: DEMO.password } });
    await savePaymentAccount(alice, 'Alice');
    await savePaymentAccount(bob, 'Bob');
  });

  it('a c2c sale: alice moves USDT to her fiat account and sells it to bob, who pays; alice releases', async () => {
    // Alice's coins are in the spot account: the publish screen moves them in.
    await moveToLegal(alice, '200');
    const aliceBefore = await legalWallet(alice.page, USDT);
    const bobBefore = await legalWallet(bob.page, USDT);

    const adId = await publish(alice, 'sell', '50', '7.10');
    // Publishing a sell ad locks its coins.
    expect((await legalWallet(alice.page, USDT)).available).toBeCloseTo(aliceBefore.available - 50, 8);

    const orderId = await take(bob, 'buy', adId);
    expect(await detailState(bob.page)).toBe('unpaid');
    await byId(bob.page, 'c2c-order-countdown').waitFor();
    // Bob pays the fiat: he sees alice's receiving account and exactly the buttons cancel and paid.
    await expect.poll(() => byId(bob.page, 'c2c-order-cash').innerText()).toContain('6222020000000001');
    expect(
      await byId(bob.page, 'c2c-order-actions').locator('button.btn-primary, button.btn-ghost').count(),
    ).toBe(2);
    await screenshot(bob.page, 'c2c-order-unpaid-dark');
    await act(bob.page, 'pay', '/api/c2c/user_legal_pay');
    await expect.poll(() => detailState(bob.page)).toBe('paid');

    // Alice sees the paid order among her ad's orders and confirms she was paid.
    await openAdOrder(alice, adId, orderId);
    await expect.poll(() => detailState(alice.page)).toBe('paid');
    await act(alice.page, 'confirmOwner', '/api/c2c/legal_deal_sure');
    await expect.poll(() => detailState(alice.page)).toBe('done');

    // The escrow went to bob; alice's lock is gone.
    expect((await legalWallet(bob.page, USDT)).available).toBeCloseTo(bobBefore.available + 50, 8);
    expect((await legalWallet(alice.page, USDT)).locked).toBeCloseTo(aliceBefore.locked, 8);
    // Bob's screen follows (the push or a reload): the order is completed.
    await openMyOrder(bob, orderId);
    await expect.poll(() => detailState(bob.page)).toBe('done');
    expectNoPageErrors(alice);
    expectNoPageErrors(bob);
  });

  it('a c2c purchase: alice posts a buy ad, bob sells into it, alice pays and bob releases', async () => {
    const aliceBefore = await legalWallet(alice.page, USDT);
    const bobBefore = await legalWallet(bob.page, USDT);
    const adId = await publish(alice, 'buy', '20', '7.00');

    const orderId = await take(bob, 'sell', adId);
    // Bob sold into the ad: his coins are locked, and he waits for alice's payment (no buttons yet).
    expect((await legalWallet(bob.page, USDT)).locked).toBeCloseTo(bobBefore.locked + 20, 8);
    expect(await byId(bob.page, 'c2c-order-actions').count()).toBe(0);

    await openAdOrder(alice, adId, orderId);
    await act(alice.page, 'pay', '/api/c2c/user_legal_pay');
    await expect.poll(() => detailState(alice.page)).toBe('paid');

    await openMyOrder(bob, orderId);
    await expect.poll(() => detailState(bob.page)).toBe('paid');
    await act(bob.page, 'confirmTaker', '/api/c2c/legal_deal_user_sure');
    await expect.poll(() => detailState(bob.page)).toBe('done');

    expect((await legalWallet(alice.page, USDT)).available).toBeCloseTo(aliceBefore.available + 20, 8);
    expect((await legalWallet(bob.page, USDT)).available).toBeCloseTo(bobBefore.available - 20, 8);
    expectNoPageErrors(alice);
    expectNoPageErrors(bob);
  });

  it('a cancelled order: bob takes a sell ad and cancels; the coins go back on the ad; alice withdraws it', async () => {
    const aliceBefore = await legalWallet(alice.page, USDT);
    const adId = await publish(alice, 'sell', '10', '7.20');
    const orderId = await take(bob, 'buy', adId);
    await act(bob.page, 'cancel', '/api/c2c/user_legal_pay_cancel');
    await expect.poll(() => detailState(bob.page)).toBe('cancelled');
    expect(await byId(bob.page, 'c2c-order-actions').count()).toBe(0);

    // The ad is open again; alice withdraws it from my ads and her coins come back.
    await withdrawSellAd(alice, adId);
    const after = await legalWallet(alice.page, USDT);
    expect(after.available).toBeCloseTo(aliceBefore.available, 8);
    expect(after.locked).toBeCloseTo(aliceBefore.locked, 8);
    await openMyOrder(bob, orderId);
    await expect.poll(() => detailState(bob.page)).toBe('cancelled');
    expectNoPageErrors(alice);
    expectNoPageErrors(bob);
  });

  it('shows the market, the publish form and the orders in both themes and in Chinese', async () => {
    const adId = await publish(alice, 'sell', '5', '7.05');
    const { page } = bob;
    await bob.open(`/c2c?type=buy&currency_id=${USDT}`);
    await byId(page, 'c2c-market').locator(`[data-testid="c2c-ad"][data-id="${adId}"]`).waitFor();
    await screenshot(page, 'c2c-market-dark');
    await switchTheme(page, 'light');
    await screenshot(page, 'c2c-market-light');
    await bob.open('/c2cOrder');
    await byId(page, 'c2c-order-row').first().waitFor();
    await screenshot(page, 'c2c-orders-light');
    await switchTheme(page, 'dark');

    await alice.open('/c2cTrade');
    await byId(alice.page, 'c2c-form-sell').waitFor();
    await switchToChinese(alice.page);
    await byId(alice.page, 'c2c-form-sell').waitFor();
    await expect.poll(() => byId(alice.page, 'c2c-nav-market').innerText()).toBe('交易市场');
    await screenshot(alice.page, 'c2c-publish-zh');
    await alice.open('/c2cRelease');
    await byId(alice.page, 'c2c-my-ad').first().waitFor();
    await screenshot(alice.page, 'c2c-my-ads-zh');
    expectNoPageErrors(alice);
    expectNoPageErrors(bob);
  });
});
