import type { LeverOrder } from '@exchange/contracts';
import { prismaSql, type Db } from '@exchange/kernel/db';
import type { Locale } from '@exchange/kernel/i18n';
import type { Money as MoneyValue } from '@exchange/kernel/ledger';
import { readMark } from './mark-price';
import { positionView, type PositionRow } from './positions';

/** Positions as the contract shows them, at the marks given (a pair without one shows no live profit). */
export type PositionViews = (
  rows: PositionRow[],
  marks: Map<number, MoneyValue>,
  locale: Locale,
) => Promise<LeverOrder[]>;

/** The views of positions, reading each pair's names once: pairs are not renamed while the server runs. */
export function positionViews(prisma: Db): PositionViews {
  const names = new Map<number, { currency: string; legal: string }>();
  const namesOf = async (matchId: number) => {
    let known = names.get(matchId);
    if (!known) {
      const pair = await prisma.currencyMatch.findUniqueOrThrow({
        where: { id: matchId },
        include: { currency: true, legal: true },
      });
      known = { currency: pair.currency.name, legal: pair.legal.name };
      names.set(matchId, known);
    }
    return known;
  };
  return (rows, marks, locale) =>
    Promise.all(
      rows.map(async (row) =>
        positionView(row, await namesOf(row.match_id), marks.get(row.match_id), locale),
      ),
    );
}

/** Marks of the pairs these positions trade on (a pair without a price is left out). */
export async function marksFor(prisma: Db, rows: PositionRow[]): Promise<Map<number, MoneyValue>> {
  const marks = new Map<number, MoneyValue>();
  for (const matchId of new Set(rows.map((row) => row.match_id))) {
    const { mark } = await readMark(prismaSql(prisma), matchId);
    if (mark) marks.set(matchId, mark);
  }
  return marks;
}
