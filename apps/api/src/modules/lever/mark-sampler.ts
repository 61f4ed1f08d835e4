import type { Sql } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { LEVER_STATUS } from './risk';
import { recordMarks, type RecordedMark } from './mark-price';
import { impactPrice, MarkTracker, type MarkInputs, type MarkParams } from './mark-tracker';

/**
 * Resting orders read per side for the impact prices: a side whose best orders of this many do not reach
 * the impact notional counts as thin (a wall of dust orders makes the mark unreliable, never wrong).
 */
const IMPACT_ORDERS = 500;

interface PairRow {
  id: number;
  mark_impact_notional: string;
  mark_band_percent: string;
  mark_trade_window_seconds: number;
  mark_min_trade_notional: string;
  mark_smoothing_seconds: number;
  mark_max_move_percent: string;
  price_decimals: number;
}

function markParams(pair: PairRow): MarkParams {
  return {
    impactNotional: new Money(pair.mark_impact_notional),
    bandPercent: new Money(pair.mark_band_percent),
    tradeWindowMs: pair.mark_trade_window_seconds * 1_000,
    minTradeNotional: new Money(pair.mark_min_trade_notional),
    smoothingMs: pair.mark_smoothing_seconds * 1_000,
    maxMovePercent: new Money(pair.mark_max_move_percent),
    priceDecimals: pair.price_decimals,
  };
}

/**
 * The risk worker's eyes: every look reads each lever pair's book depth and recent trades from Postgres
 * (the matcher's committed state), feeds each pair's MarkTracker and records the marks in `lever_marks`.
 * Pairs watched: those open to lever and those still holding positions.
 */
export class MarkSampler {
  private readonly trackers = new Map<number, MarkTracker>();

  constructor(private readonly sql: Sql) {}

  /** Takes up the marks recorded before a restart, so the cap and the held mark carry over. */
  async load(): Promise<Map<number, MoneyValue>> {
    const rows = await this.sql.query<PairRow & { mark: string | null; marked_at: Date | null }>(
      `SELECT p.*, m.mark::text AS mark, m.marked_at FROM currency_matches p
       JOIN lever_marks m ON m.match_id = p.id WHERE m.mark IS NOT NULL`,
    );
    const marks = new Map<number, MoneyValue>();
    for (const row of rows) {
      const mark = new Money(row.mark as string);
      const markedAtMs = (row.marked_at ?? new Date()).getTime();
      this.trackers.set(row.id, new MarkTracker(markParams(row), { mark, markedAtMs }));
      marks.set(row.id, mark);
    }
    return marks;
  }

  /** One look at every watched pair; answers each pair's state (recorded before it returns). */
  async sample(nowMs = Date.now()): Promise<RecordedMark[]> {
    const pairs = await this.sql.query<PairRow>(
      `SELECT * FROM currency_matches p WHERE p.open_lever = 1 OR EXISTS (
         SELECT 1 FROM lever_transactions t WHERE t.match_id = p.id
           AND t.status IN (${LEVER_STATUS.pending}, ${LEVER_STATUS.trading}))`,
    );
    const marks: RecordedMark[] = [];
    for (const pair of pairs) {
      const params = markParams(pair);
      let tracker = this.trackers.get(pair.id);
      if (tracker) tracker.configure(params);
      else this.trackers.set(pair.id, (tracker = new MarkTracker(params)));
      const inputs = await readMarkInputs(this.sql, pair.id, params, nowMs);
      marks.push({ matchId: pair.id, state: tracker.observe(nowMs, inputs) });
    }
    await recordMarks(this.sql, marks, new Date(nowMs));
    return marks;
  }
}

/** The impact prices of a pair's book and the volume-weighted price of its recent trades. */
async function readMarkInputs(
  sql: Sql,
  matchId: number,
  params: MarkParams,
  nowMs: number,
): Promise<MarkInputs> {
  const levels = await sql.query<{ side: number; price: string; amount: string }>(
    `(SELECT o.side, o.price::text AS price, (o.amount - o.filled)::text AS amount FROM spot_orders o
       WHERE o.match_id = $1 AND o.state = 'open' AND o.side = 1 ORDER BY o.price DESC LIMIT $2)
     UNION ALL
     (SELECT o.side, o.price::text AS price, (o.amount - o.filled)::text AS amount FROM spot_orders o
       WHERE o.match_id = $1 AND o.state = 'open' AND o.side = 2 ORDER BY o.price ASC LIMIT $2)`,
    [matchId, IMPACT_ORDERS],
  );
  const side = (value: number) =>
    levels
      .filter((level) => level.side === value)
      .map((level) => ({ price: new Money(level.price), amount: new Money(level.amount) }));
  const [trades] = await sql.query<{ notional: string | null; amount: string | null }>(
    `SELECT sum(quote_amount)::text AS notional, sum(amount)::text AS amount FROM spot_trades
     WHERE match_id = $1 AND created_at > $2`,
    [matchId, new Date(nowMs - params.tradeWindowMs).toISOString()],
  );
  const notional = new Money(trades?.notional ?? '0');
  const enough = notional.gt(0) && notional.gte(params.minTradeNotional);
  return {
    impactBid: impactPrice(side(1), params.impactNotional),
    impactAsk: impactPrice(side(2), params.impactNotional),
    reference: enough ? notional.div(trades?.amount ?? '1') : undefined,
  };
}
