import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperator, totpCode } from '../../apps/api/src/modules/admin';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import {
  apiAnswer,
  byId,
  clickOk,
  expectNoPageErrors,
  screenshot,
  server,
  untilInPage,
  type Visit,
} from './browser';
import {
  adminPost,
  appealedOrder,
  clientCall,
  confirmEnrolment,
  inLightThenChinese,
  openConsole,
  signedInTrader,
  signInOperator,
  startEnrolment,
  TRADER_SECRETS,
  TRON,
} from './admin';
import { useBrowser, useDatabase } from './fixtures';
import { expectCleanAudit } from './p2p';

/**
 * Issue #15's "Done when" in a real browser: an operator made as `npm run ops -- operator:create` does
 * enrols two-factor from the QR screen (the test plays the authenticator app with the same library),
 * approves an identity, confirms a deposit, pays out a withdrawal, delists and relists a pair, publishes a
 * notice the home page then shows and reads a clean audit; a viewer sees no change buttons and the server
 * refuses the viewer's change anyway.
 */
const suffix = randomBytes(3).toString('hex');
const ADMIN = { login: `chief-${suffix}`, role: 'admin', password: 'Chief-pass-2026' };
const VIEWER = { login: `watcher-${suffix}`, role: 'viewer', password: 'Watcher-pass-2026' };
const TRADER = { account: `kyc-${suffix}@test.exchange`, ...TRADER_SECRETS };

const browser = useBrowser();
const prisma = useDatabase();
let operator: Visit;
let secret = '';

/** A trader who submitted their identity (three distinct photos) and asked to withdraw 30 USDT. */
async function traderWithWork(): Promise<{ id: number; token: string }> {
  const { id, token } = await signedInTrader(prisma, TRADER.account, false);
  const photos: string[] = [];
  for (const side of ['front', 'back', 'hand']) {
    const form = new FormData();
    const png = await QRCode.toBuffer(`${side}-${suffix}`, { width: 120 });
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `${side}.png`);
    const uploaded = await fetch(`${server().baseUrl}/api/upload`, {
      method: 'POST',
      headers: { Authorization: token },
      body: form,
    });
    photos.push(((await uploaded.json()) as { message: string }).message);
  }
  const submitted = await clientCall(
    '/api/user/real_name',
    {
      name: 'Kim Tester',
      card_id: `K${suffix}0001`,
      front_pic: photos[0] ?? '',
      reverse_pic: photos[1] ?? '',
      hand_pic: photos[2] ?? '',
    },
    token,
  );
  expect(submitted.type, JSON.stringify(submitted)).toBe('ok');
  await opsDeposit(prisma, { account: TRADER.account, currency: 'USDT', amount: '100' });
  const out = await clientCall(
    '/api/wallet/out',
    { currency: '1', number: '30', address: TRON, rate: '0', pay_password: TRADER.trade },
    token,
  );
  expect(out.type, JSON.stringify(out)).toBe('ok');
  return { id, token };
}

describe('the operator console', () => {
  let trader: { id: number; token: string };

  beforeAll(async () => {
    await createOperator(prisma, ADMIN);
    await createOperator(prisma, VIEWER);
    trader = await traderWithWork();
    operator = await browser.open();
  }, 120_000);

  it('an admin signs in, must enrol two-factor from the QR code, then reaches the dashboard', async () => {
    const { page } = operator;
    await signInOperator(operator, ADMIN.login, ADMIN.password);
    await byId(page, 'admin-enrol').waitFor();
    secret = await startEnrolment(page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'admin-enrol-dark');
    await confirmEnrolment(page, secret);
    expect(await byId(page, 'admin-audit-status').getAttribute('data-ok')).toBe('true');
    expect(await byId(page, 'admin-who').textContent()).toContain(`${ADMIN.login} · admin`);
    await screenshot(page, 'admin-dashboard-dark');
  });

  it('signs in again with password and code in one step; a wrong code reads like a wrong password', async () => {
    const { page } = operator;
    await clickOk(page, '/api/admin/logout', () => byId(page, 'admin-sign-out').click());
    await operator.open('/admin/login');
    await byId(page, 'admin-login').fill(ADMIN.login);
    await byId(page, 'admin-password').fill(ADMIN.password);
    await byId(page, 'admin-code').fill(totpCode(secret) === '000000' ? '111111' : '000000');
    const refused = await apiAnswer(page, '/api/admin/login', 'POST', () =>
      byId(page, 'admin-submit').click(),
    );
    expect(refused.body).toEqual({
      type: 'error',
      message: 'The login, password or two-factor code is incorrect',
    });
    await expect
      .poll(() => byId(page, 'admin-sign-in-error').textContent())
      .toBe('The login, password or two-factor code is incorrect');
    await screenshot(page, 'admin-sign-in-dark');
    // The next step's code: the enrolment used the current one, and each code signs in once.
    await openConsole(operator, ADMIN, totpCode(secret, Date.now() + 30_000));
  });

  it('approves the identity: the trader is verified and told', async () => {
    const { page } = operator;
    await byId(page, 'admin-nav-identities').click();
    const row = page.locator('[data-testid="admin-identity-row"]', { hasText: TRADER.account });
    await row.waitFor();
    await screenshot(page, 'admin-identities-dark');
    await clickOk(page, '/api/admin/identities/review', () =>
      row.locator('[data-testid="admin-approve"]').click(),
    );
    await row.waitFor({ state: 'detached' });
    const identity = await prisma.identityVerification.findUniqueOrThrow({ where: { user_id: trader.id } });
    expect(identity.review_status).toBe(2);
    expect(await prisma.messageOutbox.count({ where: { to: TRADER.account, scene: 'notice' } })).toBe(1);
  });

  it('confirms a chain deposit and pays out the withdrawal, with a fresh code; the audit stays clean', async () => {
    const { page } = operator;
    await byId(page, 'admin-nav-money').click();
    await byId(page, 'admin-totp').fill(totpCode(secret));
    await byId(page, 'admin-deposit-account').fill(TRADER.account);
    await byId(page, 'admin-deposit-amount').fill('25');
    await byId(page, 'admin-deposit-txid').fill(`0xbrowser-${suffix}`);
    await clickOk(page, '/api/admin/deposits/confirm', () => byId(page, 'admin-deposit-submit').click());
    const row = page.locator('[data-testid="admin-withdrawal-row"]', { hasText: TRADER.account });
    await row.locator('[data-testid="admin-withdrawal-txid"]').fill(`0xpaid-${suffix}`);
    await screenshot(page, 'admin-money-dark');
    await byId(page, 'admin-totp').fill(totpCode(secret));
    await clickOk(page, '/api/admin/withdrawals/finish', () =>
      row.locator('[data-testid="admin-withdrawal-complete"]').click(),
    );
    await row.waitFor({ state: 'detached' });
    const wallet = await prisma.wallet.findUniqueOrThrow({
      where: { user_id_currency_id: { user_id: trader.id, currency_id: 1 } },
    });
    expect([wallet.change_balance.toFixed(), wallet.lock_change_balance.toFixed()]).toEqual(['95', '0']);
    await expectCleanAudit('the console moved money');
  });

  it('delists and relists a pair: the market list follows', async () => {
    const { page } = operator;
    const listed = async () => {
      const answer = await fetch(`${server().baseUrl}/api/currency/quotation_new`);
      const groups = (
        (await answer.json()) as {
          message: { quotation: { symbol?: string; currency_name?: string; legal_name?: string }[] }[];
        }
      ).message;
      return groups.some((group) =>
        group.quotation.some((row) => `${row.currency_name}/${row.legal_name}` === 'ETH/USDT'),
      );
    };
    expect(await listed()).toBe(true);
    await byId(page, 'admin-nav-markets').click();
    const row = page.locator('[data-testid="admin-pair-row"][data-symbol="ETH/USDT"]');
    /** Toggles the pair's listing and waits until its button wears `buttonClass` (`btn-primary`: delisted). */
    const toggleListing = async (buttonClass: 'btn-primary' | 'btn-sell') => {
      await clickOk(page, '/api/admin/markets/flags', () =>
        row.locator('[data-testid="admin-list-toggle"]').click(),
      );
      await untilInPage(
        page,
        `document.querySelector('[data-symbol="ETH/USDT"] [data-testid="admin-list-toggle"]').classList.contains('${buttonClass}')`,
      );
    };
    await toggleListing('btn-primary');
    expect(await listed()).toBe(false);
    await screenshot(page, 'admin-markets-dark');
    await toggleListing('btn-sell');
    expect(await listed()).toBe(true);
  });

  it('resolves a P2P appeal: the escrow goes to the buyer', async () => {
    const { page } = operator;
    const { orderId, buyer } = await appealedOrder(prisma, {
      seller: 'seller',
      buyer: 'buyer',
      suffix,
      amount: '30',
      reason: 'no release',
    });
    await byId(page, 'admin-nav-appeals').click();
    const row = page.locator('[data-testid="admin-appeal-row"]', { hasText: buyer.account });
    await row.waitFor();
    await byId(page, 'admin-totp').fill(totpCode(secret));
    await byId(page, 'admin-reason').fill('bank statement checked');
    await screenshot(page, 'admin-appeals-dark');
    await clickOk(page, '/api/admin/appeals/resolve', () =>
      row.locator('[data-testid="admin-appeal-release"]').click(),
    );
    await row.waitFor({ state: 'detached' });
    const order = await prisma.p2pOrder.findUniqueOrThrow({ where: { id: orderId } });
    expect([order.resolution, order.resolution_reason]).toEqual(['release', 'bank statement checked']);
    const wallet = await prisma.wallet.findUniqueOrThrow({
      where: { user_id_currency_id: { user_id: buyer.id, currency_id: 1 } },
    });
    expect(wallet.legal_balance.toFixed()).toBe('30');
    await expectCleanAudit('the console resolved an appeal');
  });

  it('publishes a notice that the home page then shows', async () => {
    const { page } = operator;
    const title = `Operator notice ${suffix}`;
    await byId(page, 'admin-nav-notices').click();
    await byId(page, 'admin-notice-title').fill(title);
    await byId(page, 'admin-notice-abstract').fill('Published from the console');
    await clickOk(page, '/api/admin/notices/save', () => byId(page, 'admin-notice-publish').click());
    await page.locator('[data-testid="admin-notice-row"]', { hasText: title }).waitFor();
    await browser.visiting({ route: '/' }, async (home) => {
      await home.page.getByText(title).first().waitFor();
    });
  });

  it('shows the dashboard in light and in Chinese, with the audit green', async () => {
    const { page } = operator;
    await byId(page, 'admin-nav-dashboard').click();
    await inLightThenChinese(
      page,
      async () => {
        await byId(page, 'admin-audit-status').waitFor();
        expect(await byId(page, 'admin-audit-status').getAttribute('data-ok')).toBe('true');
        await screenshot(page, 'admin-dashboard-light');
      },
      async () => {
        await page.getByText('账本审计').waitFor();
        await screenshot(page, 'admin-dashboard-light-zh');
      },
    );
    expectNoPageErrors(operator);
  });

  it('a viewer sees no change buttons, and the server refuses the viewer and a trader anyway', async () => {
    await browser.visiting({}, async (viewer) => {
      const { page } = viewer;
      await openConsole(viewer, VIEWER);
      await byId(page, 'admin-nav-markets').click();
      await byId(page, 'admin-read-only').waitFor();
      await page.locator('[data-testid="admin-pair-row"]').first().waitFor();
      expect(await byId(page, 'admin-list-toggle').count()).toBe(0);
      await screenshot(page, 'admin-viewer-markets-dark');
      await byId(page, 'admin-nav-users').click();
      await byId(page, 'admin-user-search').fill(TRADER.account);
      await page.locator('[data-testid="admin-user-row"]', { hasText: TRADER.account }).click();
      await page.locator('[data-testid="admin-user-detail"]', { hasText: TRADER.account }).waitFor();
      await screenshot(page, 'admin-viewer-users-dark');
      await byId(page, 'admin-nav-money').click();
      await byId(page, 'admin-read-only').waitFor();
      expect(await byId(page, 'admin-deposit-submit').count()).toBe(0);
      expect(await byId(page, 'admin-withdrawal-complete').count()).toBe(0);
      const refused = await adminPost(page, '/api/admin/markets/flags', 'id=1&is_display=0');
      expect(refused).toEqual({ type: 'error', message: 'Your role may not do this' });
      const asTrader = await fetch(`${server().baseUrl}/api/admin/dashboard`, {
        headers: { Authorization: trader.token },
      });
      expect(await asTrader.json()).toEqual({ type: '999', message: 'Operator sign-in required' });
    });
  });
});
