import { FIAT_CODES } from '@exchange/contracts/constants';
import type { p2pPublishRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { Currency, Db, P2pAd } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { lock, parseAmount, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { assertFundsMovable } from '../user';
import type { P2pContext } from './context';
import { findP2pCurrency, parsePrice, requireCancelsLeft, requireP2pGates } from './gates';
import { ADS_LOCK, advisoryLock, escrowMovement } from './locks';
import { isAdType, isWay, LOGS, MAX_LIVE_ADS, type AdType, type Kind, type Way } from './rules';
import { findActiveSeller } from './sellers';

export interface NewAd {
  kind: Kind;
  userId: number;
  currency: Currency;
  type: AdType;
  way: Way;
  coinCode: string;
  price: MoneyValue;
  total: MoneyValue;
  /** Shop ads: the smallest and largest order; a c2c ad is taken whole. */
  min?: MoneyValue;
  max?: MoneyValue;
}

/**
 * Publishes an ad. A sell ad moves its whole quantity from the owner's legal balance into its lock, in the
 * same transaction (refused, and nothing stored, when the balance is short).
 */
export async function publishAd(prisma: Db, ad: NewAd): Promise<P2pAd> {
  const min = ad.min ?? ad.total;
  const max = ad.max ?? ad.total;
  if (min.gt(max) || max.gt(ad.total)) throw new AppError('p2p_min_max_invalid');
  return prisma.$transaction(async (tx) => {
    await advisoryLock(tx, ADS_LOCK, ad.userId);
    const live = await tx.p2pAd.count({ where: { user_id: ad.userId, kind: ad.kind, state: 'open' } });
    if (live >= MAX_LIVE_ADS) throw new AppError('p2p_too_many_ads', { max: MAX_LIVE_ADS });
    const created = await tx.p2pAd.create({
      data: {
        kind: ad.kind,
        user_id: ad.userId,
        currency_id: ad.currency.id,
        type: ad.type,
        way: ad.way,
        coin_code: ad.coinCode,
        price: ad.price.toFixed(),
        total_number: ad.total.toFixed(),
        surplus_number: ad.total.toFixed(),
        min_number: min.toFixed(),
        max_number: max.toFixed(),
        state: 'open',
      },
    });
    if (ad.type === 'sell') {
      await assertFundsMovable(tx, ad.userId);
      const ref = { type: 'p2p_ad', id: created.id } as const;
      await lock(tx, escrowMovement(ad.userId, ad.currency.id, ad.total, LOGS[ad.kind].sellLock, ref));
    }
    return created;
  });
}

/**
 * The publish form (`send`), checked in the order it prompts: type, currency, quantity, price, way, fiat;
 * a shop ad also its min and max per order and an approved shop. Then the P2P gates and, for a buy ad, the
 * daily cancel limit.
 */
export async function publishAdRequest(
  ctx: P2pContext,
  kind: Kind,
  body: z.output<typeof p2pPublishRequestSchema>,
): Promise<P2pAd> {
  if (!isAdType(body.type)) throw new AppError('p2p_type_invalid');
  const currency = await findP2pCurrency(ctx.prisma, body.currency_id);
  const total = parseAmount(body.total_number, currency.decimal_scale);
  const price = parsePrice(body.price);
  if (!isWay(body.way)) throw new AppError('p2p_way_invalid');
  const coinCode = body.coin_code.toUpperCase();
  if (!(FIAT_CODES as readonly string[]).includes(coinCode)) throw new AppError('p2p_coin_code_invalid');
  const limit = (raw: string) =>
    kind === 'shop' && raw ? parseAmount(raw, currency.decimal_scale) : undefined;
  const min = limit(body.min_number);
  const max = limit(body.max_number);
  if (kind === 'shop') await findActiveSeller(ctx.prisma, ctx.user.id, currency.id);
  await requireP2pGates(ctx.prisma, ctx.redis, ctx.user, body.password);
  if (body.type === 'buy') await requireCancelsLeft(ctx.prisma, ctx.user.id);
  return publishAd(ctx.prisma, {
    kind,
    userId: ctx.user.id,
    currency,
    type: body.type,
    way: body.way,
    coinCode,
    price,
    total,
    min,
    max,
  });
}
