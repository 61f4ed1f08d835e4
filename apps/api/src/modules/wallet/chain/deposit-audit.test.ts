import { erc20Abi, getAddress, parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../../test/harness';
import { startAnvil, type Anvil } from '../../../../../../test/chain/anvil';
import { reconcileDeposits } from './deposit-audit';
import { createEvmClient } from './evm';
import { createEvmSource } from './evm-source';
import type { HotAsset } from './signer-assets';
import { startWatching, watchStep, type WatchDeps } from './watcher';

/**
 * The audit's deposit side on a real chain: what the watcher recorded at each user's address against what
 * the chain shows arrived there, sweeps out included; a recorded amount the chain does not back is named.
 */
const CONFIRMATIONS = 2;
const COLD: Address = getAddress('0x000000000000000000000000000000000000c01d');
const ctx = useTestContext();
let anvil: Anvil;
let token: Address;
let deps: WatchDeps;
let assets: HotAsset[];

type User = Awaited<ReturnType<typeof ctx.signedInUser>>;
async function addressOf(user: User): Promise<Address> {
  const answer = await ctx.post('/api/wallet/get_in_address', { currency: 'ETH' }, user.token);
  return getAddress((answer.body.message as { address: string }).address);
}

beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployTestToken();
  // Index 0 of the test key is anvil's sender: a user of its own takes it.
  await addressOf(await ctx.signedInUser());
  const network = {
    rpcUrl: anvil.rpcUrl,
    chainId: anvil.chainId,
    native: { currency: 'ETH', confirmations: CONFIRMATIONS },
    tokens: [{ currency: 'USDT', confirmations: CONFIRMATIONS, contract: token }],
    pollMs: 1000,
  };
  deps = { prisma: ctx.prisma, source: await createEvmSource(network), log: () => undefined };
  assets = [
    { currency: 'ETH', contract: null, decimals: 18, confirmations: CONFIRMATIONS },
    { currency: 'USDT', contract: token, decimals: 6, confirmations: CONFIRMATIONS },
  ];
  await startWatching(deps, Number(await anvil.publicClient.getBlockNumber({ cacheTime: 0 })) + 1);
}, 60_000);
afterAll(() => anvil?.stop());

const reconcile = () => reconcileDeposits(ctx.prisma, createEvmClient(anvil), assets);

describe('the deposit side of the audit, against the chain', () => {
  it('agrees with the chain after ETH and USDT deposits, and after the USDT is swept to a cold wallet', async () => {
    const user = await ctx.signedInUser();
    const address = await addressOf(user);
    await anvil.sendEth(address, parseEther('1.5'));
    await anvil.sendToken(token, address, 12_000_000n);
    await anvil.mine(CONFIRMATIONS);
    await watchStep(deps);
    expect((await ctx.balance(user.id, 'USDT')).available).toBe('12');

    const clean = await reconcile();
    expect(clean.problems).toEqual([]);
    expect(clean.totals).toEqual({
      ETH: { deposits: '1.5', on_chain: '1.5' },
      USDT: { deposits: '12', on_chain: '12' },
    });

    // The operator sweeps the USDT with the deposit key (anvil signs for its own test accounts).
    const wallet = anvil.walletOf(address);
    await anvil.testClient.impersonateAccount({ address });
    const sweep = await wallet.writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [COLD, 12_000_000n],
      chain: null,
    });
    await anvil.publicClient.waitForTransactionReceipt({ hash: sweep, pollingInterval: 50 });
    await anvil.mine(1);
    await watchStep(deps);
    const swept = await reconcile();
    expect(swept.problems).toEqual([]);
    expect(swept.totals.USDT).toEqual({ deposits: '12', on_chain: '12' });
    expect(swept.notes.some((note) => note.includes('12 USDT swept out'))).toBe(true);
  });

  it('names an address whose recorded deposits the chain does not back', async () => {
    const user = await ctx.signedInUser();
    const address = await addressOf(user);
    await anvil.sendToken(token, address, 5_000_000n);
    await anvil.mine(CONFIRMATIONS);
    await watchStep(deps);
    // A recorded amount changed behind the watcher's back.
    await ctx.prisma.chainDeposit.updateMany({ where: { to_address: address }, data: { amount: '50' } });
    const report = await reconcile();
    expect(report.problems).toEqual([
      `${address}: deposits recorded 50 USDT, the chain shows 5 USDT received`,
    ]);
  });
});
