import type { AdminPairSettings } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { leverOptionsView, writeLeverOptions, type LeverOptionsChange } from '../lever';
import { microPairOptionsView, writeMicroPairOptions, type MicroPairOptionsChange } from '../micro';
import { recordTrail, type Actor } from './trail';

/** Orders that rest in the book or are on their way to it: they are priced on the pair's current grid. */
const LIVE_ORDER_STATES = ['new', 'open'];

/**
 * Precisions the engine can count in: prices in ticks of 10^-price_decimals and amounts in lots of
 * 10^-amount_decimals, both JavaScript integers, and a market buy's budget in tick×lot units, so together
 * they stay well inside 2^53 for any price and amount the book accepts.
 */
export const PRECISION_LIMITS = { price: 12, amount: 12, together: 16 } as const;

const spotView = (pair: {
  maker_fee: { toFixed: () => string };
  taker_fee: { toFixed: () => string };
  min_amount: { toFixed: () => string };
  price_decimals: number;
  amount_decimals: number;
}) => ({
  maker_fee: pair.maker_fee.toFixed(),
  taker_fee: pair.taker_fee.toFixed(),
  min_amount: pair.min_amount.toFixed(),
  price_decimals: pair.price_decimals,
  amount_decimals: pair.amount_decimals,
});

/** Every pair with its spot settings, its lever options and how many orders it has live. */
export async function listPairSettings(prisma: Db): Promise<AdminPairSettings[]> {
  const [pairs, live] = await Promise.all([
    prisma.currencyMatch.findMany({
      orderBy: [{ legal_id: 'asc' }, { sort: 'asc' }, { id: 'asc' }],
      include: { legal: { select: { name: true } }, currency: { select: { name: true } } },
    }),
    prisma.spotOrder.groupBy({
      by: ['match_id'],
      where: { state: { in: LIVE_ORDER_STATES } },
      _count: { _all: true },
    }),
  ]);
  const liveByPair = new Map(live.map((row) => [row.match_id, row._count._all]));
  return Promise.all(
    pairs.map(async (pair) => {
      const { pair: _pair, open_lever: _open, ...lever } = await leverOptionsView(prisma, pair.id);
      return {
        id: pair.id,
        symbol: `${pair.currency.name}/${pair.legal.name}`,
        is_display: pair.is_display,
        open_coin_trade: pair.open_coin_trade,
        open_lever: pair.open_lever,
        open_microtrade: pair.open_microtrade,
        ...spotView(pair),
        open_orders: liveByPair.get(pair.id) ?? 0,
        lever,
        micro: {
          micro_price_window_seconds: pair.micro_price_window_seconds,
          micro_price_lookback_seconds: pair.micro_price_lookback_seconds,
          micro_price_min_notional: pair.micro_price_min_notional.toFixed(),
          micro_pair_exposure_percent: pair.micro_pair_exposure_percent.toFixed(),
          micro_user_exposure_percent: pair.micro_user_exposure_percent.toFixed(),
        },
      };
    }),
  );
}

export interface PairSpotChange {
  maker_fee?: string | undefined;
  taker_fee?: string | undefined;
  min_amount?: string | undefined;
  price_decimals?: number | undefined;
  amount_decimals?: number | undefined;
}

/**
 * Changes a pair's spot fees, minimum and precisions (the route has checked each value's form). A finer
 * grid (more decimals) keeps every resting price and amount on it, so it applies at once: the matcher
 * re-grids its book from Postgres before its next batch. A coarser one would strand resting orders between
 * grid points, so it is refused until spot trading on the pair is closed and no order is live (the check
 * holds the pair's row lock, which the flag switch takes too).
 */
export async function savePairSettings(prisma: Db, actor: Actor, input: { id: number } & PairSpotChange) {
  const change = Object.fromEntries(
    Object.entries({
      maker_fee: input.maker_fee,
      taker_fee: input.taker_fee,
      min_amount: input.min_amount,
      price_decimals: input.price_decimals,
      amount_decimals: input.amount_decimals,
    }).filter(([, value]) => value !== undefined && value !== ''),
  ) as PairSpotChange;
  if (Object.keys(change).length === 0) throw new AppError('admin_field_required', { field: 'maker_fee' });
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM currency_matches WHERE id = ${input.id} FOR UPDATE`;
    if (!locked) throw new AppError('admin_record_not_found');
    const before = await tx.currencyMatch.findUniqueOrThrow({
      where: { id: input.id },
      include: { currency: { select: { decimal_scale: true } } },
    });
    const priceDecimals = change.price_decimals ?? before.price_decimals;
    const amountDecimals = change.amount_decimals ?? before.amount_decimals;
    if (priceDecimals + amountDecimals > PRECISION_LIMITS.together)
      throw new AppError('admin_field_invalid', {
        field: 'price_decimals + amount_decimals',
        rule: `<= ${PRECISION_LIMITS.together}`,
      });
    if (amountDecimals > before.currency.decimal_scale)
      throw new AppError('admin_field_invalid', {
        field: 'amount_decimals',
        rule: `<= ${before.currency.decimal_scale}`,
      });
    const coarser = priceDecimals < before.price_decimals || amountDecimals < before.amount_decimals;
    if (coarser) {
      const live = await tx.spotOrder.count({
        where: { match_id: input.id, state: { in: LIVE_ORDER_STATES } },
      });
      if (before.open_coin_trade === 1 || live > 0) throw new AppError('admin_pair_precision_locked');
    }
    const after = await tx.currencyMatch.update({ where: { id: input.id }, data: change });
    await recordTrail(tx, actor, {
      action: 'pair.settings',
      targetType: 'pair',
      targetId: input.id,
      before: spotView(before),
      after: spotView(after),
    });
    return { id: after.id, ...spotView(after) };
  });
}

/** Changes a pair's lever options through the lever area's own writer, with the trail in its transaction. */
export async function savePairLever(prisma: Db, actor: Actor, id: number, change: LeverOptionsChange) {
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM currency_matches WHERE id = ${id} FOR UPDATE`;
    if (!locked) throw new AppError('admin_record_not_found');
    const before = await leverOptionsView(tx, id);
    try {
      await writeLeverOptions(tx, id, change);
    } catch (error) {
      // The lever area words its refusals for the command line; the console answers with the envelope.
      if (error instanceof AppError) throw error;
      throw new AppError('admin_field_invalid', {
        field: 'lever',
        rule: error instanceof Error ? error.message : 'invalid',
      });
    }
    const after = await leverOptionsView(tx, id);
    await recordTrail(tx, actor, { action: 'pair.lever', targetType: 'pair', targetId: id, before, after });
    return after;
  });
}

/**
 * Changes a pair's seconds-contract price rule and exposure caps through the micro area's own writer (as
 * `ops micro:options`), with the trail in its transaction; running orders keep the rule they were accepted under.
 */
export async function savePairMicro(prisma: Db, actor: Actor, id: number, change: MicroPairOptionsChange) {
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM currency_matches WHERE id = ${id} FOR UPDATE`;
    if (!locked) throw new AppError('admin_record_not_found');
    const before = await microPairOptionsView(tx, id);
    let after;
    try {
      after = await writeMicroPairOptions(tx, id, change);
    } catch (error) {
      // The micro area words its refusals for the command line; the console answers with the envelope.
      throw new AppError('admin_field_invalid', {
        field: 'micro',
        rule: error instanceof Error ? error.message : 'invalid',
      });
    }
    await recordTrail(tx, actor, { action: 'pair.micro', targetType: 'pair', targetId: id, before, after });
    return after;
  });
}
