import type { Redis } from 'ioredis';
import type { Db, Currency, CurrencyMatch } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { instanceChannel } from '@exchange/kernel/redis';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';

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
 * 10^-amount_decimals. These convert exactly, and refuse what does not fit the grid.
 */
const powersOfTen: MoneyValue[] = [];
const tenTo = (exponent: number) => (powersOfTen[exponent] ??= new Money(10).pow(exponent));
export const priceToTicks = (pair: CurrencyMatch, price: MoneyValue) =>
  price.times(tenTo(pair.price_decimals)).toNumber();
export const amountToLots = (pair: CurrencyMatch, amount: MoneyValue) =>
  amount.times(tenTo(pair.amount_decimals)).toNumber();
export const ticksToPrice = (pair: CurrencyMatch, ticks: number) =>
  new Money(ticks).div(tenTo(pair.price_decimals));
export const lotsToAmount = (pair: CurrencyMatch, lots: number) =>
  new Money(lots).div(tenTo(pair.amount_decimals));
/** A quote amount as a number of tick×lot units, rounded down (the budget of a market buy). */
export const quoteToTickLots = (pair: CurrencyMatch, quote: MoneyValue) =>
  quote
    .times(tenTo(pair.price_decimals + pair.amount_decimals))
    .floor()
    .toNumber();
