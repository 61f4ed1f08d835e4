import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '../../api/user';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';

/**
 * The account area's calls (document 1, sections 2.9 and 7; document 2 for wallets and payment accounts).
 * Every key starts with the token, so signing out or in never shows the previous user's data.
 */

/** `GET /api/user/center`: the profile plus the identity application (name, masked ID number). */
export interface UserCenter extends UserInfo {
  card_id: string;
}

export const userCenterQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['user', 'center', token],
    queryFn: () => api.get<UserCenter>('/api/user/center'),
    enabled: token !== null,
  });

export function useUserCenter() {
  return useQuery(userCenterQuery(useToken()));
}

/** `GET /api/user/authorization_code`: the code an agent asks for. */
export function useAuthorizationCode() {
  const token = useToken();
  return useQuery({
    queryKey: ['user', 'authorization-code', token],
    queryFn: () => api.get<string>('/api/user/authorization_code'),
    enabled: token !== null,
    staleTime: Infinity,
  });
}

/** `POST /api/user/real_name`: the three pictures are URLs answered by `api.upload`. */
export interface RealNameInput {
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  hand_pic: string;
}

export function submitRealName(input: RealNameInput): Promise<string> {
  return api.post<string>('/api/user/real_name', { ...input });
}

/** The payment (receiving) account of `POST /api/user/cash_info`; `{}` until one is saved. */
export interface CashInfo {
  real_name: string;
  bank_name: string;
  bank_account: string;
  alipay_account: string;
  wechat_nickname: string;
  wechat_account: string;
  wechat_collect: string;
  alipay_collect: string;
}

export const CASH_INFO_FIELDS = [
  'real_name',
  'bank_name',
  'bank_account',
  'alipay_account',
  'wechat_nickname',
  'wechat_account',
  'wechat_collect',
  'alipay_collect',
] as const satisfies readonly (keyof CashInfo)[];

export function useCashInfo() {
  const token = useToken();
  return useQuery({
    queryKey: ['payment', 'cash-info', token],
    queryFn: () => api.post<Partial<CashInfo>>('/api/user/cash_info'),
    enabled: token !== null,
  });
}

export function saveCashInfo(input: CashInfo): Promise<string> {
  return api.post<string>('/api/user/cash_save', { ...input });
}

/** The payout bank card (`get_user_bank`), `{}` until one is saved. */
export interface BankCard {
  receive_name: string;
  receive_account: string;
  bank_code: string;
  bank_name: string;
}

export interface PayoutBank {
  code: string;
  name: string;
}

export function useUserBank() {
  const token = useToken();
  return useQuery({
    queryKey: ['payment', 'bank', token],
    queryFn: () => api.post<Partial<BankCard>>('/api/user/get_user_bank'),
    enabled: token !== null,
  });
}

export function useBankList() {
  return useQuery({
    queryKey: ['payment', 'bank-list'],
    queryFn: () => api.post<PayoutBank[]>('/api/user/get_bank_list'),
    staleTime: Infinity,
  });
}

export function addBank(input: { receive_name: string; receive_account: string; bank_code: string }) {
  return api.post<string>('/api/user/add_bank', { ...input });
}
