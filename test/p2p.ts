import type { TestContext } from './harness';

/** Test helpers of the P2P areas: ready traders and their balances. */
export const TRADE_PASSWORD = '246810';

export const cashInfoOf = (name: string) => ({
  real_name: name,
  bank_name: 'Bank of Examples',
  bank_account: `6222${name.length}0000000001`,
  alipay_account: `${name}@alipay.test`,
  wechat_nickname: name,
  wechat_account: `wx_${name}`,
  wechat_collect: '/upload/wechat.png',
  alipay_collect: '/upload/alipay.png',
});

/**
 * A trader who passes every P2P gate (identity verified, payment account saved, trade password set), with
 * `legal` USDT in the fiat (legal) account, moved there from a deposit through the wallet's transfer.
 */
export async function p2pTrader(ctx: TestContext, legal = '0', name = 'trader') {
  const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD, kyc: true });
  const saved = await ctx.post('/api/user/cash_save', cashInfoOf(`${name}${user.id}`), user.token);
  if (saved.body.type !== 'ok') throw new Error(`cash_save failed: ${JSON.stringify(saved.body)}`);
  if (legal !== '0') await fundLegal(ctx, user, 'USDT', legal);
  return user;
}

export async function fundLegal(
  ctx: TestContext,
  user: { account: string; token: string },
  currency: string,
  amount: string,
) {
  await ctx.deposit(user.account, currency, amount);
  const moved = await ctx.post(
    '/api/wallet/change',
    { currency_id: await ctx.currencyId(currency), number: amount, from_field: 'change', to_field: 'legal' },
    user.token,
  );
  if (moved.body.type !== 'ok') throw new Error(`transfer failed: ${JSON.stringify(moved.body)}`);
}

/** [available, locked] of a user's legal (fiat) account in a currency. */
export async function legalOf(ctx: TestContext, userId: number, currency = 'USDT') {
  const { available, locked } = await ctx.balance(userId, currency, 'legal');
  return [available, locked];
}

export type P2PTrader = Awaited<ReturnType<typeof p2pTrader>>;

/** A c2c order paid by its buyer and under the buyer's appeal, `amount` USDT in the seller's escrow. */
export async function appealedOrder(ctx: TestContext, amount = '30') {
  const usdt = await ctx.currencyId('USDT');
  const seller = await p2pTrader(ctx, amount, 'seller');
  const buyer = await p2pTrader(ctx, '0', 'buyer');
  const common = { password: TRADE_PASSWORD };
  const ad = await ctx.post(
    '/api/c2c_send',
    {
      type: 'sell',
      way: 'bank',
      price: '7.10',
      total_number: amount,
      currency_id: usdt,
      coin_code: 'CNY',
      ...common,
    },
    seller.token,
  );
  if (ad.body.type !== 'ok') throw new Error(`ad refused: ${JSON.stringify(ad.body)}`);
  const taken = await ctx.post(
    '/api/c2c/do_legal_deal',
    { id: ad.body.data.id as number, ...common },
    buyer.token,
  );
  if (taken.body.type !== 'ok') throw new Error(`take refused: ${JSON.stringify(taken.body)}`);
  const orderId = taken.body.message.data.id as number;
  await ctx.post('/api/c2c/user_legal_pay', { id: orderId, ...common }, buyer.token);
  await ctx.prisma.p2pOrder.update({
    where: { id: orderId },
    data: { paid_at: new Date(Date.now() - 3_600_000) },
  });
  const appealed = await ctx.post('/api/c2c/appeal', { id: orderId, reason: 'no release' }, buyer.token);
  if (appealed.body.type !== 'ok') throw new Error(`appeal refused: ${JSON.stringify(appealed.body)}`);
  return { seller, buyer, orderId };
}
