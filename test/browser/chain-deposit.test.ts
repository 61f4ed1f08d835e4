import type { Page } from 'playwright-core';
import { getAddress, parseEther, type Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOG_TYPES } from '@exchange/kernel/ledger';
import { auditExchange } from '../../apps/api/src/areas';
import { connectAnvil } from '../chain/anvil';
import { byId, DEMO, expectNoPageErrors, screenshot, server, type Visit } from './browser';
import { currencyIds, fundedUser } from './assets';
import { LIGHT_CHINESE, useBrowser, useDatabase } from './fixtures';

/**
 * A deposit on a real chain, as its owner watches it: the browser server watches anvil's ETH with 3
 * confirmations (server.ts). ETH sent to the user's address appears on the deposit screen counting its
 * confirmations, then is credited once, with a push that says so.
 */
const FRANK = { account: 'frank@chain.test', password: DEMO.password, tradePassword: '135790' };
/** Anvil's second account of its published mnemonic: a sender with 10,000 test ETH that no user holds. */
const SENDER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PHONE = { viewport: { width: 390, height: 844 } };

describe('a chain deposit on the deposit screen', () => {
  const browser = useBrowser();
  const prisma = useDatabase();
  const anvil = connectAnvil(server().anvilRpcUrl);
  let userId: number;
  let route: string;

  beforeAll(async () => {
    userId = await fundedUser(prisma, FRANK, {});
    route = `/coinDeposit?currency_id=${(await currencyIds(prisma)).ETH}`;
  });

  const confirmationsShown = (page: Page) => byId(page, 'deposit-pending-confirmations').first().innerText();

  it('shows ETH sent on anvil pending with its confirmations counting, then credits it once', async () => {
    const session: Visit = await browser.open({ as: FRANK, route });
    const { page } = session;
    await byId(page, 'deposit-pending-empty').waitFor();
    // The tip states the configured count, not a number written into the text.
    expect(await byId(page, 'deposit-tip-confirmations').innerText()).toContain('3 confirmations');
    const address = getAddress(await byId(page, 'deposit-address').innerText());

    const sent = await anvil.walletOf(SENDER).sendTransaction({ to: address, value: parseEther('0.5') });
    await anvil.publicClient.waitForTransactionReceipt({ hash: sent, pollingInterval: 50 });
    await byId(page, 'deposit-pending-row').waitFor();
    expect(await byId(page, 'deposit-pending-row').count()).toBe(1);
    expect(await confirmationsShown(page)).toBe('1 / 3 confirmations');
    expect(await byId(page, 'deposit-pending-row').innerText()).toContain('0.5');
    await screenshot(page, 'chain-deposit-pending-dark');

    // The same pending deposit in light Chinese, and on a phone.
    await browser.visiting({ as: FRANK, route, storage: LIGHT_CHINESE }, async ({ page: zh }) => {
      await byId(zh, 'deposit-pending-row').waitFor();
      expect(await confirmationsShown(zh)).toBe('1 / 3 个确认');
      await screenshot(zh, 'chain-deposit-pending-light-zh');
    });
    await browser.visiting({ as: FRANK, route, context: PHONE }, async ({ page: phone }) => {
      await byId(phone, 'deposit-pending-row').waitFor();
      await screenshot(phone, 'chain-deposit-pending-390');
    });

    await anvil.mine(1);
    await expect.poll(() => confirmationsShown(page)).toBe('2 / 3 confirmations');
    const balance = () =>
      prisma.wallet
        .findFirst({ where: { user_id: userId, currency: { name: 'ETH' } } })
        .then((wallet) => wallet?.change_balance.toFixed() ?? '0');
    expect(await balance()).toBe('0');

    await anvil.mine(1);
    await page.locator('.toast', { hasText: '0.5 ETH credited' }).waitFor();
    await byId(page, 'deposit-pending-empty').waitFor();
    expect(await balance()).toBe('0.5');
    await anvil.mine(5);
    const credits = await prisma.accountLog.count({
      where: { user_id: userId, type: LOG_TYPES.CHAIN_DEPOSIT },
    });
    expect(credits).toBe(1);
    expect(
      await prisma.chainDeposit.findMany({
        where: { deposit: { user_id: userId } },
        select: { state: true, tx_hash: true },
      }),
    ).toEqual([{ state: 'credited', tx_hash: sent }]);

    // The records show it done.
    await byId(page, 'deposit-records').click();
    await byId(page, 'record-row-buy').first().waitFor();
    expect(await byId(page, 'record-status').first().getAttribute('data-status')).toBe('2');
    expect((await auditExchange(prisma)).problems).toEqual([]);
    expectNoPageErrors(session);
    await session.close();
  });
});
