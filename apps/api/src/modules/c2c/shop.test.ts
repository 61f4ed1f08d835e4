import { LOG_TYPES } from '@exchange/kernel/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { legalOf, p2pTrader, type P2PTrader, TRADE_PASSWORD } from '../../../../../test/p2p';
import { writeSetting } from '../system';
import { approveSeller } from './sellers';

const ctx = useTestContext();
let usdt: number;
beforeAll(async () => {
  usdt = await ctx.currencyId('USDT');
});

const password = TRADE_PASSWORD;

async function approvedSeller(legal: string) {
  const seller = await p2pTrader(ctx, legal, 'shop');
  await approveSeller(ctx.prisma, {
    account: seller.account,
    currency: 'USDT',
    name: 'Shop',
    reason: 'test',
  });
  return seller;
}

const shopSend = (seller: P2PTrader, body: Record<string, string | number> = {}) =>
  ctx
    .post(
      '/api/legal_send',
      {
        type: 'sell',
        way: 'bank',
        price: '7.2',
        total_number: '100',
        min_number: '10',
        max_number: '50',
        currency_id: usdt,
        coin_code: 'CNY',
        password,
        ...body,
      },
      seller.token,
    )
    .then((answer) => answer.body);

const takeShop = (user: P2PTrader, id: number, value: string, means = 'number') =>
  ctx.post('/api/do_legal_deal', { id, means, value, password }, user.token).then((answer) => answer.body);

describe('seller shops', () => {
  it('lets only approved sellers publish; fills partially between min and max; confirms per order', async () => {
    const outsider = await p2pTrader(ctx, '100', 'outsider');
    expect((await shopSend(outsider)).message).toBe(
      'Only approved sellers of this currency can publish shop ads',
    );
    const seller = await approvedSeller('200');
    expect((await ctx.get('/api/my_seller', seller.token)).body.message[0]).toMatchObject({
      name: 'Shop',
      currency_name: 'USDT',
      status: 1,
    });
    expect((await shopSend(seller, { min_number: '60', max_number: '50' })).message).toBe(
      'The minimum must not exceed the maximum, nor the maximum the total',
    );
    const sent = await shopSend(seller);
    expect(sent.type).toBe('ok');
    const adId = sent.data.id as number;
    expect(await legalOf(ctx, seller.id)).toEqual(['100', '100']);
    const market = await ctx.get(`/api/legal_deal_platform?type=sell&currency_id=${usdt}`);
    expect(market.body.message.data[0]).toMatchObject({
      id: adId,
      seller_name: 'Shop',
      min_number: '10',
      max_number: '50',
    });

    const buyer = await p2pTrader(ctx, '0', 'buyer');
    expect((await takeShop(buyer, adId, '5')).message).toBe('The quantity must be between 10 and 50');
    expect((await takeShop(buyer, adId, '51')).message).toBe('The quantity must be between 10 and 50');
    expect((await takeShop(buyer, adId, '144', 'money')).type).toBe('ok'); // 144 CNY / 7.2 = 20 USDT
    expect((await takeShop(buyer, adId, '30')).type).toBe('ok');
    expect((await takeShop(buyer, adId, '10')).type).toBe('ok');
    expect((await takeShop(buyer, adId, '10')).message).toBe('You can have at most 3 unfinished shop orders');
    const ad = await ctx.prisma.p2pAd.findUniqueOrThrow({ where: { id: adId } });
    expect([ad.state, ad.surplus_number.toFixed()]).toEqual(['open', '40']);
    expect((await ctx.audit()).problems).toEqual([]);

    const orders = await ctx.get('/api/legal_user_deal?page=1', buyer.token);
    const ids = (orders.body.message.data as { id: number; number: string }[]).map((row) => [
      row.id,
      row.number,
    ]);
    expect(ids.map(([, number]) => number)).toEqual(['10', '30', '20']);
    const [first] = ids.at(-1) as [number, string];
    expect((await ctx.post('/api/user_legal_pay', { id: first, password }, buyer.token)).body.type).toBe(
      'ok',
    );
    expect((await ctx.post('/api/legal_deal_sure', { id: first, password }, seller.token)).body.type).toBe(
      'ok',
    );
    expect(await legalOf(ctx, buyer.id)).toEqual(['20', '0']);
    // A shop order's escrow moves under the shop's own log types.
    const released = await ctx.prisma.accountLog.findMany({
      where: { ref_type: 'p2p_order', ref_id: String(first) },
      orderBy: { user_id: 'asc' },
    });
    expect(released.map((row) => [row.user_id, row.is_lock, row.delta.toFixed(), row.type])).toEqual(
      [
        [seller.id, true, '-20', LOG_TYPES.SHOP_DONE],
        [buyer.id, false, '20', LOG_TYPES.SHOP_DONE],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const [second] = ids[1] as [number, string];
    expect(
      (await ctx.post('/api/user_legal_pay_cancel', { id: second, password }, buyer.token)).body.type,
    ).toBe('ok');
    expect((await ctx.prisma.p2pAd.findUniqueOrThrow({ where: { id: adId } })).surplus_number.toFixed()).toBe(
      '70',
    );
    // c2c calls do not reach shop orders, nor shop calls c2c orders.
    expect(
      (await ctx.post('/api/c2c/user_legal_pay', { id: first, password }, buyer.token)).body.message,
    ).toBe('Order not found');
    const adOrders = await ctx.get(`/api/legal_send_deal_list?id=${adId}`, seller.token);
    expect(adOrders.body.message.total).toBe(3);

    const down = await ctx.post('/api/down', { id: adId }, seller.token);
    expect(down.body).toMatchObject({ type: 'ok', is_shelves: 0 });
    expect((await takeShop(await p2pTrader(ctx, '0', 'late'), adId, '10')).message).toBe(
      'This ad does not exist or is no longer available',
    );
    expect((await ctx.post('/api/back_send', { id: adId, password }, seller.token)).body.message).toBe(
      'This ad has unfinished orders, please finish them first',
    );
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('starts a shop order’s pay window from the shop setting, not the c2c one', async () => {
    await writeSetting(ctx.prisma, 'legalDealCancel_time', '15');
    try {
      const seller = await approvedSeller('10');
      const sent = await shopSend(seller, { total_number: '10', min_number: '10', max_number: '10' });
      const start = Date.now();
      const taken = await takeShop(await p2pTrader(ctx, '0', 'windowed'), sent.data.id as number, '10');
      const { pay_deadline } = await ctx.prisma.p2pOrder.findUniqueOrThrow({
        where: { id: taken.message.data.id as number },
      });
      expect(pay_deadline.getTime()).toBeGreaterThanOrEqual(start + 15 * 60_000);
      expect(pay_deadline.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    } finally {
      await writeSetting(ctx.prisma, 'legalDealCancel_time', '1440');
    }
  });

  it('lets exactly one of several concurrent takes of the last quantity through', async () => {
    const seller = await approvedSeller('30');
    const sent = await shopSend(seller, { total_number: '30', min_number: '30', max_number: '30' });
    const takers = await Promise.all([1, 2, 3].map((n) => p2pTrader(ctx, '0', `t${n}`)));
    const answers = await Promise.all(takers.map((taker) => takeShop(taker, sent.data.id as number, '30')));
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('takes appeal statements on the shop path, and c2c paths do not reach shop orders', async () => {
    const seller = await approvedSeller('50');
    const buyer = await p2pTrader(ctx, '0', 'shopbuyer');
    const sent = await shopSend(seller, { total_number: '50', min_number: '10', max_number: '50' });
    const taken = await takeShop(buyer, sent.data.id as number, '20');
    const orderId = taken.message.data.id as number;
    await ctx.post('/api/user_legal_pay', { id: orderId, password }, buyer.token);
    await ctx.prisma.p2pOrder.update({
      where: { id: orderId },
      data: { paid_at: new Date(Date.now() - 3_600_000) },
    });
    expect(
      (await ctx.post('/api/legal_deal_appeal', { id: orderId, reason: 'paid, no release' }, buyer.token))
        .body.type,
    ).toBe('ok');
    const say = (user: P2PTrader, path: string) =>
      ctx
        .post(path, { id: orderId, message: 'shop seller: nothing arrived' }, user.token)
        .then((a) => a.body);
    expect((await say(seller, '/api/c2c/appeal_message')).message).toBe('Order not found');
    expect(await say(seller, '/api/legal_deal/appeal_message')).toMatchObject({ type: 'ok' });
    const seen = (await ctx.get(`/api/legal_deal?id=${orderId}`, buyer.token)).body.message.appeal_messages;
    expect(seen).toMatchObject([
      { from: 'me', message: 'paid, no release' },
      { from: 'counterparty', message: 'shop seller: nothing arrived' },
    ]);
  });
});
