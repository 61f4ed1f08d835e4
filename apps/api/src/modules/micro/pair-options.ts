import type { Db, Tx } from '@exchange/kernel/db';
import { parseOptionDecimal } from '@exchange/kernel/ledger';

/** A pair's seconds-contract price rule and exposure caps (prices.ts, exposure.ts), as operators see them. */
export interface MicroPairOptions {
  micro_price_window_seconds: number;
  micro_price_lookback_seconds: number;
  /** Quote currency. */
  micro_price_min_notional: string;
  /** Percent of the micro pool. */
  micro_pair_exposure_percent: string;
  micro_user_exposure_percent: string;
}

export type MicroPairOptionsChange = { [K in keyof MicroPairOptions]?: MicroPairOptions[K] | undefined };

/** A window longer than an hour, or a lookback beyond a day, would not be "the price at expiry". */
export const MICRO_PRICE_LIMITS = { windowSeconds: 3_600, lookbackSeconds: 86_400 } as const;

export async function microPairOptionsView(prisma: Db | Tx, pairId: number): Promise<MicroPairOptions> {
  const pair = await prisma.currencyMatch.findUniqueOrThrow({ where: { id: pairId } });
  return {
    micro_price_window_seconds: pair.micro_price_window_seconds,
    micro_price_lookback_seconds: pair.micro_price_lookback_seconds,
    micro_price_min_notional: pair.micro_price_min_notional.toFixed(),
    micro_pair_exposure_percent: pair.micro_pair_exposure_percent.toFixed(),
    micro_user_exposure_percent: pair.micro_user_exposure_percent.toFixed(),
  };
}

/**
 * Checks a pair's options as they would be after the change (the refusals are plain errors, worded for the
 * command line; the console wraps them). Running orders keep the price rule they were accepted under.
 */
export function checkMicroPairOptions(options: MicroPairOptions): void {
  const window = options.micro_price_window_seconds;
  const lookback = options.micro_price_lookback_seconds;
  if (!Number.isInteger(window) || window < 1 || window > MICRO_PRICE_LIMITS.windowSeconds)
    throw new Error(
      `the price window is a whole number of seconds, 1 to ${MICRO_PRICE_LIMITS.windowSeconds}`,
    );
  if (!Number.isInteger(lookback) || lookback < window || lookback > MICRO_PRICE_LIMITS.lookbackSeconds)
    throw new Error(
      `the lookback is a whole number of seconds, from the window to ${MICRO_PRICE_LIMITS.lookbackSeconds}`,
    );
  const minNotional = parseOptionDecimal(options.micro_price_min_notional, 'the minimum notional');
  if (minNotional.lte(0) || minNotional.gte('1e17')) throw new Error('the minimum notional must be positive');
  const pairPercent = parseOptionDecimal(options.micro_pair_exposure_percent, 'the pair exposure');
  const userPercent = parseOptionDecimal(options.micro_user_exposure_percent, 'the user exposure');
  if (pairPercent.gt(100)) throw new Error('the pair exposure is a percent of the pool, 0 to 100');
  if (userPercent.gt(pairPercent)) throw new Error('the user exposure is at most the pair exposure');
}

/** Writes a pair's seconds options inside the caller's transaction; answers them as they now are. */
export async function writeMicroPairOptions(
  tx: Tx,
  pairId: number,
  change: MicroPairOptionsChange,
): Promise<MicroPairOptions> {
  const before = await microPairOptionsView(tx, pairId);
  const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
  const after: MicroPairOptions = { ...before, ...defined };
  checkMicroPairOptions(after);
  await tx.currencyMatch.update({ where: { id: pairId }, data: after });
  return after;
}

/** `npm run ops -- micro:options BTC/USDT --window 10 ...`: changes a pair's options, answers them. */
export function setMicroPairOptions(prisma: Db, pairId: number, change: MicroPairOptionsChange) {
  return prisma.$transaction((tx) => writeMicroPairOptions(tx, pairId, change));
}
