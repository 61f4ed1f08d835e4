import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';
import { useSocketEvent } from '../../lib/socket';
import {
  parseTradeList,
  type BatchType,
  type LeverMode,
  type LeverSide,
  type LeverStatus,
} from './lever-math';

/**
 * The lever calls of document 3, section 7 and contract notes sections 4-5. Every key starts with 'lever' and
 * carries whether someone is signed in, so signing out never shows the previous user's positions.
 */

/** A lever order (document 3, section 3). */
export interface LeverOrder {
  id: number;
  type: LeverSide;
  symbol: string;
  legal: number;
  currency: number;
  share: number | string;
  number?: string;
  multiple: number | string;
  price: string;
  origin_price: string;
  update_price: string;
  caution_money: string;
  origin_caution_money: string;
  target_profit_price: string;
  stop_loss_price: string;
  trade_fee: string;
  overnight_money: string;
  profits: string;
  fact_profits?: string;
  /** Once claimed for closing: the mark it closed at, and why (user, batch, stop_profit, stop_loss, burst, overnight). */
  close_price?: string;
  close_reason?: string;
  status: LeverStatus;
  status_name: string;
  type_name?: string;
  time?: string;
  transaction_time: string;
  handle_time: string;
  complete_time?: string;
}

/** `POST /api/lever/deal`: the pair's options, the user's open positions on it, the lever balance. */
export interface LeverDeal {
  my_transaction: LeverOrder[];
  lever_share_limit: { min: string | number; max: string | number };
  multiple: { muit: { value: string | number }[]; share: { value: string | number }[] };
  last_price: string;
  user_lever: string;
  all_levers: string;
  /** Our server adds the pair's fee and spread percents when it has them, for the estimate. */
  lever_trade_fee?: string;
  spread?: string;
  lever_share_num?: string;
}

export interface Paginator<T> {
  current_page: number;
  data: T[];
  last_page: number;
  per_page: number;
  total: number;
}

/** `POST /api/lever/dealall`: the positions of one quote currency with the risk summary. */
export interface LeverPositions {
  balance: string;
  hazard_rate: string;
  caution_money_total: string;
  origin_caution_money_total: string;
  profits_total: string;
  caution_money: string;
  origin_caution_money: string;
  profits: string;
  order: Paginator<LeverOrder>;
}

/** `POST /api/lever/my_trade`: a page of orders in one state (the answer's `message.message.data`). */
export interface LeverMyTrade {
  rate_profits_total?: { hazard_rate: string; profits_total: string };
  message: Paginator<LeverOrder>;
}

/** The `lever_trade` push to the user's room (contract notes section 5). */
export interface LeverTradePush {
  legal_id: number;
  hazard_rate: string;
  profits_all: string;
  profits?: string;
  caution_money_all?: string;
  origin_caution_money_all?: string;
  trades_all: unknown;
  trades_entrust: unknown;
}

export interface LeverClosedPush {
  id: number[] | number;
}

/** Section 9: positions are polled every 3 s on the lever panel. */
export const POSITION_POLL_MS = 3_000;
export const LEVER_PAGE_SIZE = 10;

const leverKey = ['lever'] as const;

export function useLeverDeal(pair: { legal_id: number; currency_id: number } | undefined) {
  const token = useToken();
  return useQuery({
    queryKey: [...leverKey, 'deal', pair?.legal_id, pair?.currency_id, token !== null],
    queryFn: () =>
      api.post<LeverDeal>(
        '/api/lever/deal',
        { legal_id: pair?.legal_id, currency_id: pair?.currency_id },
        { quiet: true },
      ),
    enabled: token !== null && pair !== undefined,
    refetchInterval: POSITION_POLL_MS,
  });
}

export function useLeverPositions(legalId: number | undefined, currencyId: number | undefined, page = 1) {
  const token = useToken();
  return useQuery({
    queryKey: [...leverKey, 'positions', legalId, currencyId ?? 0, page, token !== null],
    queryFn: () =>
      api.post<LeverPositions>(
        '/api/lever/dealall',
        { legal_id: legalId, currency_id: currencyId, page, limit: LEVER_PAGE_SIZE },
        { quiet: true },
      ),
    enabled: token !== null && legalId !== undefined,
    refetchInterval: POSITION_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useLeverOrders(
  status: LeverStatus,
  page: number,
  pair?: { legal_id: number; currency_id: number },
) {
  const token = useToken();
  return useQuery({
    queryKey: [
      ...leverKey,
      'orders',
      status,
      page,
      pair?.legal_id ?? 0,
      pair?.currency_id ?? 0,
      token !== null,
    ],
    queryFn: () =>
      api.post<LeverMyTrade>(
        '/api/lever/my_trade',
        {
          status,
          page,
          limit: LEVER_PAGE_SIZE,
          legal_id: pair?.legal_id,
          currency_id: pair?.currency_id,
        },
        { quiet: true },
      ),
    enabled: token !== null,
    refetchInterval: status <= 2 ? POSITION_POLL_MS : false,
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every lever list and the balances after a change of ours. */
export function useRefreshLever() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: leverKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}

function closedIds(push: LeverClosedPush): Set<number> {
  return new Set((Array.isArray(push.id) ? push.id : [push.id]).map(Number));
}

/**
 * Live positions (section 4): a `lever_trade` push replaces the open and pending positions and the risk
 * figures of its quote currency in what the screens hold; `lever_closed` removes the closed rows at once.
 * The 3 s poll confirms both.
 */
export function useLeverPushes(): void {
  const queryClient = useQueryClient();
  useSocketEvent<LeverTradePush>('lever_trade', (push) => {
    const open = parseTradeList<LeverOrder>(push.trades_all);
    const pending = parseTradeList<LeverOrder>(push.trades_entrust);
    const live = open || pending ? [...(pending ?? []), ...(open ?? [])] : null;
    const byId = new Map((live ?? []).map((order) => [order.id, order]));
    const fresh = (order: LeverOrder) => byId.get(order.id) ?? order;
    // The centre's panel holds one pair: it keeps the live positions of that pair.
    if (live)
      for (const [key, deal] of queryClient.getQueriesData<LeverDeal>({
        queryKey: [...leverKey, 'deal', push.legal_id],
      })) {
        const currency = key[3];
        if (deal)
          queryClient.setQueryData<LeverDeal>(key, {
            ...deal,
            my_transaction: live.filter((order) => Number(order.currency) === currency),
          });
      }
    queryClient.setQueriesData<LeverPositions>(
      { queryKey: [...leverKey, 'positions', push.legal_id] },
      (positions) =>
        positions && {
          ...positions,
          hazard_rate: push.hazard_rate,
          profits_total: push.profits_all,
          order: { ...positions.order, data: positions.order.data.map(fresh) },
        },
    );
    queryClient.setQueriesData<LeverMyTrade>(
      { queryKey: [...leverKey, 'orders'] },
      (orders) =>
        orders && { ...orders, message: { ...orders.message, data: orders.message.data.map(fresh) } },
    );
  });
  useSocketEvent<LeverClosedPush>('lever_closed', (push) => {
    const ids = closedIds(push);
    const keep = (order: LeverOrder) => !ids.has(order.id);
    queryClient.setQueriesData<LeverDeal>(
      { queryKey: [...leverKey, 'deal'] },
      (deal) => deal && { ...deal, my_transaction: deal.my_transaction.filter(keep) },
    );
    queryClient.setQueriesData<LeverPositions>(
      { queryKey: [...leverKey, 'positions'] },
      (positions) =>
        positions && { ...positions, order: { ...positions.order, data: positions.order.data.filter(keep) } },
    );
    void queryClient.invalidateQueries({ queryKey: leverKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  });
}

export interface LeverSubmit {
  legal_id: number;
  currency_id: number;
  type: LeverSide;
  status: LeverMode;
  multiple: string;
  share: string;
  target_price?: string;
  password: string;
}

/** `POST /api/lever/submit`: answers the server's message; refusals go through the error catalogue. */
export function submitLever(request: LeverSubmit): Promise<string> {
  return api.post<string>('/api/lever/submit', { ...request });
}

export function closeLever(id: number): Promise<string> {
  return api.post<string>('/api/lever/close', { id });
}

export function cancelLever(id: number): Promise<string> {
  return api.post<string>('/api/lever/cancel', { id });
}

export function setLeverStop(input: { id: number; target_profit_price: string; stop_loss_price: string }) {
  return api.post<string>('/api/lever/setstop', { ...input });
}

export function batchCloseLever(type: BatchType, legalId?: number): Promise<string> {
  return api.post<string>('/api/lever/batch_close', { type, legal_id: legalId });
}

/* ---------- The lever account: balances, transfers, log ---------- */

export interface AccountBalance {
  id: number;
  currency: number;
  currency_name: string;
  change_balance?: string;
  lock_change_balance?: string;
  lever_balance?: string;
  lock_lever_balance?: string;
  usdt_price: string;
}

interface WalletGroup {
  balance: AccountBalance[];
  totle: string;
  usdt_totle: string;
  CNY: string;
}

export interface LeverWallets {
  change_wallet: WalletGroup;
  lever_wallet: WalletGroup;
}

export function useLeverWallets() {
  const token = useToken();
  return useQuery({
    queryKey: ['wallet', 'list', token],
    queryFn: () => api.post<LeverWallets>('/api/wallet/list', {}, { quiet: true }),
    enabled: token !== null,
    refetchInterval: 10_000,
  });
}

export interface LeverLogRow {
  id: number;
  currency: number;
  currency_name: string;
  type: number;
  /** 1 when the move was in the locked (margin) column. */
  is_lock: 0 | 1;
  value: string;
  after: string;
  info: string;
  created_time: string;
}

interface LogPage {
  list: LeverLogRow[];
  count: number;
}

/** Section 9: the account log shows 20 rows a page. */
export const LOG_PAGE_SIZE = 20;

/**
 * `POST /api/wallet/legal_log` with the lever type: the lever account's log, one currency or all, 20 rows a
 * page; another page loads while the last one was full.
 */
export function useLeverLog(currency: number | null) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['wallet', 'lever-log', token, currency],
    queryFn: ({ pageParam }) =>
      api.post<LogPage>(
        '/api/wallet/legal_log',
        { type: 'lever', currency: currency ?? undefined, page: pageParam, limit: LOG_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.list.length === LOG_PAGE_SIZE ? pages.length + 1 : undefined),
    enabled: token !== null,
  });
}
