import type { Sql } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { closeAtMarks, lockLeverBalances, type CloseClaim, type SettledPosition } from './close-position';
import { CLOSE_REASON, type PositionRow } from './positions';
import { hazardRate, isBurst, LEVER_STATUS, profitAt } from './risk';

export interface LiquidationCandidate {
  userId: number;
  legalId: number;
}

export interface LiquidationOutcome {
  settled: SettledPosition[];
  /** Accounts liquidated: every position of that user in that quote currency closed at its mark. */
  liquidated: LiquidationCandidate[];
  /** Candidates whose stored state showed a risk rate above the line (the caller's view was stale). */
  spared: LiquidationCandidate[];
}

const accountKey = (userId: number, legalId: number) => `${userId}:${legalId}`;

/**
 * Liquidates, in the caller's transaction, every candidate account whose risk rate at these marks is at or
 * below the burst rate: the candidates come from the risk worker's memory, and this re-reads positions and
 * balances under lock before closing anything, so a stale view never liquidates anybody. All positions of a
 * liquidated user in that quote currency are claimed at their pair's mark and settled in the same transaction.
 */
export async function liquidate(
  sql: Sql,
  candidates: LiquidationCandidate[],
  marks: Map<number, MoneyValue>,
  burstRate: MoneyValue,
): Promise<LiquidationOutcome> {
  // Every position in trade of the candidates' users is locked, users and then positions in ascending id
  // order; a user's positions in a quote currency that is no candidate are locked too, and left unread below.
  const rows = await sql.query<PositionRow>(
    `SELECT t.* FROM unnest($1::int[]) AS k(user_id) CROSS JOIN LATERAL (
       SELECT * FROM lever_transactions t WHERE t.user_id = k.user_id AND t.status + 0 = ${LEVER_STATUS.trading}
       ORDER BY t.id FOR UPDATE
     ) t`,
    [[...new Set(candidates.map((c) => c.userId))].sort((a, b) => a - b)],
  );
  const balances = await lockLeverBalances(
    sql,
    candidates.map((c) => ({ userId: c.userId, currencyId: c.legalId })),
  );
  const byAccount = new Map<string, PositionRow[]>();
  for (const row of rows) {
    const key = accountKey(row.user_id, row.legal_id);
    byAccount.set(key, [...(byAccount.get(key) ?? []), row]);
  }
  const claims: CloseClaim[] = [];
  const liquidated: LiquidationCandidate[] = [];
  const spared: LiquidationCandidate[] = [];
  for (const candidate of candidates) {
    const key = accountKey(candidate.userId, candidate.legalId);
    // No position left in trade (closed since the worker looked), or a pair without a mark: spared.
    const positions = byAccount.get(key);
    if (!positions || positions.some((row) => !marks.has(row.match_id))) {
      spared.push(candidate);
      continue;
    }
    const rate = hazardRate(
      balances.get(key) ?? new Money(0),
      positions.map((row) => ({
        caution: new Money(row.caution_money),
        originCaution: new Money(row.origin_caution_money),
        profit: profitAt(
          { type: row.type, price: new Money(row.price), number: new Money(row.number) },
          marks.get(row.match_id) as MoneyValue,
        ),
      })),
    );
    if (!isBurst(rate, burstRate)) {
      spared.push(candidate);
      continue;
    }
    liquidated.push(candidate);
    for (const row of positions)
      claims.push({ id: row.id, mark: marks.get(row.match_id) as MoneyValue, reason: CLOSE_REASON.burst });
  }
  const settled = await closeAtMarks(sql, claims);
  return { settled, liquidated, spared };
}
