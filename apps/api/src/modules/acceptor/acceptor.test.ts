import { describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../test/harness';
import { fundLegal, legalOf, p2pTrader, type P2PTrader, TRADE_PASSWORD } from '../../../../../test/p2p';
import { writeSetting } from '../system';
import { createAcceptor, setAcceptorStatus } from './admin';
import { autoConfirmDeal } from './deal-deadlines';
import { actOnDeal, openDeal } from './deals';

const ctx = useTestContext();

const password = TRADE_PASSWORD;

/** An acceptor at 7.20 CNY per USDT for deposits and 7.00 for withdrawals (unless told), holding `legal` USDT. */
async function anAcceptor(
  legal = '1000',
  quotas = { recharge: '10000', cash: '10000' },
  rates = { recharge: '7.20', cash: '7.00' },
) {
  const user = await p2pTrader(ctx, '0', 'acceptor');
  if (legal !== '0') await fundLegal(ctx, user, 'USDT', legal);
  const created = await createAcceptor(ctx.prisma, {
    account: user.account,
    name: `Acceptor ${user.id}`,
    rechargeRate: rates.recharge,
    cashRate: rates.cash,
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

const quotasOf = async (acceptorId: number) => {
  const row = await ctx.prisma.acceptor.findUniqueOrThrow({ where: { id: acceptorId } });
  return { recharge: row.recharge_amount.toFixed(), cash: row.cash_amount.toFixed() };
};
const dealById = (id: number) => ctx.prisma.acceptorDeal.findUniqueOrThrow({ where: { id } });
const lastLogId = async () =>
  (await ctx.prisma.accountLog.findFirst({ orderBy: { id: 'desc' }, select: { id: true } }))?.id ?? 0n;

describe('acceptor deal amounts', () => {
  it('rounds what the user receives down and what the user pays up, at the currency’s precision', async () => {
    const acceptor = await anAcceptor('1000');
    const user = await p2pTrader(ctx, '100', 'user');
    // 100 / 7.20 = 13.8888…: a deposit gives the user 13.888888 USDT (6 decimals), never a unit more.
    expect((await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '100' })).type).toBe('ok');
    const deposit = await latestDeal(user.id);
    expect([deposit.number.toFixed(), deposit.rate.toFixed()]).toEqual(['13.888888', '7.2']);
    expect(await legalOf(ctx, acceptor.user.id)).toEqual(['986.111112', '13.888888']);
    // 100 / 7.00 = 14.2857142…: a withdrawal takes 14.285715 USDT from the user, never a unit less.
    expect((await deal(user, { acceptor_id: acceptor.id, type: 'sell', money: '100', password })).type).toBe(
      'ok',
    );
    const withdrawal = await latestDeal(user.id);
    expect([withdrawal.number.toFixed(), withdrawal.rate.toFixed()]).toEqual(['14.285715', '7']);
    expect(await legalOf(ctx, user.id)).toEqual(['85.714285', '14.285715']);
    expect(await quotasOf(acceptor.id)).toEqual({ recharge: '9900', cash: '9900' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses a deposit worth nothing at the currency’s precision, and a withdrawal over the cash quota', async () => {
    // At 100,000,000 CNY per USDT, 0.01 CNY buys 0.0000000001 USDT: zero at 6 decimals, so no deal.
    const dear = await anAcceptor(
      '10',
      { recharge: '1000', cash: '50' },
      { recharge: '100000000', cash: '7' },
    );
    const user = await p2pTrader(ctx, '100', 'user');
    expect((await deal(user, { acceptor_id: dear.id, type: 'buy', money: '0.01' })).message).toBe(
      'The amount must be greater than 0',
    );
    // A withdrawal is capped by the cash quota, and the refusal names that quota, not the deposit one.
    expect((await deal(user, { acceptor_id: dear.id, type: 'sell', money: '70', password })).message).toBe(
      'This acceptor can take at most 50 CNY now',
    );
    expect(await ctx.prisma.acceptorDeal.count({ where: { user_id: user.id } })).toBe(0);
    expect(await quotasOf(dear.id)).toEqual({ recharge: '1000', cash: '50' });
    expect(await legalOf(ctx, dear.user.id)).toEqual(['10', '0']);
    expect(await legalOf(ctx, user.id)).toEqual(['100', '0']);
  });

  it('takes no deal for a suspended acceptor, nor from a side whose funds are frozen', async () => {
    const acceptor = await anAcceptor('1000');
    const user = await p2pTrader(ctx, '100', 'user');
    const frozen =
      'Your funds are frozen: transfers, withdrawals and P2P sales are unavailable. Please contact support';
    const freeze = (id: number, frozenFunds: 0 | 1) =>
      ctx.prisma.user.update({ where: { id }, data: { frozen_funds: frozenFunds } });

    await setAcceptorStatus(ctx.prisma, { id: acceptor.id, status: 0 });
    expect((await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '72' })).message).toBe(
      'This acceptor does not exist',
    );
    await setAcceptorStatus(ctx.prisma, { id: acceptor.id, status: 1 });

    // A deposit escrows the acceptor's crypto: its frozen funds stop it, the user's do not; a withdrawal the
    // other way round.
    await freeze(acceptor.user.id, 1);
    expect((await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '72' })).message).toBe(frozen);
    expect((await deal(user, { acceptor_id: acceptor.id, type: 'sell', money: '70', password })).type).toBe(
      'ok',
    );
    await freeze(acceptor.user.id, 0);
    await freeze(user.id, 1);
    expect(
      (await deal(user, { acceptor_id: acceptor.id, type: 'sell', money: '70', password })).message,
    ).toBe(frozen);
    expect((await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '72' })).type).toBe('ok');

    const deals = await ctx.prisma.acceptorDeal.findMany({
      where: { user_id: user.id },
      orderBy: { id: 'asc' },
    });
    expect(deals.map((row) => row.type)).toEqual(['sell', 'buy']);
    expect(await quotasOf(acceptor.id)).toEqual({ recharge: '9928', cash: '9930' });
    expect(await legalOf(ctx, acceptor.user.id)).toEqual(['990', '10']);
    expect(await legalOf(ctx, user.id)).toEqual(['90', '10']);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('acceptor deal transitions', () => {
  it('moves the escrow and the quotas on each transition, every ledger row naming its deal', async () => {
    const acceptor = await anAcceptor('1000');
    const user = await p2pTrader(ctx, '100', 'user');
    const from = await lastLogId();
    const opened = async (type: 'buy' | 'sell') => {
      const money = type === 'buy' ? '72' : '70';
      expect((await deal(user, { acceptor_id: acceptor.id, type, money, password })).type).toBe('ok');
      return (await latestDeal(user.id)).id;
    };

    const confirmed = await opened('buy');
    expect(await quotasOf(acceptor.id)).toEqual({ recharge: '9928', cash: '10000' });
    expect((await act('/api/acceptor/confirm', acceptor.user, confirmed)).type).toBe('ok');
    // The acceptor sold 10 USDT for 72 CNY: it can pay out 72 CNY more on withdrawals.
    expect(await quotasOf(acceptor.id)).toEqual({ recharge: '9928', cash: '10072' });

    const rejected = await opened('buy');
    expect((await act('/api/acceptor/reject', acceptor.user, rejected)).type).toBe('ok');
    expect(await quotasOf(acceptor.id)).toEqual({ recharge: '9928', cash: '10072' });

    const paid = await opened('sell');
    expect(await quotasOf(acceptor.id)).toEqual({ recharge: '9928', cash: '10002' });
    expect((await act('/api/acceptor/transferred', acceptor.user, paid)).type).toBe('ok');
    expect(await legalOf(ctx, user.id)).toEqual(['100', '10']);
    expect(await quotasOf(acceptor.id)).toEqual({ recharge: '9928', cash: '10002' });
    expect((await act('/api/acceptor/deal_confirm', user, paid)).type).toBe('ok');
    // The acceptor bought 10 USDT for 70 CNY: it can take 70 CNY more on deposits.
    expect(await quotasOf(acceptor.id)).toEqual({ recharge: '9998', cash: '10002' });

    const refunded = await opened('sell');
    expect((await act('/api/acceptor/reject', acceptor.user, refunded)).type).toBe('ok');
    expect(await quotasOf(acceptor.id)).toEqual({ recharge: '9998', cash: '10002' });

    expect((await dealById(confirmed)).confirmed_by).toBe('acceptor');
    expect(
      await Promise.all([rejected, refunded].map(async (id) => (await dealById(id)).confirmed_by)),
    ).toEqual(['', '']);
    expect(await legalOf(ctx, acceptor.user.id)).toEqual(['1000', '0']);
    expect(await legalOf(ctx, user.id)).toEqual(['100', '0']);

    const logs = await ctx.prisma.accountLog.findMany({
      where: { id: { gt: from } },
      orderBy: { id: 'asc' },
    });
    const rows = (id: number) =>
      logs
        .filter((log) => log.ref_id === String(id))
        .map((log) => [log.user_id === user.id ? 'user' : 'acceptor', log.is_lock, log.delta.toFixed()]);
    expect(logs.every((log) => log.ref_type === 'acceptor_deal' && log.account === 'legal')).toBe(true);
    expect(rows(confirmed)).toEqual([
      ['acceptor', false, '-10'],
      ['acceptor', true, '10'],
      ['acceptor', true, '-10'],
      ['user', false, '10'],
    ]);
    expect(rows(rejected)).toEqual([
      ['acceptor', false, '-10'],
      ['acceptor', true, '10'],
      ['acceptor', true, '-10'],
      ['acceptor', false, '10'],
    ]);
    expect(rows(paid)).toEqual([
      ['user', false, '-10'],
      ['user', true, '10'],
      ['user', true, '-10'],
      ['acceptor', false, '10'],
    ]);
    expect(rows(refunded)).toEqual([
      ['user', false, '-10'],
      ['user', true, '10'],
      ['user', true, '-10'],
      ['user', false, '10'],
    ]);
    expect(logs).toHaveLength(16);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('tells the other side of each step (both sides when the clock acts), in the outbox and the push', async () => {
    const acceptor = await anAcceptor('1000');
    const user = await p2pTrader(ctx, '100', 'user');
    const open = (type: 'buy' | 'sell', money: string) =>
      openDeal(ctx.prisma, {
        acceptorId: acceptor.id,
        userId: user.id,
        type,
        way: 'bank',
        mobile: '138',
        dealAccount: 'me',
        money: new Money(money),
      });
    const notice = (
      userId: number,
      key: string,
      params: Record<string, string | number>,
      payload: { id: number; type: string; is_sure: number; transferred: number; action: string },
    ) => ({ userId, event: 'acceptor_deal', key, params, payload });

    const confirmed = await open('buy', '72');
    const c = confirmed.deal.id;
    expect(confirmed.notices).toEqual([
      notice(
        acceptor.user.id,
        'acceptor_notice_new',
        { id: c, money: '72' },
        { id: c, type: 'buy', is_sure: 0, transferred: 0, action: 'new' },
      ),
    ]);
    expect(
      (await actOnDeal(ctx.prisma, { id: c, action: 'confirm', userId: acceptor.user.id }))?.notices,
    ).toEqual([
      notice(
        user.id,
        'acceptor_notice_confirmed',
        { id: c },
        { id: c, type: 'buy', is_sure: 1, transferred: 0, action: 'confirm' },
      ),
    ]);

    const r = (await open('buy', '36.5')).deal.id;
    expect(
      (await actOnDeal(ctx.prisma, { id: r, action: 'reject', userId: acceptor.user.id }))?.notices,
    ).toEqual([
      notice(
        user.id,
        'acceptor_notice_rejected',
        { id: r },
        { id: r, type: 'buy', is_sure: 2, transferred: 0, action: 'reject' },
      ),
    ]);

    const paid = await open('sell', '70');
    const p = paid.deal.id;
    expect(paid.notices).toEqual([
      notice(
        acceptor.user.id,
        'acceptor_notice_new',
        { id: p, money: '70' },
        { id: p, type: 'sell', is_sure: 0, transferred: 0, action: 'new' },
      ),
    ]);
    expect(
      (await actOnDeal(ctx.prisma, { id: p, action: 'transferred', userId: acceptor.user.id }))?.notices,
    ).toEqual([
      notice(
        user.id,
        'acceptor_notice_transferred',
        { id: p },
        { id: p, type: 'sell', is_sure: 0, transferred: 1, action: 'transferred' },
      ),
    ]);
    expect(
      (await actOnDeal(ctx.prisma, { id: p, action: 'user_confirm', userId: user.id }))?.notices,
    ).toEqual([
      notice(
        acceptor.user.id,
        'acceptor_notice_confirmed',
        { id: p },
        { id: p, type: 'sell', is_sure: 1, transferred: 1, action: 'user_confirm' },
      ),
    ]);

    const a = (await open('sell', '7')).deal.id;
    await actOnDeal(ctx.prisma, { id: a, action: 'transferred', userId: acceptor.user.id });
    await ctx.prisma.acceptorDeal.update({
      where: { id: a },
      data: { auto_confirm_at: new Date(Date.now() - 1000) },
    });
    const clock = { id: a, type: 'sell', is_sure: 1, transferred: 1, action: 'auto_confirm' };
    expect((await actOnDeal(ctx.prisma, { id: a, action: 'auto_confirm' }))?.notices).toEqual([
      notice(user.id, 'acceptor_notice_confirmed', { id: a }, clock),
      notice(acceptor.user.id, 'acceptor_notice_confirmed', { id: a }, clock),
    ]);

    const bodies = async (account: string) =>
      (
        await ctx.prisma.messageOutbox.findMany({
          where: { to: account, scene: 'p2p' },
          orderBy: { id: 'asc' },
        })
      ).map((row) => row.body);
    expect(await bodies(acceptor.user.account)).toEqual([
      `New acceptor deal ${c}: 72 CNY`,
      `New acceptor deal ${r}: 36.5 CNY`,
      `New acceptor deal ${p}: 70 CNY`,
      `Acceptor deal ${p} is confirmed`,
      `New acceptor deal ${a}: 7 CNY`,
      `Acceptor deal ${a} is confirmed`,
    ]);
    expect(await bodies(user.account)).toEqual([
      `Acceptor deal ${c} is confirmed`,
      `Acceptor deal ${r} was rejected, the funds are back`,
      `Acceptor deal ${p}: the acceptor sent the money, please confirm receipt`,
      `Acceptor deal ${a}: the acceptor sent the money, please confirm receipt`,
      `Acceptor deal ${a} is confirmed`,
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('answers someone else’s deal, or none, as not found, whoever asks, and changes nothing', async () => {
    const acceptor = await anAcceptor('1000');
    const user = await p2pTrader(ctx, '100', 'user');
    const stranger = await p2pTrader(ctx, '0', 'stranger');
    await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '72' });
    const deposit = (await latestDeal(user.id)).id;
    await deal(user, { acceptor_id: acceptor.id, type: 'sell', money: '70', password });
    const withdrawal = (await latestDeal(user.id)).id;

    for (const path of ['/api/acceptor/confirm', '/api/acceptor/reject', '/api/acceptor/transferred'])
      for (const id of [deposit, withdrawal])
        for (const caller of [stranger, user])
          expect((await act(path, caller, id)).message, `${path} ${id}`).toBe('Deal not found');
    for (const caller of [stranger, acceptor.user])
      expect((await act('/api/acceptor/deal_confirm', caller, withdrawal)).message).toBe('Deal not found');
    expect((await act('/api/acceptor/deal_confirm', user, deposit)).message).toBe(
      'This action does not apply to this deal',
    );

    // The rule holds in the transition itself, not only in the route that looks the deal up first.
    const notFound = { key: 'acceptor_deal_not_found' };
    await expect(
      actOnDeal(ctx.prisma, { id: deposit, action: 'confirm', userId: user.id }),
    ).rejects.toMatchObject(notFound);
    await expect(
      actOnDeal(ctx.prisma, { id: withdrawal, action: 'user_confirm', userId: acceptor.user.id }),
    ).rejects.toMatchObject(notFound);
    await expect(
      actOnDeal(ctx.prisma, { id: withdrawal, action: 'transferred', userId: user.id }),
    ).rejects.toMatchObject(notFound);
    const missing = withdrawal + 1000;
    for (const action of ['confirm', 'user_confirm'] as const)
      await expect(actOnDeal(ctx.prisma, { id: missing, action, userId: user.id })).rejects.toMatchObject(
        notFound,
      );
    expect(await actOnDeal(ctx.prisma, { id: missing, action: 'auto_confirm' })).toBeNull();

    for (const id of [deposit, withdrawal])
      expect(await dealById(id)).toMatchObject({ is_sure: 0, transferred_at: null, auto_confirm_at: null });
    expect(await legalOf(ctx, acceptor.user.id)).toEqual(['990', '10']);
    expect(await legalOf(ctx, user.id)).toEqual(['90', '10']);
    expect(await quotasOf(acceptor.id)).toEqual({ recharge: '9928', cash: '9930' });
  });

  it('lets the clock confirm only a transferred withdrawal whose window closed, nothing else', async () => {
    const acceptor = await anAcceptor('1000');
    const user = await p2pTrader(ctx, '100', 'user');
    const past = new Date(Date.now() - 1000);
    await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '72' });
    const deposit = (await latestDeal(user.id)).id;
    // Even with a closed window on it, a deposit waits for its acceptor: the clock never credits a deposit.
    await ctx.prisma.acceptorDeal.update({ where: { id: deposit }, data: { auto_confirm_at: past } });
    expect(await autoConfirmDeal(ctx.prisma, deposit)).toBeNull();

    await deal(user, { acceptor_id: acceptor.id, type: 'buy', money: '72' });
    const rejected = (await latestDeal(user.id)).id;
    await act('/api/acceptor/reject', acceptor.user, rejected);
    expect(await autoConfirmDeal(ctx.prisma, rejected)).toBeNull();

    await deal(user, { acceptor_id: acceptor.id, type: 'sell', money: '70', password });
    const withdrawal = (await latestDeal(user.id)).id;
    await act('/api/acceptor/transferred', acceptor.user, withdrawal);
    await act('/api/acceptor/deal_confirm', user, withdrawal);
    await ctx.prisma.acceptorDeal.update({ where: { id: withdrawal }, data: { auto_confirm_at: past } });
    expect(await autoConfirmDeal(ctx.prisma, withdrawal)).toBeNull();

    expect(await dealById(deposit)).toMatchObject({ is_sure: 0, confirmed_by: '' });
    expect(await dealById(rejected)).toMatchObject({ is_sure: 2, confirmed_by: '' });
    expect(await dealById(withdrawal)).toMatchObject({ is_sure: 1, confirmed_by: 'user' });
    expect(await legalOf(ctx, acceptor.user.id)).toEqual(['1000', '10']);
    expect(await legalOf(ctx, user.id)).toEqual(['90', '0']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('sets the window from the operator’s setting, and 20 minutes when the setting is no positive number', async () => {
    const acceptor = await anAcceptor('0');
    const user = await p2pTrader(ctx, '100', 'user');
    const windowAfterTransfer = async (setting?: string) => {
      if (setting !== undefined) await writeSetting(ctx.prisma, 'acceptorAutoConfirm_time', setting);
      await deal(user, { acceptor_id: acceptor.id, type: 'sell', money: '7', password });
      const opened = (await latestDeal(user.id)).id;
      const answer = await act('/api/acceptor/transferred', acceptor.user, opened);
      const marked = await dealById(opened);
      const minutes = (marked.auto_confirm_at!.getTime() - marked.transferred_at!.getTime()) / 60_000;
      return [minutes, answer.message];
    };
    const told = (minutes: number) =>
      `Marked as transferred; it confirms itself in ${minutes} minutes unless the user confirms first`;
    expect(await windowAfterTransfer()).toEqual([20, told(20)]);
    expect(await windowAfterTransfer('5')).toEqual([5, told(5)]);
    for (const setting of ['0', '-3', 'soon', 'Infinity'])
      expect(await windowAfterTransfer(setting), setting).toEqual([20, told(20)]);
  });

  it('settles a deal once when its acceptor and its user or another acceptor call act at the same moment', async () => {
    const acceptor = await anAcceptor('1000');
    const user = await p2pTrader(ctx, '100', 'user');
    const opened = async (type: 'buy' | 'sell') => {
      await deal(user, { acceptor_id: acceptor.id, type, money: type === 'buy' ? '72' : '70', password });
      return (await latestDeal(user.id)).id;
    };
    const race = async (id: number, calls: [string, P2PTrader][]) => {
      const answers = await Promise.all(calls.map(([path, caller]) => act(path, caller, id)));
      expect(
        answers.filter((answer) => answer.type === 'ok'),
        JSON.stringify(answers),
      ).toHaveLength(1);
      return answers.map((answer) => answer.type === 'ok');
    };
    for (let round = 0; round < 2; round += 1) {
      const deposit = await opened('buy');
      const [confirmWon] = await race(deposit, [
        ['/api/acceptor/confirm', acceptor.user],
        ['/api/acceptor/reject', acceptor.user],
      ]);
      expect((await dealById(deposit)).is_sure).toBe(confirmWon ? 1 : 2);

      const marked = await opened('sell');
      const [transferWon] = await race(marked, [
        ['/api/acceptor/transferred', acceptor.user],
        ['/api/acceptor/reject', acceptor.user],
      ]);
      expect(await dealById(marked)).toMatchObject({ is_sure: transferWon ? 0 : 2 });

      const confirmedByUser = await opened('sell');
      const [userWon] = await race(confirmedByUser, [
        ['/api/acceptor/deal_confirm', user],
        ['/api/acceptor/reject', acceptor.user],
      ]);
      expect((await dealById(confirmedByUser)).is_sure).toBe(userWon ? 1 : 2);
      expect((await ctx.audit()).problems).toEqual([]);
    }
  });
});
