import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createOperator, totpCode, type OperatorRole } from '../../apps/api/src/modules/admin';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import type { Db } from '@exchange/kernel/db';
import { cashInfoOf } from '../p2p';
import { byId, clickOk, inPage, server, type Visit } from './browser';

/**
 * The operator console's browser steps that every console test takes, and the traders' side they act on,
 * made through the exchange's API as the traders' own clients make it.
 */

export interface Operator {
  login: string;
  password: string;
}

/** The passwords of the traders the console tests make (their accounts are unique to the run). */
export const TRADER_SECRETS = { password: 'Secret123', trade: '246810' };
export const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** Signs an operator in through the console's login form (with a two-factor code when one is given). */
export async function signInOperator(session: Visit, login: string, password: string, code = '') {
  await session.open('/admin/login');
  await byId(session.page, 'admin-login').fill(login);
  await byId(session.page, 'admin-password').fill(password);
  if (code) await byId(session.page, 'admin-code').fill(code);
  await clickOk(session.page, '/api/admin/login', () => byId(session.page, 'admin-submit').click());
}

/** Signs in an operator whose two-factor is settled (or a role without it) and waits for the dashboard. */
export async function openConsole(session: Visit, operator: Operator, code = '') {
  await signInOperator(session, operator.login, operator.password, code);
  await byId(session.page, 'admin-audit-status').waitFor();
}

/** Starts two-factor enrolment from the console's screen; answers the secret the QR code carries. */
export async function startEnrolment(page: Page): Promise<string> {
  await clickOk(page, '/api/admin/totp/setup', () => byId(page, 'admin-enrol-start').click());
  await byId(page, 'admin-qr').waitFor();
  return (await byId(page, 'admin-secret').textContent())?.trim() ?? '';
}

/** Confirms the enrolment with a code of the secret, as the authenticator app shows it; the dashboard opens. */
export async function confirmEnrolment(page: Page, secret: string) {
  await byId(page, 'admin-enrol-code').fill(totpCode(secret));
  await clickOk(page, '/api/admin/totp/confirm', () => byId(page, 'admin-enrol-confirm').click());
  await byId(page, 'admin-audit-status').waitFor();
}

export async function setTheme(page: Page, theme: 'dark' | 'light') {
  await inPage(page, `localStorage.setItem('theme', '${theme}')`);
  await page.reload();
}

/**
 * Shows the console in light (then `light` runs), then in Chinese too (then `chinese` runs), and puts it back
 * in dark English for the next test.
 */
export async function inLightThenChinese(
  page: Page,
  light: () => Promise<void>,
  chinese: () => Promise<void>,
) {
  await setTheme(page, 'light');
  await light();
  await byId(page, 'admin-language').click();
  await chinese();
  await byId(page, 'admin-language').click();
  await setTheme(page, 'dark');
}

/** A console call made from the signed-in operator's page with its own token; answers the envelope. */
export const adminPost = (page: Page, path: string, body: string) =>
  inPage<{ type: string; message: string }>(
    page,
    `fetch('${path}', { method: 'POST', headers: { Authorization: localStorage.getItem('admin_token'), 'content-type': 'application/x-www-form-urlencoded' }, body: '${body}' }).then((answer) => answer.json())`,
  );

/** A POST of the exchange's API as a client makes it (with a trader's or an operator's token, or none). */
export async function clientCall(path: string, body: Record<string, string>, token: string) {
  const answer = await fetch(`${server().baseUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
  return (await answer.json()) as { type: string; message: unknown };
}

/**
 * An operator made as `npm run ops -- operator:create` makes one (login `ROLE-SUFFIX`), signed in through the
 * API, and enrolled in two-factor where the role needs it (finance, admin).
 */
export async function enrolledOperator(prisma: Db, role: OperatorRole, suffix: string) {
  const login = `${role}-${suffix}`;
  const password = 'Routine-pass-2026';
  await createOperator(prisma, { login, role, password });
  const token = ((await clientCall('/api/admin/login', { login, password }, '')).message as { token: string })
    .token;
  if (role === 'support' || role === 'viewer') return { login, token, secret: '' };
  const secret = ((await clientCall('/api/admin/totp/setup', {}, token)).message as { secret: string })
    .secret;
  expect((await clientCall('/api/admin/totp/confirm', { code: totpCode(secret) }, token)).type).toBe('ok');
  return { login, token, secret };
}

/** A trader made as `npm run ops -- user:create` makes one, signed in through the API. */
export async function signedInTrader(prisma: Db, account: string, kycApproved: boolean) {
  const user = await createOpsUser(prisma, {
    account,
    password: TRADER_SECRETS.password,
    tradePassword: TRADER_SECRETS.trade,
    kycApproved,
    seller: false,
  });
  const login = await clientCall(
    '/api/user/login',
    { user_string: account, password: TRADER_SECRETS.password },
    '',
  );
  return { id: user.id, account, token: login.message as string };
}

/** A ready P2P trader (identity verified, payment account saved), signed in through the API. */
async function p2pParty(prisma: Db, name: string, suffix: string) {
  const trader = await signedInTrader(prisma, `${name}-${suffix}@test.exchange`, true);
  const saved = await clientCall('/api/user/cash_save', cashInfoOf(`${name}${trader.id}`), trader.token);
  expect(saved.type, JSON.stringify(saved)).toBe('ok');
  return trader;
}

/**
 * A c2c order of `amount` USDT that its buyer paid an hour ago and then appealed with `reason`: the seller's
 * coins sit in escrow. The parties are named `<name>-<suffix>@test.exchange`.
 */
export async function appealedOrder(
  prisma: Db,
  order: { seller: string; buyer: string; suffix: string; amount: string; reason: string },
) {
  const seller = await p2pParty(prisma, order.seller, order.suffix);
  const buyer = await p2pParty(prisma, order.buyer, order.suffix);
  await opsDeposit(prisma, { account: seller.account, currency: 'USDT', amount: order.amount });
  const password = TRADER_SECRETS.trade;
  const expectOk = (answer: { type: string }) => expect(answer.type, JSON.stringify(answer)).toBe('ok');
  expectOk(
    await clientCall(
      '/api/wallet/change',
      { currency_id: '1', number: order.amount, from_field: 'change', to_field: 'legal' },
      seller.token,
    ),
  );
  const ad = (await clientCall(
    '/api/c2c_send',
    {
      type: 'sell',
      way: 'bank',
      price: '7.10',
      total_number: order.amount,
      currency_id: '1',
      coin_code: 'CNY',
      password,
    },
    seller.token,
  )) as unknown as { type: string; data: { id: number } };
  expectOk(ad);
  const taken = await clientCall('/api/c2c/do_legal_deal', { id: String(ad.data.id), password }, buyer.token);
  const orderId = (taken.message as { data: { id: number } }).data.id;
  expectOk(await clientCall('/api/c2c/user_legal_pay', { id: String(orderId), password }, buyer.token));
  // Paid an hour ago: the wait before an appeal is over.
  await prisma.p2pOrder.update({
    where: { id: orderId },
    data: { paid_at: new Date(Date.now() - 3_600_000) },
  });
  expectOk(await clientCall('/api/c2c/appeal', { id: String(orderId), reason: order.reason }, buyer.token));
  return { orderId, buyer, seller };
}
