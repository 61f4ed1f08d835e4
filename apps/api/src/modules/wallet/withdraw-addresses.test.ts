import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext, type TestContext } from '../../../../../test/harness';

const ctx = useTestContext();
let eth: number;
beforeAll(async () => {
  eth = await ctx.currencyId('ETH');
});

type User = Awaited<ReturnType<TestContext['signedInUser']>>;

const ETH_ADDRESS = `0x${'52908400098527886e0f7030069857d2e4169ee7'}`;
const OTHER_ETH_ADDRESS = `0x${'ab'.repeat(20)}`;
const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** Sends a fresh withdraw-address code to the user, clearing the 30 s resend wait first. */
async function freshCode(user: User): Promise<string> {
  await ctx.redis.del(`code-cooldown:${user.account}`);
  const sent = await ctx.get('/api/wallet/draw_address/code', user.token);
  expect(sent.body).toEqual({ code: 0, msg: 'Verification code sent' });
  return ctx.latestCode(user.account);
}

const bind = (user: User, body: Record<string, string | number>) =>
  ctx.post('/api/wallet/draw_address', body, user.token);

async function listed(user: User, query = '') {
  const answer = await ctx.get(`/api/wallet/draw_address${query}`, user.token);
  expect(answer.body.code).toBe(0);
  return answer.body.data as { id: number; coin_name: string; address: string; memo: string }[];
}

const storedCount = (user: User) => ctx.prisma.withdrawAddress.count({ where: { user_id: user.id } });

describe('withdraw-address codes', () => {
  it('sends the code to the caller’s own account, once per 30 s', async () => {
    const user = await ctx.signedInUser();
    const other = await ctx.signedInUser();
    const sent = await ctx.get(`/api/wallet/draw_address/code?account=${other.account}`, user.token);
    expect(sent.body).toEqual({ code: 0, msg: 'Verification code sent' });
    const [outbox] = await ctx.prisma.messageOutbox.findMany({
      where: { to: user.account },
      orderBy: { id: 'desc' },
    });
    expect(outbox).toMatchObject({ to: user.account, scene: 'withdraw_address' });
    expect(await ctx.latestCode(user.account)).toMatch(/^\d{6}$/);
    expect(await ctx.prisma.messageOutbox.count({ where: { to: other.account } })).toBe(0);

    const again = await ctx.get('/api/wallet/draw_address/code', user.token);
    expect(again.body.code).toBe(1);
    expect(again.body.msg).toMatch(/^Please wait \d+ seconds before requesting another code$/);
    expect(await ctx.prisma.messageOutbox.count({ where: { to: user.account } })).toBe(1);
  });
});

describe('binding withdraw addresses', () => {
  it('binds an address with a valid code and lists it', async () => {
    const user = await ctx.signedInUser();
    const code = await freshCode(user);
    const bound = await bind(user, { currency: 'ETH', address: ETH_ADDRESS, memo: 'cold wallet', code });
    expect(bound.body).toEqual({ code: 0, msg: 'Address bound' });
    const rows = await listed(user);
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        currency_id: eth,
        coin_name: 'ETH',
        contract_address: 'ERC20',
        address: ETH_ADDRESS,
        memo: 'cold wallet',
      },
    ]);
    expect(await listed(user, '?currency=ETH')).toHaveLength(1);
    expect(await listed(user, '?currency=USDT')).toEqual([]);

    // The code is used up.
    const reused = await bind(user, { currency: 'ETH', address: OTHER_ETH_ADDRESS, code });
    expect(reused.body).toEqual({ code: 1, msg: 'The verification code is incorrect or has expired' });
    expect(await storedCount(user)).toBe(1);

    // Another user's list does not show it.
    const other = await ctx.signedInUser();
    expect(await listed(other)).toEqual([]);
  });

  it('refuses the same address twice, keeping the code for another address', async () => {
    const user = await ctx.signedInUser();
    expect(
      (await bind(user, { currency: 'ETH', address: ETH_ADDRESS, code: await freshCode(user) })).body.code,
    ).toBe(0);
    const code = await freshCode(user);
    const twice = await bind(user, { currency: 'ETH', address: ETH_ADDRESS, memo: 'again', code });
    expect(twice.body).toEqual({ code: 1, msg: 'This address is already bound' });
    expect(await storedCount(user)).toBe(1);
    expect((await listed(user))[0]?.memo).toBe('');

    // The refusal rolled back, so the same code still binds a new address.
    expect((await bind(user, { currency: 'ETH', address: OTHER_ETH_ADDRESS, code })).body).toEqual({
      code: 0,
      msg: 'Address bound',
    });
    expect((await listed(user)).map((row) => row.address)).toEqual([OTHER_ETH_ADDRESS, ETH_ADDRESS]);

    // The same address is another user's to bind too.
    const other = await ctx.signedInUser();
    expect(
      (await bind(other, { currency: 'ETH', address: ETH_ADDRESS, code: await freshCode(other) })).body.code,
    ).toBe(0);
  });

  it('refuses an invalid address, a wrong or missing code and an unknown currency', async () => {
    const user = await ctx.signedInUser();
    const code = await freshCode(user);
    // The last two: EIP-55's example with one letter's case flipped (mixed case must be the checksum).
    const badChecksums = [
      '0x52908400098527886E0F7030069857D2E4169Ee7',
      '0x52908400098527886e0F7030069857D2E4169EE7',
    ];
    for (const address of [
      '0x1234',
      `0x${'g'.repeat(40)}`,
      TRON_ADDRESS,
      `${ETH_ADDRESS}00`,
      ...badChecksums,
    ]) {
      expect((await bind(user, { currency: 'ETH', address, code })).body, address).toEqual({
        code: 1,
        msg: 'This is not a valid ETH address',
      });
    }
    // Bitcoin: BIP173's address with its last character changed fails the checksum.
    expect(
      (await bind(user, { currency: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', code }))
        .body,
    ).toEqual({ code: 1, msg: 'This is not a valid BTC address' });
    expect((await bind(user, { currency: 'ETH', code })).body).toEqual({
      code: 1,
      msg: 'Please enter the address',
    });
    expect((await bind(user, { currency: 'NOPE', address: ETH_ADDRESS, code })).body).toEqual({
      code: 1,
      msg: 'This currency does not exist',
    });
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await bind(user, { currency: 'ETH', address: ETH_ADDRESS, code: wrong })).body).toEqual({
      code: 1,
      msg: 'The verification code is incorrect or has expired',
    });
    expect((await bind(user, { currency: 'ETH', address: ETH_ADDRESS })).body).toEqual({
      code: 1,
      msg: 'Please enter the verification code',
    });
    expect(await storedCount(user)).toBe(0);

    // A code sent to someone else does not bind this user's address.
    const other = await ctx.signedInUser();
    const othersCode = await freshCode(other);
    if (othersCode !== code) {
      expect((await bind(user, { currency: 'ETH', address: ETH_ADDRESS, code: othersCode })).body.code).toBe(
        1,
      );
    }
    expect(await storedCount(user)).toBe(0);

    // The right code still works after one wrong try.
    expect((await bind(user, { currency: 'ETH', address: ETH_ADDRESS, code })).body.code).toBe(0);
  });

  it('answers in the caller’s language', async () => {
    const user = await ctx.signedInUser();
    const code = await freshCode(user);
    const chinese = await ctx.http
      .post('/api/wallet/draw_address')
      .set({ Authorization: user.token, lang: 'zh' })
      .type('form')
      .send({ currency: 'ETH', address: '0x1234', code });
    expect(chinese.body.code).toBe(1);
    expect(chinese.body.msg).not.toBe('This is not a valid ETH address');
    expect(chinese.body.msg).toContain('ETH');
  });
});

describe('deleting withdraw addresses', () => {
  it('deletes only the caller’s own address', async () => {
    const owner = await ctx.signedInUser();
    const intruder = await ctx.signedInUser();
    expect(
      (await bind(owner, { currency: 'ETH', address: ETH_ADDRESS, code: await freshCode(owner) })).body.code,
    ).toBe(0);
    const [row] = await listed(owner);
    if (!row) throw new Error('the bound address is not listed');

    const stolen = await ctx.post('/api/wallet/draw_address/delete', { id: row.id }, intruder.token);
    expect(stolen.body).toEqual({ code: 1, msg: 'Address not found' });
    expect(await storedCount(owner)).toBe(1);

    const removed = await ctx.post('/api/wallet/draw_address/delete', { id: row.id }, owner.token);
    expect(removed.body).toEqual({ code: 0, msg: 'Address deleted' });
    expect(await listed(owner)).toEqual([]);
    expect(await storedCount(owner)).toBe(0);
    expect((await ctx.post('/api/wallet/draw_address/delete', { id: row.id }, owner.token)).body).toEqual({
      code: 1,
      msg: 'Address not found',
    });
  });
});

describe('the envelope calls of document 3 (get_address, deladdress)', () => {
  it('lists and deletes the caller’s own addresses only, in the contract envelope', async () => {
    const owner = await ctx.signedInUser();
    const intruder = await ctx.signedInUser();
    expect(
      (await bind(owner, { currency: 'ETH', address: ETH_ADDRESS, code: await freshCode(owner) })).body.code,
    ).toBe(0);
    const listing = await ctx.post('/api/wallet/get_address', { currency: 'ETH' }, owner.token);
    expect(listing.body).toEqual({
      type: 'ok',
      message: [expect.objectContaining({ coin_name: 'ETH', address: ETH_ADDRESS })],
    });
    const [row] = listing.body.message as { id: number }[];
    expect(
      (await ctx.post('/api/wallet/get_address', { currency: 'USDT' }, owner.token)).body.message,
    ).toEqual([]);
    expect((await ctx.post('/api/wallet/get_address', {}, intruder.token)).body.message).toEqual([]);

    for (const address_id of [String(row?.id), 'abc', '-1', '']) {
      const refused = await ctx.post('/api/wallet/deladdress', { address_id }, intruder.token);
      expect(refused.body, address_id).toEqual({ type: 'error', message: 'Address not found' });
    }
    expect(await storedCount(owner)).toBe(1);
    const removed = await ctx.post('/api/wallet/deladdress', { address_id: row?.id ?? 0 }, owner.token);
    expect(removed.body).toEqual({ type: 'ok', message: 'Address deleted' });
    expect(await storedCount(owner)).toBe(0);
    expect((await ctx.post('/api/wallet/get_address', {})).body.type).toBe('999');
  });
});

describe('without a session', () => {
  it('answers code 999 on every call', async () => {
    const user = await ctx.signedInUser();
    const signIn = { code: 999, msg: 'Please sign in' };
    const addressesBefore = await ctx.prisma.withdrawAddress.count();
    expect((await ctx.get('/api/wallet/draw_address/code')).body).toEqual(signIn);
    expect((await ctx.get('/api/wallet/draw_address')).body).toEqual(signIn);
    expect((await ctx.get('/api/wallet/draw_address', 'f'.repeat(64))).body).toEqual(signIn);
    expect(
      (await ctx.post('/api/wallet/draw_address', { currency: 'ETH', address: ETH_ADDRESS, code: '123456' }))
        .body,
    ).toEqual(signIn);
    expect((await ctx.post('/api/wallet/draw_address/delete', { id: 1 })).body).toEqual(signIn);
    expect(await ctx.prisma.messageOutbox.count({ where: { to: user.account } })).toBe(0);
    expect(await ctx.prisma.withdrawAddress.count()).toBe(addressesBefore);
  });
});

describe('malformed input and address spelling', () => {
  it('answers code 999 without a session even when the body does not validate', async () => {
    const answer = await ctx.post('/api/wallet/draw_address/delete', {});
    // Today: {type: 'error', message: 'The request could not be understood'}.
    expect(answer.body).toEqual({ code: 999, msg: 'Please sign in' });
  });

  it('answers code 1 for malformed input from a signed-in user', async () => {
    const user = await ctx.signedInUser();
    const badId = await ctx.post('/api/wallet/draw_address/delete', { id: 'abc' }, user.token);
    // Today: {type: 'error', message: 'The request could not be understood'}.
    expect(badId.body.code).toBe(1);
    const longCode = await bind(user, { currency: 'ETH', address: ETH_ADDRESS, code: '1234567' });
    // Today: {type: 'error', message: 'code: Too big: expected string to have <=6 characters'}.
    expect(longCode.body).toEqual({ code: 1, msg: 'The verification code is incorrect or has expired' });
  });

  it('treats an ETH address in another letter case as the same address', async () => {
    const user = await ctx.signedInUser();
    expect(
      (await bind(user, { currency: 'ETH', address: OTHER_ETH_ADDRESS, code: await freshCode(user) })).body
        .code,
    ).toBe(0);
    const upper = `0x${OTHER_ETH_ADDRESS.slice(2).toUpperCase()}`;
    const again = await bind(user, { currency: 'ETH', address: upper, code: await freshCode(user) });
    // Today: {code: 0, msg: 'Address bound'} and a second row for the same address.
    expect(again.body).toEqual({ code: 1, msg: 'This address is already bound' });
    expect(await storedCount(user)).toBe(1);
  });
});
