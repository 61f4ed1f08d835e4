import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';

/**
 * The lever mark of one pair, built only from our own book and trades (no outside index: the honest-venue
 * rule), so that no price a small or short-lived order can print moves money. The large derivatives venues
 * build theirs from an index; without one, ours takes their other defences, each answering one attack:
 *
 * - Impact prices, not the top of book: the average price of selling (buying) `impactNotional` of quote into
 *   the bids (asks). A dust order at a far price moves them by its own size only, and a side without that
 *   much depth gives no price at all.
 * - A band around real trades: the impact mid is clamped to `bandPercent` around the volume-weighted price
 *   of the pair's trades in the last `tradeWindowMs`, counted only when they reach `minTradeNotional`.
 * - Smoothing over time: the mark is the median of the per-sample fair prices of the last `smoothingMs`, so a
 *   quote must be held for over half of that window, open to every trader, before it moves the mark at all.
 * - A cap on the move: at most `maxMovePercent` of the mark a minute, whatever the samples say.
 *
 * When the book cannot back a price (a side thinner than the impact notional, no trade of the minimum
 * notional in the window) the sample is unreliable: the mark stays where it was last reliable, new opens are
 * refused, and stops, entrusts and liquidations wait on that held mark.
 */
export interface MarkParams {
  impactNotional: MoneyValue;
  bandPercent: MoneyValue;
  tradeWindowMs: number;
  minTradeNotional: MoneyValue;
  smoothingMs: number;
  maxMovePercent: MoneyValue;
  /** The mark is kept at the pair's price precision. */
  priceDecimals: number;
}

/** What one look at the book and the trades found; an absent side or reference could not be priced. */
export interface MarkInputs {
  impactBid?: MoneyValue | undefined;
  impactAsk?: MoneyValue | undefined;
  /** The trades' volume-weighted price in the window; absent below the minimum notional. */
  reference?: MoneyValue | undefined;
}

export const MARK_REASON = {
  ok: 'ok',
  bookThin: 'book_thin',
  noRecentTrade: 'no_trade',
} as const;
export type MarkReason = (typeof MARK_REASON)[keyof typeof MARK_REASON];

export interface MarkState {
  /** The last reliable mark (undefined until the pair had one). */
  mark?: MoneyValue | undefined;
  reliable: boolean;
  reason: MarkReason;
  /** When `mark` was last set from a reliable sample. */
  markedAtMs?: number | undefined;
  inputs: MarkInputs;
}

const HUNDRED = new Money(100);
const MINUTE_MS = 60_000;

export class MarkTracker {
  /** Fair prices of the reliable samples still inside the smoothing window, oldest first. */
  private samples: { atMs: number; fair: MoneyValue }[] = [];
  private mark: MoneyValue | undefined;
  private markedAtMs: number | undefined;

  constructor(
    private params: MarkParams,
    held?: { mark: MoneyValue; markedAtMs: number },
  ) {
    this.mark = held?.mark;
    this.markedAtMs = held?.markedAtMs;
  }

  /** Takes new options (the console changed them); samples already taken stay. */
  configure(params: MarkParams): void {
    this.params = params;
  }

  observe(nowMs: number, inputs: MarkInputs): MarkState {
    this.samples = this.samples.filter((sample) => sample.atMs > nowMs - this.params.smoothingMs);
    const reason = reasonOf(inputs);
    if (reason !== MARK_REASON.ok) return this.state(false, reason, inputs);
    this.samples.push({ atMs: nowMs, fair: this.fairPrice(inputs) });
    const candidate = median(this.samples.map((sample) => sample.fair));
    this.mark = this.capped(nowMs, candidate).toDecimalPlaces(this.params.priceDecimals);
    this.markedAtMs = nowMs;
    return this.state(true, reason, inputs);
  }

  /** The impact mid, held inside the band around the trades' reference price. */
  private fairPrice(inputs: MarkInputs): MoneyValue {
    const { impactBid, impactAsk, reference } = inputs as Required<MarkInputs>;
    const band = reference.times(this.params.bandPercent).div(HUNDRED);
    const mid = impactBid.plus(impactAsk).div(2);
    return Money.min(Money.max(mid, reference.minus(band)), reference.plus(band));
  }

  /** At most `maxMovePercent` of the previous mark per minute since it was set. */
  private capped(nowMs: number, candidate: MoneyValue): MoneyValue {
    if (this.mark === undefined || this.markedAtMs === undefined) return candidate;
    const elapsedMs = Math.max(0, nowMs - this.markedAtMs);
    const step = this.mark.times(this.params.maxMovePercent).times(elapsedMs).div(HUNDRED.times(MINUTE_MS));
    return Money.min(Money.max(candidate, this.mark.minus(step)), this.mark.plus(step));
  }

  private state(reliable: boolean, reason: MarkReason, inputs: MarkInputs): MarkState {
    return { mark: this.mark, reliable, reason, markedAtMs: this.markedAtMs, inputs };
  }
}

function reasonOf(inputs: MarkInputs): MarkReason {
  if (!inputs.impactBid || !inputs.impactAsk) return MARK_REASON.bookThin;
  if (!inputs.reference) return MARK_REASON.noRecentTrade;
  return MARK_REASON.ok;
}

/** The median (the mean of the two middle values for an even count). */
function median(values: MoneyValue[]): MoneyValue {
  const sorted = [...values].sort((a, b) => a.comparedTo(b));
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as MoneyValue;
  return (sorted[middle - 1] as MoneyValue).plus(sorted[middle] as MoneyValue).div(2);
}

/**
 * The average price of trading `notional` of quote against these levels (best first), or undefined when
 * they hold less than that.
 */
export function impactPrice(
  levels: { price: MoneyValue; amount: MoneyValue }[],
  notional: MoneyValue,
): MoneyValue | undefined {
  let quoteLeft = notional;
  let baseTaken = new Money(0);
  for (const level of levels) {
    const levelQuote = level.price.times(level.amount);
    if (levelQuote.gte(quoteLeft)) return notional.div(baseTaken.plus(quoteLeft.div(level.price)));
    quoteLeft = quoteLeft.minus(levelQuote);
    baseTaken = baseTaken.plus(level.amount);
  }
  return undefined;
}
