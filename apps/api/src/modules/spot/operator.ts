import type { Redis } from 'ioredis';
import type { OperatorTrail } from '@exchange/contracts';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  changePairSpotSettings,
  LIVE_ORDER_STATE,
  spotSettingsOf,
  type PairSpotChange,
} from './pair-settings';
import { PAIR_FLAGS, switchPair, type PairFlag } from './pair-switches';

/** Every pair, by fiat then the pair's place, with the names of its currencies. */
const pairsInOrder = (prisma: Db) =>
  prisma.currencyMatch.findMany({
    orderBy: [{ legal_id: 'asc' }, { sort: 'asc' }, { id: 'asc' }],
    include: { legal: { select: { name: true } }, currency: { select: { name: true } } },
  });
type ListedPair = Awaited<ReturnType<typeof pairsInOrder>>[number];

/** A pair's symbol and switches, as every console list of pairs starts. */
const switchesOf = (pair: ListedPair) => ({
  id: pair.id,
  symbol: `${pair.currency.name}/${pair.legal.name}`,
  is_display: pair.is_display,
  open_coin_trade: pair.open_coin_trade,
  open_lever: pair.open_lever,
  open_microtrade: pair.open_microtrade,
});

/** Every pair with its switches, precisions and fees. */
export async function listPairs(prisma: Db) {
  return (await pairsInOrder(prisma)).map((pair) => ({
    ...switchesOf(pair),
    price_decimals: pair.price_decimals,
    amount_decimals: pair.amount_decimals,
    maker_fee: pair.maker_fee.toFixed(),
    taker_fee: pair.taker_fee.toFixed(),
  }));
}

/**
 * Every pair with its switches, spot settings and how many orders it has live (a coarser precision waits
 * until none are), beside its row for the other areas' options the pair editor shows with them.
 */
export async function listPairSettings(prisma: Db) {
  const [pairs, live] = await Promise.all([
    pairsInOrder(prisma),
    prisma.spotOrder.groupBy({
      by: ['match_id'],
      where: { state: LIVE_ORDER_STATE },
      _count: { _all: true },
    }),
  ]);
  const liveByPair = new Map(live.map((row) => [row.match_id, row._count._all]));
  return pairs.map((pair) => ({
    row: pair,
    spot: { ...switchesOf(pair), ...spotSettingsOf(pair), open_orders: liveByPair.get(pair.id) ?? 0 },
  }));
}

/**
 * Sets some of a pair's flags (each 0 or 1) through the spot area's own switch, so the matcher and every
 * cache hear of it; the trail keeps the flags before and after, in the switch's transaction.
 */
export async function setPairFlags(
  deps: { prisma: Db; redis: Redis; redisPrefix: string },
  input: { id: number } & Partial<Record<PairFlag, 0 | 1>>,
  trail: OperatorTrail<Tx>,
) {
  const flags: Partial<Record<PairFlag, 0 | 1>> = {};
  for (const name of PAIR_FLAGS) if (input[name] !== undefined) flags[name] = input[name];
  if (Object.keys(flags).length === 0) throw new AppError('admin_field_required', { field: 'flag' });
  const changed = await switchPair(deps, {
    id: input.id,
    flags,
    within: (tx, before, after) =>
      trail(tx, { action: 'pair.flags', targetType: 'pair', targetId: input.id, before, after }),
  });
  if (!changed) throw new AppError('admin_record_not_found');
  return changed;
}

/**
 * Changes a pair's spot fees, minimum and precisions (the route has checked each value's form) through the
 * area's own action, which applies its precision rules and announces the change to the matcher and the
 * pair caches after the commit; the trail is written in its transaction.
 */
export async function savePairSettings(
  deps: { prisma: Db; redis: Redis; redisPrefix: string },
  input: { id: number } & PairSpotChange,
  trail: OperatorTrail<Tx>,
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
      trail(tx, { action: 'pair.settings', targetType: 'pair', targetId: id, before, after }),
  });
  if (!saved) throw new AppError('admin_record_not_found');
  return saved;
}
