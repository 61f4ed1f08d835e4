import { useQuery } from '@tanstack/react-query';
import type { BankCard, CashInfo, PayoutBank } from '@exchange/contracts';
import { api } from '../lib/api';
import { useToken } from '../lib/session';

/**
 * The user's payment accounts, read by the account settings and the assets' deposit and withdraw forms:
 * the receiving account of P2P (`cash_info`) and the payout bank card of the third-party channel.
 */

/** `POST /api/user/cash_info`: `{}` until one is saved. */
export function useCashInfo() {
  const token = useToken();
  return useQuery({
    queryKey: ['payment', 'cash-info', token],
    queryFn: () => api.post<CashInfo>('/api/user/cash_info', {}, { quiet: true }),
    enabled: token !== null,
  });
}

/** `POST /api/user/get_user_bank`: `{}` until one is saved. */
export function useUserBank() {
  const token = useToken();
  return useQuery({
    queryKey: ['payment', 'bank', token],
    queryFn: () => api.post<Partial<BankCard>>('/api/user/get_user_bank', {}, { quiet: true }),
    enabled: token !== null,
  });
}

/** `POST /api/user/get_bank_list`: the banks a payout card may name. */
export function useBankList() {
  return useQuery({
    queryKey: ['payment', 'bank-list'],
    queryFn: () => api.post<PayoutBank[]>('/api/user/get_bank_list', {}, { quiet: true }),
    staleTime: Infinity,
  });
}
