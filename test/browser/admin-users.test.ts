import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type Db } from '@exchange/kernel/db';
import { createOperator, totpCode } from '../../apps/api/src/modules/admin';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import {
  apiAnswer,
  byId,
  expectNoPageErrors,
  inPage,
  launchBrowser,
  screenshot,
  server,
  visit,
  type Visit,
} from './browser';
import { cashInfoOf } from '../p2p';
import { clickOk, setTheme } from './admin';
import { expectCleanAudit } from './p2p';

/**
 * Issue #15 part A in a real browser: a finance operator (two-factor on) finds a trader, views their page,
 * freezes their funds (the trader's withdrawal is then refused), unfreezes them (it passes), approves the
 * trader as a seller, and reads the payment channel and the sellers; a trader signing out in the same
 * browser leaves the operator signed in.
 */
const suffix = randomBytes(3).toString('hex');
const OPERATOR = { login: `keeper-${suffix}`, password: 'Keeper-pass-2026' };
const TRADER = { account: `frozen-${suffix}@test.exchange`, password: 'Secret123', trade: '246810' };
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const FROZEN =
  'Your funds are frozen: transfers, withdrawals and P2P sales are unavailable. Please contact support';

let prisma: Db;
let browser: Browser;
let operator: Visit;
let secret = '';
let adminToken = '';
let trader: { id: number; token: string };

async function call(path: string, body: Record<string, string>, token: string) {
  const answer = await fetch(`${server().baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
  return (await answer.json()) as { type: string; message: unknown };
}

const withdraw = () =>
  call(
    '/api/wallet/out',
    { currency: '1', number: '10', address: TRON, rate: '0', pay_password: TRADER.trade },
    trader.token,
  );

/** A c2c order of 20 USDT its buyer paid and then appealed (as the parties' own clients do it). */
async function appealedOrder() {
  const party = async (name: string) => {
    const account = `${name}-${suffix}@test.exchange`;
    const user = await createOpsUser(prisma, {
      account,
      password: TRADER.password,
      tradePassword: TRADER.trade,
      kycApproved: true,
      seller: false,
    });
    const login = await call('/api/user/login', { user_string: account, password: TRADER.password }, '');
    const token = login.message as string;
    expect((await call('/api/user/cash_save', cashInfoOf(`${name}${user.id}`), token)).type).toBe('ok');
    return { id: user.id, account, token };
  };
  const seller = await party('appealseller');
  const buyer = await party('appealbuyer');
  await opsDeposit(prisma, { account: seller.account, currency: 'USDT', amount: '20' });
  const password = TRADER.trade;
  const moved = await call(
    '/api/wallet/change',
    { currency_id: '1', number: '20', from_field: 'change', to_field: 'legal' },
    seller.token,
  );
  expect(moved.type, JSON.stringify(moved)).toBe('ok');
  const ad = (await call(
    '/api/c2c_send',
    {
      type: 'sell',
      way: 'bank',
      price: '7.10',
      total_number: '20',
      currency_id: '1',
      coin_code: 'CNY',
      password,
    },
    seller.token,
  )) as unknown as { type: string; data: { id: number } };
  expect(ad.type, JSON.stringify(ad)).toBe('ok');
  const taken = await call('/api/c2c/do_legal_deal', { id: String(ad.data.id), password }, buyer.token);
  const orderId = (taken.message as { data: { id: number } }).data.id;
  expect((await call('/api/c2c/user_legal_pay', { id: String(orderId), password }, buyer.token)).type).toBe(
    'ok',
  );
  await prisma.p2pOrder.update({
    where: { id: orderId },
    data: { paid_at: new Date(Date.now() - 3_600_000) },
  });
  const statement = 'I paid 142 CNY at 10:05, the seller does not release';
  expect((await call('/api/c2c/appeal', { id: String(orderId), reason: statement }, buyer.token)).type).toBe(
    'ok',
  );
  return { orderId, buyer, seller, statement };
}

describe('the operator console: users, frozen funds and sellers', () => {
  beforeAll(async () => {
    prisma = createPrisma(server().databaseUrl, 2);
    // The operator is made as `npm run ops -- operator:create` makes one and enrols two-factor through the
    // console's own calls (the enrolment screen itself is driven by admin.test.ts).
    await createOperator(prisma, { login: OPERATOR.login, role: 'finance', password: OPERATOR.password });
    const signIn = await call('/api/admin/login', OPERATOR, '');
    adminToken = (signIn.message as { token: string }).token;
    secret = ((await call('/api/admin/totp/setup', {}, adminToken)).message as { secret: string }).secret;
    expect((await call('/api/admin/totp/confirm', { code: totpCode(secret) }, adminToken)).type).toBe('ok');
    const user = await createOpsUser(prisma, {
      account: TRADER.account,
      password: TRADER.password,
      tradePassword: TRADER.trade,
      kycApproved: true,
      seller: false,
    });
    await opsDeposit(prisma, { account: TRADER.account, currency: 'USDT', amount: '100' });
    const login = await call(
      '/api/user/login',
      { user_string: TRADER.account, password: TRADER.password },
      '',
    );
    trader = { id: user.id, token: login.message as string };
    browser = await launchBrowser();
    operator = await visit(browser, { admin_token: adminToken, theme: 'dark' });
  }, 120_000);

  afterAll(async () => {
    await operator?.close();
    await browser?.close();
    await prisma?.$disconnect();
  });

  it('finds the trader and opens their page: accounts, roles and records', async () => {
    const { page } = operator;
    await operator.open('/admin/users');
    await byId(page, 'admin-user-search').fill(TRADER.account);
    await page.locator('[data-testid="admin-user-row"]', { hasText: TRADER.account }).click();
    await page.locator('[data-testid="admin-user-detail"]', { hasText: TRADER.account }).waitFor();
    expect(await byId(page, 'admin-user-frozen').textContent()).toBe('Funds free');
    await byId(page, 'admin-user-balances').getByText('USDT').waitFor();
    await page.locator('[data-testid="admin-records"]', { hasText: '100' }).waitFor();
    // No spot orders yet: the tab shows the empty state, and the account log comes back.
    await byId(page, 'admin-records-spot').click();
    await page.getByText('Nothing here').waitFor();
    await byId(page, 'admin-records-logs').click();
    await page.locator('[data-testid="admin-records"]', { hasText: '100' }).waitFor();
    await screenshot(page, 'admin-user-dark');
  });

  it('freezes the funds: the trader’s withdrawal is refused; unfreezing lets it through', async () => {
    const { page } = operator;
    await byId(page, 'admin-totp').fill(totpCode(secret));
    await byId(page, 'admin-reason').fill('chargeback investigation');
    await clickOk(page, '/api/admin/users/freeze', () => byId(page, 'admin-freeze').click());
    await page.locator('[data-testid="admin-user-frozen"]', { hasText: 'Funds frozen' }).waitFor();
    await screenshot(page, 'admin-user-frozen-dark');

    expect(await withdraw()).toEqual({ type: 'error', message: FROZEN });
    expect(await prisma.withdrawal.count({ where: { user_id: trader.id } })).toBe(0);

    await byId(page, 'admin-totp').fill(totpCode(secret));
    await clickOk(page, '/api/admin/users/freeze', () => byId(page, 'admin-unfreeze').click());
    await page.locator('[data-testid="admin-user-frozen"]', { hasText: 'Funds free' }).waitFor();
    expect((await withdraw()).type).toBe('ok');
    const trail = await prisma.operatorAuditTrail.findMany({
      where: { target_type: 'user', target_id: String(trader.id) },
      orderBy: { id: 'asc' },
    });
    expect(trail.map((line) => [line.action, line.reason])).toEqual([
      ['user.freeze_funds', 'chargeback investigation'],
      ['user.unfreeze_funds', 'chargeback investigation'],
    ]);
    await expectCleanAudit('the console froze and unfroze funds');
  });

  it('approves the trader as a seller from their page; the sellers list shows the shop', async () => {
    const { page } = operator;
    await byId(page, 'admin-shop-name').fill(`Shop ${suffix}`);
    await clickOk(page, '/api/admin/sellers/approve', () => byId(page, 'admin-approve-seller').click());
    await page.locator('[data-testid="admin-user-shops"]', { hasText: `Shop ${suffix}` }).waitFor();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: trader.id } })).is_seller).toBe(1);
    await byId(page, 'admin-nav-sellers').click();
    await page.locator('[data-testid="admin-seller-row"]', { hasText: `Shop ${suffix}` }).waitFor();
    await screenshot(page, 'admin-sellers-dark');
  });

  it('lists the payment channel’s orders by status', async () => {
    const { page } = operator;
    const order = await call(
      '/api/wallet/charge_req_pay',
      { amount: '42', pay_type: '1', currency: '1' },
      trader.token,
    );
    expect(order.type, JSON.stringify(order)).toBe('ok');
    await byId(page, 'admin-nav-channel').click();
    await byId(page, 'admin-channel-status-2').click();
    await page.getByText('Nothing here').waitFor();
    await screenshot(page, 'admin-channel-empty-dark');
    await byId(page, 'admin-channel-status-0').click();
    await page.locator('[data-testid="admin-payment-row"]', { hasText: TRADER.account }).first().waitFor();
    // The filter buttons fade between colours: let the transition end before the picture.
    await page.waitForTimeout(400);
    await screenshot(page, 'admin-channel-dark');
  });

  it('opens an appeal: both parties, who pays the fiat, and the appellant’s statement', async () => {
    const { page } = operator;
    const { buyer, seller, statement, orderId } = await appealedOrder();
    // The seller answers the appeal as the parties' own clients do.
    const answer = 'No CNY ever reached my account';
    expect(
      (await call('/api/c2c/appeal_message', { id: String(orderId), message: answer }, seller.token)).type,
    ).toBe('ok');
    await byId(page, 'admin-nav-appeals').click();
    const row = page.locator('[data-testid="admin-appeal-row"]', { hasText: buyer.account });
    await row.locator('[data-testid="admin-appeal-view"]').click();
    const detail = byId(page, 'admin-appeal-detail');
    await detail.getByText(statement).waitFor();
    await detail.locator('[data-testid="admin-appeal-party"]', { hasText: seller.account }).waitFor();
    expect(await detail.locator('[data-testid="admin-appeal-party"]').count()).toBe(2);
    // Both statements, in order, each with who wrote it: the buyer's appeal, then the seller's answer.
    const messages = detail.locator('[data-testid="admin-appeal-message"]');
    await expect.poll(() => messages.count()).toBe(2);
    expect(
      await messages.evaluateAll((items) => items.map((item) => item.getAttribute('data-role'))),
    ).toEqual(['buyer', 'seller']);
    await messages.nth(1).getByText(answer).waitFor();
    expect(await messages.nth(1).innerText()).toContain(seller.account);
    await screenshot(page, 'admin-appeal-detail-dark');
  });

  it('shows the user page in light and in Chinese, and an unknown user as an error', async () => {
    const { page } = operator;
    await operator.open('/admin/users/999999');
    await page.locator('[data-testid="admin-error"]', { hasText: 'No such record' }).waitFor();
    await screenshot(page, 'admin-user-missing-dark');
    await operator.open(`/admin/users/${trader.id}`);
    await setTheme(page, 'light');
    await byId(page, 'admin-user-detail').waitFor();
    await screenshot(page, 'admin-user-light');
    await byId(page, 'admin-language').click();
    await page.getByText('资金正常').waitFor();
    await screenshot(page, 'admin-user-light-zh');
    await byId(page, 'admin-language').click();
    await setTheme(page, 'dark');
    expectNoPageErrors(operator);
  });

  it('a trader signing out in the same browser leaves the operator signed in', async () => {
    const both = await visit(browser, {
      admin_token: adminToken,
      token: trader.token,
      user_id: String(trader.id),
    });
    try {
      const { page } = both;
      await both.open('/');
      await byId(page, 'account-menu').click();
      await apiAnswer(page, '/api/user/logout', 'POST', () => byId(page, 'logout').click());
      await byId(page, 'nav-login').waitFor();
      expect(await inPage(page, `localStorage.getItem('token')`)).toBeNull();
      expect(await inPage(page, `localStorage.getItem('admin_token')`)).toBe(adminToken);
      await both.open('/admin/users');
      await byId(page, 'admin-users-page').waitFor();
      expect(await byId(page, 'admin-who').textContent()).toContain(OPERATOR.login);
    } finally {
      await both.close();
    }
  });
});
