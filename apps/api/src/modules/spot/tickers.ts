import type { Db } from '@exchange/kernel/db';
import { Money, toAmountString } from '@exchange/kernel/ledger';

export interface DayStats {
  now_price: string;
  open: string;
  change: string;
  high: string;
  low: string;
  volume: string;
  amount: string;
}

/**
 * The rolling 24-hour ticker of a pair, from its one-minute candles (built from real trades only): last
 * price, signed change in percent against the price 24 hours ago, high, low, base volume and quote amount.
 */
export async function dayStats(prisma: Db, matchId: number, now = new Date()): Promise<DayStats> {
  const since = new Date(now.getTime() - 86_400_000);
  const [window] = await prisma.$queryRawUnsafe<
    { high: string | null; low: string | null; volume: string | null; amount: string | null }[]
  >(
    `SELECT MAX(high)::text AS high, MIN(low)::text AS low, SUM(volume)::text AS volume, SUM(amount)::text AS amount
     FROM candles WHERE match_id = $1 AND period = '1min' AND open_time >= $2`,
    matchId,
    since,
  );
  const [first] = await prisma.candle.findMany({
    where: { match_id: matchId, period: '1min', open_time: { gte: since } },
    orderBy: { open_time: 'asc' },
    take: 1,
  });
  const [last] = await prisma.spotTrade.findMany({
    where: { match_id: matchId },
    orderBy: { id: 'desc' },
    take: 1,
  });
  const nowPrice = last ? new Money(last.price.toFixed()) : new Money(0);
  const open = first ? new Money(first.open.toFixed()) : nowPrice;
  const change = open.gt(0) ? nowPrice.minus(open).div(open).times(100) : new Money(0);
  return {
    now_price: toAmountString(nowPrice),
    open: toAmountString(open),
    change: `${change.isNegative() ? '' : '+'}${change.toFixed(2)}`,
    high: toAmountString(window?.high ?? nowPrice),
    low: toAmountString(window?.low ?? nowPrice),
    volume: toAmountString(window?.volume ?? 0),
    amount: toAmountString(window?.amount ?? 0),
  };
}
