import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import {
  cashInfoOf,
  fundLegal,
  legalOf,
  p2pTrader,
  type P2PTrader,
  TRADE_PASSWORD,
} from '../../../../../test/p2p';
import { writeSetting } from '../system';
import { expireOrder } from './order-deadlines';
import { resolveAppeal } from './orders';

const ctx = useTestContext();
let usdt: number;
beforeAll(async () => {
  usdt = await ctx.currencyId('USDT');
});

const password = TRADE_PASSWORD;

async function sellAd(owner: P2PTrader, total = '100', price = '7.10', way = 'bank') {
  const answer = await ctx.post(
    '/api/c2c_send',
    { type: 'sell', way, price, total_number: total, currency_id: usdt, coin_code: 'CNY', password },
    owner.token,
  );
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
  return answer.body.data.id as number;
}

async function buyAd(owner: P2PTrader, total = '50', price = '7.00') {
  const answer = await ctx.post(
    '/api/c2c_send',
    {
      type: 'buy',
      way: 'ali_pay',
      price,
      total_number: total,
      currency_id: usdt,
      coin_code: 'CNY',
      password,
    },
    owner.token,
  );
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
  return answer.body.data.id as number;
}

async function take(taker: P2PTrader, adId: number) {
  const answer = await ctx.post('/api/c2c/do_legal_deal', { id: adId, password }, taker.token);
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
  return answer.body.message.data.id as number;
}

const act = (path: string, user: P2PTrader, id: number, extra: Record<string, string> = {}) =>
  ctx.post(path, { id, password, ...extra }, user.token).then((answer) => answer.body);

const outboxTo = (account: string) =>
  ctx.prisma.messageOutbox.findMany({ where: { to: account, scene: 'p2p' }, orderBy: { id: 'asc' } });

describe('c2c sell ad: publish, take, pay, confirm', () => {
  it('escrows the seller’s crypto from publish to confirmation and shows contacts only to the parties', async () => {
    const seller = await p2pTrader(ctx, '300', 'seller');
    const buyer = await p2pTrader(ctx, '0', 'buyer');
    const stranger = await p2pTrader(ctx, '0', 'stranger');
    const adId = await sellAd(seller, '100', '7.10');
    expect(await legalOf(ctx, seller.id)).toEqual(['200', '100']);
    expect((await ctx.audit()).problems).toEqual([]);

    const market = await ctx.get(`/api/c2c_deal_platform?type=sell&currency_id=${usdt}&page=1`);
    expect(market.body.type).toBe('ok');
    const row = (market.body.message.data as { id: number }[]).find((ad) => ad.id === adId);
    expect(row).toMatchObject({
      surplus_number: '100',
      price: '7.10',
      coin_code: 'CNY',
      currency_name: 'USDT',
      way: 'bank',
      way_name: 'Bank card',
    });
    expect(JSON.stringify(row)).not.toMatch(/bank_account|wechat|alipay|phone|6222/);
    expect(market.body.message).toMatchObject({ page: 1, pages: 1 });

    const orderId = await take(buyer, adId);
    const order = await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({
      is_sure: 0,
      user_id: buyer.id,
      seller_id: seller.id,
      escrow_user_id: seller.id,
    });
    expect(order.deal_money.toFixed()).toBe('710');
    // The whole ad is taken: gone from the market, the lock now held by the order.
    expect((await ctx.prisma.p2pAd.findUniqueOrThrow({ where: { id: adId } })).state).toBe('done');
    expect(await legalOf(ctx, seller.id)).toEqual(['200', '100']);
    expect((await ctx.audit()).problems).toEqual([]);
    expect((await outboxTo(seller.account)).map((message) => message.body)).toEqual([
      `Your ad was taken: order ${orderId}, 100 USDT`,
    ]);

    const seen = await ctx.get(`/api/c2c_deal?id=${orderId}`, buyer.token);
    expect(seen.body.message).toMatchObject({
      id: orderId,
      type: 'sell',
      is_sure: 0,
      number: '100',
      deal_money: '710.00',
      can_pay: 1,
      can_cancel: 1,
      can_confirm: 0,
      sell_cash_info: { real_name: `seller${seller.id}`, bank_account: expect.any(String) },
      hes_realname: `seller${seller.id}`,
    });
    expect((await ctx.get(`/api/c2c_deal?id=${orderId}`, stranger.token)).body).toEqual({
      type: 'error',
      message: 'Order not found',
    });
    expect((await act('/api/c2c/user_legal_pay', stranger, orderId)).message).toBe('Order not found');

    expect(await act('/api/c2c/user_legal_pay', buyer, orderId)).toEqual({
      type: 'ok',
      message: 'Marked as paid, waiting for the seller to confirm',
    });
    expect((await outboxTo(seller.account)).at(-1)?.body).toBe(
      `Order ${orderId} was marked as paid, please check the payment and confirm`,
    );
    expect(await act('/api/c2c/legal_deal_sure', seller, orderId)).toEqual({
      type: 'ok',
      message: 'Receipt confirmed, the order is finished',
    });
    expect(await legalOf(ctx, seller.id)).toEqual(['200', '0']);
    expect(await legalOf(ctx, buyer.id)).toEqual(['100', '0']);
    expect((await outboxTo(buyer.account)).at(-1)?.body).toBe(
      `Order ${orderId} is finished: the seller confirmed the payment`,
    );
    const record = await ctx.get(`/api/c2c_seller_deal?currency_id=${usdt}&type=sell&page=1`, seller.token);
    expect(record.body.message.data[0]).toMatchObject({ id: orderId, number: '100', deal_money: '710.00' });
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('c2c buy ad: the taker sells into it', () => {
  it('locks the taker’s crypto at take; the ad owner pays; the taker confirms', async () => {
    const owner = await p2pTrader(ctx, '0', 'owner');
    const taker = await p2pTrader(ctx, '80', 'taker');
    const adId = await buyAd(owner, '50', '7.00');
    expect(await legalOf(ctx, owner.id)).toEqual(['0', '0']);
    const orderId = await take(taker, adId);
    expect(await legalOf(ctx, taker.id)).toEqual(['30', '50']);
    expect((await ctx.audit()).problems).toEqual([]);

    // The taker is the seller here: it cannot mark paid; the owner cannot confirm.
    expect((await act('/api/c2c/user_legal_pay', taker, orderId)).message).toBe(
      'Only the paying party can do this',
    );
    expect((await act('/api/c2c/legal_deal_user_sure', taker, orderId)).message).toBe(
      'The buyer has not marked this order as paid yet',
    );
    expect((await act('/api/c2c/user_legal_pay', owner, orderId)).type).toBe('ok');
    expect((await act('/api/c2c/user_legal_pay', owner, orderId)).message).toBe(
      'This order has already been marked as paid',
    );
    expect((await act('/api/c2c/user_legal_pay_cancel', owner, orderId)).message).toBe(
      'This order has already been marked as paid',
    );
    expect((await act('/api/c2c/legal_deal_sure', owner, orderId)).message).toBe(
      'Only the seller can confirm receipt',
    );
    expect((await act('/api/c2c/legal_deal_sure', taker, orderId)).message).toBe(
      'Only the seller can confirm receipt',
    );
    expect((await act('/api/c2c/legal_deal_user_sure', taker, orderId)).type).toBe('ok');
    expect(await legalOf(ctx, taker.id)).toEqual(['30', '0']);
    expect(await legalOf(ctx, owner.id)).toEqual(['50', '0']);
    expect((await act('/api/c2c/legal_deal_user_sure', taker, orderId)).message).toBe(
      'This order is already finished',
    );
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('the market lists the best price for the visitor’s side first', () => {
  it('sell ads cheapest first and buy ads dearest first, then the earlier ad first', async () => {
    // BTC ads of their own, so no other test's ads share the list.
    const btc = await ctx.currencyId('BTC');
    const first = await p2pTrader(ctx, '0', 'first');
    const second = await p2pTrader(ctx, '0', 'second');
    for (const trader of [first, second]) await fundLegal(ctx, trader, 'BTC', '10');
    const publish = async (owner: P2PTrader, type: 'buy' | 'sell', price: string) => {
      const answer = await ctx.post(
        '/api/c2c_send',
        { type, way: 'bank', price, total_number: '1', currency_id: btc, coin_code: 'CNY', password },
        owner.token,
      );
      expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
      return answer.body.data.id as number;
    };
    const sellDear = await publish(first, 'sell', '690000');
    const sellCheapest = await publish(first, 'sell', '685000');
    const sellDearLater = await publish(second, 'sell', '690000');
    const sellMiddle = await publish(second, 'sell', '687500');
    const buyLow = await publish(first, 'buy', '680000');
    const buyBest = await publish(second, 'buy', '682000');
    const buyLowLater = await publish(second, 'buy', '680000');

    const market = async (type: string) => {
      const answer = await ctx.get(`/api/c2c_deal_platform?type=${type}&currency_id=${btc}&page=1`);
      expect(answer.body.type).toBe('ok');
      return (answer.body.message.data as { id: number; price: string }[]).map((ad) => [ad.id, ad.price]);
    };
    // A visitor buying chooses among sell ads: the lowest price first.
    expect(await market('sell')).toEqual([
      [sellCheapest, '685000.00'],
      [sellMiddle, '687500.00'],
      [sellDear, '690000.00'],
      [sellDearLater, '690000.00'],
    ]);
    // A visitor selling chooses among buy ads: the highest price first.
    expect(await market('buy')).toEqual([
      [buyBest, '682000.00'],
      [buyLow, '680000.00'],
      [buyLowLater, '680000.00'],
    ]);
    // One's own ads stay newest first.
    const mine = await ctx.get(`/api/c2c/seller_trade?type=sell&currency_id=${btc}&page=1`, second.token);
    expect(mine.body.message.data.map((ad: { id: number }) => ad.id)).toEqual([sellMiddle, sellDearLater]);
  });
});

describe('what a party of an order sees of the other', () => {
  it('masks names and phones, never shows an e-mail as a phone, and shows the receiving account only to the payer while due', async () => {
    const seller = await p2pTrader(ctx, '100', 'seller');
    const buyer = await p2pTrader(ctx, '0', 'buyer');
    await ctx.prisma.user.update({ where: { id: seller.id }, data: { phone: '13812345678' } });
    const adId = await sellAd(seller, '20', '7.10', 'bank');
    const orderId = await take(buyer, adId);
    const view = async (user: P2PTrader) => {
      const answer = await ctx.get(`/api/c2c_deal?id=${orderId}`, user.token);
      expect(answer.body.type).toBe('ok');
      return answer.body.message;
    };
    const masked = (account: string) => `${account.slice(0, 2)}***@${account.split('@')[1]}`;

    // The buyer pays: it sees the seller masked, and where to pay while the order is unpaid.
    const byBuyer = await view(buyer);
    expect(byBuyer).toMatchObject({
      seller_name: masked(seller.account),
      account_number: masked(seller.account),
      seller_phone: { phone: '138****5678' },
      phone: { phone: '' },
      hes_realname: `seller${seller.id}`,
      hes_account: expect.stringContaining('Bank of Examples'),
      user_cash_info: {},
    });
    expect(byBuyer.sell_cash_info).toEqual({
      real_name: `seller${seller.id}`,
      bank_name: 'Bank of Examples',
      bank_account: cashInfoOf(`seller${seller.id}`).bank_account,
      alipay_account: `seller${seller.id}@alipay.test`,
      wechat_account: `wx_seller${seller.id}`,
    });
    expect(JSON.stringify(byBuyer)).not.toContain(seller.account);
    expect(JSON.stringify(byBuyer)).not.toContain('13812345678');

    // The seller receives: it sees the buyer masked (no phone: nothing, not the e-mail) and no account.
    const bySeller = await view(seller);
    expect(bySeller).toMatchObject({
      seller_name: masked(seller.account),
      account_number: masked(buyer.account),
      seller_phone: { phone: '138****5678' },
      phone: { phone: '' },
      hes_realname: '',
      hes_account: '',
      sell_cash_info: {},
      user_cash_info: {},
    });
    const sellerSees = JSON.stringify(bySeller);
    for (const hidden of [buyer.account, `buyer${buyer.id}`, cashInfoOf(`buyer${buyer.id}`).bank_account])
      expect(sellerSees).not.toContain(hidden);

    // Once the order is finished there is nothing left to pay: nobody sees a receiving account.
    expect((await act('/api/c2c/user_legal_pay', buyer, orderId)).type).toBe('ok');
    expect((await view(buyer)).sell_cash_info).toMatchObject({ real_name: `seller${seller.id}` });
    expect((await act('/api/c2c/legal_deal_sure', seller, orderId)).type).toBe('ok');
    const done = await view(buyer);
    expect(done).toMatchObject({ hes_realname: '', hes_account: '', sell_cash_info: {}, user_cash_info: {} });
    expect(JSON.stringify(done)).not.toContain(cashInfoOf(`seller${seller.id}`).bank_account);
    // The lists answer the same rows.
    const listed = await ctx.get('/api/c2c_user_deal?page=1', buyer.token);
    expect(listed.body.message.data.find((row: { id: number }) => row.id === orderId)).toEqual(done);
  });

  it('gives the receiving account of a buy ad’s taker to the ad owner, who pays', async () => {
    const owner = await p2pTrader(ctx, '0', 'owner');
    const taker = await p2pTrader(ctx, '60', 'taker');
    const orderId = await take(taker, await buyAd(owner, '50', '7.00'));
    const byOwner = (await ctx.get(`/api/c2c_deal?id=${orderId}`, owner.token)).body.message;
    expect(byOwner).toMatchObject({
      account_number: expect.stringContaining('***@'),
      hes_realname: `taker${taker.id}`,
      hes_account: `taker${taker.id}@alipay.test`,
      sell_cash_info: {},
      user_cash_info: { real_name: `taker${taker.id}`, alipay_account: `taker${taker.id}@alipay.test` },
    });
    const byTaker = (await ctx.get(`/api/c2c_deal?id=${orderId}`, taker.token)).body.message;
    expect(byTaker).toMatchObject({ hes_realname: '', sell_cash_info: {}, user_cash_info: {} });
    expect(JSON.stringify(byTaker)).not.toContain(owner.account);
  });
});

describe('cancelling', () => {
  it('returns a sell ad’s quantity to the ad and a buy ad taker’s escrow to the taker', async () => {
    const seller = await p2pTrader(ctx, '100', 'seller');
    const buyer = await p2pTrader(ctx, '40', 'buyer');
    const sellId = await sellAd(seller, '60');
    const order1 = await take(buyer, sellId);
    expect((await act('/api/c2c/user_legal_pay_cancel', seller, order1)).message).toBe(
      'Only the paying party can do this',
    );
    expect(await act('/api/c2c/user_legal_pay_cancel', buyer, order1)).toEqual({
      type: 'ok',
      message: 'Order cancelled',
    });
    const ad = await ctx.prisma.p2pAd.findUniqueOrThrow({ where: { id: sellId } });
    expect([ad.state, ad.surplus_number.toFixed()]).toEqual(['open', '60']);
    expect(await legalOf(ctx, seller.id)).toEqual(['40', '60']);
    // Both parties' screens say who cancelled it.
    for (const party of [buyer, seller])
      expect((await ctx.get(`/api/c2c_deal?id=${order1}`, party.token)).body.message).toMatchObject({
        is_sure: 2,
        cancelled_by: 'payer',
      });
    expect((await act('/api/c2c/user_legal_pay', buyer, order1)).message).toBe(
      'This order has been cancelled',
    );

    const buyId = await buyAd(seller, '30');
    const order2 = await take(buyer, buyId);
    expect(await legalOf(ctx, buyer.id)).toEqual(['10', '30']);
    expect((await act('/api/c2c/user_legal_pay_cancel', seller, order2)).type).toBe('ok');
    expect(await legalOf(ctx, buyer.id)).toEqual(['40', '0']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses cancels past the daily limit', async () => {
    await writeSetting(ctx.prisma, 'userLegalDealCancel', '1');
    try {
      const seller = await p2pTrader(ctx, '10', 'seller');
      const buyer = await p2pTrader(ctx, '0', 'buyer');
      const adId = await sellAd(seller, '10');
      expect((await act('/api/c2c/user_legal_pay_cancel', buyer, await take(buyer, adId))).type).toBe('ok');
      expect((await ctx.post('/api/c2c/do_legal_deal', { id: adId, password }, buyer.token)).body).toEqual({
        type: 'error',
        message: 'You have cancelled 1 orders today, please try again tomorrow',
      });
      expect(
        (
          await ctx.post(
            '/api/c2c_send',
            {
              type: 'buy',
              way: 'bank',
              price: '7',
              total_number: '1',
              currency_id: usdt,
              coin_code: 'CNY',
              password,
            },
            buyer.token,
          )
        ).body.message,
      ).toBe('You have cancelled 1 orders today, please try again tomorrow');
    } finally {
      await writeSetting(ctx.prisma, 'userLegalDealCancel', '3');
    }
  });
});

describe('withdrawing an ad', () => {
  it('returns the untaken quantity, and is refused while an order is unfinished', async () => {
    const seller = await p2pTrader(ctx, '100', 'seller');
    const buyer = await p2pTrader(ctx, '0', 'buyer');
    const other = await p2pTrader(ctx, '0', 'other');
    const adId = await sellAd(seller, '70');
    expect((await act('/api/c2c/back_send', other, adId)).message).toBe(
      'This ad does not exist or is no longer available',
    );
    const orderId = await take(buyer, adId);
    expect((await act('/api/c2c/back_send', seller, adId)).message).toBe(
      'This ad has unfinished orders, please finish them first',
    );
    await act('/api/c2c/user_legal_pay_cancel', buyer, orderId);
    expect(await act('/api/c2c/back_send', seller, adId)).toEqual({ type: 'ok', message: 'Ad withdrawn' });
    expect(await legalOf(ctx, seller.id)).toEqual(['100', '0']);
    expect((await act('/api/c2c/back_send', seller, adId)).message).toBe(
      'This ad does not exist or is no longer available',
    );
    expect((await ctx.post('/api/c2c/do_legal_deal', { id: adId, password }, buyer.token)).body.message).toBe(
      'This ad does not exist or is no longer available',
    );
    const mine = await ctx.get('/api/c2c/seller_trade?page=1', seller.token);
    expect((mine.body.message.data as { id: number }[]).map((ad) => ad.id)).not.toContain(adId);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('refusals change nothing', () => {
  it('checks the ad’s input, the gates and the balance', async () => {
    const user = await p2pTrader(ctx, '10', 'user');
    const good = {
      type: 'sell',
      way: 'bank',
      price: '7.1',
      total_number: '5',
      currency_id: usdt,
      coin_code: 'CNY',
      password,
    };
    const cases: [Record<string, string | number>, string][] = [
      [{ price: '' }, 'Please enter a price'],
      [{ price: '0' }, 'The price must be greater than 0'],
      [{ price: '-7' }, 'The price must be greater than 0'],
      [{ price: '7.123' }, 'The price can have at most 2 decimal places'],
      [{ price: 'abc' }, 'The price must be a plain number'],
      [{ price: '1'.repeat(40) }, 'The amount is too large'],
      [{ total_number: '' }, 'Please enter an amount'],
      [{ total_number: '0' }, 'The amount must be greater than 0'],
      [{ total_number: '-1' }, 'The amount must be greater than 0'],
      [{ total_number: '1.1234567' }, 'The amount can have at most 6 decimal places'],
      [{ total_number: '9'.repeat(40) }, 'The amount is too large'],
      [{ total_number: 'NaN' }, 'The amount must be a plain number'],
      [{ way: '' }, 'Please choose a payment method'],
      [{ way: 'paypal' }, 'Please choose a payment method'],
      [{ coin_code: 'EUR' }, 'Please choose a fiat currency (CNY, USD or JPY)'],
      [{ type: 'swap' }, 'Please choose buy or sell'],
      [{ currency_id: await ctx.currencyId('ETH') }, 'ETH cannot be traded peer-to-peer'],
      [{ currency_id: '9'.repeat(40) }, 'This currency does not exist'],
      [{ currency_id: '' }, 'Please choose a currency'],
      [{ password: '' }, 'Please enter the trade password'],
      [{ password: '000000' }, 'The trade password is incorrect'],
      [{ total_number: '10.000001' }, 'Insufficient balance'],
    ];
    for (const [change, message] of cases) {
      expect(
        (await ctx.post('/api/c2c_send', { ...good, ...change }, user.token)).body,
        JSON.stringify(change),
      ).toEqual({
        type: 'error',
        message,
      });
    }
    const array = await ctx.http
      .post('/api/c2c_send')
      .set('Authorization', user.token)
      .send({ ...good, price: ['1', '2'] });
    expect(array.status).toBe(200);
    expect(array.body.type).toBe('error');
    expect(await ctx.prisma.p2pAd.count({ where: { user_id: user.id } })).toBe(0);
    expect(await legalOf(ctx, user.id)).toEqual(['10', '0']);

    const noCash = await ctx.signedInUser({ tradePassword: password, kyc: true });
    expect((await ctx.post('/api/c2c_send', good, noCash.token)).body).toEqual({
      type: '997',
      message: 'Please set up your payment account first',
    });
    const noKyc = await ctx.signedInUser({ tradePassword: password });
    await ctx.post('/api/user/cash_save', cashInfoOf('nokyc'), noKyc.token);
    expect((await ctx.post('/api/c2c_send', good, noKyc.token)).body).toEqual({
      type: '998',
      message: 'Please complete identity verification first',
    });
    const noPassword = await ctx.signedInUser({ kyc: true });
    await ctx.post('/api/user/cash_save', cashInfoOf('nopassword'), noPassword.token);
    expect((await ctx.post('/api/c2c_send', good, noPassword.token)).body.type).toBe('not');
    expect((await ctx.post('/api/c2c_send', good)).body.type).toBe('999');
    const chinese = await ctx.http
      .post('/api/c2c_send')
      .set('Authorization', user.token)
      .set('lang', 'zh')
      .type('form')
      .send({ ...good, way: 'paypal' });
    expect(chinese.body).toEqual({ type: 'error', message: '请选择支付方式' });
    expect(await ctx.prisma.p2pAd.count({ where: { user_id: user.id } })).toBe(0);
  });

  it('refuses taking unknown, finished and own ads, and a second unfinished order', async () => {
    const seller = await p2pTrader(ctx, '50', 'seller');
    const buyer = await p2pTrader(ctx, '0', 'buyer');
    const first = await sellAd(seller, '10');
    const second = await sellAd(seller, '10');
    const takeAnswer = (user: P2PTrader, id: number | string) =>
      ctx.post('/api/c2c/do_legal_deal', { id, password }, user.token).then((answer) => answer.body.message);
    expect(await takeAnswer(seller, first)).toBe('You cannot trade with your own ad');
    expect(await takeAnswer(buyer, 987654)).toBe('This ad does not exist or is no longer available');
    expect(await takeAnswer(buyer, '9'.repeat(40))).toBe('This ad does not exist or is no longer available');
    expect(await takeAnswer(buyer, 'abc')).toBe('This ad does not exist or is no longer available');
    await take(buyer, first);
    expect(await takeAnswer(buyer, second)).toBe('Please finish your unfinished order first');
    const late = await p2pTrader(ctx, '0', 'late');
    expect(await takeAnswer(late, first)).toBe('This ad does not exist or is no longer available');
    expect(await legalOf(ctx, seller.id)).toEqual(['30', '20']);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('races', () => {
  it('confirms two orders between the same traders in opposite directions at once, without a deadlock', async () => {
    // Found by the money soak: a confirmation locked the seller's wallet, then the buyer's; two mirrored
    // confirmations each held one and waited for the other until Postgres ended one of them (HTTP 500).
    const first = await p2pTrader(ctx, '100', 'first');
    const second = await p2pTrader(ctx, '100', 'second');
    for (let round = 0; round < 8; round += 1) {
      const fromSecond = await take(first, await sellAd(second, '10', '7'));
      const fromFirst = await take(second, await sellAd(first, '10', '7'));
      expect((await act('/api/c2c/user_legal_pay', first, fromSecond)).type).toBe('ok');
      expect((await act('/api/c2c/user_legal_pay', second, fromFirst)).type).toBe('ok');
      const confirmed = await Promise.all([
        act('/api/c2c/legal_deal_sure', second, fromSecond),
        act('/api/c2c/legal_deal_sure', first, fromFirst),
      ]);
      expect(confirmed.map((answer) => answer.type)).toEqual(['ok', 'ok']);
    }
    expect(await legalOf(ctx, first.id)).toEqual(['100', '0']);
    expect(await legalOf(ctx, second.id)).toEqual(['100', '0']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lets exactly one of two takers have an ad', async () => {
    const seller = await p2pTrader(ctx, '25', 'seller');
    const adId = await sellAd(seller, '25');
    const takers = await Promise.all([
      p2pTrader(ctx, '0', 'a'),
      p2pTrader(ctx, '0', 'b'),
      p2pTrader(ctx, '0', 'c'),
    ]);
    const answers = await Promise.all(
      takers.map((taker) => ctx.post('/api/c2c/do_legal_deal', { id: adId, password }, taker.token)),
    );
    expect(answers.filter((answer) => answer.body.type === 'ok')).toHaveLength(1);
    expect(await ctx.prisma.p2pOrder.count({ where: { ad_id: adId } })).toBe(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lets exactly one of two sell ads for the whole balance through', async () => {
    const seller = await p2pTrader(ctx, '40', 'seller');
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        ctx.post(
          '/api/c2c_send',
          {
            type: 'sell',
            way: 'bank',
            price: '7',
            total_number: '40',
            currency_id: usdt,
            coin_code: 'CNY',
            password,
          },
          seller.token,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.body.type === 'ok')).toHaveLength(1);
    expect(await legalOf(ctx, seller.id)).toEqual(['0', '40']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('ends a cancel racing the auto-cancel with exactly one applied', async () => {
    for (let round = 0; round < 3; round += 1) {
      const seller = await p2pTrader(ctx, '0', 'seller');
      const taker = await p2pTrader(ctx, '20', 'taker');
      const adId = await buyAd(seller, '20');
      const orderId = await take(taker, adId);
      await ctx.prisma.p2pOrder.update({
        where: { id: orderId },
        data: { pay_deadline: new Date(Date.now() - 1000) },
      });
      const [user, deadline] = await Promise.all([
        act('/api/c2c/user_legal_pay_cancel', seller, orderId),
        expireOrder(ctx.prisma, orderId),
      ]);
      expect([user.type === 'ok', deadline !== null].filter(Boolean)).toHaveLength(1);
      const order = await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id: orderId } });
      expect(order.is_sure).toBe(2);
      expect(order.cancelled_by).toBe(user.type === 'ok' ? 'payer' : 'deadline');
      expect(await legalOf(ctx, taker.id)).toEqual(['20', '0']);
      // A second run of the deadline changes nothing.
      expect(await expireOrder(ctx.prisma, orderId)).toBeNull();
    }
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('does not let a deadline cancel a paid order, nor an order before its deadline', async () => {
    const seller = await p2pTrader(ctx, '20', 'seller');
    const buyer = await p2pTrader(ctx, '0', 'buyer');
    const orderId = await take(buyer, await sellAd(seller, '20'));
    expect(await expireOrder(ctx.prisma, orderId)).toBeNull();
    await act('/api/c2c/user_legal_pay', buyer, orderId);
    await ctx.prisma.p2pOrder.update({
      where: { id: orderId },
      data: { pay_deadline: new Date(Date.now() - 1000) },
    });
    expect(await expireOrder(ctx.prisma, orderId)).toBeNull();
    expect((await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id: orderId } })).is_sure).toBe(3);
  });
});

describe('appeals', () => {
  async function paidOrder() {
    const seller = await p2pTrader(ctx, '30', 'seller');
    const buyer = await p2pTrader(ctx, '0', 'buyer');
    const orderId = await take(buyer, await sellAd(seller, '30'));
    await act('/api/c2c/user_legal_pay', buyer, orderId);
    return { seller, buyer, orderId };
  }
  const agePayment = (orderId: number) =>
    ctx.prisma.p2pOrder.update({
      where: { id: orderId },
      data: { paid_at: new Date(Date.now() - 3_600_000) },
    });

  it('lets a party appeal a paid order after a while; an operator releases it, with a reason', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    expect(
      (await ctx.post('/api/c2c/appeal', { id: orderId, reason: 'no answer' }, buyer.token)).body.message,
    ).toBe('You can appeal 30 minutes after the order was marked as paid');
    // The order tells both parties when they may appeal, so a screen counts down instead of refusing.
    const { paid_at } = await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id: orderId } });
    for (const party of [buyer, seller])
      expect((await ctx.get(`/api/c2c_deal?id=${orderId}`, party.token)).body.message.appeal_from_ms).toBe(
        (paid_at?.getTime() ?? 0) + 30 * 60_000,
      );
    await agePayment(orderId);
    const stranger = await p2pTrader(ctx, '0', 'stranger');
    expect((await ctx.post('/api/c2c/appeal', { id: orderId }, stranger.token)).body.message).toBe(
      'Order not found',
    );
    expect(
      (await ctx.post('/api/c2c/appeal', { id: orderId, reason: 'no answer' }, buyer.token)).body,
    ).toEqual({
      type: 'ok',
      message: 'Appeal submitted, an operator will review the order',
    });
    expect((await ctx.post('/api/c2c/appeal', { id: orderId }, seller.token)).body.message).toBe(
      'This order is already under appeal',
    );
    expect((await outboxTo(seller.account)).at(-1)?.body).toBe(
      `Order ${orderId} is under appeal, an operator will review it`,
    );
    await expect(resolveAppeal(ctx.prisma, { id: orderId, decision: 'release', reason: '' })).rejects.toThrow(
      /reason/,
    );
    await resolveAppeal(ctx.prisma, {
      id: orderId,
      decision: 'release',
      reason: 'bank statement shows the payment',
    });
    expect(await legalOf(ctx, buyer.id)).toEqual(['30', '0']);
    expect(await legalOf(ctx, seller.id)).toEqual(['0', '0']);
    const log = await ctx.prisma.p2pOperatorLog.findFirstOrThrow({ where: { target_id: String(orderId) } });
    expect(log).toMatchObject({ action: 'p2p:release', reason: 'bank statement shows the payment' });
    await expect(
      resolveAppeal(ctx.prisma, { id: orderId, decision: 'refund', reason: 'again' }),
    ).rejects.toThrow();
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refunds the seller when an operator decides so', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    await agePayment(orderId);
    await ctx.post('/api/c2c/appeal', { id: orderId, reason: 'never paid' }, seller.token);
    await resolveAppeal(ctx.prisma, { id: orderId, decision: 'refund', reason: 'no payment found' });
    expect(await legalOf(ctx, seller.id)).toEqual(['30', '0']);
    expect(await legalOf(ctx, buyer.id)).toEqual(['0', '0']);
    expect((await outboxTo(buyer.account)).at(-1)?.body).toBe(
      `Order ${orderId} was decided by an operator: the crypto went back to the seller`,
    );
    expect((await ctx.audit()).problems).toEqual([]);
  });

  const statementsOf = (orderId: number) =>
    ctx.prisma.p2pAppealMessage.findMany({ where: { order_id: orderId }, orderBy: { id: 'asc' } });
  type Field = string | number | undefined;
  // A missing field is left out of the form altogether.
  const say = (user: P2PTrader, id: Field, message: Field, path = '/api/c2c/appeal_message') =>
    ctx
      .post(
        path,
        Object.fromEntries(
          Object.entries({ id, message }).filter(
            (entry): entry is [string, string | number] => entry[1] !== undefined,
          ),
        ),
        user.token,
      )
      .then((answer) => answer.body);

  it('keeps both parties’ statements while the appeal is open, tells the other party, shows them to both', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    await agePayment(orderId);
    // Before any appeal there is nothing to add a statement to.
    expect(await say(seller, orderId, 'I got nothing')).toMatchObject({
      type: 'error',
      message: 'This order is not under appeal',
    });
    expect((await ctx.get(`/api/c2c_deal?id=${orderId}`, buyer.token)).body.message.appeal_messages).toEqual(
      [],
    );
    await ctx.post('/api/c2c/appeal', { id: orderId, reason: '  paid by bank at 10:02  ' }, buyer.token);
    expect(await say(seller, orderId, 'No transfer arrived on my account')).toEqual({
      type: 'ok',
      message: 'Statement sent to the operator',
    });
    expect(await say(buyer, orderId, 'Receipt number 4711')).toMatchObject({ type: 'ok' });
    expect((await outboxTo(buyer.account)).at(-1)?.body).toBe(
      `The other party of order ${orderId} added a statement to the appeal`,
    );
    expect((await outboxTo(seller.account)).at(-1)?.body).toBe(
      `The other party of order ${orderId} added a statement to the appeal`,
    );
    const seen = async (user: P2PTrader) =>
      (
        (await ctx.get(`/api/c2c_deal?id=${orderId}`, user.token)).body.message.appeal_messages as {
          from: string;
          message: string;
        }[]
      ).map(({ from, message }) => [from, message]);
    expect(await seen(buyer)).toEqual([
      ['me', 'paid by bank at 10:02'],
      ['counterparty', 'No transfer arrived on my account'],
      ['me', 'Receipt number 4711'],
    ]);
    expect(await seen(seller)).toEqual([
      ['counterparty', 'paid by bank at 10:02'],
      ['me', 'No transfer arrived on my account'],
      ['counterparty', 'Receipt number 4711'],
    ]);
    // Once decided, the appeal takes no more statements, and what was said cannot be changed.
    await resolveAppeal(ctx.prisma, { id: orderId, decision: 'release', reason: 'receipt checked' });
    expect(await say(seller, orderId, 'wait')).toMatchObject({ message: 'This order is not under appeal' });
    await expect(
      ctx.prisma.p2pAppealMessage.updateMany({ where: { order_id: orderId }, data: { body: 'changed' } }),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.prisma.p2pAppealMessage.deleteMany({ where: { order_id: orderId } })).rejects.toThrow(
      /append-only/,
    );
    expect(await statementsOf(orderId)).toHaveLength(3);
  });

  it('refuses a stranger, bad ids and bad statements, and changes nothing', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    await agePayment(orderId);
    await ctx.post('/api/c2c/appeal', { id: orderId, reason: 'no release' }, buyer.token);
    const stranger = await p2pTrader(ctx, '0', 'stranger');
    const before = [
      await statementsOf(orderId),
      await outboxTo(seller.account),
      await outboxTo(buyer.account),
    ];
    const cases: [P2PTrader, Field, Field, string, string?][] = [
      [stranger, orderId, 'I saw it all', 'Order not found'],
      [seller, orderId, 'on the shop path', 'Order not found', '/api/legal_deal/appeal_message'],
      [seller, orderId + 1000, 'no such order', 'Order not found'],
      [seller, -orderId, 'negative', 'Order not found'],
      [seller, 0, 'zero', 'Order not found'],
      [seller, '1.5', 'decimal id', 'Order not found'],
      [seller, 'abc', 'text id', 'Order not found'],
      [seller, undefined, 'missing id', 'Order not found'],
      [seller, orderId, '', 'Write a statement first'],
      [seller, orderId, '   \n  ', 'Write a statement first'],
      [seller, orderId, undefined, 'Write a statement first'],
      [seller, orderId, 'x'.repeat(501), 'A statement has at most 500 characters'],
    ];
    for (const [user, id, message, refusal, path] of cases)
      expect(await say(user, id, message, path), `${String(id)} ${String(message)}`).toMatchObject({
        type: 'error',
        message: refusal,
      });
    expect([
      await statementsOf(orderId),
      await outboxTo(seller.account),
      await outboxTo(buyer.account),
    ]).toEqual(before);
    // Exactly 500 characters (not bytes: a CJK statement of 500 characters fits) is accepted.
    expect(await say(seller, orderId, '款'.repeat(500))).toMatchObject({ type: 'ok' });
  });

  it('takes at most 20 statements per party, also when they race, without crowding out the other party', async () => {
    const { seller, buyer, orderId } = await paidOrder();
    await agePayment(orderId);
    await ctx.post('/api/c2c/appeal', { id: orderId, reason: 'no release' }, buyer.token);
    // The buyer's reason is its first statement: 19 more fit, sent all at once.
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, n) => say(buyer, orderId, `buyer statement ${n}`)),
    );
    expect(answers.filter((answer) => answer.type === 'ok')).toHaveLength(19);
    expect(answers.filter((answer) => answer.type !== 'ok')).toEqual(
      Array.from({ length: 6 }, () =>
        expect.objectContaining({ message: 'Each party may send at most 20 statements on an order' }),
      ),
    );
    expect(await ctx.prisma.p2pAppealMessage.count({ where: { order_id: orderId, user_id: buyer.id } })).toBe(
      20,
    );
    expect(await say(seller, orderId, 'my side')).toMatchObject({ type: 'ok' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('ends a confirmation racing an appeal and its resolution with exactly one outcome', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { seller, buyer, orderId } = await paidOrder();
      await agePayment(orderId);
      const [confirmed, appealed] = await Promise.all([
        act('/api/c2c/legal_deal_sure', seller, orderId),
        ctx
          .post('/api/c2c/appeal', { id: orderId, reason: 'slow' }, buyer.token)
          .then((answer) => answer.body),
      ]);
      expect(confirmed.type).toBe('ok');
      const order = await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id: orderId } });
      expect(order.is_sure).toBe(1);
      if (appealed.type === 'ok') expect(order.resolution).toBe('confirm');
      await expect(
        resolveAppeal(ctx.prisma, { id: orderId, decision: 'refund', reason: 'late' }),
      ).rejects.toThrow();
      expect(await legalOf(ctx, buyer.id)).toEqual(['30', '0']);
    }
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
