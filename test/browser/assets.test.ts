import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { auditExchange } from '../../apps/api/src/areas';
import { usdtValuation } from '../../apps/api/src/modules/spot';
import { prismaSql } from '@exchange/kernel/db';
import {
  apiAnswer,
  byId,
  DEMO,
  expectNoPageErrors,
  latestCode,
  readNumber,
  screenshot,
  untilInPage,
  type Visit,
} from './browser';
import { ACCOUNT_LIST, confirmTransfer, currencyIds, fundedUser, shootSettled, type Account } from './assets';
import { LIGHT_CHINESE, useBrowser, useDatabase } from './fixtures';

/**
 * The assets area in a real browser (document 2, sections 2-5; document 3 for withdraw addresses). Erin is
 * made the way operators make users, so no other test file's balances are touched.
 */
const ERIN = { account: 'erin@assets.test', password: DEMO.password, tradePassword: '135790' };
const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const LIST = ACCOUNT_LIST;

describe('the assets area', () => {
  const browser = useBrowser();
  const prisma = useDatabase();
  let session: Visit;
  let page: Page;
  let userId: number;
  let ids: Record<string, number> = {};

  /** The user's balances as the server holds them, per currency name. */
  const stored = async () => {
    const rows = await prisma.wallet.findMany({ where: { user_id: userId }, include: { currency: true } });
    const pair = (free: { toFixed(): string }, locked: { toFixed(): string }): [string, string] => [
      free.toFixed(),
      locked.toFixed(),
    ];
    return new Map(
      rows.map((row): [string, Record<Account, [string, string]>] => [
        row.currency.name,
        {
          change: pair(row.change_balance, row.lock_change_balance),
          legal: pair(row.legal_balance, row.lock_legal_balance),
          lever: pair(row.lever_balance, row.lock_lever_balance),
          micro: pair(row.micro_balance, row.lock_micro_balance),
        },
      ]),
    );
  };

  /** Moves `amount` through a transfer page with its confirm dialog; answers the server's envelope. */
  const transferThroughPage = (amount: string) => confirmTransfer(page, amount);

  /** Every row of an account list shows what the server holds: available and frozen, coin by coin. */
  const expectListAgrees = async (account: Account) => {
    const ids = LIST[account];
    await session.open(ids.path);
    await byId(page, `assets-${account}`).waitFor();
    await byId(page, ids.row).first().waitFor();
    const balances = await stored();
    const rows = byId(page, ids.row);
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      const row = rows.nth(index);
      const coin = (await row.getAttribute('data-currency')) ?? '';
      const [available, frozen] = balances.get(coin)?.[account] ?? [
        { toFixed: () => '0' },
        { toFixed: () => '0' },
      ];
      const shownAvailable = (await row.locator(`[data-testid="${ids.available}"]`).innerText()).replace(
        /,/g,
        '',
      );
      const shownFrozen = (await row.locator(`[data-testid="${ids.frozen}"]`).innerText()).replace(/,/g, '');
      expect(new Money(shownAvailable).toFixed(), `${account} ${coin} available`).toBe(available);
      expect(new Money(shownFrozen).toFixed(), `${account} ${coin} frozen`).toBe(frozen);
    }
  };

  beforeAll(async () => {
    userId = await fundedUser(prisma, ERIN, { USDT: '1000', BTC: '0.5', HAP: '200' });
    ids = await currencyIds(prisma);
    session = await browser.open({ as: ERIN });
    page = session.page;
  });

  it('moves funds around all four accounts through the transfer pages', async () => {
    // Spot to fiat: only coins both accounts can hold are offered.
    await session.open(`/transferLegal?id=${ids.USDT}`);
    await byId(page, 'transfer-coin').waitFor();
    expect(await byId(page, 'transfer-from').getAttribute('data-account')).toBe('change');
    expect(await byId(page, 'transfer-to').getAttribute('data-account')).toBe('legal');
    const both = await prisma.currency.findMany({
      where: { is_display: 1, is_match: 1, is_legal: 1 },
      orderBy: { sort: 'asc' },
    });
    expect(await byId(page, 'transfer-coin').locator('option').allInnerTexts()).toEqual(
      both.map((currency) => currency.name),
    );
    // Refused on the screen, nothing sent: no amount, more than available.
    await byId(page, 'transfer-submit').click();
    await page.locator('.toast', { hasText: 'transfer amount' }).waitFor();
    await byId(page, 'transfer-amount').fill('1000.5');
    await byId(page, 'transfer-submit').click();
    await page.locator('.toast', { hasText: 'Insufficient balance' }).waitFor();
    await screenshot(page, 'assets-transfer-legal-dark');
    expect((await transferThroughPage('300')).type).toBe('ok');
    await untilInPage(page, "location.hash.startsWith('#/legal')");

    await session.open(`/transferLever?id=${ids.USDT}`);
    await byId(page, 'transfer-lever-page').waitFor();
    await byId(page, 'transfer-coin').waitFor();
    expect((await transferThroughPage('200')).type).toBe('ok');
    await untilInPage(page, "location.hash.startsWith('#/finance')");

    await session.open(`/transfermicro?id=${ids.HAP}`);
    await byId(page, 'transfer-coin').waitFor();
    expect(await byId(page, 'transfer-coin').inputValue()).toBe(String(ids.HAP));
    expect((await transferThroughPage('50')).type).toBe('ok');
    await untilInPage(page, "location.hash.startsWith('#/micro')");

    // The general page: any two accounts; lever to options, all of it, then fiat to lever after a swap.
    await session.open('/transfer');
    await byId(page, 'transfer-from-select').selectOption('lever');
    await byId(page, 'transfer-to-select').selectOption('micro');
    await byId(page, 'transfer-coin').selectOption({ label: 'USDT' });
    expect(readNumber(await byId(page, 'transfer-available').innerText())).toBe(200);
    expect((await transferThroughPage('all')).type).toBe('ok');
    await untilInPage(page, "location.hash.startsWith('#/micro')");
    await session.open('/transfer');
    await byId(page, 'transfer-from-select').selectOption('lever');
    await byId(page, 'transfer-to-select').selectOption('legal');
    await byId(page, 'transfer-swap').click();
    expect(await byId(page, 'transfer-from-select').inputValue()).toBe('legal');
    await byId(page, 'transfer-coin').selectOption({ label: 'USDT' });
    expect((await transferThroughPage('100')).type).toBe('ok');
    await untilInPage(page, "location.hash.startsWith('#/finance')");

    const balances = await stored();
    const usdt = balances.get('USDT');
    expect(usdt && Object.fromEntries(Object.entries(usdt).map(([key, [free]]) => [key, free]))).toEqual({
      change: '500',
      legal: '200',
      lever: '100',
      micro: '200',
    });
    expect(balances.get('HAP')?.micro[0]).toBe('50');

    // Every list agrees with the server, and its total is the server's.
    for (const account of ['change', 'legal', 'lever', 'micro'] as const) await expectListAgrees(account);
    await session.open('/micro');
    await byId(page, 'micro-account').waitFor();
    // Valued as the server values every balance: at the last trade of its USDT market. The market maker may
    // trade HAP meanwhile, so the page and the server are compared afresh at each look.
    const expectedMicro = async () => {
      const rows = await prisma.wallet.findMany({ where: { user_id: userId }, include: { currency: true } });
      const usdtPriceOf = await usdtValuation(prismaSql(prisma));
      return rows.reduce(
        (sum, row) =>
          sum.plus(
            new Money(row.micro_balance.toFixed())
              .plus(row.lock_micro_balance.toFixed())
              .times(usdtPriceOf(row.currency)),
          ),
        new Money(0),
      );
    };
    await expect
      .poll(async () => {
        const shown = readNumber(await byId(page, 'assets-total-usdt').innerText());
        return Math.abs(shown - (await expectedMicro()).toNumber());
      })
      .toBeLessThan(0.00005);
    await screenshot(page, 'assets-micro-dark');
    expect((await auditExchange(prisma)).problems).toEqual([]);
    expectNoPageErrors(session);
  });

  it('shows each account detail and the transfer record as the server has them', async () => {
    const details: [string, Account, string][] = [
      ['/legalAccount', 'lever', '100'],
      ['/dealAccount', 'legal', '200'],
      ['/microAccount', 'micro', '200'],
      ['/changeAccount', 'change', '500'],
    ];
    for (const [path, account, available] of details) {
      await session.open(`${path}?currency_id=${ids.USDT}`);
      await byId(page, `detail-${account}`).waitFor();
      await expect
        .poll(async () => (await byId(page, 'detail-available').innerText()).replace(/,/g, ''))
        .toBe(new Money(available).toFixed(8));
      expect(readNumber(await byId(page, 'detail-frozen').innerText())).toBe(0);
      expect(readNumber(await byId(page, 'detail-value').innerText())).toBe(Number(available));
      const logged = await prisma.accountLog.count({
        where: { user_id: userId, account, currency_id: ids.USDT },
      });
      await expect.poll(() => byId(page, 'detail-log-row').count()).toBe(Math.min(logged, 20));
      if (account === 'lever') await screenshot(page, 'assets-detail-lever-dark');
    }
    // Fewer rows than a page: no more to load.
    await byId(page, 'no-more').waitFor();

    await session.open('/transferRecord');
    await byId(page, 'transfer-record-row').first().waitFor();
    expect(await byId(page, 'transfer-record-row').count()).toBe(5);
    expect(readNumber(await byId(page, 'transfer-record-amount').first().innerText())).toBe(100);
    await screenshot(page, 'assets-transfer-record-dark');
    expectNoPageErrors(session);
  });

  it('opens the deposit panel with a QR code, binds an address, previews the fee and withdraws', async () => {
    await session.open('/dealFinance');
    const usdtRow = byId(page, 'assets-row').filter({ hasText: 'USDT' }).first();
    await usdtRow.waitFor();
    // Deposit and withdraw panels open one at a time; clicking again closes.
    await usdtRow.locator('[data-testid="assets-deposit"]').click();
    await byId(page, 'deposit-panel').waitFor();
    await byId(page, 'deposit-qr').locator('svg').waitFor();
    expect(await byId(page, 'deposit-address').innerText()).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await screenshot(page, 'assets-deposit-dark');
    await usdtRow.locator('[data-testid="assets-withdraw"]').click();
    await byId(page, 'withdraw-panel').waitFor();
    expect(await byId(page, 'deposit-panel').count()).toBe(0);
    await usdtRow.locator('[data-testid="assets-withdraw"]').click();
    await byId(page, 'withdraw-panel').waitFor({ state: 'detached' });

    // Solana's keys cannot derive from a public key: its deposits are closed, with no address and no QR code.
    const solRow = byId(page, 'assets-row').filter({ hasText: 'SOL' }).first();
    await solRow.locator('[data-testid="assets-deposit"]').click();
    await byId(page, 'deposit-closed').waitFor();
    expect(await byId(page, 'deposit-closed').innerText()).toContain('Deposits are closed for this network');
    expect(await byId(page, 'deposit-qr').count()).toBe(0);
    expect(await byId(page, 'deposit-address').count()).toBe(0);
    await screenshot(page, 'assets-deposit-closed-dark');
    await solRow.locator('[data-testid="assets-deposit"]').click();
    await byId(page, 'deposit-panel').waitFor({ state: 'detached' });
    // On a phone the deposit is its own page.
    await page.setViewportSize({ width: 390, height: 844 });
    await session.open(`/coinDeposit?currency_id=${ids.SOL}`);
    await byId(page, 'deposit-closed').waitFor();
    await screenshot(page, 'assets-deposit-closed-390-dark');
    await page.setViewportSize({ width: 1440, height: 900 });

    // No address bound yet: the withdraw panel's way to bind one is a button, and it leads to the binding page.
    await session.open('/dealFinance');
    await usdtRow.locator('[data-testid="assets-withdraw"]').click();
    const bindAddress = byId(page, 'withdraw-bind-address');
    await bindAddress.waitFor();
    expect(await bindAddress.getAttribute('class')).toContain('btn-primary');
    await byId(page, 'withdraw-no-address').scrollIntoViewIfNeeded();
    await screenshot(page, 'assets-withdraw-no-address-dark');
    await bindAddress.click();
    await byId(page, 'withdraw-address-page').waitFor();

    // Bind a withdraw address with the e-mailed code.
    await byId(page, 'address-coin').selectOption({ label: 'USDT' });
    await expect.poll(() => byId(page, 'address-chain').inputValue()).toBe('TRC20');
    await byId(page, 'address-submit').click();
    await page.locator('.toast', { hasText: 'coin address' }).waitFor();
    await byId(page, 'address-input').fill(TRON_ADDRESS);
    const sent = await apiAnswer(page, '/api/wallet/draw_address/code', 'GET', () =>
      byId(page, 'send-code').click(),
    );
    expect(sent.body.code).toBe(0);
    await expect.poll(() => byId(page, 'send-code').isDisabled()).toBe(true);
    await byId(page, 'address-code').fill(await latestCode(ERIN.account));
    const bound = await apiAnswer(page, '/api/wallet/draw_address', 'POST', () =>
      byId(page, 'address-submit').click(),
    );
    expect(bound.body.code, JSON.stringify(bound.body)).toBe(0);
    await expect.poll(() => byId(page, 'address-value').allInnerTexts()).toEqual([TRON_ADDRESS]);
    await screenshot(page, 'assets-withdraw-address-dark');

    // Withdraw 20 USDT: below the minimum first (the fee preview says so), then the fee and what arrives.
    await session.open('/dealFinance');
    await usdtRow.locator('[data-testid="assets-withdraw"]').click();
    await byId(page, 'withdraw-address').waitFor();
    expect(await byId(page, 'withdraw-address').locator('option').allInnerTexts()).toEqual([TRON_ADDRESS]);
    await byId(page, 'withdraw-amount').fill('5');
    await expect.poll(() => byId(page, 'withdraw-fee-error').innerText()).toContain('10');
    await byId(page, 'withdraw-amount').fill('20');
    await expect.poll(() => byId(page, 'withdraw-receive').innerText()).toContain('19');
    expect(await byId(page, 'withdraw-fee').innerText()).toContain('1 USDT');
    await byId(page, 'withdraw-submit').click();
    await page.locator('.toast', { hasText: 'trade password' }).waitFor();
    await byId(page, 'withdraw-password').fill(ERIN.tradePassword);
    await screenshot(page, 'assets-withdraw-dark');
    const out = await apiAnswer(page, '/api/wallet/out', 'POST', () => byId(page, 'withdraw-submit').click());
    expect(out.body.type, JSON.stringify(out.body)).toBe('ok');
    const usdt = (await stored()).get('USDT');
    expect(usdt?.change).toEqual(['480', '20']);
    await expect
      .poll(async () => readNumber(await usdtRow.locator('[data-testid="assets-frozen"]').innerText()))
      .toBe(20);

    // The withdrawal in the coin's withdraw record and in coinRecord's withdraw tab; deposits in the other.
    await session.open(`/tbrec?currency_id=${ids.USDT}`);
    await byId(page, 'record-row-sell').first().waitFor();
    expect(await byId(page, 'record-row-sell').count()).toBe(1);
    expect(readNumber(await byId(page, 'record-amount').first().innerText())).toBe(20);
    expect(await byId(page, 'record-status').first().getAttribute('data-status')).toBe('1');
    await session.open('/coinRecord');
    await byId(page, 'record-row-buy').first().waitFor();
    expect(await byId(page, 'record-row-buy').count()).toBe(3);
    await byId(page, 'record-tab-sell').click();
    await byId(page, 'record-row-sell').first().waitFor();
    expect(await byId(page, 'record-row-sell').count()).toBe(1);
    await screenshot(page, 'assets-coin-record-dark');

    // The address is deleted after a confirmation.
    await session.open('/withdraw_address');
    await byId(page, 'address-delete').click();
    await apiAnswer(page, '/api/wallet/deladdress', 'POST', () => byId(page, 'confirm-yes').click());
    await byId(page, 'address-empty').waitFor();
    expect(await prisma.withdrawAddress.count({ where: { user_id: userId } })).toBe(0);
    expect((await auditExchange(prisma)).problems).toEqual([]);
    expectNoPageErrors(session);
  });

  it('sends an online-payment deposit to the payment page, and refuses both panels while the wallet is closed', async () => {
    await session.open('/dealFinance');
    const usdtRow = byId(page, 'assets-row').filter({ hasText: 'USDT' }).first();
    await usdtRow.locator('[data-testid="assets-deposit"]').click();
    await byId(page, 'channel-payment').click();
    await byId(page, 'payment-amount').fill('20');
    expect(await byId(page, 'payment-bank').inputValue()).toBe('BCA');
    await screenshot(page, 'assets-payment-deposit-dark');
    await Promise.all([page.waitForURL(/\/api\/pay\/sandbox\/\d+/), byId(page, 'payment-submit').click()]);
    expect(await page.locator('h1').innerText()).toContain('Sandbox payment');
    expect(await prisma.paymentOrder.count({ where: { user_id: userId, status: 0 } })).toBe(1);

    // Document 2, section 4: with is_open_CTbi off, deposit and withdraw are refused with a not-open alert.
    await prisma.setting.update({ where: { key: 'is_open_CTbi' }, data: { value: '0' } });
    try {
      // A fresh load, so the wallet list is read with the setting off.
      await session.open('/dealFinance');
      await page.reload();
      await usdtRow.waitFor();
      await usdtRow.locator('[data-testid="assets-withdraw"]').click();
      await page.locator('.toast', { hasText: 'not open' }).waitFor();
      await usdtRow.locator('[data-testid="assets-deposit"]').click();
      expect(await byId(page, 'withdraw-panel').count()).toBe(0);
      expect(await byId(page, 'deposit-panel').count()).toBe(0);
    } finally {
      await prisma.setting.update({ where: { key: 'is_open_CTbi' }, data: { value: '1' } });
    }
    expectNoPageErrors(session);
  });

  it('looks right in light and in Chinese', () =>
    browser.visiting({ as: ERIN, storage: LIGHT_CHINESE }, async (light) => {
      const shots = [
        ['/dealFinance', 'assets-change', 'assets-change-light-zh'],
        ['/finance', 'assets-lever', 'assets-lever-light-zh'],
        ['/transfer', 'transfer-page', 'assets-transfer-light-zh'],
        [`/legalAccount?currency_id=${ids.USDT}`, 'detail-lever', 'assets-detail-light-zh'],
        ['/coinRecord', 'coin-record-page', 'assets-coin-record-light-zh'],
        ['/withdraw_address', 'withdraw-address-page', 'assets-withdraw-address-light-zh'],
        [
          `/coinWithdraw?currency_id=${ids.USDT}`,
          'withdraw-bind-address',
          'assets-withdraw-no-address-light-zh',
        ],
        [`/coinDeposit?currency_id=${ids.SOL}`, 'deposit-closed', 'assets-deposit-closed-light-zh'],
      ] as const;
      for (const shot of shots) {
        await shootSettled(light, shot, async () => {
          if (shot[0] !== '/dealFinance') return;
          expect(await byId(light.page, 'assets-nav-change').innerText()).toContain('币币账户');
          const row = byId(light.page, 'assets-row').filter({ hasText: 'USDT' }).first();
          await row.locator('[data-testid="assets-deposit"]').click();
          await byId(light.page, 'deposit-qr').locator('svg').waitFor();
        });
      }
    }));
});
