import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { forgetCachedPairs } from './pairs';

const ctx = useTestContext();
let usdt: number;
let btc: number;
beforeAll(async () => {
  [usdt, btc] = await ctx.currencyIds('USDT', 'BTC');
  await ctx.startMatcher();
});

const spot = (userId: number, currencyId: number) => ctx.balance(userId, currencyId);

const order = (
  token: string,
  type: 1 | 2,
  target_price: string,
  amount: string,
  extra: Record<string, string> = {},
) =>
  ctx.post(
    '/api/coin/trade',
    { legal_id: usdt, currency_id: btc, type, target_price, amount, ...extra },
    token,
  );

/** `PUT /api/coin/trade`: the owner's cancel, as the client sends it. */
const cancelOrder = (token: string, id: string) =>
  ctx.http.put('/api/coin/trade').set('Authorization', token).type('form').send({ id });

describe('spot trading through the contract', () => {
  it('matches two users at the maker’s price, charges fees to the house, and balances the books', async () => {
    const alice = await ctx.signedInUser();
    const bob = await ctx.signedInUser();
    await ctx.deposit(alice.account, 'BTC', '1');
    await ctx.deposit(bob.account, 'USDT', '1000');

    const ask = await order(alice.token, 2, '100', '0.5');
    expect(ask.body).toMatchObject({
      type: 'ok',
      message: 'Order placed',
      order: { state: 'open', filled: '0' },
    });
    expect(await spot(alice.id, btc)).toEqual({ available: '0.5', locked: '0.5' });

    const bid = await order(bob.token, 1, '101', '0.3');
    expect(bid.body).toMatchObject({ type: 'ok', message: 'Order filled', order: { state: 'filled' } });
    // Bob paid 0.3 x 100 (the maker's price) and got 0.3 BTC less the 0.2 % taker fee.
    expect(await spot(bob.id, usdt)).toEqual({ available: '970', locked: '0' });
    expect(await spot(bob.id, btc)).toEqual({ available: '0.2994', locked: '0' });
    // Alice sold 0.3 for 30 USDT less the 0.1 % maker fee; 0.2 BTC stays locked in her open order.
    expect(await spot(alice.id, usdt)).toEqual({ available: '29.97', locked: '0' });
    expect(await spot(alice.id, btc)).toEqual({ available: '0.5', locked: '0.2' });

    const aliceOrders = await ctx.get('/api/coin/list?status=1', alice.token);
    expect(aliceOrders.body.message).toEqual([
      expect.objectContaining({
        symbol: 'BTC/USDT',
        type: 2,
        status: 1,
        target_price: '100',
        trade_amount: '0.5',
        filled: '0.3',
        trade_price: '100',
      }),
    ]);
    const bobHistory = await ctx.get('/api/coin/list?status=2', bob.token);
    expect(bobHistory.body.message).toEqual([
      expect.objectContaining({ type: 1, status: 2, state: 'filled', filled: '0.3', trade_price: '100' }),
    ]);

    const fees = await ctx.prisma.houseEntry.groupBy({
      by: ['currency_id'],
      where: { account: 'fees' },
      _sum: { delta: true },
    });
    expect(Object.fromEntries(fees.map((row) => [row.currency_id, row._sum.delta?.toFixed()]))).toMatchObject(
      { [btc]: '0.0006', [usdt]: '0.03' },
    );
    expect((await ctx.audit()).problems).toEqual([]);

    const cancel = await cancelOrder(alice.token, ask.body.order.id);
    expect(cancel.body).toEqual({ type: 'ok', message: 'Order cancelled' });
    expect(await spot(alice.id, btc)).toEqual({ available: '0.7', locked: '0' });
    const again = await cancelOrder(alice.token, ask.body.order.id);
    expect(again.body).toEqual({ type: 'error', message: 'This order is already finished' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses to cancel someone else’s order, and keeps it', async () => {
    const owner = await ctx.signedInUser();
    const other = await ctx.signedInUser();
    await ctx.deposit(owner.account, 'USDT', '50');
    const placed = await order(owner.token, 1, '10', '1');
    expect(placed.body.order.state).toBe('open');
    const answer = await cancelOrder(other.token, placed.body.order.id);
    expect(answer.body).toEqual({ type: 'error', message: 'Order not found' });
    expect(await spot(owner.id, usdt)).toEqual({ available: '40', locked: '10' });
    expect((await ctx.get('/api/coin/list', other.token)).body.message).toEqual([]);
  });

  it('answers how many orders the filter holds beside each page, so the last page is known', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '100');
    // Three resting bids and two cancelled ones: five in all, three current, two in the history.
    const ids: string[] = [];
    for (const price of ['1', '2', '3', '4', '5'])
      ids.push((await order(user.token, 1, price, '1')).body.order.id);
    for (const id of ids.slice(0, 2)) {
      const cancel = await cancelOrder(user.token, id);
      expect(cancel.body.type).toBe('ok');
    }
    const all1 = await ctx.get('/api/coin/list?limit=2&page=1', user.token);
    expect(all1.body).toMatchObject({ type: 'ok', total: 5 });
    expect(all1.body.message.map((row: { id: string }) => row.id)).toEqual([ids[4], ids[3]]);
    const all3 = await ctx.get('/api/coin/list?limit=2&page=3', user.token);
    expect(all3.body).toMatchObject({ type: 'ok', total: 5 });
    expect(all3.body.message).toHaveLength(1);
    expect((await ctx.get('/api/coin/list?status=1&limit=2', user.token)).body.total).toBe(3);
    expect((await ctx.get('/api/coin/list?status=2&limit=2', user.token)).body.total).toBe(2);
    expect((await ctx.get('/api/coin/list?type=2', user.token)).body).toMatchObject({
      message: [],
      total: 0,
    });
    // A page past the end is empty but still tells the total; another user counts nothing of this one's.
    expect((await ctx.get('/api/coin/list?limit=2&page=9', user.token)).body).toMatchObject({
      message: [],
      total: 5,
    });
    const other = await ctx.signedInUser();
    expect((await ctx.get('/api/coin/list', other.token)).body).toEqual({
      type: 'ok',
      message: [],
      total: 0,
    });
  });

  it('gives bad orders a clear message and locks nothing', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '100');
    const eth = await ctx.currencyId('ETH');
    const cases: [Record<string, string | number>, string][] = [
      [{ currency_id: 424242 }, 'This market is not open for trading'],
      [{ legal_id: eth }, 'This market is not open for trading'],
      [{ type: 3 }, 'Unknown order type'],
      [{ target_price: '' }, 'Please enter a price'],
      [{ target_price: '0' }, 'The price must be greater than 0'],
      [{ target_price: '-1' }, 'The price must be greater than 0'],
      [{ target_price: '1e2' }, 'The price must be a plain number'],
      [{ target_price: '10.001' }, 'The price can have at most 2 decimal places'],
      [{ amount: '' }, 'Please enter an amount'],
      [{ amount: '0' }, 'The amount must be greater than 0'],
      [{ amount: '0.000001' }, 'The amount can have at most 5 decimal places'],
      [{ amount: '0.00005' }, 'The minimum amount is 0.0001 BTC'],
      [{ amount: 'lots' }, 'The amount must be a plain number'],
      [{ target_price: '1000', amount: '1' }, 'Insufficient balance'],
      [{ order_type: 'stop' }, 'Unknown order type'],
    ];
    for (const [change, message] of cases) {
      const answer = await ctx.post(
        '/api/coin/trade',
        { legal_id: usdt, currency_id: btc, type: 1, target_price: '10', amount: '1', ...change },
        user.token,
      );
      expect(answer.body, JSON.stringify(change)).toMatchObject({ type: 'error', message });
    }
    await ctx.prisma.currencyMatch.updateMany({
      where: { legal_id: usdt, currency_id: btc },
      data: { open_coin_trade: 0 },
    });
    forgetCachedPairs();
    try {
      expect((await order(user.token, 1, '10', '1')).body.message).toBe(
        'This market is not open for trading',
      );
    } finally {
      await ctx.prisma.currencyMatch.updateMany({
        where: { legal_id: usdt, currency_id: btc },
        data: { open_coin_trade: 1 },
      });
      forgetCachedPairs();
    }
    expect(await spot(user.id, usdt)).toEqual({ available: '100', locked: '0' });
    // Only the order short of funds was stored: the matcher refused it, and it says why.
    const stored = await ctx.prisma.spotOrder.findMany({ where: { user_id: user.id } });
    expect(stored.map((row) => [row.state, row.reject_reason, row.locked.toFixed()])).toEqual([
      ['rejected', 'balance_insufficient', '0'],
    ]);
    expect(
      (
        await ctx.post('/api/coin/trade', {
          legal_id: usdt,
          currency_id: btc,
          type: 1,
          target_price: '1',
          amount: '1',
        })
      ).body.type,
    ).toBe('999');
  });

  it('accepts exactly one of ten concurrent orders that each need all of the funds', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '25');
    const answers = await Promise.all(Array.from({ length: 10 }, () => order(user.token, 1, '25', '1')));
    expect(answers.filter((answer) => answer.body.type === 'ok')).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.message === 'Insufficient balance')).toHaveLength(9);
    expect(await spot(user.id, usdt)).toEqual({ available: '0', locked: '25' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('books every order of a burst its owner can pay for and refuses the rest, acknowledging only stored orders', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => ctx.signedInUser()));
    for (const [index, user] of users.entries())
      await ctx.deposit(user.account, 'USDT', index % 2 === 0 ? '100' : '15');
    const answers = await Promise.all(
      users.flatMap((user) => Array.from({ length: 4 }, () => order(user.token, 1, '10', '1'))),
    );
    // Rich users place all four (40 of 100); the others one (10 of 15), the rest refused for funds.
    const accepted = answers.filter((answer) => answer.body.type === 'ok');
    expect(accepted).toHaveLength(4 * 4 + 4);
    expect(
      answers.filter((answer) => answer.body.type !== 'ok').map((answer) => answer.body.message as string),
    ).toEqual(Array.from({ length: 12 }, () => 'Insufficient balance'));
    const ids = accepted.map((answer) => BigInt(answer.body.order.id as string));
    expect(await ctx.prisma.spotOrder.count({ where: { id: { in: ids }, state: 'open' } })).toBe(ids.length);
    for (const [index, user] of users.entries())
      expect(await spot(user.id, usdt)).toEqual(
        index % 2 === 0 ? { available: '60', locked: '40' } : { available: '5', locked: '10' },
      );
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('fills a market buy across levels within its budget and returns what it did not spend', async () => {
    const maker = await ctx.signedInUser();
    const taker = await ctx.signedInUser();
    await ctx.deposit(maker.account, 'BTC', '1');
    await ctx.deposit(taker.account, 'USDT', '1000');
    await order(maker.token, 2, '200', '0.1');
    await order(maker.token, 2, '210', '0.1');
    const buy = await order(taker.token, 1, '', '0.15', { order_type: 'market' });
    expect(buy.body).toMatchObject({ type: 'ok', message: 'Order filled' });
    // 0.1 at 200 and 0.05 at 210: 30.5 USDT spent; the rest of the 5 % budget came back.
    expect(await spot(taker.id, usdt)).toEqual({ available: '969.5', locked: '0' });
    expect((await spot(taker.id, btc)).available).toBe('0.1497');

    // With nothing left to buy, a market order trades nothing and holds nothing.
    const late = await order(taker.token, 1, '', '0.2', { order_type: 'market' });
    expect(late.body).toMatchObject({
      type: 'ok',
      message: '0.05 BTC traded; the rest found no matching orders',
    });
    const empty = await ctx.signedInUser();
    await ctx.deposit(empty.account, 'BTC', '1');
    const noBids = await order(empty.token, 2, '', '0.5', { order_type: 'market' });
    expect(noBids.body.type).toBe('ok');
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
