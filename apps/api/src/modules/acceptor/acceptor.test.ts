import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { fundLegal, legalOf, p2pTrader, type P2PTrader, TRADE_PASSWORD } from '../../../../../test/p2p';
import { createAcceptor } from './admin';
import { autoConfirmDeal } from './deal-deadlines';

const ctx = useTestContext();

const password = TRADE_PASSWORD;

/** An acceptor at 7.20 CNY per USDT for deposits and 7.00 for withdrawals, holding `legal` USDT. */
async function anAcceptor(legal = '1000', quotas = { recharge: '10000', cash: '10000' }) {
  const user = await p2pTrader(ctx, '0', 'acceptor');
  if (legal !== '0') await fundLegal(ctx, user, 'USDT', legal);
  const created = await createAcceptor(ctx.prisma, {
    account: user.account,
    name: `Acceptor ${user.id}`,
    rechargeRate: '7.20',
    cashRate: '7.00',
    rechargeAmount: quotas.recharge,
    cashAmount: quotas.cash,
    wechatAccount: 'wx_acceptor',
    aliAccount: 'acceptor@alipay.test',
    bankName: 'Bank of Examples',
    bankAccount: '6222000011112222',
    reason: 'test',
  });
  return { user, id: created.id };
}

const deal = (user: P2PTrader, body: Record<string, string | number>) =>
  ctx
    .post(
      '/api/acceptor/deal',
      { way: 'bank', mobile: '13800000000', deal_account: 'me', ...body },
      user.token,
    )
    .then((answer) => answer.body);
const act = (path: string, user: P2PTrader, id: number) =>
  ctx.post(path, { id, password }, user.token).then((answer) => answer.body);
const latestDeal = (userId: number) =>
  ctx.prisma.acceptorDeal.findFirstOrThrow({ where: { user_id: userId }, orderBy: { id: 'desc' } });

describe('acceptor deposits', () => {
  it('locks the acceptor’s own crypto, and credits the user when the acceptor confirms the CNY', async () => {
    const acceptor = await anAcceptor('1000');
    const user = await p2pTrader(ctx, '0', 'user');
    const list = await ctx.get('/api/acceptor/list');
    expect(list.body.message).toContainEqual(
      expect.objectContaining({
        id: acceptor.id,
        recharge_rate: '7.2',
        cash_rate: '7',
        recharge_amount: '10000',
      }),
    );
    const info = await ctx.get(`/api/acceptor/info?id=${acceptor.id}&address=ignored`, user.token);
    expect(info.body.message).toMatchObject({ bank_account: '6222000011112222', user_balance: '0' });

    expect(await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '720' })).toEqual({
      type: 'ok',
      message: 'Submitted, waiting for the acceptor',
    });
    const opened = await latestDeal(user.id);
    expect([opened.number.toFixed(), opened.is_sure]).toEqual(['100', 0]);
    expect(await legalOf(ctx, acceptor.user.id)).toEqual(['900', '100']);
    expect((await ctx.audit()).problems).toEqual([]);

    expect((await act('/api/acceptor/confirm', user, opened.id)).message).toBe('Deal not found');
    expect((await act('/api/acceptor/transferred', acceptor.user, opened.id)).message).toBe(
      'This action does not apply to this deal',
    );
    const orders = await ctx.get('/api/acceptor/orders?type=buy', acceptor.user.token);
    expect(orders.body.message[0]).toMatchObject({ id: opened.id, money: '720', number: '100', is_sure: 0 });
    expect((await ctx.get('/api/acceptor/orders', user.token)).body.message).toBe('You are not an acceptor');

    expect((await act('/api/acceptor/confirm', acceptor.user, opened.id)).type).toBe('ok');
    expect(await legalOf(ctx, acceptor.user.id)).toEqual(['900', '0']);
    expect(await legalOf(ctx, user.id)).toEqual(['100', '0']);
    expect((await act('/api/acceptor/reject', acceptor.user, opened.id)).message).toBe(
      'This deal is already finished',
    );
    const quotas = await ctx.prisma.acceptor.findUniqueOrThrow({ where: { id: acceptor.id } });
    expect([quotas.recharge_amount.toFixed(), quotas.cash_amount.toFixed()]).toEqual(['9280', '10720']);
    const mine = await ctx.get('/api/acceptor/my_deal?type=buy', user.token);
    expect(mine.body.message[0]).toMatchObject({ is_sure: 1, acceptor_name: `Acceptor ${acceptor.user.id}` });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses a deposit the acceptor cannot cover, and returns a rejected deposit’s escrow', async () => {
    const acceptor = await anAcceptor('10', { recharge: '1000', cash: '0' });
    const user = await p2pTrader(ctx, '0', 'user');
    expect((await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '1000.01' })).message).toBe(
      'This acceptor can take at most 1000 CNY now',
    );
    expect((await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '720' })).message).toBe(
      'This acceptor cannot cover this deposit now, please choose another',
    );
    const quotas = await ctx.prisma.acceptor.findUniqueOrThrow({ where: { id: acceptor.id } });
    expect(quotas.recharge_amount.toFixed()).toBe('1000');
    expect((await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '72' })).type).toBe('ok');
    const opened = await latestDeal(user.id);
    expect((await act('/api/acceptor/reject', acceptor.user, opened.id)).type).toBe('ok');
    expect(await legalOf(ctx, acceptor.user.id)).toEqual(['10', '0']);
    expect(await legalOf(ctx, user.id)).toEqual(['0', '0']);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('acceptor withdrawals', () => {
  it('debits the user into escrow at once; the acceptor marks it transferred; the user confirms', async () => {
    const acceptor = await anAcceptor('0');
    const user = await p2pTrader(ctx, '100', 'user');
    expect((await deal(user, { acceptor_id: acceptor.id, type: 'sell', money: '70', password })).type).toBe(
      'ok',
    );
    const opened = await latestDeal(user.id);
    expect(opened.number.toFixed()).toBe('10');
    expect(await legalOf(ctx, user.id)).toEqual(['90', '10']);
    expect((await act('/api/acceptor/confirm', acceptor.user, opened.id)).message).toBe(
      'This action does not apply to this deal',
    );
    expect((await act('/api/acceptor/transferred', acceptor.user, opened.id)).message).toBe(
      'Marked as transferred; it confirms itself in 20 minutes unless the user confirms first',
    );
    expect((await act('/api/acceptor/transferred', acceptor.user, opened.id)).message).toBe(
      'This withdrawal is already marked as transferred',
    );
    expect((await act('/api/acceptor/reject', acceptor.user, opened.id)).message).toBe(
      'This withdrawal is already marked as transferred',
    );
    expect(await autoConfirmDeal(ctx.prisma, opened.id)).toBeNull();
    expect((await act('/api/acceptor/deal_confirm', user, opened.id)).type).toBe('ok');
    expect(await legalOf(ctx, user.id)).toEqual(['90', '0']);
    expect(await legalOf(ctx, acceptor.user.id)).toEqual(['10', '0']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('confirms itself when the window closes, exactly once even racing the user', async () => {
    const acceptor = await anAcceptor('0');
    const user = await p2pTrader(ctx, '100', 'user');
    for (let round = 0; round < 3; round += 1) {
      await deal(user, { acceptor_id: acceptor.id, type: 'sell', money: '7', password });
      const opened = await latestDeal(user.id);
      await act('/api/acceptor/transferred', acceptor.user, opened.id);
      await ctx.prisma.acceptorDeal.update({
        where: { id: opened.id },
        data: { auto_confirm_at: new Date(Date.now() - 1000) },
      });
      const [byUser, byDeadline] = await Promise.all([
        act('/api/acceptor/deal_confirm', user, opened.id),
        autoConfirmDeal(ctx.prisma, opened.id),
      ]);
      expect([byUser.type === 'ok', byDeadline !== null].filter(Boolean)).toHaveLength(1);
      const settled = await ctx.prisma.acceptorDeal.findUniqueOrThrow({ where: { id: opened.id } });
      expect(settled.confirmed_by).toBe(byUser.type === 'ok' ? 'user' : 'deadline');
    }
    expect(await legalOf(ctx, user.id)).toEqual(['97', '0']);
    expect(await legalOf(ctx, acceptor.user.id)).toEqual(['3', '0']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refunds a rejected withdrawal and never overdraws the user or the quota under concurrency', async () => {
    const acceptor = await anAcceptor('0', { recharge: '0', cash: '100' });
    const user = await p2pTrader(ctx, '10', 'user');
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => deal(user, { acceptor_id: acceptor.id, type: 'sell', money: '70', password })),
    );
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(1);
    expect(await legalOf(ctx, user.id)).toEqual(['0', '10']);
    const opened = await latestDeal(user.id);
    expect((await act('/api/acceptor/reject', acceptor.user, opened.id)).type).toBe('ok');
    expect(await legalOf(ctx, user.id)).toEqual(['10', '0']);
    const quotas = await ctx.prisma.acceptor.findUniqueOrThrow({ where: { id: acceptor.id } });
    expect(quotas.cash_amount.toFixed()).toBe('100');
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('acceptor deals at the same moment', () => {
  // Found by the money soak: a confirmation locked the acceptor's wallet, then its quota row, while a new
  // deal locked the quota row, then the wallet; Postgres broke the deadlock by failing one with a 500.
  it('opens and settles deals of one acceptor concurrently without a deadlock', async () => {
    const acceptor = await anAcceptor('1000', { recharge: '100000', cash: '100000' });
    const users = await Promise.all([1, 2, 3, 4].map(() => p2pTrader(ctx, '100', 'user')));
    const open = (user: P2PTrader, type: 'buy' | 'sell') =>
      deal(user, { acceptor_id: acceptor.id, type, money: type === 'buy' ? '72' : '70', password });
    for (const user of users) expect((await open(user, 'buy')).type).toBe('ok');
    for (let round = 0; round < 3; round += 1) {
      const waiting = await ctx.prisma.acceptorDeal.findMany({
        where: { acceptor_id: acceptor.id, is_sure: 0, type: 'buy' },
      });
      const answers = await Promise.all([
        ...waiting.map((opened) => act('/api/acceptor/confirm', acceptor.user, opened.id)),
        ...users.map((user) => open(user, 'buy')),
        ...users.map((user) => open(user, 'sell')),
      ]);
      expect(answers.filter((answer) => answer.type !== 'ok')).toEqual([]);
    }
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('acceptor deal input', () => {
  it('checks the form in the screen’s order and changes nothing', async () => {
    const acceptor = await anAcceptor('100');
    const user = await p2pTrader(ctx, '5', 'user');
    const good = {
      acceptor_id: acceptor.id,
      type: 'sell',
      money: '7',
      password,
      way: 'bank',
      mobile: '138',
      deal_account: 'me',
    };
    const cases: [Record<string, string | number>, string][] = [
      [{ mobile: '', deal_account: '', money: '' }, 'Please enter your mobile number'],
      [{ deal_account: '', money: '' }, 'Please enter the account'],
      [{ money: '', way: '' }, 'Please enter the amount'],
      [{ money: '0' }, 'Please enter the amount'],
      [{ money: '-5' }, 'Please enter the amount'],
      [{ money: '1.001' }, 'The amount can have at most 2 decimal places'],
      [{ money: '9'.repeat(40) }, 'The amount is too large'],
      [{ way: '' }, 'Please choose the deposit method'],
      [{ type: 'x' }, 'Please choose deposit or withdrawal'],
      [{ acceptor_id: 424242 }, 'This acceptor does not exist'],
      [{ acceptor_id: '9'.repeat(40) }, 'This acceptor does not exist'],
      [{ password: '111111' }, 'The trade password is incorrect'],
      [{ money: '70' }, 'Insufficient balance'],
    ];
    for (const [change, message] of cases) {
      expect(
        (await ctx.post('/api/acceptor/deal', { ...good, ...change }, user.token)).body,
        JSON.stringify(change),
      ).toEqual({ type: 'error', message });
    }
    expect((await ctx.post('/api/acceptor/deal', good, acceptor.user.token)).body.message).toBe(
      'You cannot deal with your own acceptor account',
    );
    expect((await ctx.post('/api/acceptor/deal', good)).body.type).toBe('999');
    expect(await ctx.prisma.acceptorDeal.count({ where: { user_id: user.id } })).toBe(0);
    expect(await legalOf(ctx, user.id)).toEqual(['5', '0']);
  });
});
