import { useQuery, useQueryClient } from '@tanstack/react-query';
import { nextLaravelPage, useSignedInPages, useSignedInQuery } from '../../api/signed-in';
import { api, type Params } from '../../lib/api';
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
  return useSignedInQuery([...savingsKey, 'coins'], async () => {
    const answer = await api.post<{ deposit_wallet: { balance: DepositCoin[] } }>(
      '/api/wallet/depositlist',
      {},
      { quiet: true },
    );
    return answer.deposit_wallet.balance;
  });
}

export function useSavingsRecords() {
  return useSignedInPages(
    [...savingsKey, 'records'],
    (page) =>
      api.post<LaravelPage<SavingsRecord>>(
        '/api/record/lists',
        { page, limit: RECORD_PAGE_SIZE },
        { quiet: true },
      ),
    nextLaravelPage,
  );
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
