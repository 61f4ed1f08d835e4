import type { p2pTakeRequestSchema, P2pOrder as OrderRow } from '@exchange/contracts';
import type { Db, P2pAd, P2pOrder, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  lock,
  Money,
  parseAmount,
  roundPaid,
  roundReceived,
  toAmountString,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import type { z } from 'zod';
import { recordNotice, type Notice } from '../notices';
import { readSetting } from '../system';
import { assertFundsMovable } from '../user';
import type { P2pContext } from './context';
import { requireCancelsLeft, requireP2pGates } from './gates';
import { advisoryLock, escrowMovement, TAKER_LOCK } from './locks';
import { orderPayload } from './orders';
import {
  FIAT_DECIMALS,
  LOGS,
  MAX_UNFINISHED_C2C_ORDERS,
  MAX_UNFINISHED_SHOP_ORDERS,
  PAY_WINDOW_SETTING,
  UNFINISHED,
  type Kind,
} from './rules';
import { orderRows } from './views';

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

export async function payWindowMinutes(prisma: Db | Tx, kind: Kind): Promise<number> {
  const raw = Number(await readSetting(prisma as Db, PAY_WINDOW_SETTING[kind]));
  return Number.isFinite(raw) && raw > 0 ? raw : 1440;
}

export interface TakeInput {
  kind: Kind;
  takerId: number;
  adId: number;
  /** Shop orders: the quantity asked for (already within the ad's min and max); c2c takes the whole ad. */
  number?: MoneyValue;
}

/**
 * Takes an ad: stores the order, moves the quantity off the ad (a guarded UPDATE: of two takers of one ad
 * exactly one wins) and, for a buy ad, locks the taker's crypto (the taker sells). One unfinished c2c order
 * per taker, three shop orders, never the taker's own ad.
 */
export async function takeAd(prisma: Db, input: TakeInput): Promise<{ order: P2pOrder; notices: Notice[] }> {
  const ad = await prisma.p2pAd.findFirst({
    where: { id: input.adId, kind: input.kind, state: 'open', is_shelves: 1 },
  });
  if (!ad) throw new AppError('p2p_ad_not_found');
  if (ad.user_id === input.takerId) throw new AppError('p2p_own_ad');
  const number = input.kind === 'c2c' ? new Money(ad.surplus_number.toFixed()) : input.number;
  if (!number || number.lte(0)) throw new AppError('amount_not_positive');
  const price = new Money(ad.price.toFixed());
  const minutes = await payWindowMinutes(prisma, input.kind);

  return prisma.$transaction(async (tx) => {
    await advisoryLock(tx, TAKER_LOCK, input.takerId);
    const unfinished = await tx.p2pOrder.count({
      where: { user_id: input.takerId, kind: input.kind, is_sure: { in: UNFINISHED } },
    });
    const max = input.kind === 'c2c' ? MAX_UNFINISHED_C2C_ORDERS : MAX_UNFINISHED_SHOP_ORDERS;
    if (unfinished >= max) {
      throw input.kind === 'c2c'
        ? new AppError('p2p_unfinished_order')
        : new AppError('p2p_too_many_shop_orders', { max });
    }
    const taken = await tx.$executeRawUnsafe(
      `UPDATE p2p_ads SET surplus_number = surplus_number - $2::numeric,
         state = CASE WHEN surplus_number = $2::numeric THEN 'done' ELSE 'open' END, updated_at = now()
       WHERE id = $1 AND state = 'open' AND is_shelves = 1 AND surplus_number >= $2::numeric AND user_id <> $3`,
      ad.id,
      number.toFixed(),
      input.takerId,
    );
    if (taken === 0) {
      throw input.kind === 'c2c'
        ? new AppError('p2p_ad_not_found')
        : new AppError('p2p_ad_surplus_short', { surplus: toAmountString(ad.surplus_number.toFixed()) });
    }
    const order = await tx.p2pOrder.create({
      data: {
        kind: input.kind,
        ad_id: ad.id,
        user_id: input.takerId,
        seller_id: ad.user_id,
        escrow_user_id: ad.type === 'sell' ? ad.user_id : input.takerId,
        currency_id: ad.currency_id,
        type: ad.type,
        way: ad.way,
        coin_code: ad.coin_code,
        price: price.toFixed(),
        number: number.toFixed(),
        deal_money: roundPaid(price.times(number), FIAT_DECIMALS).toFixed(),
        pay_deadline: minutesFromNow(minutes),
      },
    });
    if (ad.type === 'buy') {
      await assertFundsMovable(tx, input.takerId);
      const ref = { type: 'p2p_order', id: order.id } as const;
      await lock(tx, escrowMovement(input.takerId, ad.currency_id, number, LOGS[input.kind].takeLock, ref));
    }
    const notice = await recordNotice(tx, {
      userId: ad.user_id,
      event: 'p2p_order',
      key: 'p2p_notice_taken',
      params: {
        id: order.id,
        number: toAmountString(number),
        currency: await currencyName(tx, ad.currency_id),
      },
      payload: orderPayload(order, 'taken'),
    });
    return { order, notices: [notice] };
  });
}

async function currencyName(tx: Tx, id: number): Promise<string> {
  return (await tx.currency.findUnique({ where: { id }, select: { name: true } }))?.name ?? '';
}

type TakeRequest = z.output<typeof p2pTakeRequestSchema>;

/**
 * How much of a shop ad an order takes: `means` number asks for coins, money for fiat (divided by the price,
 * rounded down to the coin's decimals); it must lie between the ad's min and the smaller of its max and
 * what is left. A c2c ad is taken whole (undefined here).
 */
async function takeAmount(prisma: Db, kind: Kind, ad: P2pAd, body: TakeRequest) {
  if (kind !== 'shop') return undefined;
  const currency = await prisma.currency.findUniqueOrThrow({ where: { id: ad.currency_id } });
  const means = body.means || 'number';
  let number: MoneyValue;
  if (means === 'money') {
    const money = parseAmount(body.value, FIAT_DECIMALS);
    number = roundReceived(money.div(ad.price.toFixed()), currency.decimal_scale);
  } else if (means === 'number') {
    number = parseAmount(body.value || body.number, currency.decimal_scale);
  } else {
    throw new AppError('p2p_means_invalid');
  }
  const min = new Money(ad.min_number.toFixed());
  const max = Money.min(ad.max_number.toFixed(), ad.surplus_number.toFixed());
  if (number.lt(min) || number.gt(max))
    throw new AppError('p2p_amount_out_of_range', { min: toAmountString(min), max: toAmountString(max) });
  return number;
}

/**
 * The take call (`do_legal_deal`): an open ad of someone else (a shop ad on the shelf), the amount, the P2P
 * gates and the daily cancel limit, then the order, its deadline and the owner's notice. Answers the new
 * order as its taker sees it.
 */
export async function takeAdRequest(ctx: P2pContext, kind: Kind, body: TakeRequest): Promise<OrderRow> {
  const ad = await ctx.prisma.p2pAd.findFirst({
    where: { id: body.id, kind, state: 'open', ...(kind === 'shop' ? { is_shelves: 1 } : {}) },
  });
  if (!ad) throw new AppError('p2p_ad_not_found');
  if (ad.user_id === ctx.user.id) throw new AppError('p2p_own_ad');
  const number = await takeAmount(ctx.prisma, kind, ad, body);
  await requireP2pGates(ctx.prisma, ctx.redis, ctx.user, body.password);
  await requireCancelsLeft(ctx.prisma, ctx.user.id);
  const { order, notices } = await takeAd(ctx.prisma, { kind, takerId: ctx.user.id, adId: ad.id, number });
  ctx.push(notices);
  await ctx.deadlines.scheduleOrLeave({ kind: 'order-expire', id: order.id }, order.pay_deadline, ctx.log);
  const [row] = await orderRows(ctx.prisma, ctx.locale, ctx.user.id, [order]);
  if (!row) throw new Error(`p2p order ${order.id} not found right after it was taken`);
  return row;
}
