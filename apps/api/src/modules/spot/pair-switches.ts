import type { Redis } from 'ioredis';
import type { Db, Tx } from '@exchange/kernel/db';
import { announcePairChange } from './pairs';

/**
 * The switches of a pair an operator may flip: listed (shown and tradable: `is_display`), spot trading,
 * lever contracts and seconds contracts. Delisting hides a pair and refuses new orders; resting orders
 * stay until their owners cancel them.
 */
export const PAIR_FLAGS = ['is_display', 'open_coin_trade', 'open_lever', 'open_microtrade'] as const;
export type PairFlag = (typeof PAIR_FLAGS)[number];
export type PairFlags = Record<PairFlag, number>;

const flagsOf = (pair: PairFlags): PairFlags =>
  Object.fromEntries(PAIR_FLAGS.map((flag) => [flag, pair[flag]])) as PairFlags;

/**
 * The operator action that lists, delists, opens and closes a pair (the console's switch calls it). The
 * flags change under the pair's row lock (two operators flipping the same pair see each other's result, and
 * a precision change waits), `within` writes the caller's record in the same transaction, and after the
 * commit the change is announced: this process forgets its cached pairs and the matcher reloads the pair,
 * starting a market it did not run yet once the pair is open for spot trading. Answers null when no pair
 * has the id.
 */
export async function switchPair(
  deps: { prisma: Db; redis: Redis; redisPrefix: string },
  input: {
    id: number;
    flags: Partial<Record<PairFlag, 0 | 1>>;
    within?: (tx: Tx, before: PairFlags, after: PairFlags) => Promise<unknown>;
  },
): Promise<({ id: number } & PairFlags) | null> {
  const changed = await deps.prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM currency_matches WHERE id = ${input.id} FOR UPDATE`;
    if (!locked) return null;
    const before = await tx.currencyMatch.findUniqueOrThrow({ where: { id: input.id } });
    const after = await tx.currencyMatch.update({ where: { id: input.id }, data: input.flags });
    await input.within?.(tx, flagsOf(before), flagsOf(after));
    return after;
  });
  if (!changed) return null;
  await announcePairChange(deps.redis, deps.redisPrefix, changed.id);
  return { id: changed.id, ...flagsOf(changed) };
}
