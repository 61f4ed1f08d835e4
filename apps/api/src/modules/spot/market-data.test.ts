import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { dayFiguresSchema, transactionPushSchema } from '@exchange/contracts';
import { SOCKET_PATH } from '@exchange/kernel/realtime';

const ctx = useTestContext();
let usdt: number;
let eth: number;
let ethUsdt: number;
let socket: Socket;
const received = new Map<string, unknown[]>();

beforeAll(async () => {
  [usdt, eth] = await ctx.currencyIds('USDT', 'ETH');
  ethUsdt = (await ctx.prisma.currencyMatch.findFirstOrThrow({ where: { legal_id: usdt, currency_id: eth } }))
    .id;
  await ctx.startMatcher();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  socket = connect(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
  });
  await new Promise((resolve) => socket.on('connect', () => resolve(undefined)));
  for (const event of ['match_trade', 'kline', 'market_depth', 'daymarket', 'transaction', 'spot_order']) {
    socket.on(event, (payload: unknown) => received.set(event, [...(received.get(event) ?? []), payload]));
  }
});
afterAll(() => {
  socket.disconnect();
});

const trade = (token: string, type: 1 | 2, price: string, amount: string) =>
  ctx.post('/api/coin/trade', { legal_id: usdt, currency_id: eth, type, target_price: price, amount }, token);

async function eventually(check: () => void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('market data from real trades', () => {
  it('shows the book, trades, ticker and candles, and pushes them over the socket', async () => {
    const maker = await ctx.signedInUser();
    const taker = await ctx.signedInUser();
    await ctx.deposit(maker.account, 'ETH', '10');
    await ctx.deposit(maker.account, 'USDT', '10000');
    await ctx.deposit(taker.account, 'USDT', '10000');
    await trade(maker.token, 2, '3000', '1');
    await trade(maker.token, 2, '3010', '2');
    await trade(maker.token, 1, '2990', '0.5');
    await trade(maker.token, 1, '2990', '0.25');
    await trade(taker.token, 1, '3000', '0.4');
    await trade(taker.token, 1, '3010', '0.6');

    const deal = await ctx.post('/api/transaction/deal', { legal_id: usdt, currency_id: eth }, taker.token);
    expect(deal.body.message).toMatchObject({
      in: [{ price: '2990', number: '0.75' }],
      out: [{ price: '3010', number: '2' }],
      last_price: '3000',
      user_currency: '0.998',
    });
    expect(
      deal.body.message.complete.map((row: { price: string; number: string; way: number }) => [
        row.price,
        row.number,
        row.way,
      ]),
    ).toEqual([
      ['3000', '0.6', 1],
      ['3000', '0.4', 1],
    ]);
    expect(deal.body.message.cny_price).toBe('21600.00');

    const quotation = await ctx.get('/api/currency/quotation_new', taker.token);
    const usdtGroup = quotation.body.message.find((group: { name: string }) => group.name === 'USDT');
    const ethRow = usdtGroup.quotation.find((row: { currency_name: string }) => row.currency_name === 'ETH');
    expect(ethRow).toMatchObject({
      id: ethUsdt,
      legal_name: 'USDT',
      now_price: '3000',
      volume: '1',
      high: '3000',
      low: '3000',
      change: '+0.00',
      added: 0,
    });
    expect(usdtGroup.fiat_convert_cny).toBe('7.2000');

    const candles = await ctx.get(
      `/api/currency/new_timeshar?symbol=ETH/USDT&period=1min&from=0&to=${Math.ceil(Date.now() / 1000) + 60}`,
    );
    expect(candles.body).toMatchObject({ code: 1, msg: 'success' });
    expect(candles.body.data).toEqual([
      expect.objectContaining({
        open: '3000',
        close: '3000',
        high: '3000',
        low: '3000',
        amount: '1',
        vol: '3000',
      }),
    ]);
    for (const period of ['5min', '15min', '30min', '60min', '1day', '1week', '1mon']) {
      expect(
        (await ctx.get(`/api/currency/new_timeshar?symbol=ETH/USDT&period=${period}`)).body.data,
        period,
      ).toHaveLength(1);
    }
    expect((await ctx.get('/api/currency/new_timeshar?symbol=NOPE/USDT&period=1min')).body).toMatchObject({
      code: -1,
      data: [],
    });
    expect((await ctx.get('/api/currency/new_timeshar?symbol=ETH/USDT&period=2min')).body).toMatchObject({
      code: -1,
      data: [],
    });

    const current = await ctx.post('/api/market/get_current', {
      base_currency: 'ETH',
      quote_currency: 'USDT',
      period: '1day',
    });
    expect(current.body.message).toMatchObject({ close: '3000', vol: '1', high: '3000', low: '3000' });
    expect((await ctx.get(`/api/currency/detail?id=${eth}`)).body.message).toMatchObject({
      name: 'ETH',
      desc: expect.stringContaining('blockchain'),
    });

    await eventually(() => {
      expect(received.get('match_trade')).toHaveLength(2);
      expect(received.get('kline')?.length).toBeGreaterThanOrEqual(8);
      expect(received.get('daymarket')).toEqual(
        expect.arrayContaining([expect.objectContaining({ symbol: 'ETH/USDT', now_price: '3000' })]),
      );
      expect(received.get('market_depth')?.at(-1)).toMatchObject({
        symbol: 'ETH/USDT',
        bids: [['2990', '0.75']],
        asks: [['3010', '2']],
      });
      expect(received.get('transaction')?.length).toBeGreaterThanOrEqual(1);
    });
    // `transaction` (document 1): the pair's token and its 24 hours as JSON, as the contract declares them.
    const transaction = transactionPushSchema.parse(received.get('transaction')?.at(-1));
    expect(transaction).toMatchObject({
      type: 'transaction',
      symbol: 'ETH/USDT',
      match_id: ethUsdt,
      legal_id: usdt,
      currency_id: eth,
      token: 'ETH',
    });
    expect(dayFiguresSchema.parse(JSON.parse(transaction['24h']))).toEqual({
      open: '3000',
      high: '3000',
      low: '3000',
      close: '3000',
      change: '+0.00',
      volume: '1',
      amount: '3000',
    });
    // Six batches changed the book (four resting orders, two takers): pushes and the REST answer name the
    // same version, and a trade by the same id, so a client can tell which is newer and drop duplicates.
    const latest = await ctx.post('/api/transaction/deal', { legal_id: usdt, currency_id: eth }, taker.token);
    expect(latest.body.message.depth_seq).toBe(6);
    expect(received.get('market_depth')?.at(-1)).toMatchObject({ seq: 6 });
    expect(received.get('match_trade')?.map((push) => (push as { id: string }).id)).toEqual(
      latest.body.message.complete.map((row: { id: string }) => row.id).reverse(),
    );
    // The user's own order updates go only to sockets that proved the user's token.
    expect(received.get('spot_order')).toBeUndefined();
  });

  it('toggles favourites, shown as the added flag', async () => {
    const user = await ctx.signedInUser();
    expect((await ctx.post('/api/currency/optional', { match_id: ethUsdt }, user.token)).body).toEqual({
      type: 'ok',
      message: 'Added to favourites',
      added: 1,
    });
    expect((await ctx.get('/api/currency/optional', user.token)).body.message).toEqual([ethUsdt]);
    const quotation = await ctx.get('/api/currency/quotation_new', user.token);
    const flags = quotation.body.message
      .flatMap((group: { quotation: { id: number; added: number }[] }) => group.quotation)
      .filter((row: { added: number }) => row.added === 1);
    expect(flags.map((row: { id: number }) => row.id)).toEqual([ethUsdt]);
    expect((await ctx.post('/api/currency/optional', { match_id: ethUsdt }, user.token)).body).toEqual({
      type: 'ok',
      message: 'Removed from favourites',
      added: 0,
    });
    expect((await ctx.post('/api/currency/optional', { match_id: 99999 }, user.token)).body.message).toBe(
      'This market is not open for trading',
    );
    expect((await ctx.post('/api/currency/optional', { match_id: ethUsdt })).body.type).toBe('999');
  });
});
