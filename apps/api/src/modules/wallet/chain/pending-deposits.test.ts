import { getAddress, parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../../test/harness';
import { startAnvil, type Anvil } from '../../../../../../test/chain/anvil';
import { createEvmSource } from './evm-source';
import { startWatching, watchStep, type WatchDeps } from './watcher';

/**
 * What a user sees of a chain deposit before and after it is credited, with the exchange configured for a
 * real chain (anvil): the confirmations the deposit screen states, the pending deposit counting them on the
 * deposit screen and in the records, then credited once.
 */
let anvil: Anvil;
let ctx: TestContext;
let deps: WatchDeps;

beforeAll(async () => {
  anvil = await startAnvil();
  const usdt = await anvil.deployTestToken();
  ctx = await createTestContext({
    EVM_RPC_URL: anvil.rpcUrl,
    EVM_CHAIN_ID: String(anvil.chainId),
    EVM_USDT_CONTRACT: usdt,
    EVM_CONFIRMATIONS_ETH: '3',
    EVM_CONFIRMATIONS_USDT: '5',
  });
  await ctx.prisma.currency.update({ where: { name: 'USDT' }, data: { chain_type: 'ERC20' } });
  // Index 0 of the test key is anvil's first account, the sender: a user of its own takes it.
  await addressOf(await ctx.signedInUser());
  deps = { prisma: ctx.prisma, source: await createEvmSource(ctx.config.EVM!), log: () => undefined };
  await startWatching(deps, Number(await anvil.publicClient.getBlockNumber({ cacheTime: 0 })) + 1);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await anvil?.stop();
});

type User = Awaited<ReturnType<TestContext['signedInUser']>>;

async function depositScreen(user: User, currency: string) {
  const answer = await ctx.post('/api/wallet/get_in_address', { currency }, user.token);
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
  return answer.body.message as { address: string; deposit_open: number; confirmations: number | null };
}
const addressOf = async (user: User): Promise<Address> =>
  getAddress((await depositScreen(user, 'ETH')).address);

async function pending(user: User, currency = 'ETH') {
  const answer = await ctx.post('/api/wallet/chain_deposits', { currency }, user.token);
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
  return answer.body.message as { txid: string; number: string; confirmations: number }[];
}

async function records(user: User) {
  const answer = await ctx.post('/api/wallet/out_log', { type: 'buy', page: 1, limit: 10 }, user.token);
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
  return (answer.body.message as { list: Record<string, unknown>[] }).list;
}

describe('a chain deposit as its owner sees it', () => {
  it('states the configured confirmations per currency, and none where no watcher follows the network', async () => {
    const user = await ctx.signedInUser();
    expect((await depositScreen(user, 'ETH')).confirmations).toBe(3);
    expect((await depositScreen(user, 'USDT')).confirmations).toBe(5);
    // Bitcoin has a deposit key in tests but no watcher: its deposits are booked by operators.
    expect(await depositScreen(user, 'BTC')).toMatchObject({ deposit_open: 1, confirmations: null });
  });

  it('shows the pending deposit counting its confirmations on the deposit screen and in the records, then credited once', async () => {
    const user = await ctx.signedInUser();
    const stranger = await ctx.signedInUser();
    const sent = await anvil.sendEth(await addressOf(user), parseEther('0.75'));
    expect(await pending(user)).toEqual([]);

    await watchStep(deps);
    expect(await pending(user)).toMatchObject([
      { txid: sent.transactionHash, number: '0.75', confirmations: 1, required_confirmations: 3 },
    ]);
    expect(await records(user)).toMatchObject([
      { txid: sent.transactionHash, number: '0.75', status: 1, confirmations: 1, required_confirmations: 3 },
    ]);
    // Someone else's deposit is nowhere in another user's screens.
    expect(await pending(stranger)).toEqual([]);
    expect(await records(stranger)).toEqual([]);

    await anvil.mine(1);
    await watchStep(deps);
    expect((await pending(user))[0]?.confirmations).toBe(2);
    expect((await ctx.balance(user.id, 'ETH')).available).toBe('0');

    await anvil.mine(1);
    await watchStep(deps);
    expect(await pending(user)).toEqual([]);
    const [credited] = await records(user);
    expect(credited).toMatchObject({ txid: sent.transactionHash, status: 2 });
    expect(credited).not.toHaveProperty('confirmations');
    await anvil.mine(3);
    await watchStep(deps);
    expect((await ctx.balance(user.id, 'ETH')).available).toBe('0.75');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses an unknown currency and a missing one with a clear error, and a caller not signed in', async () => {
    const user = await ctx.signedInUser();
    for (const body of [{ currency: 'NOPE' }, {}] as Record<string, string>[]) {
      const answer = await ctx.post('/api/wallet/chain_deposits', body, user.token);
      expect(answer.body.type).toBe('error');
      expect(answer.body.message).toEqual(expect.any(String));
    }
    const anonymous = await ctx.post('/api/wallet/chain_deposits', { currency: 'ETH' });
    expect(anonymous.body.type).toBe('999');
  });
});
