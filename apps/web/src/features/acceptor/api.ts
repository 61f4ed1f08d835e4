import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Acceptor, AcceptorDeal, AcceptorDealRequest, AcceptorInfo } from '@exchange/contracts';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';
import { useSocketEvent } from '../../lib/socket';
import { DEAL_ACTION_PATHS, type DealAction, type Direction } from './rules';

export type { Acceptor, AcceptorDeal, AcceptorInfo } from '@exchange/contracts';

/**
 * The acceptor calls of document 2, section 7 and contract notes section 9. Unlike the original client they
 * carry the token (the server ties every deal to the signed-in user); no address is stored or sent.
 */

export function useAcceptors() {
  return useQuery({
    queryKey: ['acceptor', 'list'],
    queryFn: () => api.get<Acceptor[]>('/api/acceptor/list', {}, { quiet: true }),
  });
}

export function useAcceptorInfo(id: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: ['acceptor', 'info', token, id],
    queryFn: () => api.get<AcceptorInfo>('/api/acceptor/info', { id: id ?? '' }, { quiet: true }),
    enabled: token !== null && id !== null,
  });
}

export function openDeal(input: AcceptorDealRequest): Promise<string> {
  return api.post<string>('/api/acceptor/deal', { ...input });
}

export function useMyDeals(direction: Direction) {
  const token = useToken();
  return useQuery({
    queryKey: ['acceptor', 'my-deals', token, direction],
    queryFn: () => api.get<AcceptorDeal[]>('/api/acceptor/my_deal', { type: direction }, { quiet: true }),
    enabled: token !== null,
  });
}

/** The acceptor's own deals; refused (quietly) for everyone who is not an acceptor. */
export function useAcceptorOrders(direction: Direction | '') {
  const token = useToken();
  return useQuery({
    queryKey: ['acceptor', 'orders', token, direction],
    queryFn: () => api.get<AcceptorDeal[]>('/api/acceptor/orders', { type: direction }, { quiet: true }),
    enabled: token !== null,
    retry: false,
  });
}

export function runDealAction(action: DealAction, id: number, password: string): Promise<string> {
  return api.post<string>(DEAL_ACTION_PATHS[action], { id, password });
}

export function useRefreshAcceptor() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['acceptor'] });
}

/** The other side's steps arrive as `acceptor_deal` pushes to the user's room. */
export function useAcceptorPushes() {
  const refresh = useRefreshAcceptor();
  useSocketEvent('acceptor_deal', () => void refresh());
}
