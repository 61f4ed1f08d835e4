import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../apps/api/src/modules/admin';
import type { Page } from 'playwright-core';
import { byId, clickOk, expectNoPageErrors, inPage, screenshot, server, type Visit } from './browser';
import { clientCall, enrolledOperator as enrolled, inLightThenChinese, signedInTrader } from './admin';
import { useBrowser, useDatabase } from './fixtures';
import { expectCleanAudit } from './p2p';

/**
 * Issue #25's routine tasks in a real browser, each a console screen instead of a shell command: an admin
 * creates an operator (one-time password shown once), changes their role and disables them; finance funds a
 * house pool (twice with one reference: once); support opens an account for a customer and reads the codes
 * sent to them, each look in the trail.
 */
const suffix = randomBytes(3).toString('hex');
const browser = useBrowser();
const prisma = useDatabase();
const enrolledOperator = (role: 'admin' | 'finance' | 'support') => enrolled(prisma, role, suffix);

/** How far the page scrolls sideways (0 when it fits the viewport). */
const sidewaysScroll = (page: Page) =>
  inPage<number>(page, 'document.documentElement.scrollWidth - window.innerWidth');

const consoleOf = (token: string, width?: number) =>
  browser.open({
    storage: { admin_token: token, theme: 'dark' },
    ...(width ? { context: { viewport: { width, height: 844 } } } : {}),
  });

const trailOf = (targetType: string, targetId: string | number) =>
  prisma.operatorAuditTrail.findMany({
    where: { target_type: targetType, target_id: String(targetId) },
    orderBy: { id: 'asc' },
  });

describe('operators and roles: an admin in the console', () => {
  let admin: Awaited<ReturnType<typeof enrolledOperator>>;
  let session: Visit;
  const newcomer = `desk-${suffix}`;

  beforeAll(async () => {
    admin = await enrolledOperator('admin');
    session = await consoleOf(admin.token);
  }, 120_000);

  it('creates an operator and shows their first password once; they sign in with it', async () => {
    const { page } = session;
    await session.open('/admin/operators');
    await page.locator('[data-testid="admin-operator-row"]', { hasText: admin.login }).waitFor();
    await byId(page, 'admin-totp').fill(totpCode(admin.secret));
    await byId(page, 'admin-reason').fill('new support hire');
    await byId(page, 'admin-operator-login').fill(newcomer);
    await byId(page, 'admin-operator-role').selectOption('support');
    await clickOk(page, '/api/admin/operators/create', () => byId(page, 'admin-operator-add').click());
    const password = (await byId(page, 'admin-operator-password-value').textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(10);
    await page
      .locator(`[data-testid="admin-operator-row"][data-login="${newcomer}"]`, { hasText: 'Support' })
      .waitFor();
    expect((await clientCall('/api/admin/login', { login: newcomer, password }, '')).type).toBe('ok');
    await screenshot(page, 'admin-operators-dark');
  });

  it('changes the operator’s role, then disables them; the admin’s own row has no button', async () => {
    const { page } = session;
    const row = page.locator(`[data-testid="admin-operator-row"][data-login="${newcomer}"]`);
    await byId(page, 'admin-role-login').selectOption(newcomer);
    await byId(page, 'admin-role-role').selectOption('finance');
    await clickOk(page, '/api/admin/operators/role', () => byId(page, 'admin-role-change').click());
    await row.getByText('Finance').waitFor();
    await clickOk(page, '/api/admin/operators/disable', () =>
      row.locator('[data-testid="admin-operator-disable"]').click(),
    );
    await row.getByText('Disabled').waitFor();
    expect(
      await page
        .locator(
          `[data-testid="admin-operator-row"][data-login="${admin.login}"] [data-testid="admin-operator-disable"]`,
        )
        .count(),
    ).toBe(0);
    const operator = await prisma.operator.findUniqueOrThrow({ where: { login: newcomer } });
    expect((await trailOf('operator', operator.id)).map((line) => [line.action, line.reason])).toEqual([
      ['operator.create', 'new support hire'],
      ['operator.role', 'new support hire'],
      ['operator.disable', 'new support hire'],
    ]);
    await inLightThenChinese(
      page,
      async () => {
        await byId(page, 'admin-operator-row').first().waitFor();
        await screenshot(page, 'admin-operators-light');
      },
      async () => {
        await byId(page, 'admin-operator-add').getByText('创建操作员', { exact: true }).waitFor();
        await byId(page, 'admin-operator-row').first().waitFor();
        await screenshot(page, 'admin-operators-zh');
      },
    );
    expectNoPageErrors(session);
  });

  it('adds a seconds-contract insurance type traders are offered, then withdraws it', async () => {
    const { page } = session;
    const trader = await signedInTrader(prisma, `insured-${suffix}@test.exchange`, false);
    const offered = async () => {
      const answer = await fetch(`${server().baseUrl}/api/insurance/types`, {
        headers: { Authorization: trader.token },
      });
      return ((await answer.json()) as { message: { name: string }[] }).message;
    };
    const name = `Cover ${suffix}`;
    await session.open('/admin/products');
    await byId(page, 'admin-products-insurance').waitFor();
    const fields = {
      currency: 'HAP',
      name,
      max_quantity: '4',
      unit_amount: '25',
      premium_rate: '0.06',
      claim_rate: '0.75',
    };
    for (const [field, value] of Object.entries(fields))
      await byId(page, `admin-insurance-${field}`).fill(value);
    await clickOk(page, '/api/admin/products/insurance/save', () =>
      byId(page, 'admin-insurance-save').click(),
    );
    const row = page.locator(`[data-testid="admin-insurance-row"][data-name="${name}"]`);
    await row.waitFor();
    expect((await offered()).map((type) => type.name)).toContain(name);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-insurance-dark');

    await row.locator('[data-testid="admin-insurance-edit"]').click();
    await byId(page, 'admin-insurance-status').selectOption('0');
    await clickOk(page, '/api/admin/products/insurance/save', () =>
      byId(page, 'admin-insurance-save').click(),
    );
    await row.getByText('Withdrawn').waitFor();
    expect((await offered()).map((type) => type.name)).not.toContain(name);
    expectNoPageErrors(session);
  });

  it('fits a phone', async () => {
    const phone = await consoleOf(admin.token, 390);
    await phone.open('/admin/operators');
    await phone.page.locator('[data-testid="admin-operator-row"]').first().waitFor();
    // The page never scrolls sideways; a wide table scrolls inside its panel.
    expect(await sidewaysScroll(phone.page)).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'admin-operators-phone');
    await phone.open('/admin/house');
    await byId(phone.page, 'admin-house-balances').waitFor();
    expect(await sidewaysScroll(phone.page)).toBeLessThanOrEqual(0);
    await screenshot(phone.page, 'admin-house-phone');
  });
});

describe('house pools: finance funds a pool', () => {
  it('funds the insurance fund once per reference; the balance moves and the audit stays clean', async () => {
    const finance = await enrolledOperator('finance');
    const session = await consoleOf(finance.token);
    const { page } = session;
    await session.open('/admin/house');
    await byId(page, 'admin-house-balances').waitFor();
    const balanceOf = async () => {
      const row = page.locator(
        '[data-testid="admin-house-row"][data-pool="insurance_fund"][data-currency="USDT"]',
      );
      return (await row.count()) === 0
        ? 0
        : Number((await row.locator('td').nth(2).textContent())?.replace(/,/g, ''));
    };
    const before = await balanceOf();
    await byId(page, 'admin-totp').fill(totpCode(finance.secret));
    await byId(page, 'admin-reason').fill('quarterly top-up');
    await byId(page, 'admin-fund-pool').selectOption('insurance_fund');
    await byId(page, 'admin-fund-amount').fill('1500');
    await byId(page, 'admin-fund-ref').fill(`wire-${suffix}`);
    await clickOk(page, '/api/admin/house/fund', () => byId(page, 'admin-fund-submit').click());
    await page.locator('[data-testid="admin-fund-result"][data-funded="true"]').waitFor();
    await expect.poll(balanceOf).toBeCloseTo(before + 1500, 6);
    await screenshot(page, 'admin-house-dark');

    // The same form sent again (a double click, a reload): nothing moves.
    await clickOk(page, '/api/admin/house/fund', () => byId(page, 'admin-fund-submit').click());
    await page.locator('[data-testid="admin-fund-result"][data-funded="false"]').waitFor();
    expect(await balanceOf()).toBeCloseTo(before + 1500, 6);
    expect(
      (await trailOf('house', 'insurance_fund')).filter((line) => line.reason === 'quarterly top-up'),
    ).toHaveLength(1);
    await expectCleanAudit('the console funded the insurance fund');
    await inLightThenChinese(
      page,
      async () => {
        await byId(page, 'admin-house-balances').waitFor();
        await screenshot(page, 'admin-house-light');
      },
      async () => {
        await byId(page, 'admin-fund-submit').getByText('注资', { exact: true }).waitFor();
        await byId(page, 'admin-house-balances').waitFor();
        await screenshot(page, 'admin-house-zh');
      },
    );
    expectNoPageErrors(session);
  });
});

describe('support: a new customer and their codes', () => {
  it('opens an account, then shows the code the customer asked for, with the look in the trail', async () => {
    const support = await enrolledOperator('support');
    const session = await consoleOf(support.token);
    const { page } = session;
    const account = `walkin-${suffix}@test.exchange`;
    await session.open('/admin/users');
    await byId(page, 'admin-new-user-account').fill(account);
    await byId(page, 'admin-new-user-password').fill('Secret123');
    await byId(page, 'admin-new-user-kyc').selectOption('1');
    await byId(page, 'admin-new-user-reason').fill('branch visit');
    await clickOk(page, '/api/admin/users/create', () => byId(page, 'admin-new-user-submit').click());
    await page.locator('[data-testid="admin-user-detail"]', { hasText: account }).waitFor();
    const user = await prisma.user.findUniqueOrThrow({ where: { account_number: account } });

    // Nothing sent yet: the empty state.
    await byId(page, 'admin-reason').fill('ticket 42: code not received');
    await clickOk(page, '/api/admin/users/codes', () => byId(page, 'admin-codes-show').click());
    await byId(page, 'admin-codes-empty').waitFor();

    const trader = await signedInTrader(prisma, `other-${suffix}@test.exchange`, false);
    for (const to of [account, trader.account])
      expect((await clientCall('/api/sms_mail', { user_string: to, scene: 'forget' }, '')).type).toBe('ok');
    await clickOk(page, '/api/admin/users/codes', () => byId(page, 'admin-codes-show').click());
    const sent = await prisma.messageOutbox.findFirstOrThrow({
      where: { to: account },
      orderBy: { id: 'desc' },
    });
    await byId(page, 'admin-codes').getByText(sent.code).waitFor();
    expect(await byId(page, 'admin-codes').textContent()).not.toContain(trader.account);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-user-codes-dark');
    expect((await trailOf('user', user.id)).map((line) => [line.action, line.reason])).toEqual([
      ['user.create', 'branch visit'],
      ['user.codes.view', 'ticket 42: code not received'],
      ['user.codes.view', 'ticket 42: code not received'],
    ]);
    await inLightThenChinese(
      page,
      async () => {
        await byId(page, 'admin-codes-card').waitFor();
        await screenshot(page, 'admin-user-codes-light');
      },
      async () => {
        await byId(page, 'admin-codes-card').getByText('最近验证码', { exact: true }).waitFor();
        await screenshot(page, 'admin-user-codes-zh');
      },
    );
    expectNoPageErrors(session);
  });
});
