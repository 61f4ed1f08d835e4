import type { Db, MicroSecond, Tx } from '@exchange/kernel/db';

export interface DurationTerms {
  seconds: number;
  profit_ratio: string;
  min_amount: string;
  max_amount: string;
  status: 0 | 1;
}

/**
 * The operator action that adds a seconds-contract duration (no id) or changes one. Orders already running
 * keep the ratio they were placed with (it is copied onto the order), so a change only applies to new
 * orders. `within` writes the caller's record in the same transaction. Answers null when no duration has the
 * id; a second duration of the same seconds fails as a unique violation.
 */
export async function saveDuration(
  prisma: Db,
  input: {
    id?: number | undefined;
    terms: DurationTerms;
    within?: (tx: Tx, before: MicroSecond | null, after: MicroSecond) => Promise<unknown>;
  },
): Promise<MicroSecond | null> {
  return prisma.$transaction(async (tx) => {
    const before = input.id ? await tx.microSecond.findUnique({ where: { id: input.id } }) : null;
    if (input.id && !before) return null;
    const saved = before
      ? await tx.microSecond.update({ where: { id: before.id }, data: input.terms })
      : await tx.microSecond.create({ data: input.terms });
    await input.within?.(tx, before, saved);
    return saved;
  });
}
