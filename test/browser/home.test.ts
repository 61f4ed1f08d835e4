import { describe, expect, it } from 'vitest';
import { byId, htmlState, readNumber, screenshot, server } from './browser';
import { useBrowser } from './fixtures';

const USDT_PAIRS = ['BTC/USDT', 'ETH/USDT', 'BNB/USDT', 'SOL/USDT', 'XRP/USDT', 'DOGE/USDT', 'LTC/USDT'];

interface Quotation {
  symbol: string;
  now_price: string;
}

/** What the server quotes right now, to compare with what the page shows. */
async function serverPrices(): Promise<Map<string, number>> {
  const answer = (await fetch(`${server().baseUrl}/api/currency/quotation_new`).then((response) =>
    response.json(),
  )) as { message: { quotation: Quotation[] }[] };
  return new Map(
    answer.message.flatMap((group) => group.quotation).map((q) => [q.symbol, Number(q.now_price)]),
  );
}

describe('home', () => {
  const browser = useBrowser();

  it('shows the banner, the market tiles and the market table with live prices', () =>
    browser.visiting({ route: '/' }, async ({ page }) => {
      const table = byId(page, 'market-table');
      await table.waitFor();
      for (const symbol of USDT_PAIRS) {
        await table.locator(`[data-testid="market-row"][data-symbol="${symbol}"]`).first().waitFor();
      }

      // The BTC row shows the server's price (the market maker moves it a little between the two reads).
      const btcRow = table.locator('[data-testid="market-row"][data-symbol="BTC/USDT"]').first();
      const quoted = (await serverPrices()).get('BTC/USDT') ?? 0;
      expect(quoted).toBeGreaterThan(0);
      await expect
        .poll(
          async () => {
            const numbers = ((await btcRow.innerText()).match(/[\d,]+\.\d+/g) ?? []).map(readNumber);
            return numbers.some((shown) => Math.abs(shown - quoted) / quoted < 0.02);
          },
          { timeout: 20_000 },
        )
        .toBe(true);

      const tiles = byId(page, 'market-tile');
      await tiles.first().waitFor();
      const tileCount = await tiles.count();
      expect(tileCount).toBeGreaterThan(0);
      expect(tileCount).toBeLessThanOrEqual(6);
      expect(readNumber((await tiles.first().innerText()).match(/[\d,]+\.\d{4}/)?.[0] ?? '')).toBeGreaterThan(
        0,
      );

      await byId(page, 'banner').waitFor();
      await screenshot(page, 'home-dark');
    }));

  it('renders in the light theme when the visitor chose it', () =>
    browser.visiting({ storage: { theme: 'light' }, route: '/' }, async ({ page }) => {
      await byId(page, 'market-table').locator('[data-testid="market-row"]').first().waitFor();
      await byId(page, 'market-tile').first().waitFor();
      await byId(page, 'banner').waitFor();
      expect((await htmlState(page)).theme).toBe('light');
      await screenshot(page, 'home-light');
    }));

  it('runs under its Content-Security-Policy, which no page may frame', () =>
    browser.visiting({ storage: { theme: 'light' } }, async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const document = await page.goto(`${server().baseUrl}/#/`, { waitUntil: 'domcontentloaded' });
      const csp = document?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
      expect(document?.headers()['x-frame-options']).toBe('DENY');
      // The live market (socket.io on /wss/), images and the theme applied before the first paint all work.
      await byId(page, 'market-table').locator('[data-testid="market-row"]').first().waitFor();
      await byId(page, 'banner').waitFor();
      expect((await htmlState(page)).theme).toBe('light');
      expect(violations).toEqual([]);
    }));
});
