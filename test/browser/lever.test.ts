import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiAnswer,
  BTC_USDT,
  byId,
  expectNoPageErrors,
  inPage,
  logInThroughUi,
  nextFrames,
  readNumber,
  screenshot,
  server,
  untilInPage,
  type Visit,
} from './browser';
import { LIGHT_CHINESE, useBrowser } from './fixtures';

/** Bob, so the spot tests (Alice) and these never share a balance. */
const TRADER = { account: 'bob@demo.exchange', password: 'Demo1234', tradePassword: '123456' };
const CENTER_ROUTE = `/leverdealCenter?legalId=${BTC_USDT.legalId}&currencyId=${BTC_USDT.currencyId}`;
const POSITIONS_ROUTE = `/leverTransactions?legalId=${BTC_USDT.legalId}&currencyId=${BTC_USDT.currencyId}`;

type Envelope = { type: string | number; message: unknown };

/** Waits until the centre shows the live BTC/USDT market: book both sides, a last price, the chart. */
async function waitForCenter(page: Page): Promise<number> {
  await byId(page, 'lever-page').waitFor();
  await expect.poll(async () => (await byId(page, 'lever-switcher').innerText()).includes('BTC')).toBe(true);
  await byId(page, 'book-ask').first().waitFor();
  await byId(page, 'book-bid').first().waitFor();
  await byId(page, 'kline-chart').locator('canvas').first().waitFor();
  let last = 0;
  await expect
    .poll(async () => {
      last = readNumber(await byId(page, 'lever-last-price').innerText());
      return last;
    })
    .toBeGreaterThan(0);
  await nextFrames(page);
  return last;
}

/** The risk rate the positions page shows. */
const hazardRate = async (page: Page) => readNumber(await byId(page, 'lever-hazard-rate').innerText());

/** Fills the form and goes through the confirm dialog with the trade password; answers the envelope. */
async function submitOrder(
  page: Page,
  side: 'long' | 'short',
  share: string,
  limitPrice?: string,
): Promise<Envelope> {
  await byId(page, limitPrice ? 'lever-mode-limit' : 'lever-mode-market').click();
  if (limitPrice) await byId(page, 'lever-price').fill(limitPrice);
  await byId(page, 'lever-share').fill(share);
  await byId(page, `lever-${side}`).click();
  await byId(page, 'lever-password').fill(TRADER.tradePassword);
  const { body } = await apiAnswer(page, '/api/lever/submit', 'POST', () =>
    byId(page, 'lever-confirm-submit').click(),
  );
  await byId(page, 'lever-confirm').waitFor({ state: 'detached' });
  return body;
}

/** Counts the pushes of one event (`lever_trade`, `lever_closed`) the page receives over its socket. */
function countLeverPushes(page: Page, event = 'lever_trade'): { count: number } {
  const seen = { count: 0 };
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes(`"${event}"`)) seen.count += 1;
    });
  });
  return seen;
}

/** A form-encoded call of the API from outside the browser, as another trader's client would make it. */
async function callApi(
  path: string,
  body: Record<string, string | number>,
  token?: string,
): Promise<Envelope> {
  const answer = await fetch(`${server().baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { Authorization: token } : {}),
    },
    body: new URLSearchParams(
      Object.entries(body).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString(),
  });
  return (await answer.json()) as Envelope;
}

/**
 * Sets BTC/USDT's mark options (column name to value) straight in its row, as the console's pair editor
 * would: the risk worker reads them at every look (about a second). Answers the previous values.
 */
async function setMarkOptions(values: Record<string, string>): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: server().databaseUrl });
  await client.connect();
  try {
    const columns = Object.keys(values);
    const where = 'legal_id = $1 AND currency_id = $2';
    const pair = [BTC_USDT.legalId, BTC_USDT.currencyId];
    const { rows } = await client.query<Record<string, string>>(
      `SELECT ${columns.map((column) => `${column}::text AS ${column}`).join(', ')} FROM currency_matches WHERE ${where}`,
      pair,
    );
    const set = columns.map((column, index) => `${column} = $${index + 3}`).join(', ');
    await client.query(`UPDATE currency_matches SET ${set} WHERE ${where}`, [
      ...pair,
      ...Object.values(values),
    ]);
    return rows[0] ?? {};
  } finally {
    await client.end();
  }
}

async function tokenOf(account: string): Promise<string> {
  const login = await callApi('/api/user/login', { user_string: account, password: TRADER.password });
  expect(login.type, JSON.stringify(login)).toBe('ok');
  return login.message as string;
}

describe('the lever screens', () => {
  const browser = useBrowser();
  let session: Visit;
  let page: Page;
  let pushes: { count: number };

  beforeAll(async () => {
    session = await browser.open();
    page = session.page;
    // Counted from the first page on: the socket opens with it, before the login.
    pushes = countLeverPushes(page);
    await logInThroughUi(session, TRADER.account, TRADER.password);
  });

  it('checks the form before sending, then funds the lever account by a transfer', async () => {
    // The form's checks (document 3, section 5) need no money: hands must be a whole number in range.
    await session.open(CENTER_ROUTE);
    await waitForCenter(page);
    await byId(page, 'lever-long').click();
    await expect.poll(() => page.locator('.toast').first().innerText()).toContain('integer');
    await byId(page, 'lever-share').fill('100000');
    await byId(page, 'lever-share-hint').waitFor();

    await session.open('/transferLever');
    await byId(page, 'transfer-lever-page').waitFor();
    await byId(page, 'transfer-coin').waitFor();
    expect(await byId(page, 'transfer-from').innerText()).toContain('Spot');
    await byId(page, 'transfer-submit').click();
    await expect.poll(() => page.locator('.toast').first().innerText()).toContain('transfer amount');
    await byId(page, 'transfer-amount').fill('3000');
    // A confirm dialog precedes every transfer (document 2, section 5).
    await byId(page, 'transfer-submit').click();
    const { body } = await apiAnswer(page, '/api/wallet/change', 'POST', () =>
      byId(page, 'confirm-yes').click(),
    );
    expect(body.type, JSON.stringify(body)).toBe('ok');
    // After 1 s the user lands on the lever account of the assets page.
    await byId(page, 'lever-balances').waitFor();
    const usdt = byId(page, 'lever-assets-row').filter({ hasText: 'USDT' });
    await expect
      .poll(async () => readNumber(await usdt.locator('[data-testid="lever-assets-available"]').innerText()))
      .toBeGreaterThanOrEqual(3000);
    await screenshot(page, 'lever-assets-dark');
    expectNoPageErrors(session);
  });

  it('opens market longs and shorts and a limit entrust, and cancels the entrust', async () => {
    await session.open(CENTER_ROUTE);
    const last = await waitForCenter(page);
    await expect
      .poll(async () => readNumber(await byId(page, 'lever-available').innerText()))
      .toBeGreaterThan(0);

    const long = await submitOrder(page, 'long', '1');
    expect(long.type, JSON.stringify(long)).toBe('ok');
    const short = await submitOrder(page, 'short', '2');
    expect(short.type, JSON.stringify(short)).toBe('ok');
    // A limit long far below the market waits as an entrust (status 0).
    const limit = await submitOrder(page, 'long', '1', (Math.floor(last * 50) / 100).toFixed(2));
    expect(limit.type, JSON.stringify(limit)).toBe('ok');

    const rows = byId(page, 'lever-panel-table').locator('[data-testid="position-row"]');
    await expect.poll(() => rows.count()).toBe(3);
    await expect.poll(() => byId(page, 'lever-panel-table').locator('[data-status="1"]').count()).toBe(2);
    const pending = byId(page, 'lever-panel-table').locator('[data-status="0"]');
    await pending.waitFor();
    await screenshot(page, 'lever-center-dark');

    await pending.locator('[data-testid="position-cancel"]').click();
    const { body } = await apiAnswer(page, '/api/lever/cancel', 'POST', () =>
      byId(page, 'confirm-yes').click(),
    );
    expect(body.type, JSON.stringify(body)).toBe('ok');
    await pending.waitFor({ state: 'detached' });
    await expect.poll(() => rows.count()).toBe(2);
    expectNoPageErrors(session);
  });

  it('shows profit and risk rate moving with the market over the socket', async () => {
    await session.open(POSITIONS_ROUTE);
    await byId(page, 'lever-transactions-page').waitFor();
    const rows = byId(page, 'lever-positions-table').locator('[data-testid="position-row"]');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => hazardRate(page)).toBeGreaterThan(0);
    const before = await rows.first().locator('[data-testid="position-mark"]').innerText();
    const pushesBefore = pushes.count;
    // The market maker keeps trading: the mark, and with it profit and risk rate, move within a minute.
    await expect
      .poll(
        async () => (await rows.first().locator('[data-testid="position-mark"]').innerText()) !== before,
        {
          timeout: 90_000,
          interval: 500,
        },
      )
      .toBe(true);
    await expect.poll(() => pushes.count, { timeout: 30_000 }).toBeGreaterThan(pushesBefore);
    expect(Number.isFinite(readNumber(await byId(page, 'lever-profits-total').innerText()))).toBe(true);
    await screenshot(page, 'lever-positions-dark');
    expectNoPageErrors(session);
  });

  it('sets stops, closes one position and batch-closes the rest', async () => {
    await session.open(POSITIONS_ROUTE);
    const rows = byId(page, 'lever-positions-table').locator('[data-testid="position-row"]');
    await expect.poll(() => rows.count()).toBe(2);

    // Stops on the long: steps of 0.01 from the mark, the expected profit and loss never below 0.
    const longRow = rows.filter({ hasText: 'Long' }).first();
    await longRow.locator('[data-testid="position-stop"]').click();
    await byId(page, 'stop-modal').waitFor();
    const mark = readNumber(await byId(page, 'stop-tp').inputValue());
    await byId(page, 'stop-tp').fill((mark * 1.2).toFixed(2));
    await byId(page, 'stop-sl').fill((mark * 0.8).toFixed(2));
    await byId(page, 'stop-tp-up').click();
    await byId(page, 'stop-sl-down').click();
    expect(readNumber(await byId(page, 'stop-tp').inputValue())).toBeCloseTo(mark * 1.2 + 0.01, 1);
    expect(readNumber(await byId(page, 'stop-tp-expected').innerText())).toBeGreaterThan(0);
    expect(readNumber(await byId(page, 'stop-sl-expected').innerText())).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'lever-stop-modal-dark');
    const stop = await apiAnswer(page, '/api/lever/setstop', 'POST', () => byId(page, 'stop-submit').click());
    expect(stop.body.type, JSON.stringify(stop.body)).toBe('ok');
    await byId(page, 'stop-modal').waitFor({ state: 'detached' });
    const takeProfit = Number((mark * 1.2 + 0.01).toFixed(2));
    await expect
      .poll(async () => readNumber(await longRow.locator('[data-testid="position-tp"]').innerText()))
      .toBeCloseTo(takeProfit, 2);

    // Close the long.
    await longRow.locator('[data-testid="position-close"]').click();
    const close = await apiAnswer(page, '/api/lever/close', 'POST', () => byId(page, 'confirm-yes').click());
    expect(close.body.type, JSON.stringify(close.body)).toBe('ok');
    await expect.poll(() => rows.count()).toBe(1);

    // Batch-close what is left (all positions).
    await byId(page, 'batch-close').click();
    await byId(page, 'batch-modal').waitFor();
    await byId(page, 'batch-type-0').check();
    const batch = await apiAnswer(page, '/api/lever/batch_close', 'POST', () =>
      byId(page, 'batch-submit').click(),
    );
    expect(batch.body.type, JSON.stringify(batch.body)).toBe('ok');
    await expect.poll(() => rows.count()).toBe(0);
    expectNoPageErrors(session);
  });

  it('lists the orders in five tabs and the lever account log', async () => {
    await session.open('/leverList');
    await byId(page, 'lever-list-page').waitFor();
    const rows = byId(page, 'lever-orders-table').locator('[data-testid="position-row"]');
    await byId(page, 'lever-tab-3').click();
    await expect.poll(() => rows.count()).toBe(2);
    await byId(page, 'lever-tab-4').click();
    await expect.poll(() => rows.count()).toBe(1);
    await byId(page, 'lever-tab-1').click();
    await expect.poll(() => rows.count()).toBe(0);
    await byId(page, 'lever-tab-3').click();
    await expect.poll(() => rows.count()).toBe(2);
    await screenshot(page, 'lever-list-dark');

    await session.open('/leverRecord');
    await byId(page, 'lever-record-page').waitFor();
    // Transfer in, two margins and fees, an entrust and its refund, closes: more than a handful of rows.
    await expect.poll(() => byId(page, 'lever-log-row').count()).toBeGreaterThan(5);
    await screenshot(page, 'lever-record-dark');
    expectNoPageErrors(session);
  });

  it('shows the centre and the positions in the light theme and in Chinese', async () => {
    const light = await browser.open({ as: TRADER, storage: LIGHT_CHINESE, route: CENTER_ROUTE });
    await waitForCenter(light.page);
    await untilInPage(light.page, "document.documentElement.dataset.theme === 'light'");
    expect(await byId(light.page, 'lever-long').innerText()).toContain('做多');
    await screenshot(light.page, 'lever-center-light-zh');
    await light.open(POSITIONS_ROUTE);
    await byId(light.page, 'lever-summary').waitFor();
    // Bob closed everything: once loaded, the empty table and a risk rate of 0.
    await expect.poll(() => hazardRate(light.page)).toBe(0);
    await screenshot(light.page, 'lever-positions-light-zh');
    await light.open('/leverList');
    await byId(light.page, 'lever-tab-3').click();
    await expect
      .poll(() =>
        byId(light.page, 'lever-orders-table')
          .locator('[data-testid="position-close-reason"]')
          .allInnerTexts(),
      )
      .toEqual(['批量平仓', '手动平仓']);
    await screenshot(light.page, 'lever-list-light-zh');
    expectNoPageErrors(light);

    // No answer at all (the network is down): our own words in Chinese, and a retry that works once it is back.
    await light.page.route('**/api/lever/my_trade**', (route) => route.abort());
    await byId(light.page, 'lever-tab-4').click();
    const failure = byId(light.page, 'lever-load-error');
    await expect.poll(() => failure.innerText(), { timeout: 30_000 }).toContain('加载失败');
    await screenshot(light.page, 'lever-list-error-light-zh');
    await light.page.unroute('**/api/lever/my_trade**');
    await byId(light.page, 'lever-retry').click();
    await failure.waitFor({ state: 'detached' });
    // The cancelled tab: Bob's one cancelled entrust.
    await expect
      .poll(() => byId(light.page, 'lever-orders-table').locator('[data-testid="position-row"]').count())
      .toBe(1);
    await light.close();
  });

  it('liquidates a second trader with a thin margin when sellers push the price down', async () => {
    // Carol holds one BTC long at 100x with a little over its margin in her lever account.
    const carol = await browser.open();
    const closedPushes = countLeverPushes(carol.page, 'lever_closed');
    await logInThroughUi(carol, 'carol@demo.exchange', TRADER.password);
    await carol.open(CENTER_ROUTE);
    const last = await waitForCenter(carol.page);
    const value = last * 1.0002 * 0.01;
    const funding = (value / 100) * 1.5 + value * 0.001;
    const moved = await inPage<Envelope>(
      carol.page,
      `fetch('/api/wallet/change', {
        method: 'POST',
        headers: { Authorization: localStorage.getItem('token'), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'currency_id=${BTC_USDT.legalId}&number=${funding.toFixed(4)}&from_field=change&to_field=lever',
      }).then((answer) => answer.json())`,
    );
    expect(moved.type, JSON.stringify(moved)).toBe('ok');
    await carol.open(CENTER_ROUTE);
    await waitForCenter(carol.page);
    await carol.page.locator('[data-testid="lever-multiple"][data-value="100"]').click();
    const opened = await submitOrder(carol.page, 'long', '1');
    expect(opened.type, JSON.stringify(opened)).toBe('ok');
    await carol.open(POSITIONS_ROUTE);
    const rows = byId(carol.page, 'lever-positions-table').locator('[data-testid="position-row"]');
    await expect.poll(() => rows.count()).toBe(1);
    // About 150 %, well above the 10 % line (the market maker's prices wander a little meanwhile).
    await expect.poll(() => hazardRate(carol.page)).toBeGreaterThan(50);

    // The market really moves: Alice bids 4 % and 4.5 % under it and Bob sells through every bid down to
    // her first, more than the market maker's requotes buy back for seconds. The book now says 4 % lower on
    // both sides; with BTC/USDT's mark made to follow the book at once for this step (no smoothing, band or
    // cap: the mark's defences against a book held for seconds are the server tests' subject), a 100x long
    // with half its margin to spare is gone.
    const responsive = await setMarkOptions({
      mark_impact_notional: '100',
      mark_band_percent: '100',
      mark_smoothing_seconds: '1',
      mark_max_move_percent: '100',
    });
    try {
      const below = (share: number) => (Math.floor(last * share * 100) / 100).toFixed(2);
      const spot = (token: string, type: number, price: string, amount: string) =>
        callApi(
          '/api/coin/trade',
          { legal_id: BTC_USDT.legalId, currency_id: BTC_USDT.currencyId, type, target_price: price, amount },
          token,
        );
      const alice = await tokenOf('alice@demo.exchange');
      for (const [price, amount] of [
        [below(0.96), '0.01'],
        [below(0.955), '0.05'],
      ] as const) {
        const bid = await spot(alice, 1, price, amount);
        expect(bid.type, JSON.stringify(bid)).toBe('ok');
      }
      const sell = await spot(await tokenOf(TRADER.account), 2, below(0.96), '1.9');
      expect(sell.type, JSON.stringify(sell)).toBe('ok');

      // The position leaves Carol's screen live (lever_closed), the risk rate falls back to 0.
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(0);
    } finally {
      await setMarkOptions(responsive);
    }
    await expect.poll(() => closedPushes.count).toBeGreaterThan(0);
    await expect.poll(() => hazardRate(carol.page)).toBe(0);
    await screenshot(carol.page, 'lever-positions-liquidated-dark');

    await carol.open('/leverList');
    await byId(carol.page, 'lever-list-page').waitFor();
    await byId(carol.page, 'lever-tab-3').click();
    const closed = byId(carol.page, 'lever-orders-table').locator('[data-testid="position-row"]');
    await expect.poll(() => closed.count()).toBe(1);
    expect(await closed.locator('[data-testid="position-close-reason"]').innerText()).toBe('Liquidation');
    await screenshot(carol.page, 'lever-list-liquidated-dark');
    await carol.open('/leverRecord');
    await byId(carol.page, 'lever-record-page').waitFor();
    await byId(carol.page, 'lever-log-row').filter({ hasText: 'Contract liquidated' }).first().waitFor();
    await screenshot(carol.page, 'lever-record-liquidated-dark');
    expectNoPageErrors(carol);
    await carol.close();
  });

  it('pauses opening while the book cannot back the mark, and says why, then resumes', async () => {
    await session.open(CENTER_ROUTE);
    await waitForCenter(page);
    const notice = byId(page, 'lever-mark-notice');
    await expect
      .poll(async () => readNumber(await byId(page, 'lever-mark-price').innerText()))
      .toBeGreaterThan(0);
    expect(await notice.count()).toBe(0);
    expect(await byId(page, 'lever-long').isEnabled()).toBe(true);

    // No side of the book holds a trillion USDT: both impact prices are missing, the mark is held.
    const before = await setMarkOptions({ mark_impact_notional: '1000000000000' });
    try {
      await expect.poll(() => notice.getAttribute('data-state'), { timeout: 30_000 }).toBe('book_thin');
      expect(await notice.innerText()).toContain('Closing works at the last reliable price');
      expect(await byId(page, 'lever-long').isDisabled()).toBe(true);
      expect(await byId(page, 'lever-short').isDisabled()).toBe(true);
      await screenshot(page, 'lever-center-mark-paused-dark');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'lever-center-mark-paused-390-dark');
      await page.setViewportSize({ width: 1440, height: 900 });

      const opening = { as: TRADER, storage: LIGHT_CHINESE, route: CENTER_ROUTE };
      await browser.visiting(opening, async (light) => {
        await waitForCenter(light.page);
        await expect.poll(() => byId(light.page, 'lever-mark-notice').innerText()).toContain('暂停开仓');
        expect(await byId(light.page, 'lever-mark-price').innerText()).toContain('标记价格');
        await screenshot(light.page, 'lever-center-mark-paused-light-zh');
      });
    } finally {
      await setMarkOptions(before);
    }
    // The book backs the mark again at the next look: the notice goes, opening is back.
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await byId(page, 'lever-long').isEnabled()).toBe(true);
    expectNoPageErrors(session);
  });
});
