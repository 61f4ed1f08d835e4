import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { auditExchange } from '../../apps/api/src/areas';
import {
  apiAnswer,
  byId,
  DEMO,
  expectNoPageErrors,
  inPage,
  latestCode,
  readNumber,
  screenshot,
  server,
  untilInPage,
  type Visit,
} from './browser';
import { ACCOUNT_LIST, confirmTransfer, currencyIds, fundedUser, shootSettled, type Account } from './assets';
import { LIGHT_CHINESE, useBrowser, useDatabase } from './fixtures';

/**
 * The assets area from outside, second pass (document 2, sections 2-5; document 3, sections 2-4): transfers in
 * four directions with every detail page read against the server's own answers, the deposit and withdraw
 * pages with both channels against the sandbox payment provider, the withdraw-address code's countdown
 * against what the server enforces, and the older fiat and contract pages. Fiona is made the way operators
 * make users, so no other test file's balances are touched.
 */
const FIONA = { account: 'fiona@assets-pages.test', password: DEMO.password, tradePassword: '246810' };
const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const DETAIL_PATH: Record<Account, string> = {
  change: '/changeAccount',
  legal: '/dealAccount',
  lever: '/legalAccount',
  micro: '/microAccount',
};

/** A figure as the page shows it ("1,234.50000000"), as the server writes it ("1234.5"). */
const plain = (text: string) => new Money(text.replace(/,/g, '').trim()).toFixed();

interface BalanceItem {
  currency: number;
  currency_name: string;
  [field: string]: string | number | boolean | undefined;
}
type WalletGroups = Record<`${Account}_wallet`, { balance: BalanceItem[] }>;

describe('the assets pages, from outside', () => {
  const browser = useBrowser();
  const prisma = useDatabase();
  let session: Visit;
  let page: Page;
  let userId: number;
  let ids: Record<string, number> = {};

  /** One coin's balances as the server holds them. */
  const stored = async (coin: string) => {
    const row = await prisma.wallet.findUniqueOrThrow({
      where: { user_id_currency_id: { user_id: userId, currency_id: ids[coin] ?? 0 } },
    });
    return {
      change: [row.change_balance.toFixed(), row.lock_change_balance.toFixed()],
      legal: [row.legal_balance.toFixed(), row.lock_legal_balance.toFixed()],
      lever: [row.lever_balance.toFixed(), row.lock_lever_balance.toFixed()],
      micro: [row.micro_balance.toFixed(), row.lock_micro_balance.toFixed()],
    };
  };

  /** Moves `amount` of USDT on the general transfer page between two accounts, through its confirm dialog. */
  const transferOnPage = async (from: Account, to: Account, amount: string) => {
    await session.open('/transfer');
    await byId(page, 'transfer-from-select').selectOption(from);
    await byId(page, 'transfer-to-select').selectOption(to);
    await byId(page, 'transfer-coin').selectOption({ label: 'USDT' });
    const body = await confirmTransfer(page, amount);
    expect(body, `${from} → ${to}`).toEqual({ type: 'ok', message: expect.any(String) });
    // A success goes to the receiving account's list after 1 s; opening the next page sooner races it.
    await untilInPage(page, `location.hash.startsWith('#${ACCOUNT_LIST[to].path}')`);
  };

  /** Opens an assets page and answers what the server said to the page's own `/api/wallet/list` call. */
  const openWithList = async (route: string) => {
    const { body } = await apiAnswer(page, '/api/wallet/list', 'POST', () => session.open(route));
    expect(body.type).toBe('ok');
    return body.message as WalletGroups;
  };

  /** Every row of a balance table shows the available and frozen amounts of the server's answer. */
  const expectRowsAgree = async (
    list: WalletGroups,
    account: Account,
    testIds: { row: string; available: string; frozen: string },
  ) => {
    await byId(page, testIds.row).first().waitFor();
    const answered = list[`${account}_wallet`].balance;
    const rows = byId(page, testIds.row);
    expect(await rows.count()).toBe(answered.length);
    for (const item of answered) {
      const row = rows.filter({ has: page.locator(`strong:text-is("${item.currency_name}")`) }).first();
      const available = await row.locator(`[data-testid="${testIds.available}"]`).innerText();
      const frozen = await row.locator(`[data-testid="${testIds.frozen}"]`).innerText();
      expect(plain(available), `${account} ${item.currency_name}`).toBe(
        new Money(String(item[`${account}_balance`])).toFixed(),
      );
      expect(plain(frozen), `${account} ${item.currency_name} frozen`).toBe(
        new Money(String(item[`lock_${account}_balance`])).toFixed(),
      );
    }
  };

  beforeAll(async () => {
    userId = await fundedUser(prisma, FIONA, { USDT: '1000', BTC: '0.5' });
    ids = await currencyIds(prisma);
    session = await browser.open({ as: FIONA });
    page = session.page;
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server().baseUrl,
    });
  });

  it('moves USDT in four directions, and every list and detail page shows what /api/wallet answers', async () => {
    await transferOnPage('change', 'legal', '300');
    await transferOnPage('legal', 'lever', '100');
    await transferOnPage('lever', 'micro', '40');
    await transferOnPage('micro', 'change', '15');
    const usdt = await stored('USDT');
    expect(usdt).toEqual({
      change: ['715', '0'],
      legal: ['200', '0'],
      lever: ['60', '0'],
      micro: ['25', '0'],
    });

    for (const account of ['change', 'legal', 'lever', 'micro'] as const)
      await expectRowsAgree(await openWithList(ACCOUNT_LIST[account].path), account, ACCOUNT_LIST[account]);

    for (const account of ['change', 'legal', 'lever', 'micro'] as const) {
      const { body } = await apiAnswer(page, '/api/wallet/detail', 'POST', () =>
        session.open(`${DETAIL_PATH[account]}?currency_id=${ids.USDT}`),
      );
      const detail = body.message as Record<string, string>;
      expect(new Money(detail[`${account}_balance`] ?? 'NaN').toFixed(), account).toBe(usdt[account][0]);
      await expect
        .poll(async () => plain(await byId(page, 'detail-available').innerText()), { message: account })
        .toBe(new Money(detail[`${account}_balance`] ?? 'NaN').toFixed());
      expect(plain(await byId(page, 'detail-frozen').innerText())).toBe(
        new Money(detail[`lock_${account}_balance`] ?? 'NaN').toFixed(),
      );
      // The newest log line of the account is this test's last transfer touching it, with its signed amount.
      const newest = await prisma.accountLog.findFirstOrThrow({
        where: { user_id: userId, account, currency_id: ids.USDT },
        orderBy: { id: 'desc' },
      });
      await expect
        .poll(async () => readNumber(await byId(page, 'detail-log-value').first().innerText()))
        .toBe(Number(newest.delta.toFixed()));
    }
    expect((await auditExchange(prisma)).problems).toEqual([]);
    expectNoPageErrors(session);
  });

  it('has a deposit page of its own: address, QR, copy, tips, records; and pays through the sandbox channel', async () => {
    // From the list: the panel under the coin row links to the same panel as a page.
    await session.open('/dealFinance');
    const usdtRow = byId(page, 'assets-row').filter({ hasText: 'USDT' }).first();
    await usdtRow.locator('[data-testid="assets-deposit"]').click();
    const listed = await byId(page, 'deposit-address').innerText();
    await screenshot(page, 'assets-deposit-panel-dark');
    await byId(page, 'deposit-open-page').click();
    await untilInPage(page, `location.hash === '#/coinDeposit?currency_id=${ids.USDT}'`);
    await byId(page, 'coin-page-deposit').waitFor();
    expect(await byId(page, 'deposit-open-page').count()).toBe(0);
    expect(await byId(page, 'deposit-address').innerText()).toBe(listed);
    await byId(page, 'deposit-qr').locator('svg').waitFor();
    expect(await byId(page, 'deposit-records').getAttribute('href')).toBe(
      `#/coinRecord?currency_id=${ids.USDT}`,
    );
    await byId(page, 'deposit-copy').click();
    await page.locator('.toast', { hasText: 'Copied' }).waitFor();
    expect(await inPage(page, 'navigator.clipboard.readText()')).toBe(listed);
    await screenshot(page, 'assets-coin-deposit-dark');

    // Another coin from the chooser: its own address, in its network's format, and the link follows.
    await byId(page, 'coin-page-coin').selectOption({ label: 'BTC' });
    await untilInPage(page, `location.hash === '#/coinDeposit?currency_id=${ids.BTC}'`);
    await expect.poll(() => byId(page, 'deposit-address').innerText()).not.toBe(listed);
    const btcWallet = await prisma.wallet.findUniqueOrThrow({
      where: { user_id_currency_id: { user_id: userId, currency_id: ids.BTC ?? 0 } },
    });
    expect(await byId(page, 'deposit-address').innerText()).toBe(btcWallet.address);

    // The online-payment channel, pay type 2 (scan code), paid on the sandbox provider's checkout page.
    await byId(page, 'coin-page-coin').selectOption({ label: 'USDT' });
    await byId(page, 'channel-payment').click();
    await byId(page, 'payment-deposit').locator('input[name="pay-type"]').nth(1).check();
    await byId(page, 'payment-submit').click();
    await page.locator('.toast', { hasText: 'amount' }).waitFor();
    await byId(page, 'payment-amount').fill('20');
    await screenshot(page, 'assets-coin-deposit-payment-dark');
    await Promise.all([page.waitForURL(/\/api\/pay\/sandbox\/\d+/), byId(page, 'payment-submit').click()]);
    const order = await prisma.paymentOrder.findFirstOrThrow({
      where: { user_id: userId },
      orderBy: { id: 'desc' },
    });
    expect({ amount: order.amount.toFixed(), pay_type: order.pay_type, status: order.status }).toEqual({
      amount: '20',
      pay_type: 2,
      status: 0,
    });
    await Promise.all([
      page.waitForResponse((answer) => answer.url().includes('/api/pay/notify/sandbox')),
      page.locator('button', { hasText: 'Pay now' }).click(),
    ]);
    await expect
      .poll(async () => (await prisma.paymentOrder.findUniqueOrThrow({ where: { id: order.id } })).status)
      .toBe(1);
    expect((await stored('USDT')).change).toEqual(['735', '0']);

    // Back on the exchange, the deposit records list the payment.
    await session.open(`/coinRecord?currency_id=${ids.USDT}`);
    await byId(page, 'record-row-buy').first().waitFor();
    expect(readNumber(await byId(page, 'record-amount').first().innerText())).toBe(20);
    expect((await auditExchange(prisma)).problems).toEqual([]);
    expectNoPageErrors(session);
  });

  it('counts the withdraw-address code down exactly as long as the server makes the user wait', async () => {
    await session.open('/withdraw_address');
    await byId(page, 'address-coin').selectOption({ label: 'USDT' });
    await byId(page, 'address-input').fill(TRON_ADDRESS);
    const sent = await apiAnswer(page, '/api/wallet/draw_address/code', 'GET', () =>
      byId(page, 'send-code').click(),
    );
    expect(sent.body.code).toBe(0);
    await expect.poll(() => byId(page, 'send-code').isDisabled()).toBe(true);
    expect(readNumber(await byId(page, 'send-code').innerText())).toBeGreaterThanOrEqual(28);
    expect(readNumber(await byId(page, 'send-code').innerText())).toBeLessThanOrEqual(30);
    // The moment the button offers a new code, the server sends one: the countdown is the server's wait.
    await expect.poll(() => byId(page, 'send-code').isEnabled(), { timeout: 35_000 }).toBe(true);
    const again = await apiAnswer(page, '/api/wallet/draw_address/code', 'GET', () =>
      byId(page, 'send-code').click(),
    );
    expect(again.body).toEqual({ code: 0, msg: 'Verification code sent' });
    await byId(page, 'address-code').fill(await latestCode(FIONA.account));
    const bound = await apiAnswer(page, '/api/wallet/draw_address', 'POST', () =>
      byId(page, 'address-submit').click(),
    );
    expect(bound.body.code, JSON.stringify(bound.body)).toBe(0);
    await expect.poll(() => byId(page, 'address-value').allInnerTexts()).toEqual([TRON_ADDRESS]);
    expectNoPageErrors(session);
  });

  it('has a withdraw page of its own: crypto with the fee preview, and online payment to the bound card', async () => {
    await session.open('/dealFinance');
    const usdtRow = byId(page, 'assets-row').filter({ hasText: 'USDT' }).first();
    await usdtRow.locator('[data-testid="assets-withdraw"]').click();
    await byId(page, 'withdraw-open-page').click();
    await untilInPage(page, `location.hash === '#/coinWithdraw?currency_id=${ids.USDT}'`);
    await byId(page, 'coin-page-withdraw').waitFor();
    await expect.poll(async () => readNumber(await byId(page, 'withdraw-available').innerText())).toBe(735);

    // Refused on the screen or by the server with a clear message, nothing changed.
    await byId(page, 'withdraw-address').waitFor();
    await byId(page, 'withdraw-amount').fill('5');
    await expect.poll(() => byId(page, 'withdraw-fee-error').innerText()).toContain('10');
    await byId(page, 'withdraw-amount').fill('735.5');
    await byId(page, 'withdraw-submit').click();
    await page.locator('.toast', { hasText: 'Insufficient balance' }).waitFor();
    await byId(page, 'withdraw-amount').fill('20');
    await expect.poll(() => byId(page, 'withdraw-receive').innerText()).toContain('19');
    await byId(page, 'withdraw-password').fill('000000');
    const wrong = await apiAnswer(page, '/api/wallet/out', 'POST', () =>
      byId(page, 'withdraw-submit').click(),
    );
    expect(wrong.body).toEqual({ type: 'error', message: 'The trade password is incorrect' });
    expect((await stored('USDT')).change).toEqual(['735', '0']);

    await byId(page, 'withdraw-password').fill(FIONA.tradePassword);
    await screenshot(page, 'assets-coin-withdraw-dark');
    const out = await apiAnswer(page, '/api/wallet/out', 'POST', () => byId(page, 'withdraw-submit').click());
    expect(out.body.type, JSON.stringify(out.body)).toBe('ok');
    expect((await stored('USDT')).change).toEqual(['715', '20']);
    await expect.poll(async () => readNumber(await byId(page, 'withdraw-available').innerText())).toBe(715);

    // Online payment: no card yet, so the page sends the user straight to the bank-card form.
    await byId(page, 'channel-payment').click();
    await byId(page, 'payment-bind-card').click();
    await byId(page, 'bank-card').waitFor();
    await byId(page, 'bank-name').fill('Fiona Test');
    await byId(page, 'bank-account').fill('1234567890');
    const saved = await apiAnswer(page, '/api/user/add_bank', 'POST', () =>
      byId(page, 'bank-submit').click(),
    );
    expect(saved.body.type).toBe('ok');
    await session.open(`/coinWithdraw?currency_id=${ids.USDT}`);
    await byId(page, 'channel-payment').click();
    await expect.poll(() => byId(page, 'payment-card').innerText()).toContain('1234567890');
    await byId(page, 'withdraw-amount').fill('30');
    await expect.poll(() => byId(page, 'withdraw-receive').innerText()).toContain('29');
    await byId(page, 'withdraw-password').fill(FIONA.tradePassword);
    await screenshot(page, 'assets-coin-withdraw-payment-dark');
    const paid = await apiAnswer(page, '/api/wallet/out_pay', 'POST', () =>
      byId(page, 'payment-withdraw-submit').click(),
    );
    expect(paid.body.type, JSON.stringify(paid.body)).toBe('ok');
    const payout = await prisma.withdrawal.findFirstOrThrow({
      where: { user_id: userId },
      orderBy: { id: 'desc' },
    });
    expect({ channel: payout.channel, number: payout.number.toFixed(), status: payout.status }).toEqual({
      channel: 'payment',
      number: '30',
      status: 1,
    });
    expect((await stored('USDT')).change).toEqual(['685', '50']);

    await session.open(`/tbrec?currency_id=${ids.USDT}`);
    await expect.poll(() => byId(page, 'record-row-sell').count()).toBe(2);
    expect((await auditExchange(prisma)).problems).toEqual([]);
    expectNoPageErrors(session);
  });

  it('shows the older fiat page, the contract finance record and contract management on real data', async () => {
    // The older fiat account page: the fiat balances the server answers, deposit address, withdraw, record.
    const list = await openWithList('/legalFinance');
    await byId(page, 'legal-finance-page').waitFor();
    await expectRowsAgree(list, 'legal', {
      row: 'legal-finance-row',
      available: 'legal-finance-available',
      frozen: 'legal-finance-frozen',
    });
    const usdtRow = byId(page, 'legal-finance-row').filter({ hasText: 'USDT' }).first();
    expect(await usdtRow.locator('[data-testid="legal-finance-deposit"]').getAttribute('href')).toBe(
      `#/coinDeposit?currency_id=${ids.USDT}`,
    );
    expect(await usdtRow.locator('[data-testid="legal-finance-withdraw"]').getAttribute('href')).toBe(
      `#/coinWithdraw?currency_id=${ids.USDT}`,
    );
    await screenshot(page, 'assets-legal-finance-dark');
    await usdtRow.locator('[data-testid="legal-finance-record"]').click();
    await untilInPage(page, `location.hash === '#/dealAccount?currency_id=${ids.USDT}'`);
    await expect.poll(async () => readNumber(await byId(page, 'detail-available').innerText())).toBe(200);

    // Contract management, reached from the contract account's list: its balances and a transfer out.
    await session.open('/finance');
    await byId(page, 'lever-manger-link').click();
    await untilInPage(page, "location.hash === '#/lever_manger'");
    const managed = await openWithList('/lever_manger');
    await expectRowsAgree(managed, 'lever', {
      row: 'manger-row',
      available: 'manger-available',
      frozen: 'manger-frozen',
    });
    await screenshot(page, 'assets-manger-dark');
    await byId(page, 'manger-row')
      .filter({ hasText: 'USDT' })
      .first()
      .locator('[data-testid="manger-transfer-out"]')
      .click();
    await byId(page, 'transfer-lever-page').waitFor();
    expect(await byId(page, 'transfer-from').getAttribute('data-account')).toBe('lever');
    expect(await byId(page, 'transfer-to').getAttribute('data-account')).toBe('change');
    await byId(page, 'transfer-amount').fill('10');
    await byId(page, 'transfer-submit').click();
    const moved = await apiAnswer(page, '/api/wallet/change', 'POST', () =>
      byId(page, 'confirm-yes').click(),
    );
    expect(moved.body.type).toBe('ok');
    expect((await stored('USDT')).lever).toEqual(['50', '0']);

    // Leaving within the second before the success redirect: the user stays where they went.
    await session.open('/manger');
    await byId(page, 'manger-row').first().waitFor();
    await new Promise((wake) => setTimeout(wake, 1_500));
    expect(await inPage(page, 'location.hash')).toBe('#/manger');

    // The finance record: the contract account's own log, newest first, as the server has it.
    await byId(page, 'manger-finanrec').click();
    await untilInPage(page, "location.hash === '#/finanrec'");
    const logs = await prisma.accountLog.findMany({
      where: { user_id: userId, account: 'lever' },
      orderBy: { id: 'desc' },
    });
    await expect.poll(() => byId(page, 'account-log-row').count()).toBe(logs.length);
    expect((await byId(page, 'account-log-value').allInnerTexts()).map(readNumber)).toEqual(
      logs.map((log) => Number(log.delta.toFixed())),
    );
    const accounts = await byId(page, 'account-log-row').evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-account')),
    );
    expect(new Set(accounts)).toEqual(new Set(['lever']));
    await screenshot(page, 'assets-finanrec-dark');
    expect((await auditExchange(prisma)).problems).toEqual([]);
    expectNoPageErrors(session);
  });

  it('looks right in light, and in Chinese', async () => {
    const pages: [string, string, string][] = [
      [`/coinDeposit?currency_id=${ids.USDT}`, 'deposit-qr', 'assets-coin-deposit'],
      [`/coinWithdraw?currency_id=${ids.USDT}`, 'withdraw-address', 'assets-coin-withdraw'],
      ['/legalFinance', 'legal-finance-row', 'assets-legal-finance'],
      ['/lever_manger', 'manger-row', 'assets-manger'],
      ['/finanrec', 'account-log-row', 'assets-finanrec'],
      ['/withdraw_address', 'address-row', 'assets-withdraw-address'],
    ];
    for (const [storage, suffix] of [
      [{ theme: 'light' }, 'light'],
      [LIGHT_CHINESE, 'light-zh'],
      [{ theme: 'dark', locale: 'zh' }, 'dark-zh'],
    ] as const) {
      await browser.visiting({ as: FIONA, storage }, async (other) => {
        for (const [route, ready, name] of pages) {
          await shootSettled(other, [route, ready, `${name}-${suffix}`], async () => {
            if ('locale' in storage && route === '/legalFinance')
              expect(await byId(other.page, 'legal-finance-hint').innerText()).toContain('币币账户');
          });
        }
      });
    }
  });
});
