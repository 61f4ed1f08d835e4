import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BTC_USDT,
  byId,
  DEMO,
  expectNoPageErrors,
  launchBrowser,
  logInThroughUi,
  nextFrames,
  readNumber,
  screenshot,
  untilInPage,
  visit,
} from './browser';

const EXCHANGE_ROUTE = `/dealCenter?legal_id=${BTC_USDT.legalId}&currency_id=${BTC_USDT.currencyId}`;

/** Waits until the exchange screen shows a live market: book on both sides, last price, trades, chart. */
async function waitForMarketData(page: Page): Promise<number> {
  await byId(page, 'exchange-page').waitFor();
  await expect.poll(async () => (await byId(page, 'pair-header').innerText()).includes('BTC')).toBe(true);
  await byId(page, 'book-ask').first().waitFor();
  await byId(page, 'book-bid').first().waitFor();
  await byId(page, 'market-list-row').first().waitFor();
  await byId(page, 'recent-trades').waitFor();
  await byId(page, 'kline-chart').locator('canvas').first().waitFor();
  let last = 0;
  await expect
    .poll(async () => {
      last = readNumber(await byId(page, 'last-price').first().innerText());
      return last;
    })
    .toBeGreaterThan(0);
  // The chart draws its candles on the next animation frames.
  await nextFrames(page);
  return last;
}

describe('the exchange screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the live BTC/USDT market to a visitor, with a prompt to log in', async () => {
    const session = await visit(browser);
    const { page } = session;
    await session.open(EXCHANGE_ROUTE);
    await waitForMarketData(page);
    await byId(page, 'login-prompt').first().waitFor();
    expectNoPageErrors(session);
    await session.close();
  });

  it('places a resting fixed-price buy, lists it, and revokes it', async () => {
    const session = await visit(browser);
    const { page } = session;
    await logInThroughUi(session, DEMO.account, DEMO.password);
    await session.open(EXCHANGE_ROUTE);
    const last = await waitForMarketData(page);

    // Half the last price: far below the market, so the order rests on the book.
    const price = (Math.floor(last * 50) / 100).toFixed(2);
    await byId(page, 'mode-limit').click();
    await byId(page, 'buy-price').fill(price);
    await byId(page, 'buy-amount').fill('0.01');
    const placed = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/coin/trade' && response.request().method() === 'POST',
    );
    await byId(page, 'buy-submit').click();
    // Document 1 asks for a confirm dialog showing the price before the order goes out.
    const confirm = byId(page, 'confirm-yes');
    await confirm.waitFor();
    await confirm.click();
    const answer = (await (await placed).json()) as { type: string; order?: { id: string; state: string } };
    expect(answer.type, JSON.stringify(answer)).toBe('ok');
    const orderId = answer.order?.id ?? '';
    expect(orderId).not.toBe('');
    expect(['new', 'open'], 'the order should rest on the book').toContain(answer.order?.state);

    await byId(page, 'entrusts-current').click();
    const row = byId(page, 'entrusts').locator(`[data-testid="entrust-row"][data-id="${orderId}"]`);
    await row.waitFor();
    expect((await row.innerText()).replace(/,/g, '')).toContain(price);

    // The screen with live data and the resting order, in both themes (switched from the header).
    await screenshot(page, 'exchange-dark');
    await byId(page, 'theme-toggle').click();
    await untilInPage(page, "document.documentElement.dataset.theme === 'light'");
    await screenshot(page, 'exchange-light');

    const revoked = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/coin/trade' && response.request().method() === 'PUT',
    );
    await row.locator('[data-testid="entrust-revoke"]').click();
    await confirm.waitFor();
    await confirm.click();
    expect(((await (await revoked).json()) as { type: string }).type).toBe('ok');
    await row.waitFor({ state: 'detached' });
    expectNoPageErrors(session);
    await session.close();
  });
});
