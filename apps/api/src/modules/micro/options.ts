import type { Currency, CurrencyMatch, Db, MicroSecond } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';

/** What a seconds order may be placed on: a pair open for seconds trading, a payable currency, a duration. */
export type MicroPair = CurrencyMatch & { currency: Currency; legal: Currency };

export const ORDER_TYPE = { up: 1, down: 2 } as const;
export const ORDER_STATUS = { running: 1, finished: 3 } as const;

export async function findMicroPair(prisma: Db, matchId: number): Promise<MicroPair> {
  const pair = await prisma.currencyMatch.findUnique({
    where: { id: matchId },
    include: { currency: true, legal: true },
  });
  if (!pair || pair.open_microtrade !== 1 || pair.is_display !== 1) throw new AppError('micro_pair_closed');
  return pair;
}

export async function findPayableCurrency(prisma: Db, currencyId: number): Promise<Currency> {
  const currency = await prisma.currency.findUnique({ where: { id: currencyId } });
  if (!currency) throw new AppError('currency_not_found');
  if (currency.is_micro !== 1) throw new AppError('micro_currency_not_payable', { currency: currency.name });
  return currency;
}

export async function findDuration(prisma: Db, seconds: number): Promise<MicroSecond> {
  const duration = await prisma.microSecond.findUnique({ where: { seconds } });
  if (!duration || duration.status !== 1) throw new AppError('micro_seconds_invalid');
  return duration;
}

export const activeDurations = (prisma: Db) =>
  prisma.microSecond.findMany({ where: { status: 1 }, orderBy: { seconds: 'asc' } });

/**
 * A stake as the user typed it: whole units only (the spec shows amounts as whole numbers), strictly
 * positive, below the storage limit.
 */
export function parseStake(raw: string): MoneyValue {
  const text = raw.trim();
  if (text === '') throw new AppError('micro_number_required');
  if (/^-\d+(\.\d+)?$/.test(text)) throw new AppError('amount_not_positive');
  if (/^\d+\.\d+$/.test(text)) {
    if (!/^\d+\.0+$/.test(text)) throw new AppError('micro_number_not_integer');
  } else if (!/^\d+$/.test(text)) throw new AppError('micro_number_not_integer');
  const amount = new Money(text);
  if (amount.lte(0)) throw new AppError('amount_not_positive');
  if (amount.gte('1e15')) throw new AppError('amount_too_large');
  return amount;
}

const plain = (value: { toFixed: () => string }) => new Money(value.toFixed());

/** The currency's and the duration's stake limits (0 means none). */
export function checkStakeLimits(stake: MoneyValue, currency: Currency, duration: MicroSecond): void {
  const mins = [plain(currency.micro_min), plain(duration.min_amount)].filter((min) => min.gt(0));
  const maxes = [plain(currency.micro_max), plain(duration.max_amount)].filter((max) => max.gt(0));
  const min = mins.length > 0 ? Money.max(...mins) : undefined;
  const max = maxes.length > 0 ? Money.min(...maxes) : undefined;
  if (min && stake.lt(min))
    throw new AppError('micro_number_below_min', { min: min.toFixed(), currency: currency.name });
  if (max && stake.gt(max))
    throw new AppError('micro_number_above_max', { max: max.toFixed(), currency: currency.name });
}
