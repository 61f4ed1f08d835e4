import type { Redis } from 'ioredis';
import type { Db, Currency, CurrencyMatch } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { instanceChannel } from '@exchange/kernel/redis';
import {
  Money,
  type Money as MoneyValue,
  type Scaled,
  STORAGE_DECIMALS,
  tenToThe,
} from '@exchange/kernel/ledger';

export type Pair = CurrencyMatch & { legal: Currency; currency: Currency };

export const symbolOf = (pair: Pair) => `${pair.currency.name}/${pair.legal.name}`;

/** How verdicts and market pushes name a market. */
export const marketNameOf = (pair: Pair) => ({
  symbol: symbolOf(pair),
  match_id: pair.id,
  legal_id: pair.legal_id,
  currency_id: pair.currency_id,
});

// Every order reads its pair; a pair changes rarely, so each process keeps it for two seconds. One lookup
// refreshes an expired entry while the requests that arrive meanwhile wait for that same lookup.
const PAIR_CACHE_MS = 2_000;
const pairCache = new Map<string, { lookup: Promise<Pair | null>; until: number }>();

/** Makes the next lookups read pairs afresh (after an operator changes a pair). */
export function forgetCachedPairs(): void {
  pairCache.clear();
}

/** The Redis channel on which a changed pair's id is announced (the matcher reloads that pair). */
export const pairsChangedChannel = (redis: Redis, prefix: string) =>
  instanceChannel(redis, prefix, 'spot:pairs-changed');

/**
 * Tells every process that a pair's settings changed: this process forgets its cached pairs at once, the
 * matcher reloads the pair before its next batch (other API processes' caches expire within PAIR_CACHE_MS).
 */
export async function announcePairChange(redis: Redis, prefix: string, pairId: number): Promise<void> {
  forgetCachedPairs();
  await redis.publish(pairsChangedChannel(redis, prefix), String(pairId));
}

/** A pair open for spot trading, named by its quote (legal) and base (currency) ids. */
export async function findTradablePair(prisma: Db, legalId: number, currencyId: number): Promise<Pair> {
  const key = `${legalId}:${currencyId}`;
  let cached = pairCache.get(key);
  if (!cached || cached.until <= Date.now()) {
    const lookup = prisma.currencyMatch.findUnique({
      where: { legal_id_currency_id: { legal_id: legalId, currency_id: currencyId } },
      include: { legal: true, currency: true },
    });
    cached = { lookup, until: Date.now() + PAIR_CACHE_MS };
    pairCache.set(key, cached);
    // A failed lookup is not kept: the next request tries again.
    lookup.catch(() => {
      if (pairCache.get(key) === cached) pairCache.delete(key);
    });
  }
  const pair = await cached.lookup;
  if (!pair || pair.is_display !== 1 || pair.open_coin_trade !== 1) throw new AppError('pair_not_tradable');
  return pair;
}

export async function findPairBySymbol(prisma: Db, symbol: string): Promise<Pair | null> {
  const [base = '', quote = ''] = symbol.toUpperCase().split(/[/_-]/);
  return prisma.currencyMatch.findFirst({
    where: { currency: { name: base }, legal: { name: quote } },
    include: { legal: true, currency: true },
  });
}

/**
 * The engine counts in integers: prices in ticks of 10^-price_decimals and amounts in lots of
 * 10^-amount_decimals. The matcher's money is scaled at the storage scale (10^-18, ledger/scaled.ts), where a
 * tick is 10^(18-price_decimals) and a lot 10^(18-amount_decimals); a fill's quote, ticks × lots, is then
 * exact in units of 10^(18-price_decimals-amount_decimals) (PRECISION_LIMITS keeps that at or above 1).
 */
export interface PairGrid {
  tick: Scaled;
  lot: Scaled;
  tickLot: Scaled;
}
export const gridOf = (pair: CurrencyMatch): PairGrid => ({
  tick: tenToThe(STORAGE_DECIMALS - pair.price_decimals),
  lot: tenToThe(STORAGE_DECIMALS - pair.amount_decimals),
  tickLot: tenToThe(STORAGE_DECIMALS - pair.price_decimals - pair.amount_decimals),
});

/**
 * How many grid steps `value` is. Off the grid (a price finer than the pair's ticks), the answer is not an
 * integer, which the engine refuses, as it refuses any order it cannot count.
 */
const stepsOf = (value: Scaled, step: Scaled) =>
  value % step === 0n ? Number(value / step) : Number(value) / Number(step);
export const scaledToTicks = (pair: CurrencyMatch, price: Scaled) => stepsOf(price, gridOf(pair).tick);
export const scaledToLots = (pair: CurrencyMatch, amount: Scaled) => stepsOf(amount, gridOf(pair).lot);
export const ticksToScaled = (pair: CurrencyMatch, ticks: number) => BigInt(ticks) * gridOf(pair).tick;
export const lotsToScaled = (pair: CurrencyMatch, lots: number) => BigInt(lots) * gridOf(pair).lot;
/** A fill of `lots` at `ticks`, scaled: its price, its base amount and its quote amount (exact). */
export function fillOf(pair: CurrencyMatch, ticks: number, lots: number) {
  const grid = gridOf(pair);
  return {
    price: BigInt(ticks) * grid.tick,
    amount: BigInt(lots) * grid.lot,
    quote: BigInt(ticks) * BigInt(lots) * grid.tickLot,
  };
}
/** A quote amount as a number of tick×lot units, rounded down (the budget of a market buy). */
export const scaledToTickLots = (pair: CurrencyMatch, quote: Scaled) => Number(quote / gridOf(pair).tickLot);

/** Prices and amounts of the engine's grid as decimals, for what is shown (the depth pushes). */
const powersOfTen: MoneyValue[] = [];
const decimalTenTo = (exponent: number) => (powersOfTen[exponent] ??= new Money(10).pow(exponent));
export const ticksToPrice = (pair: CurrencyMatch, ticks: number) =>
  new Money(ticks).div(decimalTenTo(pair.price_decimals));
export const lotsToAmount = (pair: CurrencyMatch, lots: number) =>
  new Money(lots).div(decimalTenTo(pair.amount_decimals));
