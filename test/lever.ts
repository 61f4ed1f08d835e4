import { Money } from '@exchange/kernel/ledger';
import type { MarkParams } from '../apps/api/src/modules/lever/mark-tracker';
import type { TestContext } from './harness';

/** Test helpers of the lever area: traders, orders through HTTP, positions and the house's pools. */
export const LEVER_TRADE_PASSWORD = '123456';

/** The pairs' default mark options (currency_matches' defaults), at BTC/USDT's price precision. */
export const DEFAULT_MARK_PARAMS: MarkParams = {
  impactNotional: new Money(1000),
  bandPercent: new Money(2),
  tradeWindowMs: 300_000,
  minTradeNotional: new Money(100),
  smoothingMs: 30_000,
  maxMovePercent: new Money(5),
  priceDecimals: 2,
};

/** A limit order on the spot book, through the same HTTP path and matcher as every trader's; its answer. */
export function spotOrder(
  ctx: TestContext,
  token: string,
  pair: { legalId: number; currencyId: number },
  side: 'buy' | 'sell',
  price: string,
  amount: string,
) {
  return ctx.post(
    '/api/coin/trade',
    {
      legal_id: pair.legalId,
      currency_id: pair.currencyId,
      type: side === 'buy' ? 1 : 2,
      target_price: price,
      amount,
    },
    token,
  );
}

/** BTC/USDT's currency ids, as spotOrder takes them. */
export async function btcUsdtIds(ctx: TestContext) {
  return { legalId: await ctx.currencyId('USDT'), currencyId: await ctx.currencyId('BTC') };
}

/** A signed-in user with `lever` USDT in the lever account, moved there from a deposit. */
export async function leverTrader(ctx: TestContext, lever: string) {
  const user = await ctx.signedInUser({ tradePassword: LEVER_TRADE_PASSWORD });
  await ctx.deposit(user.account, 'USDT', lever);
  const usdt = await ctx.currencyId('USDT');
  const moved = await ctx.post(
    '/api/wallet/change',
    { currency_id: usdt, number: lever, from_field: 'change', to_field: 'lever' },
    user.token,
  );
  if (moved.body.type !== 'ok') throw new Error(`lever transfer failed: ${JSON.stringify(moved.body)}`);
  return user;
}

/** `POST /api/lever/submit` for BTC/USDT, a market long of 2 hands at 10x unless `fields` say otherwise. */
export async function submitLever(ctx: TestContext, token: string, fields: Record<string, string | number>) {
  return ctx.post(
    '/api/lever/submit',
    {
      legal_id: await ctx.currencyId('USDT'),
      currency_id: await ctx.currencyId('BTC'),
      type: 1,
      share: 2,
      multiple: 10,
      status: 1,
      password: LEVER_TRADE_PASSWORD,
      ...fields,
    },
    token,
  );
}

export const leverPositions = (ctx: TestContext, userId: number) =>
  ctx.prisma.leverTransaction.findMany({ where: { user_id: userId }, orderBy: { id: 'asc' } });

/** What a house account holds in USDT. */
export async function houseUsdt(ctx: TestContext, account: string) {
  const [row] = await ctx.prisma.$queryRawUnsafe<{ total: string }[]>(
    'SELECT COALESCE(SUM(delta), 0)::text AS total FROM house_entries WHERE currency_id = $1 AND account = $2',
    await ctx.currencyId('USDT'),
    account,
  );
  return new Money(row?.total ?? '0');
}

/** Cancels a spot order and waits until the matcher has taken it off the book. */
export async function cancelSpotOrder(ctx: TestContext, token: string, id: bigint) {
  const answer = await ctx.http
    .put('/api/coin/trade')
    .set('Authorization', token)
    .type('form')
    .send({ id: id.toString() });
  if (answer.body.type !== 'ok') throw new Error(`cancel failed: ${JSON.stringify(answer.body)}`);
  for (let waited = 0; waited < 15_000; waited += 50) {
    const order = await ctx.prisma.spotOrder.findUniqueOrThrow({ where: { id } });
    if (order.state === 'cancelled') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`order ${id} was not cancelled`);
}

/** A user's USDT lever account: available and locked. */
export function leverWallet(ctx: TestContext, userId: number) {
  return ctx.balance(userId, 'USDT', 'lever');
}
