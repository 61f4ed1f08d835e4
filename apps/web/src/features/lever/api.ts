import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LeverClosedPush,
  LeverDeal,
  LeverMyTrade,
  LeverOrder,
  LeverPositions,
  LeverStopRequest,
  LeverSubmitRequest,
} from '@exchange/contracts';
import { api, type Params } from '../../lib/api';
import { useToken } from '../../lib/session';
import { useSocketEvent } from '../../lib/socket';
import { parseTradeList, type BatchType, type LeverStatus } from './lever-math';

export type {
  LeverDeal,
  LeverMyTrade,
  LeverOrder,
  LeverPositions,
  LeverTradePush,
} from '@exchange/contracts';

/**
 * The lever calls of document 3, section 7 and contract notes sections 4-5. Every key starts with 'lever' and
 * carries whether someone is signed in, so signing out never shows the previous user's positions.
 */

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
  useSocketEvent('lever_trade', (push) => {
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
  useSocketEvent('lever_closed', (push) => {
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

/** `POST /api/lever/submit`: answers the server's message; refusals go through the error catalogue. */
export function submitLever(request: LeverSubmitRequest): Promise<string> {
  return api.post<string>('/api/lever/submit', request as Params);
}

export function closeLever(id: number): Promise<string> {
  return api.post<string>('/api/lever/close', { id });
}

export function cancelLever(id: number): Promise<string> {
  return api.post<string>('/api/lever/cancel', { id });
}

export function setLeverStop(input: LeverStopRequest) {
  return api.post<string>('/api/lever/setstop', input as Params);
}

export function batchCloseLever(type: BatchType, legalId?: number): Promise<string> {
  return api.post<string>('/api/lever/batch_close', { type, legal_id: legalId });
}
