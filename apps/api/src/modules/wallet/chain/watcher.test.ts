import { erc20Abi, getAddress, parseEther, parseGwei, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../../test/harness';
import { ANVIL_ACCOUNT, startAnvil, type Anvil } from '../../../../../../test/chain/anvil';
import { signedInOperator } from '../../../../../../test/operators';
import { opsDeposit } from '../../../ops/wallet';
import { totpCode } from '../../admin';
import { createEvmSource } from './evm-source';
import type { ChainSource } from './source';
import { startWatching, watchStep, type ChainDepositEvent, type WatchDeps } from './watcher';

/**
 * The watcher's rules on a real chain (anvil) and a real Postgres: deposits of ETH and the test USDT found,
 * counted, credited once; reorganisations before and after crediting; a restart from the stored height.
 */
const CONFIRMATIONS = 3;
const STRANGER = getAddress('0x000000000000000000000000000000000000bEEF');
const ctx = useTestContext();
let anvil: Anvil;
let token: Address;
const logs: { fields: object; message: string }[] = [];

beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployTestToken();
});
afterAll(() => anvil?.stop());

async function evmSource(overrides: { chainId?: number } = {}): Promise<ChainSource> {
  return createEvmSource({
    rpcUrl: anvil.rpcUrl,
    chainId: overrides.chainId ?? anvil.chainId,
    native: { currency: 'ETH', confirmations: CONFIRMATIONS },
    tokens: [{ currency: 'USDT', confirmations: CONFIRMATIONS + 1, contract: token }],
    pollMs: 1000,
  });
}

const watcher = async (): Promise<WatchDeps> => ({
  prisma: ctx.prisma,
  source: await evmSource(),
  log: (fields, message) => logs.push({ fields, message }),
});

type User = Awaited<ReturnType<typeof ctx.signedInUser>>;

/** The user's EVM deposit address (ETH's; USDT on EVM shares it). */
async function evmAddressOf(user: User): Promise<Address> {
  const answer = await ctx.post('/api/wallet/get_in_address', { currency: 'ETH' }, user.token);
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
  return getAddress((answer.body.message as { address: string }).address);
}

const chainRows = (userId: number) =>
  ctx.prisma.chainDeposit.findMany({
    where: { deposit: { user_id: userId } },
    include: { deposit: { include: { currency: true } } },
    orderBy: { id: 'asc' },
  });

const summary = (events: ChainDepositEvent[]) =>
  events.map((event) => `${event.change} ${event.amount} ${event.currencyName}`);

let deps: WatchDeps;

describe('the chain watcher on anvil', () => {
  beforeAll(async () => {
    // Index 0 of the test key is anvil's first account, the tests' sender: a user of its own takes it.
    await evmAddressOf(await ctx.signedInUser());
    deps = await watcher();
    // From the block after the token's deployment and mint (to that first user's address).
    await startWatching(deps, Number(await anvil.publicClient.getBlockNumber({ cacheTime: 0 })) + 1);
  });

  it('records ETH and USDT deposits pending, counts confirmations, credits each once', async () => {
    const user = await ctx.signedInUser();
    const address = await evmAddressOf(user);
    const eth = await anvil.sendEth(address, parseEther('1.25'));
    const usdt = await anvil.sendToken(token, address, 25_500_000n);
    expect(summary(await watchStep(deps))).toEqual(['seen 1.25 ETH', 'seen 25.5 USDT']);
    const rows = await chainRows(user.id);
    expect(rows.map((row) => [row.deposit.currency.name, row.state, row.deposit.status])).toEqual([
      ['ETH', 'pending', 0],
      ['USDT', 'pending', 0],
    ]);
    expect(rows[0]).toMatchObject({
      tx_hash: eth.transactionHash,
      log_index: -1,
      block_height: eth.blockNumber,
      block_hash: eth.blockHash,
      to_address: address,
      confirmations: CONFIRMATIONS,
    });
    expect(rows[1]).toMatchObject({
      tx_hash: usdt.transactionHash,
      log_index: 0,
      confirmations: CONFIRMATIONS + 1,
    });
    expect(rows[0]?.deposit.from_address).toBe(ANVIL_ACCOUNT);
    expect((await ctx.balance(user.id, 'ETH')).available).toBe('0');

    // ETH's block and the USDT block after it: 2 of 3 and 1 of 4 confirmations so far.
    await anvil.mine(1);
    expect(summary(await watchStep(deps))).toEqual(['credited 1.25 ETH']);
    expect(summary(await watchStep(deps))).toEqual([]);
    await anvil.mine(1);
    expect(summary(await watchStep(deps))).toEqual([]);
    await anvil.mine(1);
    expect(summary(await watchStep(deps))).toEqual(['credited 25.5 USDT']);
    await anvil.mine(5);
    expect(summary(await watchStep(deps))).toEqual([]);

    expect((await ctx.balance(user.id, 'ETH')).available).toBe('1.25');
    expect((await ctx.balance(user.id, 'USDT')).available).toBe('25.5');
    const credited = await chainRows(user.id);
    expect(credited.map((row) => [row.state, row.deposit.status])).toEqual([
      ['credited', 1],
      ['credited', 1],
    ]);
    const logsOf = await ctx.prisma.accountLog.count({ where: { user_id: user.id, type: 200 } });
    expect(logsOf).toBe(2);
    expect((await ctx.audit()).ok).toBe(true);
  });

  it('credits once when two watchers run at the same moment, and a third starts after', async () => {
    const user = await ctx.signedInUser();
    const address = await evmAddressOf(user);
    await anvil.sendEth(address, parseEther('0.5'));
    await anvil.mine(CONFIRMATIONS);
    const [first, second] = await Promise.all([watchStep(deps), watchStep(await watcher())]);
    expect(summary([...first, ...second]).sort()).toEqual(['credited 0.5 ETH', 'seen 0.5 ETH']);
    expect(await watchStep(await watcher())).toEqual([]);
    expect((await ctx.balance(user.id, 'ETH')).available).toBe('0.5');
    expect(await ctx.prisma.deposit.count({ where: { user_id: user.id } })).toBe(1);
  });

  it('ignores transfers to addresses that are no user’s', async () => {
    const before = await ctx.prisma.chainDeposit.count();
    await anvil.sendEth(getAddress('0x000000000000000000000000000000000000dEaD'), parseEther('1'));
    await anvil.sendToken(token, STRANGER, 1_000_000n);
    await anvil.mine(CONFIRMATIONS + 1);
    expect(await watchStep(deps)).toEqual([]);
    expect(await ctx.prisma.chainDeposit.count()).toBe(before);
  });

  it('drops a deposit whose block is replaced before it is credited', async () => {
    const user = await ctx.signedInUser();
    const address = await evmAddressOf(user);
    const snapshot = await anvil.snapshot();
    await anvil.sendEth(address, parseEther('2'));
    expect(summary(await watchStep(deps))).toEqual(['seen 2 ETH']);
    expect(await ctx.prisma.deposit.count({ where: { user_id: user.id } })).toBe(1);
    await anvil.revert(snapshot);
    await anvil.mine(CONFIRMATIONS + 1);
    expect(summary(await watchStep(deps))).toEqual(['dropped 2 ETH']);
    expect(await ctx.prisma.deposit.count({ where: { user_id: user.id } })).toBe(0);
    expect(await chainRows(user.id)).toEqual([]);
    expect((await ctx.balance(user.id, 'ETH')).available).toBe('0');
    const cursor = await ctx.prisma.chainCursor.findUniqueOrThrow({ where: { network: 'evm' } });
    expect(cursor.block_hash).toBe((await anvil.publicClient.getBlock()).hash);
  });

  it('drops it as soon as its block is replaced, before the new chain is any longer', async () => {
    const user = await ctx.signedInUser();
    const address = await evmAddressOf(user);
    const snapshot = await anvil.snapshot();
    await anvil.sendToken(token, address, 3_000_000n);
    expect(summary(await watchStep(deps))).toEqual(['seen 3 USDT']);
    await anvil.revert(snapshot);
    expect(summary(await watchStep(deps))).toEqual(['dropped 3 USDT']);
    expect(await chainRows(user.id)).toEqual([]);
  });

  it('reports a credited deposit whose block is replaced, and keeps the credit', async () => {
    const user = await ctx.signedInUser();
    const address = await evmAddressOf(user);
    const snapshot = await anvil.snapshot();
    await anvil.sendEth(address, parseEther('3'));
    await anvil.mine(CONFIRMATIONS);
    expect(summary(await watchStep(deps))).toEqual(['seen 3 ETH', 'credited 3 ETH']);
    await anvil.revert(snapshot);
    await anvil.mine(CONFIRMATIONS + 2);
    logs.length = 0;
    expect(await watchStep(deps)).toEqual([]);
    const [row] = await chainRows(user.id);
    expect(row).toMatchObject({ state: 'reorged', deposit: { status: 1 } });
    expect(row?.reorged_at).toBeInstanceOf(Date);
    expect((await ctx.balance(user.id, 'ETH')).available).toBe('3');
    expect(logs.some(({ message }) => /CREDITED deposit’s block was replaced/.test(message))).toBe(true);
    expect((await ctx.audit()).ok).toBe(true);
    // The console lists it as reorged, even behind newer deposits than its page holds.
    await ctx.deposit(user.account, 'ETH', '1');
    const viewer = await signedInOperator(ctx, 'viewer');
    const listed = await ctx.get('/api/admin/deposits?limit=1', viewer.token);
    const rows = listed.body.message as { id: number; chain_state: string; txid: string }[];
    expect(rows.map((listedRow) => listedRow.chain_state)).toEqual(['', 'reorged']);
    expect(rows[1]).toMatchObject({ id: row?.deposit_id, txid: row?.tx_hash });
  });

  it('links a credited deposit mined again after a reorganisation to its new block, never crediting twice', async () => {
    const user = await ctx.signedInUser();
    const address = await evmAddressOf(user);
    // A sender that is no user (anvil's own accounts are the test key's first addresses, so users').
    await anvil.testClient.impersonateAccount({ address: STRANGER });
    await anvil.testClient.setBalance({ address: STRANGER, value: parseEther('1') });
    await anvil.sendToken(token, STRANGER, 1_000_000n);
    const snapshot = await anvil.snapshot();
    const sent = await anvil.sendToken(token, address, 7_000_000n);
    const raw = await anvil.publicClient.request({
      method: 'eth_getRawTransactionByHash' as 'eth_getTransactionByHash',
      params: [sent.transactionHash],
    });
    await anvil.mine(CONFIRMATIONS + 1);
    expect(summary(await watchStep(deps))).toEqual(['seen 7 USDT', 'credited 7 USDT']);
    await anvil.revert(snapshot);
    // The same signed transaction mined again, behind a better-paying transfer in its block: another block,
    // another log index.
    await anvil.automine(false);
    await anvil.walletOf(STRANGER).writeContract({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [STRANGER, 1n],
      maxPriorityFeePerGas: parseGwei('100'),
      maxFeePerGas: parseGwei('200'),
    });
    await anvil.publicClient.sendRawTransaction({ serializedTransaction: raw as unknown as Hash });
    await anvil.mine(CONFIRMATIONS + 3);
    await anvil.automine(true);
    expect(await watchStep(deps)).toEqual([]);
    const rows = await chainRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'credited', tx_hash: sent.transactionHash, log_index: 1 });
    expect(rows[0]?.block_hash).not.toBe(sent.blockHash);
    expect((await ctx.balance(user.id, 'USDT')).available).toBe('7');
  });

  it('resumes from its stored height after a restart: what arrived meanwhile is found, nothing twice', async () => {
    const user = await ctx.signedInUser();
    const address = await evmAddressOf(user);
    await anvil.sendEth(address, parseEther('0.1'));
    expect(summary(await watchStep(deps))).toEqual(['seen 0.1 ETH']);
    // The watcher stops; blocks and another deposit arrive; a new one starts from the stored cursor.
    await anvil.sendEth(address, parseEther('0.2'));
    await anvil.mine(CONFIRMATIONS);
    const restarted = await watcher();
    const cursor = await ctx.prisma.chainCursor.findUniqueOrThrow({ where: { network: 'evm' } });
    await startWatching(restarted, 0);
    expect((await ctx.prisma.chainCursor.findUniqueOrThrow({ where: { network: 'evm' } })).height).toBe(
      cursor.height,
    );
    expect(summary(await watchStep(restarted))).toEqual([
      'seen 0.2 ETH',
      'credited 0.1 ETH',
      'credited 0.2 ETH',
    ]);
    expect((await ctx.balance(user.id, 'ETH')).available).toBe('0.3');
  });

  it('refuses to book by hand a transfer the watcher recorded (ops deposit and the console), pending or credited', async () => {
    const user = await ctx.signedInUser();
    const sent = await anvil.sendEth(await evmAddressOf(user), parseEther('0.4'));
    expect(summary(await watchStep(deps))).toEqual(['seen 0.4 ETH']);
    const account = user.account;
    const finance = await signedInOperator(ctx, 'finance');
    const byConsole = (txid: string) =>
      ctx.post(
        '/api/admin/deposits/confirm',
        { account, currency: 'ETH', amount: '0.4', txid, totp_code: totpCode(finance.secret ?? '') },
        finance.token,
      );
    const deposits = () => ctx.prisma.deposit.count({ where: { user_id: user.id } });

    for (const txid of [sent.transactionHash, sent.transactionHash.toUpperCase().replace('0X', '0x')]) {
      await expect(opsDeposit(ctx.prisma, { account, currency: 'ETH', amount: '0.4', txid })).rejects.toThrow(
        'deposit_watched',
      );
      const refused = await byConsole(txid);
      expect(refused.body.type).toBe('error');
      expect(refused.body.message).toContain(sent.transactionHash);
    }
    await anvil.mine(CONFIRMATIONS);
    expect(summary(await watchStep(deps))).toEqual(['credited 0.4 ETH']);
    await expect(
      opsDeposit(ctx.prisma, { account, currency: 'ETH', amount: '0.4', txid: sent.transactionHash }),
    ).rejects.toThrow('deposit_watched');
    expect((await byConsole(sent.transactionHash)).body.type).toBe('error');
    expect(await deposits()).toBe(1);
    expect((await ctx.balance(user.id, 'ETH')).available).toBe('0.4');
  });

  it('leaves a transfer an operator booked by hand first to that booking, even when both run at once', async () => {
    const first = await ctx.signedInUser();
    const early = await anvil.sendEth(await evmAddressOf(first), parseEther('0.6'));
    const booking = { account: first.account, currency: 'ETH', amount: '0.6', txid: early.transactionHash };
    expect(await opsDeposit(ctx.prisma, booking)).toMatchObject({ created: true });
    expect(summary(await watchStep(deps))).toEqual([]);
    expect((await ctx.balance(first.id, 'ETH')).available).toBe('0.6');

    // The operator and the watcher on one transfer at the same moment: whichever locks first books it.
    const second = await ctx.signedInUser();
    const raced = await anvil.sendEth(await evmAddressOf(second), parseEther('0.8'));
    await anvil.mine(CONFIRMATIONS);
    await Promise.allSettled([
      opsDeposit(ctx.prisma, {
        ...booking,
        account: second.account,
        amount: '0.8',
        txid: raced.transactionHash,
      }),
      watchStep(deps),
    ]);
    await watchStep(deps);
    expect((await ctx.balance(second.id, 'ETH')).available).toBe('0.8');
    expect(await ctx.prisma.deposit.count({ where: { user_id: second.id } })).toBe(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses a stored height of another chain, and a currency the exchange does not list', async () => {
    const other = { ...deps, source: { ...(await evmSource()), chainId: '1' } };
    await expect(startWatching(other)).rejects.toThrow(
      `the evm watcher's stored height is on chain ${anvil.chainId}, the node is on chain 1`,
    );
    const unlisted = { ...deps, source: { ...deps.source, confirmations: { ETH: 3, WBTC: 3 } } };
    await expect(startWatching(unlisted)).rejects.toThrow('the evm watcher credits WBTC');
    await expect(evmSource({ chainId: 5 })).rejects.toThrow('EVM_CHAIN_ID says 5');
  });
});
