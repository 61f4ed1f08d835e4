import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';
import {
  fromPairs,
  newerDepth,
  prependTrades,
  RECENT_TRADES,
  tickDirection,
  withOlderTrades,
  type BookLevel,
  type RecentTrade,
} from '../lib/book';
import { candleWindow, type Period } from '../lib/chart-data';
import { useSocketEvent } from '../lib/socket';
import { STORAGE_KEYS, writeStored } from '../lib/storage';
import type {
  CandleAnswer,
  CandleHistoryQuery,
  KlinePush,
  MarketDeal,
  MarketDealRequest,
} from '@exchange/contracts';
import type { Quotation } from './markets';

export type { KlinePush };

/**
 * Live market data every trading screen shows (spot, lever): the book, recent trades and latest price of a
 * pair, and its candles.
 */

/* ---------- Order book, recent trades and the latest price ---------- */

/** What the screen keeps of one market: both sides best first, the latest trades, the latest price. */
export interface MarketSnapshot {
  bids: BookLevel[];
  asks: BookLevel[];
  trades: RecentTrade[];
  lastPrice: string;
  /** The last price move: 1 up, -1 down, 0 unknown. */
  tick: -1 | 0 | 1;
  /** The book version the levels show (`depth_seq`, the pushes' `seq`). */
  depthSeq: number;
}

const marketKey = (matchId: number) => ['market', 'snapshot', matchId] as const;

async function fetchMarket(pair: Quotation, previous: MarketSnapshot | undefined): Promise<MarketSnapshot> {
  const answer = await api.post<MarketDeal>(
    '/api/transaction/deal',
    { legal_id: pair.legal_id, currency_id: pair.currency_id } satisfies MarketDealRequest,
    { quiet: true },
  );
  const level = (row: { price: string; number: string }) => ({ price: row.price, amount: row.number });
  const trades = answer.complete.slice(0, RECENT_TRADES).map((trade) => ({
    id: trade.id,
    price: trade.price,
    amount: trade.number,
    way: trade.way,
    time: trade.time,
  }));
  const last = answer.last_price && Number(answer.last_price) > 0 ? answer.last_price : pair.now_price;
  const depth = {
    bids: answer.in.map(level),
    // The answer lists asks highest first; the screen keeps them best (lowest) first.
    asks: answer.out.map(level).reverse(),
    depthSeq: answer.depth_seq,
  };
  return {
    // A push may have shown a later book while this answer travelled.
    ...(previous ? newerDepth(previous, depth) : depth),
    trades: withOlderTrades(trades, previous?.trades ?? []),
    lastPrice: last,
    tick: previous
      ? tickDirection(previous.lastPrice, last, previous.tick)
      : tickDirection(answer.complete[1]?.price, last, 0),
  };
}

/**
 * The order book, the recent trades and the latest price of a pair: a snapshot from `transaction/deal`, then
 * live: `market_depth` replaces the levels, `match_trade` adds trades in front, a `kline` close is the
 * latest price (document 1, section 4). A slow poll covers a dropped socket.
 */
export function useMarket(pair: Quotation | undefined) {
  const queryClient = useQueryClient();
  const matchId = pair?.match_id ?? 0;
  const patch = (update: (snapshot: MarketSnapshot) => MarketSnapshot) =>
    queryClient.setQueryData<MarketSnapshot>(marketKey(matchId), (snapshot) =>
      snapshot ? update(snapshot) : snapshot,
    );
  const setPrice = (snapshot: MarketSnapshot, price: string): MarketSnapshot =>
    price === snapshot.lastPrice
      ? snapshot
      : { ...snapshot, lastPrice: price, tick: tickDirection(snapshot.lastPrice, price, snapshot.tick) };

  useSocketEvent('market_depth', (push) => {
    if (!pair || push.match_id !== matchId) return;
    patch((snapshot) =>
      newerDepth(snapshot, { bids: fromPairs(push.bids), asks: fromPairs(push.asks), depthSeq: push.seq }),
    );
  });
  useSocketEvent('match_trade', (push) => {
    if (!pair || push.match_id !== matchId) return;
    const trade: RecentTrade = {
      id: push.id,
      price: push.price,
      amount: push.number,
      way: push.way,
      time: push.time,
    };
    patch((snapshot) =>
      setPrice({ ...snapshot, trades: prependTrades(snapshot.trades, [trade]) }, push.price),
    );
    writeStored(STORAGE_KEYS.newPrice, push.price);
  });
  useSocketEvent('kline', (push) => {
    if (!pair || push.match_id !== matchId || push.period !== '1min') return;
    patch((snapshot) => setPrice(snapshot, push.close));
  });

  return useQuery({
    queryKey: marketKey(matchId),
    queryFn: () =>
      fetchMarket(pair as Quotation, queryClient.getQueryData<MarketSnapshot>(marketKey(matchId))),
    enabled: pair !== undefined,
    refetchInterval: 30_000,
    refetchOnWindowFocus: false,
  });
}

/* ---------- Candles ---------- */

/** Candles of `new_timeshar` (outside the envelope): code other than 1, or no rows, means no data. */
export function useCandles(symbol: string, period: Period) {
  return useQuery({
    queryKey: ['market', 'candles', symbol, period],
    queryFn: async () => {
      const { from, to } = candleWindow(period, Date.now());
      const query = { symbol, period, from, to } satisfies CandleHistoryQuery;
      const answer = await api.raw<CandleAnswer>('/api/currency/new_timeshar', query);
      return answer.code === 1 && Array.isArray(answer.data) ? answer.data : [];
    },
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}
