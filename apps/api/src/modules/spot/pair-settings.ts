import type { Redis } from 'ioredis';
import type { CurrencyMatch, Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { announcePairChange } from './pairs';

/** The state of an order resting in the book: it is priced on the pair's current grid and can be cancelled. */
export const LIVE_ORDER_STATE = 'open';

/**
 * Precisions the engine can count in: prices in ticks of 10^-price_decimals and amounts in lots of
 * 10^-amount_decimals, both JavaScript integers, and a market buy's budget in tick×lot units, so together
 * they stay well inside 2^53 for any price and amount the book accepts.
 */
export const PRECISION_LIMITS = { price: 12, amount: 12, together: 16 } as const;

export interface PairSpotSettings {
  maker_fee: string;
  taker_fee: string;
  min_amount: string;
  price_decimals: number;
  amount_decimals: number;
}

export type PairSpotChange = Partial<PairSpotSettings>;

/** A pair's spot fees, minimum and precisions, as the console shows them and the trail keeps them. */
export const spotSettingsOf = (
  pair: Pick<CurrencyMatch, 'maker_fee' | 'taker_fee' | 'min_amount' | 'price_decimals' | 'amount_decimals'>,
): PairSpotSettings => ({
  maker_fee: pair.maker_fee.toFixed(),
  taker_fee: pair.taker_fee.toFixed(),
  min_amount: pair.min_amount.toFixed(),
  price_decimals: pair.price_decimals,
  amount_decimals: pair.amount_decimals,
});

/** Refuses precisions the engine cannot count in, and amounts finer than the currency itself. */
function checkPrecisions(priceDecimals: number, amountDecimals: number, currencyScale: number) {
  if (priceDecimals + amountDecimals > PRECISION_LIMITS.together)
    throw new AppError('admin_field_invalid', {
      field: 'price_decimals + amount_decimals',
      rule: `<= ${PRECISION_LIMITS.together}`,
    });
  if (amountDecimals > currencyScale)
    throw new AppError('admin_field_invalid', { field: 'amount_decimals', rule: `<= ${currencyScale}` });
}

/**
 * The operator action that changes a pair's spot fees, minimum and precisions (the console's pair editor
 * calls it). A finer grid (more decimals) keeps every resting price and amount on it, so it applies at once:
 * the matcher re-grids its book from Postgres before its next batch. A coarser one would strand resting
 * orders between grid points, so it is refused until spot trading on the pair is closed and no order is live
 * (the check holds the pair's row lock, which the flag switch takes too). `within` writes the caller's record
 * in the same transaction; after the commit the change is announced (this process forgets its cached pairs,
 * the matcher reloads the pair). Answers null when no pair has the id.
 */
export async function changePairSpotSettings(
  deps: { prisma: Db; redis: Redis; redisPrefix: string },
  input: {
    id: number;
    change: PairSpotChange;
    within?: (tx: Tx, before: PairSpotSettings, after: PairSpotSettings) => Promise<unknown>;
  },
): Promise<({ id: number } & PairSpotSettings) | null> {
  const { id, change } = input;
  const changed = await deps.prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM currency_matches WHERE id = ${id} FOR UPDATE`;
    if (!locked) return null;
    const before = await tx.currencyMatch.findUniqueOrThrow({
      where: { id },
      include: { currency: { select: { decimal_scale: true } } },
    });
    const priceDecimals = change.price_decimals ?? before.price_decimals;
    const amountDecimals = change.amount_decimals ?? before.amount_decimals;
    checkPrecisions(priceDecimals, amountDecimals, before.currency.decimal_scale);
    if (priceDecimals < before.price_decimals || amountDecimals < before.amount_decimals) {
      const live = await tx.spotOrder.count({ where: { match_id: id, state: LIVE_ORDER_STATE } });
      if (before.open_coin_trade === 1 || live > 0) throw new AppError('admin_pair_precision_locked');
    }
    const after = await tx.currencyMatch.update({ where: { id }, data: change });
    await input.within?.(tx, spotSettingsOf(before), spotSettingsOf(after));
    return after;
  });
  if (!changed) return null;
  await announcePairChange(deps.redis, deps.redisPrefix, changed.id);
  return { id: changed.id, ...spotSettingsOf(changed) };
}
