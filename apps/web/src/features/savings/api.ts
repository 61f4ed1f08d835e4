import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';

/** The deposit-savings calls of document 3 section 7 (contract notes section 12). */

/** `GET /api/wallet/deposit_setup`: a plan; `rate` is the percent paid over the whole term. */
export interface SavingsPlan {
  id: number;
  day: number;
  rate: string;
  save_min: string;
  currency_id: number;
  currency_name: string;
}

/** A coin of `POST /api/wallet/depositlist`: what the caller can deposit from the spot account. */
export interface DepositCoin {
  currency: number;
  currency_name: string;
  change_balance: string;
  decimal_scale: number;
}

/** A row of `POST /api/record/lists`. */
export interface SavingsRecord {
  id: number;
  currency_name: string;
  balance: string;
  profit_balance: string;
  total_interest: string;
  rate: string;
  day: number;
  days_accrued: number;
  created_at: string;
  end_time: string;
  matured_at: string;
  status: number;
  status_name: string;
}

interface Paginator<T> {
  data: T[];
  current_page: number;
  last_page: number;
}

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
      api.post<Paginator<SavingsRecord>>(
        '/api/record/lists',
        { page: pageParam, limit: RECORD_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: token !== null,
  });
}

export const submitDeposit = (request: {
  set_id: number;
  currency_id: number;
  balance: string;
  password: string;
}) => api.post<string>('/api/record/submit', request);

export function useRefreshSavings() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: savingsKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
}
