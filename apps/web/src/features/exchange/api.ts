import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Quotation } from '../../api/markets';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';
import { useSocketEvent } from '../../lib/socket';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import {
  fromPairs,
  prependTrades,
  RECENT_TRADES,
  tickDirection,
  withOlderTrades,
  type BookLevel,
  type RecentTrade,
} from './book';
import { candleWindow, type Period, type RawCandle } from './chart-data';
import type { Side } from './order-math';

/* ---------- Order book, recent trades and the latest price ---------- */

interface DealAnswer {
  in: { price: string; number: string }[];
  out: { price: string; number: string }[];
  complete: { id: string; price: string; number: string; way: number; time: number }[];
  last_price: string;
  cny_price: string;
}

/** What the screen keeps of one market: both sides best first, the latest trades, the latest price. */
export interface MarketSnapshot {
  bids: BookLevel[];
  asks: BookLevel[];
  trades: RecentTrade[];
  lastPrice: string;
  /** The last price move: 1 up, -1 down, 0 unknown. */
  tick: -1 | 0 | 1;
}

interface DepthPush {
  match_id: number;
  bids: [string, string][];
  asks: [string, string][];
}

interface TradePush {
  match_id: number;
  price: string;
  number: string;
  way: number;
  time: number;
}

export interface KlinePush {
  match_id: number;
  period: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  time: number;
}

interface SpotOrderPush {
  id: string;
  state: string;
  filled: string;
}

const marketKey = (matchId: number) => ['exchange', 'market', matchId] as const;

async function fetchMarket(pair: Quotation, previous: MarketSnapshot | undefined): Promise<MarketSnapshot> {
  const answer = await api.post<DealAnswer>(
    '/api/transaction/deal',
    { legal_id: pair.legal_id, currency_id: pair.currency_id },
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
  return {
    bids: answer.in.map(level),
    // The answer lists asks highest first; the screen keeps them best (lowest) first.
    asks: answer.out.map(level).reverse(),
    trades: withOlderTrades(trades, previous?.trades ?? []),
    lastPrice: last,
    tick: previous
      ? tickDirection(previous.lastPrice, last, previous.tick)
      : tickDirection(answer.complete[1]?.price, last, 0),
  };
}

let pushedTradeSeq = 0;

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

  useSocketEvent<DepthPush>('market_depth', (push) => {
    if (!pair || push.match_id !== matchId) return;
    patch((snapshot) => ({ ...snapshot, bids: fromPairs(push.bids), asks: fromPairs(push.asks) }));
  });
  useSocketEvent<TradePush>('match_trade', (push) => {
    if (!pair || push.match_id !== matchId) return;
    pushedTradeSeq += 1;
    const trade: RecentTrade = {
      id: `push-${pushedTradeSeq}`,
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
  useSocketEvent<KlinePush>('kline', (push) => {
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

interface CandleAnswer {
  code: number;
  msg?: string;
  data?: RawCandle[];
}

/** Candles of `new_timeshar` (outside the envelope): code other than 1, or no rows, means no data. */
export function useCandles(symbol: string, period: Period) {
  return useQuery({
    queryKey: ['exchange', 'candles', symbol, period],
    queryFn: async () => {
      const { from, to } = candleWindow(period, Date.now());
      const answer = await api.raw<CandleAnswer>('/api/currency/new_timeshar', { symbol, period, from, to });
      return answer.code === 1 && Array.isArray(answer.data) ? answer.data : [];
    },
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

/* ---------- Balances ---------- */

interface WalletDetail {
  currency: number;
  currency_name: string;
  change_balance: string;
  lock_change_balance: string;
}

/** The spot (change) balance of one currency, every 10 s while signed in (document 1, section 4). */
export function useSpotBalance(currencyId: number | undefined) {
  const token = useToken();
  return useQuery({
    queryKey: ['exchange', 'balance', currencyId, token !== null],
    queryFn: () => api.post<WalletDetail>('/api/wallet/detail', { currency: currencyId, type: 'change' }),
    enabled: token !== null && currencyId !== undefined,
    refetchInterval: 10_000,
    retry: false,
  });
}

/* ---------- Orders ---------- */

export interface SpotOrderRow {
  id: string;
  symbol: string;
  /** 1 buy, 2 sell. */
  type: number;
  kind: 'limit' | 'market';
  /** 1 current, 2 history. */
  status: number;
  state: 'new' | 'open' | 'filled' | 'cancelled' | 'expired' | 'rejected';
  target_price: string;
  trade_amount: string;
  filled: string;
  trade_price: string;
  fee: string;
  created_at: string;
  updated_at: string;
}

export const ENTRUST_PAGE_SIZE = 10;
export type EntrustStatus = 1 | 2;
export type EntrustFilter = 'all' | Side;

const entrustsKey = ['exchange', 'entrusts'] as const;

/** Current (status 1) or history (status 2) orders, a page at a time, every 10 s while signed in. */
export function useEntrusts(
  status: EntrustStatus,
  filter: EntrustFilter,
  pair: { legal_id: number; currency_id: number } | null,
) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...entrustsKey, status, filter, pair?.legal_id ?? 0, pair?.currency_id ?? 0, token !== null],
    queryFn: ({ pageParam }) =>
      api.get<SpotOrderRow[]>(
        '/api/coin/list',
        {
          status,
          page: pageParam,
          limit: ENTRUST_PAGE_SIZE,
          type: filter === 'buy' ? 1 : filter === 'sell' ? 2 : undefined,
          legal_id: pair?.legal_id,
          currency_id: pair?.currency_id,
        },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length === ENTRUST_PAGE_SIZE ? pages.length + 1 : undefined),
    enabled: token !== null,
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });
}

/** Refreshes orders and balances: after an order, a revoke, or the user's `spot_order` push. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: entrustsKey });
    void queryClient.invalidateQueries({ queryKey: ['exchange', 'balance'] });
  };
}

/** The user's own order updates (fills, cancels) refresh the lists and balances at once. */
export function useSpotOrderPushes(): void {
  const refresh = useRefreshAccount();
  useSocketEvent<SpotOrderPush>('spot_order', () => refresh());
}

/** Takes a revoked order out of the current lists right away (the next refresh confirms it). */
export function useDropOrder() {
  const queryClient = useQueryClient();
  return (id: string) =>
    queryClient.setQueriesData<{ pages: SpotOrderRow[][]; pageParams: unknown[] }>(
      { queryKey: [...entrustsKey, 1] },
      (data) => data && { ...data, pages: data.pages.map((page) => page.filter((row) => row.id !== id)) },
    );
}

export interface OrderRequest {
  legal_id: number;
  currency_id: number;
  type: 1 | 2;
  target_price: string;
  amount: string;
  order_type: 'limit' | 'market';
}

/** POST /api/coin/trade: answers the server's message; refusals go through the error catalogue. */
export function placeOrder(request: OrderRequest): Promise<string> {
  return api.post<string>('/api/coin/trade', { ...request });
}

/** PUT /api/coin/trade {id}: revokes an open order. */
export function revokeOrder(id: string): Promise<string> {
  return api.put<string>('/api/coin/trade', { id });
}

/* ---------- Coin information ---------- */

export interface CoinDetail {
  id: number;
  name: string;
  full_name: string;
  desc: string;
  logo: string;
  decimal_scale: number;
}

export function useCoinDetail(currencyId: number | undefined) {
  return useQuery({
    queryKey: ['exchange', 'coin', currencyId],
    queryFn: () => api.get<CoinDetail>('/api/currency/detail', { id: currencyId }, { quiet: true }),
    enabled: currencyId !== undefined,
    staleTime: 10 * 60_000,
  });
}

/* ---------- The stored selection (document 1, section 3) ---------- */

export const PRICE_SCALE = 100000;

export function storeSelection(pair: Quotation): void {
  writeStored(STORAGE_KEYS.legalId, pair.legal_id);
  writeStored(STORAGE_KEYS.currencyId, pair.currency_id);
  writeStored(STORAGE_KEYS.legalName, pair.legal_name);
  writeStored(STORAGE_KEYS.currencyName, pair.currency_name);
  writeStored(STORAGE_KEYS.symbol, pair.symbol);
  writeStored(STORAGE_KEYS.fiatConvertCny, pair.fiat_convert_cny);
  writeStored(STORAGE_KEYS.priceScale, PRICE_SCALE);
}

export function storedSelection(): { legal: string | null; currency: string | null } {
  return { legal: readStored(STORAGE_KEYS.legalId), currency: readStored(STORAGE_KEYS.currencyId) };
}
