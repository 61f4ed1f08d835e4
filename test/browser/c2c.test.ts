import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiAnswer,
  byId,
  DEMO,
  expectNoPageErrors,
  inPage,
  launchBrowser,
  logInThroughUi,
  screenshot,
  untilInPage,
  visit,
  type Visit,
} from './browser';

/**
 * The P2P screens with two real users in two browsers: a c2c sale (alice's sell ad, bob buys), a c2c
 * purchase (alice's buy ad, bob sells into it) and a cancelled order, each step clicked as a person would,
 * with the money checked on the server after each trade.
 */
const ALICE = DEMO.account;
const BOB = 'bob@demo.exchange';
const USDT = 1;

/** A 1×1 PNG: the payment account's two collection codes are real uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The signed-in user's legal (fiat) account of a currency, as the server holds it. */
async function legalWallet(page: Page, currency: number): Promise<{ available: number; locked: number }> {
  const body = await inPage<{ message: { legal_balance: string; lock_legal_balance: string } }>(
    page,
    `fetch('/api/wallet/detail', {
      method: 'POST',
      headers: { Authorization: localStorage.getItem('token'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=legal&currency=${currency}',
    }).then((answer) => answer.json())`,
  );
  return { available: Number(body.message.legal_balance), locked: Number(body.message.lock_legal_balance) };
}

/** Fills the payment settings (document 2, section 5: every field and both images) through the screen. */
async function savePaymentAccount(session: Visit, name: string): Promise<void> {
  const { page } = session;
  await session.open('/userSetting?tab=bank');
  await byId(page, 'payment-account').waitFor();
  const fields: Record<string, string> = {
    real_name: name,
    bank_name: 'Demo Bank',
    bank_account: '6222020000000001',
    alipay_account: `${name.toLowerCase()}@alipay.test`,
    wechat_nickname: name,
    wechat_account: `${name.toLowerCase()}_wx`,
  };
  for (const [field, value] of Object.entries(fields)) await byId(page, `cash-${field}`).fill(value);
  for (const image of ['wechat_collect', 'alipay_collect']) {
    const uploaded = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/upload');
    await byId(page, `cash-${image}-input`).setInputFiles({
      name: 'code.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    expect(((await (await uploaded).json()) as { type: string }).type).toBe('ok');
    await byId(page, `cash-${image}`).locator('.image-upload-done').waitFor();
  }
  const { body } = await apiAnswer(page, '/api/user/cash_save', 'POST', () =>
    byId(page, 'cash-submit').click(),
  );
  expect(body.type, JSON.stringify(body)).toBe('ok');
}

/** Types the trade password into the open dialog and waits for the call it confirms. */
async function withPassword(page: Page, path: string) {
  await byId(page, 'trade-password').fill(DEMO.tradePassword);
  const { body } = await apiAnswer(page, path, 'POST', () => byId(page, 'trade-password-submit').click());
  expect(body.type, `${path} answered ${JSON.stringify(body)}`).toBe('ok');
  await byId(page, 'password-dialog').waitFor({ state: 'detached' });
  return body;
}

/** Publishes an ad through /c2cTrade and answers its id. */
async function publish(
  session: Visit,
  type: 'buy' | 'sell',
  quantity: string,
  price: string,
): Promise<number> {
  const { page } = session;
  await session.open('/c2cTrade');
  await byId(page, 'c2c-currency-USDT').click();
  await byId(page, `c2c-${type}-quantity`).fill(quantity);
  await byId(page, `c2c-${type}-price`).fill(price);
  await byId(page, `c2c-${type}-way-bank`).check();
  await byId(page, `c2c-${type}-coin-code`).selectOption('CNY');
  await byId(page, `c2c-${type}-submit`).click();
  const body = await withPassword(page, '/api/c2c_send');
  const id = (body.data as { id: number }).id;
  // Document 2: after a successful ad the user goes to /c2cRelease, where the ad is listed.
  await untilInPage(page, "location.hash.startsWith('#/c2cRelease')");
  await byId(page, `c2c-my-ads-${type}`).locator(`[data-testid="c2c-my-ad"][data-id="${id}"]`).waitFor();
  return id;
}

/** Takes an ad from the market (Buy tab for sell ads, Sell tab for buy ads) and answers the order id. */
async function take(session: Visit, tab: 'buy' | 'sell', adId: number): Promise<number> {
  const { page } = session;
  await session.open(`/c2c?type=${tab}&currency_id=${USDT}`);
  const row = byId(page, 'c2c-market').locator(`[data-testid="c2c-ad"][data-id="${adId}"]`);
  await row.locator('[data-testid="c2c-take"]').click();
  await byId(page, 'c2c-take-summary').waitFor();
  const body = await withPassword(page, '/api/c2c/do_legal_deal');
  const orderId = (body.message as { data: { id: number } }).data.id;
  // The new order opens in my orders, with its payment countdown while unpaid.
  await untilInPage(page, `location.hash.includes('order=${orderId}')`);
  await byId(page, 'c2c-order-detail').waitFor();
  return orderId;
}

const detailState = (page: Page) =>
  byId(page, 'c2c-order-detail').locator('[data-testid="c2c-order-status"]').getAttribute('data-state');

/** Runs an order action from the open detail modal: optional confirm dialog, then the trade password. */
async function act(page: Page, action: 'pay' | 'cancel' | 'confirmOwner' | 'confirmTaker', path: string) {
  await byId(page, `c2c-order-${action}`).click();
  if (action === 'pay' || action === 'cancel') await byId(page, 'confirm-yes').click();
  await withPassword(page, path);
}

/** Opens one order of one of my ads (/c2cDetail) in its detail modal. */
async function openAdOrder(session: Visit, adId: number, orderId: number): Promise<void> {
  const { page } = session;
  await session.open(`/c2cDetail?id=${adId}`);
  await byId(page, 'c2c-orders-owner')
    .locator(`[data-testid="c2c-order-row"][data-id="${orderId}"] [data-testid="c2c-order-open"]`)
    .click();
  await byId(page, 'c2c-order-detail').waitFor();
}

async function openMyOrder(session: Visit, orderId: number): Promise<void> {
  await session.open(`/c2cOrder?order=${orderId}`);
  await byId(session.page, 'c2c-order-detail').waitFor();
}

describe('P2P trading between two users', () => {
  let browser: Browser;
  let alice: Visit;
  let bob: Visit;

  beforeAll(async () => {
    browser = await launchBrowser();
    alice = await visit(browser);
    bob = await visit(browser);
    await logInThroughUi(alice, ALICE, DEMO.password);
    await logInThroughUi(bob, BOB, DEMO.password);
    await savePaymentAccount(alice, 'Alice');
    await savePaymentAccount(bob, 'Bob');
  });

  afterAll(async () => {
    await alice?.close();
    await bob?.close();
    await browser?.close();
  });

  it('a c2c sale: alice moves USDT to her fiat account and sells it to bob, who pays; alice releases', async () => {
    // Alice's coins are in the spot account: the publish screen moves them in.
    await alice.open('/c2cTrade');
    await byId(alice.page, 'c2c-currency-USDT').click();
    await byId(alice.page, 'c2c-transfer-open').click();
    await byId(alice.page, 'c2c-transfer-amount').fill('200');
    const moved = await apiAnswer(alice.page, '/api/wallet/change', 'POST', () =>
      byId(alice.page, 'c2c-transfer-submit').click(),
    );
    expect(moved.body.type, JSON.stringify(moved.body)).toBe('ok');
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
    await alice.open('/c2cRelease');
    const row = byId(alice.page, 'c2c-my-ads-sell').locator(`[data-testid="c2c-my-ad"][data-id="${adId}"]`);
    await row.locator('[data-testid="c2c-ad-withdraw"]').click();
    await withPassword(alice.page, '/api/c2c/back_send');
    await row.waitFor({ state: 'detached' });
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
    await byId(page, 'theme-toggle').click();
    await untilInPage(page, "document.documentElement.dataset.theme === 'light'");
    await screenshot(page, 'c2c-market-light');
    await bob.open('/c2cOrder');
    await byId(page, 'c2c-order-row').first().waitFor();
    await screenshot(page, 'c2c-orders-light');
    await byId(page, 'theme-toggle').click();
    await untilInPage(page, "document.documentElement.dataset.theme === 'dark'");

    await alice.open('/c2cTrade');
    await byId(alice.page, 'c2c-form-sell').waitFor();
    await byId(alice.page, 'language-menu').click();
    await byId(alice.page, 'lang-zh').click();
    await untilInPage(alice.page, "document.documentElement.lang === 'zh-CN'");
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
