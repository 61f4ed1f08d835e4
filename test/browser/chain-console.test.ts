import { randomBytes } from 'node:crypto';
import { getAddress, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperator, totpCode } from '../../apps/api/src/modules/admin';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import { connectAnvil } from '../chain/anvil';
import { byId, clickOk, screenshot, server, type Visit } from './browser';
import { clientCall, openConsole, setTheme, signedInTrader, TRADER_SECRETS } from './admin';
import { currencyIds } from './assets';
import { useBrowser, useDatabase } from './fixtures';
import { expectCleanAudit } from './p2p';

/**
 * The console's side of the chains, against the browser server's anvil and its hot wallet (server.ts): a
 * withdrawal approved for the signer is followed on the money page (state, transaction, confirmations)
 * beside the hot wallet's balance, and a credited deposit a reorganisation replaced carries a badge.
 */
const suffix = randomBytes(3).toString('hex');
const FINANCE = { login: `cashier-${suffix}`, role: 'finance' as const, password: 'Cashier-pass-2026' };
const TRADER = `chain-${suffix}@test.exchange`;

/** Enrols the operator's two-factor through the API, as its first sign-in would; answers the secret. */
async function enrolled(): Promise<string> {
  const call = (path: string, body: Record<string, string>, token = '') =>
    fetch(`${server().baseUrl}/api/admin/${path}`, {
      method: 'POST',
      headers: { Authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    }).then((answer) => answer.json() as Promise<{ type: string; message: Record<string, string> }>);
  const { token } = (await call('login', { login: FINANCE.login, password: FINANCE.password })).message;
  const { secret } = (await call('totp/setup', {}, token)).message;
  // The last window's code (still accepted): the sign-in and the approval take this one's and the next's.
  await call('totp/confirm', { code: totpCode(secret ?? '', Date.now() - 30_000) }, token);
  return secret ?? '';
}

describe('the chains in the operator console', () => {
  const browser = useBrowser();
  const prisma = useDatabase();
  const anvil = connectAnvil(server().anvilRpcUrl);
  let session: Visit;
  let secret = '';
  let userId = 0;
  let traderToken = '';
  let withdrawalId = 0;
  const to = privateKeyToAccount(generatePrivateKey()).address;

  beforeAll(async () => {
    await createOperator(prisma, FINANCE);
    secret = await enrolled();
    const trader = await signedInTrader(prisma, TRADER, true);
    userId = trader.id;
    traderToken = trader.token;
    await opsDeposit(prisma, { account: TRADER, currency: 'ETH', amount: '3' });
    const out = await clientCall(
      '/api/wallet/out',
      {
        currency: String((await currencyIds(prisma)).ETH),
        number: '1',
        address: to,
        pay_password: TRADER_SECRETS.trade,
      },
      trader.token,
    );
    expect(out.type, JSON.stringify(out)).toBe('ok');
    withdrawalId = (await prisma.withdrawal.findFirstOrThrow({ where: { user_id: userId } })).id;
    session = await browser.open();
    await openConsole(session, FINANCE, totpCode(secret));
  }, 120_000);

  it('pays a withdrawal approved for the signer from the hot wallet, followed to its confirmations', async () => {
    const { page } = session;
    await byId(page, 'admin-nav-money').click();
    await byId(page, 'admin-hot-wallet-row').waitFor();
    expect(await byId(page, 'admin-hot-balance').first().innerText()).toContain('50 ETH');
    const row = page.locator('[data-testid="admin-withdrawal-row"]', { hasText: to });
    expect(await row.locator('[data-testid="admin-signer"]').count()).toBe(0);
    await byId(page, 'admin-totp').fill(totpCode(secret, Date.now() + 30_000));
    await clickOk(page, '/api/admin/withdrawals/approve', () =>
      row.locator('[data-testid="admin-withdrawal-approve"]').click(),
    );
    // The signer worker signs, stores and broadcasts it; anvil mines it at once: 1 of 3 confirmations.
    await expect
      .poll(
        async () =>
          (await prisma.chainWithdrawal.findUnique({ where: { withdrawal_id: withdrawalId } }))?.state,
      )
      .toBe('confirming');
    await page.reload();
    const signer = row.locator('[data-testid="admin-signer"]');
    await expect.poll(() => signer.getAttribute('data-state')).toBe('confirming');
    const transfer = await prisma.chainTransfer.findFirstOrThrow({ where: { withdrawal_id: withdrawalId } });
    expect(await signer.locator('[data-testid="admin-signer-tx"]').getAttribute('title')).toBe(
      transfer.tx_hash,
    );
    expect(await signer.locator('[data-testid="admin-signer-confirmations"]').innerText()).toBe(
      'Confirmations: 1',
    );
    await screenshot(page, 'admin-money-signer-dark');
    await setTheme(page, 'light');
    await byId(page, 'admin-hot-wallet-row').waitFor();
    await screenshot(page, 'admin-money-signer-light');
    await setTheme(page, 'dark');

    await anvil.mine(2);
    await expect
      .poll(async () => (await prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawalId } })).status)
      .toBe(2);
    expect(await anvil.publicClient.getBalance({ address: to })).toBe(parseEther('0.997'));
    expect(await prisma.chainTransfer.count({ where: { withdrawal_id: withdrawalId } })).toBe(1);
    await page.reload();
    await byId(page, 'admin-hot-wallet-row').waitFor();
    expect(await row.count()).toBe(0);
  });

  it('marks a credited deposit whose block a reorganisation replaced', async () => {
    const { page } = session;
    const answer = await clientCall('/api/wallet/get_in_address', { currency: 'ETH' }, traderToken);
    const address = getAddress((answer.message as { address: string }).address);
    const snapshot = await anvil.snapshot();
    await anvil.sendEth(address, parseEther('0.25'));
    await anvil.mine(3);
    const credited = () =>
      prisma.chainDeposit.findFirst({ where: { to_address: address }, orderBy: { id: 'desc' } });
    await expect.poll(async () => (await credited())?.state).toBe('credited');
    await anvil.revert(snapshot);
    await anvil.mine(6);
    await expect.poll(async () => (await credited())?.state).toBe('reorged');

    await page.reload();
    const badge = page
      .locator('[data-testid="admin-deposit-row"]', { hasText: TRADER })
      .locator('[data-testid="admin-deposit-reorged"]');
    await badge.waitFor();
    await screenshot(page, 'admin-money-reorg-dark');
    await expectCleanAudit('a reorged deposit keeps its credit');
  });
});
