import { useQueryClient } from '@tanstack/react-query';
import { nextLaravelPage, useSignedInPages, useSignedInQuery } from '../../api/signed-in';
import { api } from '../../lib/api';
import type {
  JcBinding,
  JcBindRequest,
  JcExchangeRecord,
  JcExchangeRequest,
  LaravelPage,
  PointsInfo,
} from '@exchange/contracts';

export type { JcBinding, JcExchangeRecord, PointsInfo } from '@exchange/contracts';
export { JC_EXCHANGE_STATUS } from '@exchange/contracts/constants';

/**
 * The points ("jc" integral) calls of document 3 section 7 and contract notes section 10. Every key carries
 * the token, so signing out or in never shows the previous user's points.
 */

/** More than 9 rows is another page (document 3, section 9). */
export const HISTORY_PAGE_SIZE = 10;

const pointsKey = ['points'] as const;

/** Asked only once the binding says there is a partner and an account bound at it. */
export function usePointsInfo(enabled: boolean) {
  return useSignedInQuery(
    [...pointsKey, 'info'],
    () => api.get<PointsInfo>('/api/jc/info', {}, { quiet: true }),
    { retry: false, enabled },
  );
}

export function useExchangeHistory(enabled: boolean) {
  return useSignedInPages(
    [...pointsKey, 'history'],
    (page) => api.get<LaravelPage<JcExchangeRecord>>('/api/jc/exchange', { page }, { quiet: true }),
    nextLaravelPage,
    { enabled },
  );
}

export function useBinding() {
  return useSignedInQuery([...pointsKey, 'bind'], () =>
    api.get<JcBinding>('/api/jc/bind', {}, { quiet: true }),
  );
}

export const bindPartner = (account: JcBindRequest) => api.post<string>('/api/jc/bind', account);

export const exchangePoints = (request: JcExchangeRequest) => api.post<string>('/api/jc/exchange', request);

/** After a binding or an exchange: the points, the history and the wallets change. */
export function useRefreshPoints() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: pointsKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}
