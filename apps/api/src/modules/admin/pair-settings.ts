import type { AdminPairSettings } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { Redis } from 'ioredis';
import { leverOptionsView, writeLeverOptions, type LeverOptionsChange } from '../lever';
import { microPairOptionsView, writeMicroPairOptions, type MicroPairOptionsChange } from '../micro';
import { changePairSpotSettings, LIVE_ORDER_STATES, spotSettingsOf, type PairSpotChange } from '../spot';
import { recordTrail, type Actor } from './trail';

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
        ...spotSettingsOf(pair),
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

/**
 * Changes a pair's spot fees, minimum and precisions (the route has checked each value's form) through the
 * spot area's own action, which applies its precision rules and announces the change to the matcher and the
 * pair caches after the commit; the trail is written in its transaction.
 */
export async function savePairSettings(
  deps: { prisma: Db; redis: Redis; redisPrefix: string },
  actor: Actor,
  input: { id: number } & PairSpotChange,
) {
  const { id } = input;
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
  const saved = await changePairSpotSettings(deps, {
    id,
    change,
    within: (tx, before, after) =>
      recordTrail(tx, actor, { action: 'pair.settings', targetType: 'pair', targetId: id, before, after }),
  });
  if (!saved) throw new AppError('admin_record_not_found');
  return saved;
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
