import type { LeverMarkState } from '@exchange/contracts';
import type { Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { MARK_REASON, type MarkState } from './mark-tracker';

/**
 * Where the lever mark lives: the risk worker computes it (MarkSampler, one writer) and records it in
 * `lever_marks` after every look; the API reads it from there. The stored `mark` is always the last
 * reliable one, so whatever moves money follows only prices the book backed.
 */

/** The worker looks every second; a row older than this means nobody is computing the mark. */
const MARK_STALE_MS = 10_000;

export interface PairMark {
  mark?: MoneyValue | undefined;
  reliable: boolean;
  reason: string;
  /** Whether the worker looked recently (false: it is down, and the mark may be behind the book). */
  fresh: boolean;
}

export interface RecordedMark {
  matchId: number;
  state: MarkState;
}

const text = (value: MoneyValue | undefined) => (value === undefined ? null : value.toFixed());

/** Stores the marks of one look, one statement for every pair. */
export async function recordMarks(sql: Sql, marks: RecordedMark[], sampledAt = new Date()): Promise<void> {
  await sql.execute(
    `INSERT INTO lever_marks (match_id, mark, reliable, reason, impact_bid, impact_ask, reference, marked_at, sampled_at)
     SELECT * FROM unnest($1::int[], $2::numeric[], $3::boolean[], $4::text[], $5::numeric[], $6::numeric[],
       $7::numeric[], $8::timestamptz[], $9::timestamptz[])
     ON CONFLICT (match_id) DO UPDATE SET mark = excluded.mark, reliable = excluded.reliable,
       reason = excluded.reason, impact_bid = excluded.impact_bid, impact_ask = excluded.impact_ask,
       reference = excluded.reference, marked_at = excluded.marked_at, sampled_at = excluded.sampled_at`,
    [
      marks.map(({ matchId }) => matchId),
      marks.map(({ state }) => text(state.mark)),
      marks.map(({ state }) => state.reliable),
      marks.map(({ state }) => state.reason),
      marks.map(({ state }) => text(state.inputs.impactBid)),
      marks.map(({ state }) => text(state.inputs.impactAsk)),
      marks.map(({ state }) => text(state.inputs.reference)),
      marks.map(({ state }) =>
        state.markedAtMs === undefined ? null : new Date(state.markedAtMs).toISOString(),
      ),
      marks.map(() => sampledAt.toISOString()),
    ],
  );
}

/** A reliable mark recorded now, as the worker would after a look at a healthy book (for ops and tests). */
export const reliableMark = (matchId: number, mark: MoneyValue): RecordedMark => ({
  matchId,
  state: { mark, reliable: true, reason: MARK_REASON.ok, markedAtMs: Date.now(), inputs: {} },
});

/** A pair's mark as the worker last recorded it. */
export async function readMark(sql: Sql, matchId: number): Promise<PairMark> {
  const [row] = await sql.query<{ mark: string | null; reliable: boolean; reason: string; fresh: boolean }>(
    `SELECT mark::text AS mark, reliable, reason,
       sampled_at > now() - make_interval(secs => $2::double precision / 1000) AS fresh
     FROM lever_marks WHERE match_id = $1`,
    [matchId, MARK_STALE_MS],
  );
  if (!row) return { reliable: false, reason: '', fresh: false };
  return {
    mark: row.mark === null ? undefined : new Money(row.mark),
    reliable: row.reliable,
    reason: row.reason,
    fresh: row.fresh,
  };
}

/** Each lever pair's mark as monitoring reports it: seconds since it was last reliable, and the last look. */
export async function markAges(sql: Sql): Promise<{ pair: string; ageSeconds: number; reliable: boolean }[]> {
  return sql.query(
    `SELECT c.name || '/' || l.name AS pair, m.reliable,
       EXTRACT(EPOCH FROM now() - m.marked_at)::float8 AS "ageSeconds"
     FROM lever_marks m JOIN currency_matches p ON p.id = m.match_id
       JOIN currencies c ON c.id = p.currency_id JOIN currencies l ON l.id = p.legal_id
     WHERE m.marked_at IS NOT NULL`,
  );
}

/** The mark a new position opens at: only one the book backs right now. */
export function markToOpen(state: PairMark): MoneyValue {
  if (!state.mark || !state.fresh) throw new AppError('lever_no_price');
  if (!state.reliable) throw new AppError('lever_mark_unreliable');
  return state.mark;
}

/**
 * The mark a position closes at: the last reliable one, even while the book cannot back a new one (a trader
 * can always leave at a price real trades set), but never one the worker stopped updating.
 */
export function markToClose(state: PairMark): MoneyValue {
  if (!state.mark || !state.fresh) throw new AppError('lever_no_price');
  return state.mark;
}

/** What the lever screen says of the mark (`mark_state` of `/api/lever/deal`). */
export function markStateOf(state: PairMark): LeverMarkState {
  if (!state.mark) return 'none';
  if (!state.fresh) return 'stale';
  if (state.reliable) return 'ok';
  return state.reason === MARK_REASON.noRecentTrade ? 'no_trade' : 'book_thin';
}
