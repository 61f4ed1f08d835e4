import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import { BTC_USDT, byId, DEMO, nextFrames, readNumber, screenshot } from './browser';
import { switchTheme, switchToChinese, useBrowser, useDatabase } from './fixtures';

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
  const browser = useBrowser();
  const prisma = useDatabase();

  it('shows the live BTC/USDT market to a visitor, with a prompt to log in', () =>
    browser.visiting({ route: EXCHANGE_ROUTE }, async ({ page }) => {
      await waitForMarketData(page);
      await byId(page, 'login-prompt').first().waitFor();
    }));

  it('places a resting fixed-price buy, lists it, and revokes it', () =>
    browser.visiting({ as: DEMO, route: EXCHANGE_ROUTE }, async ({ page }) => {
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
      expect(answer.order?.state, 'the order should rest on the book').toBe('open');

      await byId(page, 'entrusts-current').click();
      const row = byId(page, 'entrusts').locator(`[data-testid="entrust-row"][data-id="${orderId}"]`);
      await row.waitFor();
      expect((await row.innerText()).replace(/,/g, '')).toContain(price);

      // The screen with live data and the resting order, in both themes (switched from the header).
      await screenshot(page, 'exchange-dark');
      await switchTheme(page, 'light');
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
    }));
  it('keeps the price after an order and clears only the amount, so a second Buy goes straight out', async () => {
    const grace = { account: 'grace@two-buys.test', password: DEMO.password };
    await createOpsUser(prisma, { ...grace, kycApproved: true, seller: false });
    await opsDeposit(prisma, { account: grace.account, currency: 'USDT', amount: '5000' });
    await browser.visiting({ as: grace, route: EXCHANGE_ROUTE }, async ({ page }) => {
      const last = await waitForMarketData(page);
      // Half the last price: both orders rest on the book, so nothing but the form decides the second one.
      const price = (Math.floor(last * 50) / 100).toFixed(2);
      await byId(page, 'mode-limit').click();
      await byId(page, 'buy-price').fill(price);
      const buy = async (amount: string) => {
        await byId(page, 'buy-amount').fill(amount);
        const placed = page.waitForResponse(
          (response) =>
            new URL(response.url()).pathname === '/api/coin/trade' && response.request().method() === 'POST',
        );
        await byId(page, 'buy-submit').click();
        await byId(page, 'confirm-yes').click();
        const answer = (await (await placed).json()) as { type: string; order?: { id: string } };
        expect(answer.type, JSON.stringify(answer)).toBe('ok');
        return answer.order?.id ?? '';
      };

      const first = await buy('0.01');
      await expect.poll(() => byId(page, 'buy-amount').inputValue()).toBe('');
      expect(await byId(page, 'buy-price').inputValue()).toBe(price);
      await screenshot(page, 'exchange-after-buy-dark');
      // The second Buy: only a new amount typed, the price is the one kept.
      const second = await buy('0.02');
      expect(second).not.toBe(first);
      expect(await byId(page, 'buy-price').inputValue()).toBe(price);

      await byId(page, 'entrusts-current').click();
      for (const [id, amount] of [
        [first, '0.01'],
        [second, '0.02'],
      ] as const) {
        const row = byId(page, 'entrusts').locator(`[data-testid="entrust-row"][data-id="${id}"]`);
        await row.waitFor();
        const text = (await row.innerText()).replace(/,/g, '');
        expect(text).toContain(price);
        expect(text).toContain(amount);
      }
      await switchTheme(page, 'light');
      await switchToChinese(page);
      await screenshot(page, 'exchange-after-two-buys-light-zh');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'exchange-after-two-buys-390-zh');
    });
  });

  it('offers more orders only while the server counts more than the list shows', async () => {
    const frank = { account: 'frank@entrusts.test', password: DEMO.password };
    await createOpsUser(prisma, { ...frank, kycApproved: true, seller: false });
    await opsDeposit(prisma, { account: frank.account, currency: 'USDT', amount: '1000' });
    await browser.visiting({ as: frank, route: EXCHANGE_ROUTE }, async ({ page }) => {
      await waitForMarketData(page);
      /** A bid far below the market, placed through the API with the page's session. */
      const rest = (price: number) =>
        page.evaluate<string>(
          `fetch('/api/coin/trade', { method: 'POST', headers: { Authorization: localStorage.getItem('token'),
            'Content-Type': 'application/x-www-form-urlencoded' },
            body: 'legal_id=${BTC_USDT.legalId}&currency_id=${BTC_USDT.currencyId}&type=1&target_price=${price}&amount=0.01' })
            .then((r) => r.json()).then((b) => b.type)`,
        );
      // Exactly one page of orders: the old rule (a full page means more) offered a "more" that loaded nothing.
      for (let index = 0; index < 10; index += 1) expect(await rest(1000 + index)).toBe('ok');
      // The server's count, asked directly: a list request the page sent on an earlier order's push may still be
      // in flight, and its answer counts the orders stored before it.
      const counted = () =>
        page.evaluate<unknown>(
          `fetch('/api/coin/list?status=1&page=1&limit=10&legal_id=${BTC_USDT.legalId}&currency_id=${BTC_USDT.currencyId}',
            { headers: { Authorization: localStorage.getItem('token') } })
            .then((r) => r.json()).then((b) => ({ type: b.type, total: b.total }))`,
        );
      expect(await counted()).toEqual({ type: 'ok', total: 10 });
      await byId(page, 'entrusts-current').click();
      const rows = byId(page, 'entrusts').locator('[data-testid="entrust-row"]');
      await expect.poll(() => rows.count()).toBe(10);
      expect(await byId(page, 'entrusts-more').count()).toBe(0);

      // An eleventh: the list refreshes on the order's push, and now offers the rest.
      expect(await rest(999)).toBe('ok');
      await byId(page, 'entrusts-more').waitFor({ timeout: 15_000 });
      await byId(page, 'entrusts').scrollIntoViewIfNeeded();
      await screenshot(page, 'exchange-entrusts-more-dark');
      await byId(page, 'entrusts-more').click();
      await expect.poll(() => rows.count()).toBe(11);
      await byId(page, 'entrusts-more').waitFor({ state: 'detached' });
      await switchTheme(page, 'light');
      await screenshot(page, 'exchange-entrusts-all-light');
      await switchToChinese(page);
      await expect.poll(() => rows.count()).toBe(11);
      await screenshot(page, 'exchange-entrusts-all-zh');
    });
  });
});
