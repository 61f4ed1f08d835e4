import { beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_TEST_DEPOSIT_XPUBS } from '@exchange/kernel/config';
import { useTestContext, type TestContext } from '../../../../../test/harness';
import { deriveDepositAddress } from './addresses';
import { ownDepositAddress } from './deposit-address';
import { depositKeys } from './deposit-keys';

// Bitcoin's key set empty: its deposits are closed here. Solana never has a key.
const ctx = useTestContext({ DEPOSIT_XPUB_BITCOIN: '' });
let eth: number;
let bnb: number;
let usdt: number;
let btc: number;
let sol: number;
let xrp: number;
beforeAll(async () => {
  [eth, bnb, usdt, btc, sol, xrp] = await ctx.currencyIds('ETH', 'BNB', 'USDT', 'BTC', 'SOL', 'XRP');
});

type User = Awaited<ReturnType<TestContext['signedInUser']>>;
interface Answer {
  address: string;
  currency: number;
  currency_name: string;
  contract_address: string;
  deposit_open: number;
}

async function addressOf(user: User, currency: string | number): Promise<Answer> {
  const answer = await ctx.post('/api/wallet/get_in_address', { currency }, user.token);
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
  return answer.body.message as Answer;
}

const rowsOf = (user: User) =>
  ctx.prisma.depositAddress.findMany({ where: { user_id: user.id }, orderBy: { id: 'asc' } });

describe('deposit addresses from the operator’s extended public keys', () => {
  it('gives the first user anvil’s first account, each user the next index, stored once', async () => {
    const first = await ctx.signedInUser();
    const second = await ctx.signedInUser();
    // The first EVM allocation under this key is index 0: anvil's account 0 of the public test mnemonic.
    expect((await addressOf(first, eth)).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect((await addressOf(second, eth)).address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect((await addressOf(first, eth)).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    const [row] = await rowsOf(first);
    expect(row).toMatchObject({
      network: 'evm',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      derivation_index: 0,
      key_fingerprint: depositKeys(ctx.config.DEPOSIT_XPUBS).evm?.fingerprint,
    });
    expect(await rowsOf(first)).toHaveLength(1);
  });

  it('shares one address between ETH and the other EVM currencies, and differs per network', async () => {
    const user = await ctx.signedInUser();
    const ethAnswer = await addressOf(user, eth);
    const bnbAnswer = await addressOf(user, 'bnb');
    expect(bnbAnswer).toEqual({
      ...ethAnswer,
      currency: bnb,
      currency_name: 'BNB',
      contract_address: 'native',
    });
    const usdtAnswer = await addressOf(user, usdt);
    expect(usdtAnswer.address).toMatch(/^T/);
    const xrpAnswer = await addressOf(user, xrp);
    expect(xrpAnswer.address).toMatch(/^r/);
    const rows = await rowsOf(user);
    expect(rows.map((row) => row.network)).toEqual(['evm', 'tron', 'xrp']);
    // Reproducible from the stored index and the key alone.
    for (const row of rows) {
      const family = row.network === 'evm' ? 'EVM' : row.network === 'tron' ? 'TRON' : 'XRP';
      const key = depositKeys({ ...ctx.config.DEPOSIT_XPUBS })[row.network as 'evm'];
      expect(key).toBeDefined();
      expect(PUBLIC_TEST_DEPOSIT_XPUBS[family]).toBe(ctx.config.DEPOSIT_XPUBS[family]);
      expect(deriveDepositAddress(row.network as 'evm', key!.key, row.derivation_index)).toBe(row.address);
    }
    // The wallet detail shows the same address.
    expect((await ctx.wallet(user.id, bnb)).address).toBe(ethAnswer.address);
  });

  it('answers "deposits closed" with no address for a network without a key, and stores nothing', async () => {
    const user = await ctx.signedInUser();
    for (const [currency, name] of [
      [btc, 'BTC'],
      [sol, 'SOL'],
    ] as const) {
      expect(await addressOf(user, currency)).toEqual({
        address: '',
        currency,
        currency_name: name,
        contract_address: 'native',
        deposit_open: 0,
        confirmations: null,
      });
    }
    const rechange = await ctx.get('/api/money/rechange?currency=BTC', user.token);
    expect(rechange.body).toEqual({ type: 'ok', message: { company_eth_address: '', deposit_open: 0 } });
    const info = await ctx.post('/api/wallet/get_info', { currency: btc }, user.token);
    expect(info.body.message.wallet_data).toEqual({ currency: btc, label: '' });
    expect(await rowsOf(user)).toEqual([]);
    expect(await ctx.prisma.wallet.count({ where: { user_id: user.id, address: { not: '' } } })).toBe(0);
  });

  it('ends two (or more) concurrent first requests with one row and one answer', async () => {
    const user = await ctx.signedInUser();
    const answers = await Promise.all(Array.from({ length: 6 }, () => addressOf(user, eth)));
    expect(new Set(answers.map((answer) => answer.address)).size).toBe(1);
    expect(await rowsOf(user)).toHaveLength(1);

    // First requests of different users at once: distinct indices and addresses, none lost.
    const users = await Promise.all(Array.from({ length: 5 }, () => ctx.signedInUser()));
    const addresses = await Promise.all(users.map((each) => addressOf(each, usdt)));
    expect(new Set(addresses.map((answer) => answer.address)).size).toBe(5);
    const rows = await ctx.prisma.depositAddress.findMany({
      where: { user_id: { in: users.map((each) => each.id) } },
    });
    expect(new Set(rows.map((row) => row.derivation_index)).size).toBe(5);
  });

  it('keeps the address of the old key after a key change and allocates a new one under the new key', async () => {
    const user = await ctx.signedInUser();
    const before = (await addressOf(user, eth)).address;
    // Another operator key (BIP32 test vector 1's m/0'/1/2' xpub) for the EVM family.
    const otherXpub =
      'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5';
    const keys = depositKeys({ ...ctx.config.DEPOSIT_XPUBS, EVM: otherXpub });
    const after = await ownDepositAddress({ prisma: ctx.prisma, keys }, user.id, 'ETH');
    expect(after).toMatchObject({ deposit_open: 1 });
    expect(after.address).not.toBe(before);
    expect(after.address).toBe(deriveDepositAddress('evm', keys.evm!.key, 0));
    const rows = await rowsOf(user);
    expect(rows.map((row) => [row.address, row.key_fingerprint])).toEqual([
      [before, depositKeys(ctx.config.DEPOSIT_XPUBS).evm?.fingerprint],
      [after.address, keys.evm?.fingerprint],
    ]);
  });

  it('refuses bad input: no currency, an unknown one, no session', async () => {
    const user = await ctx.signedInUser();
    const missing = await ctx.post('/api/wallet/get_in_address', {}, user.token);
    expect(missing.body.type).toBe('error');
    for (const currency of ['NOPE', 999999, '1234567890']) {
      expect((await ctx.post('/api/wallet/get_in_address', { currency }, user.token)).body).toEqual({
        type: 'error',
        message: 'This currency does not exist',
      });
    }
    expect((await ctx.post('/api/wallet/get_in_address', { currency: eth })).body.type).toBe('999');
    expect(await rowsOf(user)).toEqual([]);
  });
});
