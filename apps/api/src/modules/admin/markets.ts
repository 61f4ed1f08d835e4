import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { Redis } from 'ioredis';
import { switchPair, type PairFlag } from '../spot';
import { recordTrail, type Actor } from './trail';

export async function listPairs(prisma: Db) {
  const pairs = await prisma.currencyMatch.findMany({
    orderBy: [{ legal_id: 'asc' }, { sort: 'asc' }, { id: 'asc' }],
    include: { legal: { select: { name: true } }, currency: { select: { name: true } } },
  });
  return pairs.map((pair) => ({
    id: pair.id,
    symbol: `${pair.currency.name}/${pair.legal.name}`,
    is_display: pair.is_display,
    open_coin_trade: pair.open_coin_trade,
    open_lever: pair.open_lever,
    open_microtrade: pair.open_microtrade,
    price_decimals: pair.price_decimals,
    amount_decimals: pair.amount_decimals,
    maker_fee: pair.maker_fee.toFixed(),
    taker_fee: pair.taker_fee.toFixed(),
  }));
}

/**
 * Sets some of a pair's flags (each 0 or 1) through the spot area's own switch, so the matcher and every
 * cache hear of it; the trail keeps the flags before and after, in the switch's transaction.
 */
export async function setPairFlags(
  deps: { prisma: Db; redis: Redis; redisPrefix: string },
  actor: Actor,
  input: { id: number; flags: Partial<Record<PairFlag, 0 | 1>> },
) {
  if (Object.keys(input.flags).length === 0) throw new AppError('admin_field_required', { field: 'flag' });
  const changed = await switchPair(deps, {
    ...input,
    within: (tx, before, after) =>
      recordTrail(tx, actor, { action: 'pair.flags', targetType: 'pair', targetId: input.id, before, after }),
  });
  if (!changed) throw new AppError('admin_record_not_found');
  return changed;
}
