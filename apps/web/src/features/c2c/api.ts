import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ListedCurrency,
  MyShop,
  P2pAd,
  P2pOrder,
  P2pPublishRequest,
  P2pTakeAnswer,
  P2pTakeRequest,
  PageData,
  SellerRecord,
} from '@exchange/contracts';
import { P2P_PATHS } from '@exchange/contracts/constants';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';
import { useSocketEvent } from '../../lib/socket';
import { hasMorePages, type AdType, type Kind, type OrderAction } from './rules';

export type { CashInfo, P2pAd, P2pOrder, PageData, SellerRecord } from '@exchange/contracts';

/** A currency as the P2P screens show it: its id and name. */
export type CurrencyRef = Pick<ListedCurrency, 'id' | 'name'>;

/**
 * The P2P (c2c) calls of document 2, section 7, with the field names of its section 3 and the contract
 * notes (section 8). Keys start with 'c2c' and the token, so signing out never shows another user's data.
 */

const nextPage = <T>(last: PageData<T>, _all: unknown, lastParam: number) =>
  hasMorePages(last.data.length) && (last.pages === undefined || lastParam < last.pages)
    ? lastParam + 1
    : undefined;

export function useLegalCurrencies() {
  return useQuery({
    queryKey: ['c2c', 'legal-currencies'],
    queryFn: async () => (await api.get<{ legal: ListedCurrency[] }>('/api/currency/list')).legal,
    staleTime: 60_000,
  });
}

/** `POST /api/wallet/change`: moves coins from the spot account to the legal one. */
export function transferToLegal(currencyId: number, number: string): Promise<string> {
  return api.post<string>('/api/wallet/change', {
    currency_id: currencyId,
    number,
    from_field: 'change',
    to_field: 'legal',
  });
}

export function useMarketAds(kind: Kind, adType: AdType, currencyId: number | null) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['c2c', 'market', token, kind, adType, currencyId],
    queryFn: ({ pageParam }) =>
      api.get<PageData<P2pAd>>(
        P2P_PATHS[kind].platform,
        { type: adType, page: pageParam, currency_id: currencyId ?? '' },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: currencyId !== null,
  });
}

export function useMyAds(kind: Kind, adType: AdType, currencyId: number | null) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['c2c', 'my-ads', token, kind, adType, currencyId],
    queryFn: ({ pageParam }) =>
      api.get<PageData<P2pAd>>(
        P2P_PATHS[kind].myAds,
        { type: adType, page: pageParam, currency_id: currencyId ?? '' },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null && currencyId !== null,
  });
}

export function useMyOrders(kind: Kind) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['c2c', 'my-orders', token, kind],
    queryFn: ({ pageParam }) =>
      api.get<PageData<P2pOrder>>(P2P_PATHS[kind].myOrders, { page: pageParam }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null,
  });
}

export function useAdOrders(kind: Kind, adId: number | null) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['c2c', 'ad-orders', token, kind, adId],
    queryFn: ({ pageParam }) =>
      api.get<PageData<P2pOrder>>(
        P2P_PATHS[kind].adOrders,
        { page: pageParam, id: adId ?? '' },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null && adId !== null,
  });
}

export function useOrder(kind: Kind, id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: ['c2c', 'order', token, kind, id],
    queryFn: () => api.get<P2pOrder>(P2P_PATHS[kind].order, { id: id ?? '' }, { quiet: true }),
    enabled: token !== null && id !== null,
  });
}

export function useSellerRecord(kind: Kind, currencyId: number | null, adType: AdType) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['c2c', 'seller-record', token, kind, currencyId, adType],
    queryFn: ({ pageParam }) =>
      api.get<PageData<SellerRecord>>(
        P2P_PATHS[kind].record,
        { currency_id: currencyId ?? '', page: pageParam, type: adType },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: token !== null && currencyId !== null,
  });
}

/* ---------- Mutations (each needs the trade password) ---------- */

export function publishAd(kind: Kind, input: P2pPublishRequest): Promise<string> {
  return api.post<string>(P2P_PATHS[kind].send, { ...input });
}

/** `do_legal_deal` answers `{msg, data: order}`. */

/** Takes a whole c2c ad, or part of a shop ad (`means` number: coins, money: fiat). */
export function takeAd(kind: Kind, input: P2pTakeRequest): Promise<P2pTakeAnswer> {
  return api.post<P2pTakeAnswer>(P2P_PATHS[kind].take, { ...input });
}

export function withdrawAd(kind: Kind, id: number, password: string): Promise<string> {
  return api.post<string>(P2P_PATHS[kind].withdraw, { id, password });
}

export function runOrderAction(
  kind: Kind,
  action: OrderAction,
  id: number,
  password: string,
): Promise<string> {
  return api.post<string>(P2P_PATHS[kind].actions[action], { id, password });
}

export function appealOrder(kind: Kind, id: number, reason: string): Promise<string> {
  return api.post<string>(P2P_PATHS[kind].appeal, { id, reason });
}

/** A party's statement on an open appeal, for the operator (the other party is told). */
export function sendAppealMessage(kind: Kind, id: number, message: string): Promise<string> {
  return api.post<string>(P2P_PATHS[kind].appealMessage, { id, message });
}

/** `POST /api/down`: puts a shop ad on or off the shelf; answers the new `is_shelves`. */
export async function toggleShelves(id: number): Promise<string> {
  return api.post<string>('/api/down', { id });
}

export function useMyShops() {
  const token = useToken();
  return useQuery({
    queryKey: ['c2c', 'my-shops', token],
    queryFn: () => api.get<MyShop[]>('/api/my_seller', {}, { quiet: true }),
    enabled: token !== null,
  });
}

/** A message of an ok answer that may be a string or `{msg}`. */
export function messageOf(answer: unknown, fallback: string): string {
  if (typeof answer === 'string' && answer) return answer;
  if (answer && typeof answer === 'object' && 'msg' in answer && typeof answer.msg === 'string')
    return answer.msg;
  return fallback;
}

/** Everything P2P shown on screen is refetched: after an action, or when the counterparty acts. */
export function useRefreshC2c() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['c2c'] }),
      queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    ]);
}

/**
 * The counterparty's steps (taken, paid, confirmed, cancelled, expired, appealed) arrive as `p2p_order`
 * pushes to the user's room; each refreshes the P2P lists and the open order.
 */
export function useC2cPushes() {
  const refresh = useRefreshC2c();
  useSocketEvent('p2p_order', () => void refresh());
}
