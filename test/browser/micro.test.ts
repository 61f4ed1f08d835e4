import type pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '@exchange/kernel/db';
import { Money } from '@exchange/kernel/ledger';
import { poolSql } from '@exchange/kernel/db';
import { outcomeOf, SETTLE_GRACE_MS, verifySettlements } from '../../apps/api/src/modules/micro';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import {
  apiAnswer,
  BTC_USDT,
  byId,
  DEMO,
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
import { LIGHT_CHINESE, useBrowser, useDatabase } from './fixtures';

/**
 * Seconds contracts in a real browser, on the market maker's live BTC/USDT trades. Carol trades here: the
 * other files use alice and bob's balances, and carol only views the regional agent list elsewhere.
 */
const TRADER = { account: 'carol@demo.exchange', password: DEMO.password };
const SECONDS_ROUTE = `/secondsOrder?legalId=${BTC_USDT.legalId}&currencyId=${BTC_USDT.currencyId}`;
/** Short durations the test adds (the seed's shortest is 30 s), as an operator could. */
const SHORT_SECONDS = 5;
const LONGER_SECONDS = 10;
/** A second trader, made the way operators make users, so no other test file's balances are touched. */
const DAVE = { account: 'dave@micro.test', password: DEMO.password };

interface StoredOrder {
  id: string;
  type: number;
  seconds: number;
  profit_ratio: string;
  number: string;
  fee: string;
  open_price: string;
  end_price: string | null;
  status: number;
  profit_result: number | null;
  fact_profits: string;
  payout: string;
  expires_at: Date;
  settled_at: Date | null;
}

/** Waits until the centre shows the live pair: the chart, a live price and the trade form. */
async function waitForSecondsMarket(page: Page): Promise<number> {
  await byId(page, 'micro-page').waitFor();
  await byId(page, 'kline-chart').locator('canvas').first().waitFor();
  let live = 0;
  await expect
    .poll(async () => {
      live = readNumber(await byId(page, 'micro-live-price').innerText());
      return live;
    })
    .toBeGreaterThan(0);
  await nextFrames(page);
  return live;
}

/** Counts `micro_closed` pushes the page receives over its socket, with when each arrived. */
function watchClosedPushes(page: Page): { arrivals: number[] } {
  const seen = { arrivals: [] as number[] };
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.includes('"micro_closed"'))
        seen.arrivals.push(Date.now());
    });
  });
  return seen;
}

/** Counts the seconds orders the page sends. */
function countSubmits(page: Page): { count: number } {
  const sent = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/microtrade/submit')
      sent.count += 1;
  });
  return sent;
}

/** The seconds a running row's countdown shows (`0:04` → 4); 0 once it reads settling or settled. */
function countdownSeconds(text: string): number {
  const match = /(\d+):(\d{2})/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

/** The micro balance the trade panel shows. */
const shownBalance = async (page: Page) => readNumber(await byId(page, 'micro-balance').innerText());

describe('the seconds-contract screens', () => {
  const browser = useBrowser();
  const prisma = useDatabase();
  let session: Visit;
  let page: Page;
  let db: pg.Pool;
  let pushes: { arrivals: number[] };
  let submits: { count: number };
  const placed: string[] = [];

  const microWallet = async (currency: string, account = TRADER.account) => {
    const { rows } = await db.query<{ available: string; locked: string }>(
      `SELECT w.micro_balance::text AS available, w.lock_micro_balance::text AS locked FROM wallets w
       JOIN users u ON u.id = w.user_id JOIN currencies c ON c.id = w.currency_id
       WHERE u.account_number = $1 AND c.name = $2`,
      [account, currency],
    );
    const row = rows[0] ?? { available: '0', locked: '0' };
    return { available: new Money(row.available).toFixed(), locked: new Money(row.locked).toFixed() };
  };
  const storedOrder = async (id: string) => {
    const { rows } = await db.query<StoredOrder>(
      `SELECT id::text, type, seconds, profit_ratio::text, number::text, fee::text, open_price::text,
         end_price::text, status, profit_result,
         fact_profits::text, payout::text, expires_at, settled_at FROM micro_orders WHERE id = $1`,
      [id],
    );
    if (!rows[0]) throw new Error(`no seconds order ${id}`);
    return rows[0];
  };

  /**
   * Checks a settled order against its own stored prices: settled after its expiry and the matcher's commit
   * grace, never before, and within seconds of it; paid stake + stake × ratio if right, the stake on a tie,
   * nothing if wrong; and the finished row of `page` shows what the user made. Answers the payout.
   */
  const expectSettledRight = async (on: Page, id: string): Promise<Money> => {
    const order = await storedOrder(id);
    expect(order.status).toBe(3);
    const settledAt = order.settled_at?.getTime() ?? 0;
    expect(settledAt).toBeGreaterThanOrEqual(order.expires_at.getTime() + SETTLE_GRACE_MS);
    expect(settledAt - order.expires_at.getTime()).toBeLessThan(5_000);
    const stake = new Money(order.number);
    const result = outcomeOf(order.type, new Money(order.open_price), new Money(order.end_price ?? '0'));
    const won = stake.plus(stake.times(order.profit_ratio).div(100));
    const payout = result > 0 ? won : result === 0 ? stake : new Money(0);
    expect(order.profit_result).toBe(result);
    expect(new Money(order.payout).toFixed()).toBe(payout.toFixed());
    expect(new Money(order.fact_profits).toFixed()).toBe(payout.minus(stake).toFixed());
    const row = on.locator(`[data-testid="micro-finished-row"][data-id="${id}"]`);
    const shown = readNumber(await row.locator('[data-testid="micro-fact-profits"]').innerText());
    expect(shown).toBeCloseTo(payout.minus(stake).toNumber(), 2);
    return payout;
  };

  beforeAll(async () => {
    db = createPool(server().databaseUrl, 2);
    for (const [seconds, ratio] of [
      [SHORT_SECONDS, '80'],
      [LONGER_SECONDS, '82'],
    ] as const) {
      await prisma.microSecond.upsert({
        where: { seconds },
        create: { seconds, profit_ratio: ratio, min_amount: '10', max_amount: '10000' },
        update: {},
      });
    }
    await createOpsUser(prisma, { ...DAVE, kycApproved: true, seller: false });
    await opsDeposit(prisma, { account: DAVE.account, currency: 'USDT', amount: '1000' });
    // Insurance is bought in HAP; an operator books carol a deposit of it.
    await opsDeposit(prisma, { account: TRADER.account, currency: 'HAP', amount: '1000' });
    session = await browser.open();
    page = session.page;
    // Watched from the first page on: the socket opens with it, before the login.
    pushes = watchClosedPushes(page);
    submits = countSubmits(page);
    await logInThroughUi(session, TRADER.account, TRADER.password);
  });
  afterAll(async () => {
    await db?.end();
  });

  it('shows an empty options account, then funds it by /transfermicro', async () => {
    await session.open(SECONDS_ROUTE);
    await waitForSecondsMarket(page);
    // Nothing in the options account yet, nothing running: the empty states.
    expect(await shownBalance(page)).toBe(0);
    await expect.poll(() => byId(page, 'micro-orders').innerText()).toContain('No running orders');
    await screenshot(page, 'micro-seconds-empty-dark');

    await byId(page, 'micro-transfer-link').click();
    await byId(page, 'transfer-micro-page').waitFor();
    await byId(page, 'transfer-coin').waitFor();
    expect(await byId(page, 'transfer-from').getAttribute('data-account')).toBe('change');
    await byId(page, 'transfer-coin').selectOption({ label: 'USDT' });
    // A transfer without an amount is refused on the screen.
    await byId(page, 'transfer-submit').click();
    await page.locator('.toast', { hasText: 'transfer amount' }).waitFor();
    await byId(page, 'transfer-amount').fill('1000');
    await screenshot(page, 'micro-transfer-dark');
    // A confirm dialog precedes every transfer (document 2, section 5).
    await byId(page, 'transfer-submit').click();
    const { body } = await apiAnswer(page, '/api/wallet/change', 'POST', () =>
      byId(page, 'confirm-yes').click(),
    );
    expect(body.type, JSON.stringify(body)).toBe('ok');
    // After a second the user lands on the options account of the assets page.
    await untilInPage(page, "location.hash.startsWith('#/micro')");
    const usdt = byId(page, 'micro-account-row').filter({ hasText: 'USDT' });
    await expect
      .poll(async () => readNumber(await usdt.locator('[data-testid="micro-account-available"]').innerText()))
      .toBe(1000);
    expect(await microWallet('USDT')).toEqual({ available: '1000', locked: '0' });
    await screenshot(page, 'micro-assets-dark');
    expectNoPageErrors(session);
  });

  it('places an up and a down order of 5 s, counts down, settles them on time by push and pays right', async () => {
    await session.open(SECONDS_ROUTE);
    await waitForSecondsMarket(page);
    await expect.poll(() => shownBalance(page)).toBe(1000);
    const before = new Money((await microWallet('USDT')).available);
    await page.locator(`[data-testid="micro-duration"][data-seconds="${SHORT_SECONDS}"]`).click();

    // Up, 100 USDT from a preset chip. A double click sends one order: the second click is told to wait.
    await byId(page, 'micro-chip').filter({ hasText: /^100$/ }).click();
    expect(await byId(page, 'micro-amount').inputValue()).toBe('100');
    await inPage(
      page,
      '(() => { const up = document.querySelector(\'[data-testid="micro-up"]\'); up.click(); up.click(); })()',
    );
    await byId(page, 'confirm-yes').waitFor();
    await page.locator('.toast', { hasText: 'do not repeat' }).waitFor();
    // While the confirm dialog is open, both buttons are held.
    expect(await byId(page, 'micro-up').isDisabled()).toBe(true);
    expect(await byId(page, 'micro-down').isDisabled()).toBe(true);
    expect(await page.locator('.dialog-body').innerText()).toContain('100 USDT');
    const up = await apiAnswer(page, '/api/microtrade/submit', 'POST', () =>
      byId(page, 'confirm-yes').click(),
    );
    expect(up.body.type, JSON.stringify(up.body)).toBe('ok');
    expect(submits.count).toBe(1);
    placed.push(String((up.body.message as { id: string }).id));

    // Down, 50 USDT typed in.
    await byId(page, 'micro-amount').fill('50');
    await byId(page, 'micro-down').click();
    const down = await apiAnswer(page, '/api/microtrade/submit', 'POST', () =>
      byId(page, 'confirm-yes').click(),
    );
    expect(down.body.type, JSON.stringify(down.body)).toBe('ok');
    expect(submits.count).toBe(2);
    placed.push(String((down.body.message as { id: string }).id));

    // Both run, counting down from at most 5 s; stake and fee (1%) have left the balance at once.
    const running = byId(page, 'micro-running-row');
    const downCountdown = page
      .locator(`[data-testid="micro-running-row"][data-id="${placed[1]}"]`)
      .locator('[data-testid="micro-countdown"]');
    const firstLeft = countdownSeconds(await downCountdown.innerText());
    expect(firstLeft).toBeGreaterThan(0);
    expect(firstLeft).toBeLessThanOrEqual(SHORT_SECONDS);
    await expect.poll(() => running.count()).toBe(2);
    expect(await microWallet('USDT')).toEqual({
      available: before.minus(151.5).toFixed(),
      locked: '150',
    });
    await expect
      .poll(async () => countdownSeconds(await downCountdown.innerText()), { timeout: 10_000 })
      .toBeLessThan(firstLeft);
    // The pointer off the chart, or its crosshair and time label land in the picture.
    await page.mouse.move(0, 0);
    await screenshot(page, 'micro-seconds-running-dark');

    // At expiry each settles, the push arrives, and the row leaves the running list.
    await expect.poll(() => pushes.arrivals.length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => running.count()).toBe(0);
    await byId(page, 'micro-tab-finished').click();
    const finished = byId(page, 'micro-finished-row');
    await expect.poll(() => finished.count()).toBe(2);

    let paidBack = new Money(0);
    for (const id of placed) paidBack = paidBack.plus(await expectSettledRight(page, id));
    const expected = before.minus(151.5).plus(paidBack);
    expect(await microWallet('USDT')).toEqual({ available: expected.toFixed(), locked: '0' });
    await expect.poll(() => shownBalance(page)).toBe(expected.toNumber());
    await screenshot(page, 'micro-seconds-finished-dark');

    // `micro:verify` recomputes every settled order from the stored trades: nothing differs.
    const report = await verifySettlements(poolSql(db));
    expect(report.mismatches).toEqual([]);
    expect(report.checked).toBeGreaterThanOrEqual(2);
    expectNoPageErrors(session);
  });

  it("settles a second trader's orders of two durations on their own, each push to its owner only", async () => {
    await browser.visiting({}, async (dave) => {
      const davePushes = watchClosedPushes(dave.page);
      await logInThroughUi(dave, DAVE.account, DAVE.password);
      await dave.open('/transfermicro');
      await byId(dave.page, 'transfer-coin').selectOption({ label: 'USDT' });
      await byId(dave.page, 'transfer-amount').fill('500');
      // A confirm dialog precedes every transfer (document 2, section 5).
      await byId(dave.page, 'transfer-submit').click();
      const moved = await apiAnswer(dave.page, '/api/wallet/change', 'POST', () =>
        byId(dave.page, 'confirm-yes').click(),
      );
      expect(moved.body.type, JSON.stringify(moved.body)).toBe('ok');
      await untilInPage(dave.page, "location.hash.startsWith('#/micro')");

      await dave.open(SECONDS_ROUTE);
      await waitForSecondsMarket(dave.page);
      await expect.poll(() => shownBalance(dave.page)).toBe(500);
      const carolPushes = pushes.arrivals.length;
      const ids: string[] = [];
      for (const [seconds, side, amount] of [
        [LONGER_SECONDS, 'down', '30'],
        [SHORT_SECONDS, 'up', '20'],
      ] as const) {
        await dave.page.locator(`[data-testid="micro-duration"][data-seconds="${seconds}"]`).click();
        await byId(dave.page, 'micro-amount').fill(amount);
        await byId(dave.page, `micro-${side}`).click();
        const answer = await apiAnswer(dave.page, '/api/microtrade/submit', 'POST', () =>
          byId(dave.page, 'confirm-yes').click(),
        );
        expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
        expect((answer.body.message as { seconds: number }).seconds).toBe(seconds);
        ids.push(String((answer.body.message as { id: string }).id));
      }
      await expect.poll(() => byId(dave.page, 'micro-running-row').count()).toBe(2);

      // The 5 s order settles first, the 10 s one after it; each push reaches dave and not carol.
      await expect.poll(() => davePushes.arrivals.length, { timeout: 20_000 }).toBe(2);
      const [longer, shorter] = await Promise.all(ids.map(storedOrder));
      expect(shorter?.settled_at?.getTime() ?? 0).toBeLessThan(longer?.settled_at?.getTime() ?? 0);
      expect(pushes.arrivals.length).toBe(carolPushes);
      await expect.poll(() => byId(dave.page, 'micro-running-row').count()).toBe(0);
      await byId(dave.page, 'micro-tab-finished').click();
      await expect.poll(() => byId(dave.page, 'micro-finished-row').count()).toBe(2);
      let paidBack = new Money(0);
      for (const id of ids) paidBack = paidBack.plus(await expectSettledRight(dave.page, id));
      // Stakes 50 and fees 0.5 left at once; the payouts came back.
      const expected = new Money(500).minus(50.5).plus(paidBack);
      expect(await microWallet('USDT', DAVE.account)).toEqual({ available: expected.toFixed(), locked: '0' });
      await expect.poll(() => shownBalance(dave.page)).toBe(expected.toNumber());
      expect((await verifySettlements(poolSql(db))).mismatches).toEqual([]);
    });
  });

  it('buys HAP insurance, shows its status, and pays an insured order from it', async () => {
    // HAP into the options account first: the insured amount and the premium come from there.
    await session.open('/transfermicro');
    await byId(page, 'transfer-coin').waitFor();
    await byId(page, 'transfer-coin').selectOption({ label: 'HAP' });
    await byId(page, 'transfer-amount').fill('500');
    // A confirm dialog precedes every transfer (document 2, section 5).
    await byId(page, 'transfer-submit').click();
    const moved = await apiAnswer(page, '/api/wallet/change', 'POST', () =>
      byId(page, 'confirm-yes').click(),
    );
    expect(moved.body.type, JSON.stringify(moved.body)).toBe('ok');
    await untilInPage(page, "location.hash.startsWith('#/micro')");

    await session.open('/insurance?tab=my');
    await byId(page, 'insurance-empty').waitFor();
    await screenshot(page, 'micro-insurance-empty-dark');
    await byId(page, 'insurance-tab-buy').click();
    const card = byId(page, 'insurance-type').first();
    await card.waitFor();
    // HAP is the exchange's own token: the screen says where it comes from and links its spot market.
    const [hap, usdt] = await Promise.all(
      ['HAP', 'USDT'].map((name) => prisma.currency.findUniqueOrThrow({ where: { name } })),
    );
    const market = byId(page, 'insurance-coin-market');
    await market.waitFor();
    expect(await market.innerText()).toContain('HAP/USDT');
    expect(await market.getAttribute('href')).toContain(
      `/dealCenter?legal_id=${usdt?.id}&currency_id=${hap?.id}`,
    );
    // Out of range: refused on the screen, nothing sent.
    await byId(page, 'insurance-quantity').fill('101');
    await byId(page, 'insurance-buy').click();
    await page.locator('.toast', { hasText: '100' }).waitFor();
    await byId(page, 'insurance-quantity').fill('2');
    expect(readNumber(await byId(page, 'insurance-insured').innerText())).toBe(200);
    await screenshot(page, 'micro-insurance-buy-dark');
    await byId(page, 'insurance-buy').click();
    const bought = await apiAnswer(page, '/api/insurance/buy', 'POST', () =>
      byId(page, 'confirm-yes').click(),
    );
    expect(bought.body.type, JSON.stringify(bought.body)).toBe('ok');
    // Straight to "my insurance": active, 200 HAP insured; the premium (10%) left the options account.
    const position = byId(page, 'insurance-position').first();
    await position.waitFor();
    expect(await position.getAttribute('data-status')).toBe('1');
    expect(readNumber(await position.locator('[data-testid="insurance-balance"]').innerText())).toBe(200);
    expect(await microWallet('HAP')).toEqual({ available: '280', locked: '200' });
    await screenshot(page, 'micro-insurance-my-dark');

    // Inside the insurance hours (all day by default) a HAP order is paid from the insured balance.
    await session.open(SECONDS_ROUTE);
    await waitForSecondsMarket(page);
    await page.locator('[data-testid="micro-currency"][data-currency="HAP"]').click();
    await byId(page, 'micro-insured').waitFor();
    await page.locator(`[data-testid="micro-duration"][data-seconds="${SHORT_SECONDS}"]`).click();
    await byId(page, 'micro-amount').fill('10');
    await byId(page, 'micro-up').click();
    const insured = await apiAnswer(page, '/api/microtrade/submit', 'POST', () =>
      byId(page, 'confirm-yes').click(),
    );
    expect(insured.body.type, JSON.stringify(insured.body)).toBe('ok');
    const order = insured.body.message as { id: string; is_insurance: number };
    expect(order.is_insurance).toBe(1);
    const pushesBefore = pushes.arrivals.length;
    await expect.poll(() => pushes.arrivals.length, { timeout: 20_000 }).toBe(pushesBefore + 1);
    const settled = await storedOrder(String(order.id));
    expect(settled.status).toBe(3);
    // The position paid stake and fee (10.1) and received the payout back.
    const balance = new Money(200).minus(10.1).plus(settled.payout);
    await session.open('/insurance?tab=my');
    await expect
      .poll(async () =>
        readNumber(
          await byId(page, 'insurance-position')
            .first()
            .locator('[data-testid="insurance-balance"]')
            .innerText(),
        ),
      )
      .toBeCloseTo(balance.toNumber(), 2);
    expect(await microWallet('HAP')).toEqual({ available: '280', locked: balance.toFixed() });
    expect((await verifySettlements(poolSql(db))).mismatches).toEqual([]);
    expectNoPageErrors(session);
  });

  it('shows spinners while the options load, and a load error with a retry when the orders cannot be read', async () => {
    // A fresh profile (nothing cached) whose option calls are held until the picture is taken.
    await browser.visiting({ as: TRADER }, async (slow) => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      const hold = '**/api/microtrade/{lists,payable_currencies}**';
      const continued: Promise<void>[] = [];
      await slow.page.route(hold, (route) => {
        const sent = held.then(() => route.continue());
        continued.push(sent);
        return sent;
      });
      await slow.open(SECONDS_ROUTE);
      await waitForSecondsMarket(slow.page);
      await byId(slow.page, 'micro-trade').locator('.spinner').waitFor();
      await byId(slow.page, 'micro-orders').locator('.spinner').waitFor();
      await screenshot(slow.page, 'micro-seconds-loading-dark');
      release();
      await Promise.all(continued);
      await slow.page.unroute(hold);
      await byId(slow.page, 'micro-balance').waitFor();
    });

    await page.route('**/api/microtrade/lists**', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'unavailable' }),
    );
    try {
      await session.open(SECONDS_ROUTE);
      await waitForSecondsMarket(page);
      await expect.poll(() => byId(page, 'micro-orders').innerText()).toContain('Retry');
      await screenshot(page, 'micro-seconds-error-dark');
    } finally {
      await page.unroute('**/api/microtrade/lists**');
    }
    await byId(page, 'micro-orders').getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => byId(page, 'micro-orders').innerText()).not.toContain('Retry');
  });

  it('shows the centre and insurance in the light theme and in Chinese', async () => {
    const opening = { as: TRADER, storage: LIGHT_CHINESE, route: SECONDS_ROUTE };
    await browser.visiting(opening, async (light) => {
      await waitForSecondsMarket(light.page);
      await untilInPage(light.page, "document.documentElement.dataset.theme === 'light'");
      expect(await byId(light.page, 'micro-up').innerText()).toContain('买涨');
      await screenshot(light.page, 'micro-seconds-light-zh');
      await byId(light.page, 'micro-tab-finished').click();
      await byId(light.page, 'micro-finished-row').first().waitFor();
      await screenshot(light.page, 'micro-seconds-finished-light-zh');
      await light.open('/insurance');
      await byId(light.page, 'insurance-type').first().waitFor();
      await screenshot(light.page, 'micro-insurance-buy-light-zh');
      await light.open('/insurance?tab=my');
      await byId(light.page, 'insurance-position').first().waitFor();
      await screenshot(light.page, 'micro-insurance-my-light-zh');
      await light.open('/transfermicro');
      await byId(light.page, 'transfer-coin').waitFor();
      await screenshot(light.page, 'micro-transfer-light-zh');
    });

    // A visitor sees the market and a prompt to log in.
    await browser.visiting({ route: SECONDS_ROUTE }, async (visitor) => {
      await waitForSecondsMarket(visitor.page);
      await byId(visitor.page, 'micro-login-prompt').waitFor();
      await screenshot(visitor.page, 'micro-seconds-visitor-dark');
    });
  });
});
