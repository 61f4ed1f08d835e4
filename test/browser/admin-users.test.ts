import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperator, totpCode } from '../../apps/api/src/modules/admin';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import { apiAnswer, byId, clickOk, expectNoPageErrors, inPage, screenshot, type Visit } from './browser';
import { appealedOrder, clientCall, inLightThenChinese, signedInTrader, TRADER_SECRETS, TRON } from './admin';
import { useBrowser, useDatabase } from './fixtures';
import { expectCleanAudit } from './p2p';

/**
 * Issue #15 part A in a real browser: a finance operator (two-factor on) finds a trader, views their page,
 * freezes their funds (the trader's withdrawal is then refused), unfreezes them (it passes), approves the
 * trader as a seller, and reads the payment channel and the sellers; a trader signing out in the same
 * browser leaves the operator signed in.
 */
const suffix = randomBytes(3).toString('hex');
const OPERATOR = { login: `keeper-${suffix}`, password: 'Keeper-pass-2026' };
const TRADER = { account: `frozen-${suffix}@test.exchange`, ...TRADER_SECRETS };
const FROZEN =
  'Your funds are frozen: transfers, withdrawals and P2P sales are unavailable. Please contact support';

const browser = useBrowser();
const prisma = useDatabase();
let operator: Visit;
let secret = '';
let adminToken = '';
let trader: { id: number; token: string };

const withdraw = () =>
  clientCall(
    '/api/wallet/out',
    { currency: '1', number: '10', address: TRON, rate: '0', pay_password: TRADER.trade },
    trader.token,
  );

describe('the operator console: users, frozen funds and sellers', () => {
  beforeAll(async () => {
    // The operator is made as `npm run ops -- operator:create` makes one and enrols two-factor through the
    // console's own calls (the enrolment screen itself is driven by admin.test.ts).
    await createOperator(prisma, { login: OPERATOR.login, role: 'finance', password: OPERATOR.password });
    const signIn = await clientCall('/api/admin/login', OPERATOR, '');
    adminToken = (signIn.message as { token: string }).token;
    secret = ((await clientCall('/api/admin/totp/setup', {}, adminToken)).message as { secret: string })
      .secret;
    expect((await clientCall('/api/admin/totp/confirm', { code: totpCode(secret) }, adminToken)).type).toBe(
      'ok',
    );
    trader = await signedInTrader(prisma, TRADER.account, true);
    await opsDeposit(prisma, { account: TRADER.account, currency: 'USDT', amount: '100' });
    operator = await browser.open({ storage: { admin_token: adminToken, theme: 'dark' } });
  }, 120_000);

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
    const order = await clientCall(
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
    const statement = 'I paid 142 CNY at 10:05, the seller does not release';
    const { buyer, seller, orderId } = await appealedOrder(prisma, {
      seller: 'appealseller',
      buyer: 'appealbuyer',
      suffix,
      amount: '20',
      reason: statement,
    });
    // The seller answers the appeal as the parties' own clients do.
    const answer = 'No CNY ever reached my account';
    expect(
      (await clientCall('/api/c2c/appeal_message', { id: String(orderId), message: answer }, seller.token))
        .type,
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
    await inLightThenChinese(
      page,
      async () => {
        await byId(page, 'admin-user-detail').waitFor();
        await screenshot(page, 'admin-user-light');
      },
      async () => {
        await page.getByText('资金正常').waitFor();
        await screenshot(page, 'admin-user-light-zh');
      },
    );
    expectNoPageErrors(operator);
  });

  it('a trader signing out in the same browser leaves the operator signed in', async () => {
    const storage = { admin_token: adminToken, token: trader.token, user_id: String(trader.id) };
    const both = await browser.open({ storage, route: '/' });
    try {
      const { page } = both;
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
