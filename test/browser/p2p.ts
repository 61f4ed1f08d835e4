import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { auditExchange } from '../../apps/api/src/areas';
import { createPrisma } from '@exchange/kernel/db';
import { byId, clickOk, DEMO, inPage, server, untilInPage, withPassword, type Visit } from './browser';
import { REDIS_URL, REPO_ROOT } from './server';

/**
 * What the P2P browser tests share: the demo users' legal (fiat) wallets as the server holds them, the
 * steps a person clicks through (publish, take, act on an order, acceptor deals), and the operator's side
 * (settings, the CLI, the audit) against the browser server's database.
 */
export const ALICE = DEMO.account;
export const BOB = 'bob@demo.exchange';
export const CAROL = 'carol@demo.exchange';
export const ACCEPTOR = 'acceptor@demo.exchange';
export const USDT = 1;

/** A 1×1 PNG: the payment account's two collection codes are real uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The signed-in user's legal (fiat) account of a currency, as the server holds it. */
export async function legalWallet(
  page: Page,
  currency = USDT,
): Promise<{ available: number; locked: number }> {
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

/** Moves USDT from the spot account to the legal one through the publish screen's transfer dialog. */
export async function moveToLegal(session: Visit, amount: string): Promise<void> {
  const { page } = session;
  await session.open('/c2cTrade');
  await byId(page, 'c2c-currency-USDT').click();
  await byId(page, 'c2c-transfer-open').click();
  await byId(page, 'c2c-transfer-amount').fill(amount);
  await clickOk(page, '/api/wallet/change', () => byId(page, 'c2c-transfer-submit').click());
}

/** Fills the payment settings (document 2, section 5: every field and both images) through the screen. */
export async function savePaymentAccount(session: Visit, name: string): Promise<void> {
  await session.open('/userSetting?tab=bank');
  await fillPaymentAccount(session.page, name);
}

/** Fills and saves the payment-account form the page shows. */
export async function fillPaymentAccount(page: Page, name: string): Promise<void> {
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
  await clickOk(page, '/api/user/cash_save', () => byId(page, 'cash-submit').click());
}

export type Kind = 'c2c' | 'shop';
const kindQuery = (kind: Kind) => (kind === 'shop' ? '&kind=shop' : '');

/**
 * Publishes an ad and answers its id: a c2c ad through /c2cTrade, a shop ad (with its limits per order)
 * through the seller's /myLegalShops.
 */
export async function publish(
  session: Visit,
  type: 'buy' | 'sell',
  quantity: string,
  price: string,
  shop?: { min: string; max: string },
): Promise<number> {
  const { page } = session;
  const kind: Kind = shop ? 'shop' : 'c2c';
  if (shop) {
    await session.open('/myLegalShops');
    await byId(page, 'shop-page').waitFor();
    await byId(page, `shop-${type}-min`).fill(shop.min);
    await byId(page, `shop-${type}-max`).fill(shop.max);
  } else {
    await session.open('/c2cTrade');
    await byId(page, 'c2c-currency-USDT').click();
  }
  await byId(page, `${kind}-${type}-quantity`).fill(quantity);
  await byId(page, `${kind}-${type}-price`).fill(price);
  await byId(page, `${kind}-${type}-way-bank`).check();
  await byId(page, `${kind}-${type}-coin-code`).selectOption('CNY');
  await byId(page, `${kind}-${type}-submit`).click();
  const body = await withPassword(page, shop ? '/api/legal_send' : '/api/c2c_send');
  const id = (body.data as { id: number }).id;
  // Document 2: after a successful ad the user goes to /c2cRelease (a shop's ads: back to the shop).
  await untilInPage(page, `location.hash.startsWith('#/${shop ? 'myLegalShops' : 'c2cRelease'}')`);
  await byId(page, `${kind}-my-ads-${type}`).locator(`[data-testid="c2c-my-ad"][data-id="${id}"]`).waitFor();
  return id;
}

/** The market row of an ad (Buy tab for sell ads, Sell tab for buy ads). */
export async function marketRow(session: Visit, tab: 'buy' | 'sell', adId: number, kind: Kind = 'c2c') {
  await session.open(`/c2c?type=${tab}&currency_id=${USDT}${kindQuery(kind)}`);
  // Reloaded: a market seen seconds ago is still fresh for the client (no push tells of others' new ads).
  await session.page.reload({ waitUntil: 'domcontentloaded' });
  const row = byId(session.page, 'c2c-market').locator(`[data-testid="c2c-ad"][data-id="${adId}"]`);
  await row.waitFor();
  return row;
}

/**
 * Takes an ad from the market and answers the order id: a c2c ad whole, a shop ad for `quantity` coins.
 */
export async function take(
  session: Visit,
  tab: 'buy' | 'sell',
  adId: number,
  quantity?: string,
): Promise<number> {
  const { page } = session;
  const kind: Kind = quantity ? 'shop' : 'c2c';
  const row = await marketRow(session, tab, adId, kind);
  await row.locator('[data-testid="c2c-take"]').click();
  await byId(page, 'c2c-take-summary').waitFor();
  if (quantity) {
    await byId(page, 'take-means-number').click();
    await byId(page, 'take-value').fill(quantity);
  }
  const body = await withPassword(page, quantity ? '/api/do_legal_deal' : '/api/c2c/do_legal_deal');
  const orderId = (body.message as { data: { id: number } }).data.id;
  // The new order opens in my orders, with its payment countdown while unpaid.
  await untilInPage(page, `location.hash.includes('order=${orderId}')`);
  await byId(page, 'c2c-order-detail').waitFor();
  return orderId;
}

/** Withdraws one of my sell ads from its list (/c2cRelease, a shop's from /myLegalShops); its coins come back. */
export async function withdrawSellAd(session: Visit, adId: number, kind: Kind = 'c2c'): Promise<void> {
  await session.open(kind === 'shop' ? '/myLegalShops' : '/c2cRelease');
  const mine = byId(session.page, `${kind}-my-ads-sell`).locator(
    `[data-testid="c2c-my-ad"][data-id="${adId}"]`,
  );
  await mine.locator('[data-testid="c2c-ad-withdraw"]').click();
  await withPassword(session.page, kind === 'shop' ? '/api/back_send' : '/api/c2c/back_send');
  await mine.waitFor({ state: 'detached' });
}

export const detailState = (page: Page) =>
  byId(page, 'c2c-order-detail').locator('[data-testid="c2c-order-status"]').getAttribute('data-state');

export type OrderAction = 'pay' | 'cancel' | 'confirmOwner' | 'confirmTaker';

/** Runs an order action from the open detail modal: optional confirm dialog, then the trade password. */
export async function act(page: Page, action: OrderAction, path: string) {
  await byId(page, `c2c-order-${action}`).click();
  if (action === 'pay' || action === 'cancel') await byId(page, 'confirm-yes').click();
  await withPassword(page, path);
}

/** Opens one order of one of my ads (/c2cDetail) in its detail modal. */
export async function openAdOrder(
  session: Visit,
  adId: number,
  orderId: number,
  kind: Kind = 'c2c',
): Promise<void> {
  const { page } = session;
  await session.open(`/c2cDetail?id=${adId}${kindQuery(kind)}`);
  await byId(page, `${kind}-orders-owner`)
    .locator(`[data-testid="c2c-order-row"][data-id="${orderId}"] [data-testid="c2c-order-open"]`)
    .click();
  await byId(page, 'c2c-order-detail').waitFor();
}

export async function openMyOrder(session: Visit, orderId: number, kind: Kind = 'c2c'): Promise<void> {
  await session.open(`/c2cOrder?order=${orderId}${kindQuery(kind)}`);
  await byId(session.page, 'c2c-order-detail').waitFor();
}

/* ---------- Acceptor deals ---------- */

export const dealRow = (page: Page, table: string, id: number) =>
  byId(page, table).locator(`[data-testid="acc-deal-row"][data-id="${id}"]`);
export const dealState = (page: Page, table: string, id: number) =>
  dealRow(page, table, id).locator('[data-testid="acc-deal-state"]').getAttribute('data-state');

/** Fills and submits the deal form of /rechargeMoney; a withdrawal asks for the trade password. */
export async function submitDeal(session: Visit, money: string, password?: string): Promise<void> {
  const { page } = session;
  await byId(page, 'acc-mobile').fill('13800000000');
  await byId(page, 'acc-account').fill('alice-bank-6222');
  await byId(page, 'acc-money').fill(money);
  await byId(page, 'acc-way-bank').check();
  if (!password) {
    await clickOk(page, '/api/acceptor/deal', () => byId(page, 'acc-submit').click());
    return;
  }
  await byId(page, 'acc-submit').click();
  await byId(page, 'trade-password').fill(password);
  await clickOk(page, '/api/acceptor/deal', () => byId(page, 'trade-password-submit').click());
}

/** Asks the first acceptor of /aceite for a withdrawal of `money` CNY; answers the new deal's id. */
export async function startAcceptorWithdrawal(session: Visit, money: string): Promise<number> {
  const { page } = session;
  await session.open('/aceite');
  await byId(page, 'acceptor-row').first().locator('[data-testid="acceptor-withdraw"]').click();
  await byId(page, 'acc-mobile').waitFor();
  await submitDeal(session, money, DEMO.tradePassword);
  await untilInPage(page, "location.hash.startsWith('#/chargeRecord?current=1')");
  return newestDeal(page, 'acc-deals-user');
}

/** The acceptor confirms a deposit, or marks a withdrawal's CNY sent, from its desk. */
export async function actOnDesk(acceptor: Visit, id: number, action: 'confirm' | 'transferred') {
  await acceptor.open('/acceptorDesk');
  await dealRow(acceptor.page, 'acc-deals-acceptor', id)
    .locator(`[data-testid="acc-deal-${action}"]`)
    .click();
  await withPassword(acceptor.page, `/api/acceptor/${action}`);
}

/** The newest deal id of a records page (the list is newest first). */
export async function newestDeal(page: Page, table: string): Promise<number> {
  const row = byId(page, table).locator('[data-testid="acc-deal-row"]').first();
  await row.waitFor();
  return Number(await row.getAttribute('data-id'));
}

/* ---------- The operator's side, on the browser server's database ---------- */

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server().databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` with business settings changed as an operator would (`setting:set` writes the same row;
 * the server reads settings on each use), and puts back what was there before, row or no row.
 */
export async function withSettings<T>(values: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const before = await withDatabase(async (client) => {
    const keys = Object.keys(values);
    const rows = await client.query<{ key: string; value: string }>(
      'SELECT key, value FROM settings WHERE key = ANY($1)',
      [keys],
    );
    for (const [key, value] of Object.entries(values)) {
      await client.query(
        `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [key, value],
      );
    }
    return new Map(rows.rows.map((row) => [row.key, row.value]));
  });
  try {
    return await work();
  } finally {
    await withDatabase(async (client) => {
      for (const key of Object.keys(values)) {
        const value = before.get(key);
        if (value === undefined) await client.query('DELETE FROM settings WHERE key = $1', [key]);
        else await client.query('UPDATE settings SET value = $2 WHERE key = $1', [key, value]);
      }
    });
  }
}

const execFileAsync = promisify(execFile);

/**
 * `npm run ops -- <args>` against the browser server's database and Redis prefix, as an operator runs
 * it; answers the JSON document the CLI prints on its last line.
 */
export async function ops(args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await execFileAsync('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: server().databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: server().redisPrefix,
      LOG_LEVEL: 'error',
    },
    timeout: 90_000,
  });
  const last = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as Record<string, unknown>;
}

/** The exchange-wide audit (what `npm run ops -- audit` prints) of the browser server's database. */
export async function expectCleanAudit(step: string): Promise<void> {
  const prisma = createPrisma(server().databaseUrl, 1);
  try {
    const report = await auditExchange(prisma);
    expect(report.problems, `audit after ${step}`).toEqual([]);
  } finally {
    await prisma.$disconnect();
  }
}
