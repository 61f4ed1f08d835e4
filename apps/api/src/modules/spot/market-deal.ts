import type { MarketDeal } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString, toFixedString } from '@exchange/kernel/ledger';
import { formatDateTime } from '../../http/format';
import { cnyPerUnit } from './market-currency';
import { SIDE } from './place-order';

const BOOK_LEVELS = 10;
const RECENT_TRADES = 15;

interface BookLevel {
  price: string;
  number: string;
}

/**
 * Both sides' best levels and the book's version, read by ONE statement so they are one snapshot: the
 * matcher writes the orders and bumps the version in the same transaction.
 */
async function bookSnapshot(prisma: Db, matchId: number) {
  // Prices travel as text: a JSON number would pass through a float.
  const side = (sideValue: number, order: 'ASC' | 'DESC') =>
    `(SELECT COALESCE(json_agg(json_build_object('price', l.price::text, 'number', l.number::text)
        ORDER BY l.price ${order}), '[]') FROM (
       SELECT price, SUM(amount - filled) AS number FROM spot_orders
       WHERE match_id = $1 AND state = 'open' AND side = ${sideValue}
       GROUP BY price ORDER BY price ${order} LIMIT ${BOOK_LEVELS}) l)`;
  const [snapshot] = await prisma.$queryRawUnsafe<
    { version: string; bids: BookLevel[]; asks: BookLevel[] }[]
  >(
    `SELECT COALESCE((SELECT version FROM spot_book_versions WHERE match_id = $1), 0)::text AS version,
       ${side(SIDE.buy, 'DESC')} AS bids, ${side(SIDE.sell, 'ASC')} AS asks`,
    matchId,
  );
  return {
    version: Number(snapshot?.version ?? 0),
    bids: snapshot?.bids ?? [],
    asks: snapshot?.asks ?? [],
  };
}

/** The caller's available spot balances of the given currencies ('0' when signed out or without a wallet). */
async function availableOf(prisma: Db, userId: number | undefined, currencyIds: number[]) {
  const balances = userId
    ? await prisma.wallet.findMany({ where: { user_id: userId, currency_id: { in: currencyIds } } })
    : [];
  return (currencyId: number) =>
    toAmountString(
      balances.find((wallet) => wallet.currency_id === currencyId)?.change_balance.toFixed() ?? '0',
    );
}

/** One market's book (ten levels a side), its latest trades and the caller's two balances. */
export async function marketDeal(
  prisma: Db,
  market: { legal_id: number; currency_id: number },
  userId: number | undefined,
): Promise<MarketDeal> {
  const pair = await prisma.currencyMatch.findUnique({
    where: { legal_id_currency_id: market },
    include: { legal: true, currency: true },
  });
  if (!pair) throw new AppError('pair_not_tradable');
  const [book, trades] = await Promise.all([
    bookSnapshot(prisma, pair.id),
    prisma.spotTrade.findMany({ where: { match_id: pair.id }, orderBy: { id: 'desc' }, take: RECENT_TRADES }),
  ]);
  const row = (level: BookLevel) => ({
    currency: pair.currency_id,
    legal: pair.legal_id,
    price: toAmountString(level.price),
    number: toAmountString(level.number),
  });
  const lastPrice = trades[0] ? new Money(trades[0].price.toFixed()) : new Money(0);
  const available = await availableOf(prisma, userId, [pair.legal_id, pair.currency_id]);
  return {
    in: book.bids.map(row),
    out: book.asks.map(row).reverse(),
    depth_seq: book.version,
    complete: trades.map((trade) => ({
      id: trade.id.toString(),
      price: toAmountString(trade.price.toFixed()),
      number: toAmountString(trade.amount.toFixed()),
      way: trade.taker_side,
      create_time: formatDateTime(trade.created_at),
      time: trade.created_at.getTime(),
    })),
    last_price: toAmountString(lastPrice),
    cny_price: toFixedString(lastPrice.times(await cnyPerUnit(prisma, pair.legal)), 2),
    user_legal: available(pair.legal_id),
    user_currency: available(pair.currency_id),
  };
}
