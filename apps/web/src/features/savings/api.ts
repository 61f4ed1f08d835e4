import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Params } from '../../lib/api';
import { useToken } from '../../lib/session';
import type {
  DepositCoin,
  LaravelPage,
  SavingsPlan,
  SavingsRecord,
  SavingsSubmitRequest,
} from '@exchange/contracts';

export type { DepositCoin, SavingsPlan, SavingsRecord } from '@exchange/contracts';

/** The deposit-savings calls of document 3 section 7 (contract notes section 12). */

/** My deposits: 20 a page (document 3, section 9). */
export const RECORD_PAGE_SIZE = 20;
const savingsKey = ['savings'] as const;

export function usePlans() {
  return useQuery({
    queryKey: [...savingsKey, 'plans'],
    queryFn: () => api.get<SavingsPlan[]>('/api/wallet/deposit_setup', {}, { quiet: true }),
  });
}

export function useDepositCoins() {
  const token = useToken();
  return useQuery({
    queryKey: [...savingsKey, 'coins', token],
    queryFn: async () =>
      (
        await api.post<{ deposit_wallet: { balance: DepositCoin[] } }>(
          '/api/wallet/depositlist',
          {},
          { quiet: true },
        )
      ).deposit_wallet.balance,
    enabled: token !== null,
  });
}

export function useSavingsRecords() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: [...savingsKey, 'records', token],
    queryFn: ({ pageParam }) =>
      api.post<LaravelPage<SavingsRecord>>(
        '/api/record/lists',
        { page: pageParam, limit: RECORD_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: token !== null,
  });
}

export const submitDeposit = (request: SavingsSubmitRequest) =>
  api.post<string>('/api/record/submit', request as Params);

export function useRefreshSavings() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: savingsKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}
