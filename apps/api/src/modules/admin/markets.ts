import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { forgetCachedPairs } from '../spot';
import { recordTrail, type Actor } from './trail';

/**
 * The switches of a pair an operator may flip: listed (shown and tradable: `is_display`), spot trading,
 * lever contracts and seconds contracts. Delisting hides a pair and refuses new orders; resting orders
 * stay until their owners cancel them.
 */
export const PAIR_FLAGS = ['is_display', 'open_coin_trade', 'open_lever', 'open_microtrade'] as const;
export type PairFlag = (typeof PAIR_FLAGS)[number];

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

const flagsOf = (pair: Record<PairFlag, number>) =>
  Object.fromEntries(PAIR_FLAGS.map((flag) => [flag, pair[flag]])) as Record<PairFlag, number>;

/** Sets some of a pair's flags (each 0 or 1); the trail keeps the flags before and after. */
export async function setPairFlags(
  prisma: Db,
  actor: Actor,
  input: { id: number; flags: Partial<Record<PairFlag, 0 | 1>> },
) {
  if (Object.keys(input.flags).length === 0) throw new AppError('admin_field_required', { field: 'flag' });
  const changed = await prisma.$transaction(async (tx) => {
    // FOR UPDATE through a no-op lock: two operators flipping the same pair see each other's result.
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM currency_matches WHERE id = ${input.id} FOR UPDATE`;
    if (!locked) throw new AppError('admin_record_not_found');
    const before = await tx.currencyMatch.findUniqueOrThrow({ where: { id: input.id } });
    const after = await tx.currencyMatch.update({ where: { id: input.id }, data: input.flags });
    await recordTrail(tx, actor, {
      action: 'pair.flags',
      targetType: 'pair',
      targetId: input.id,
      before: flagsOf(before),
      after: flagsOf(after),
    });
    return after;
  });
  forgetCachedPairs();
  return { id: changed.id, ...flagsOf(changed) };
}
