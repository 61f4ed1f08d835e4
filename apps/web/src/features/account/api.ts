import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  BankCardRequest,
  CashInfo,
  CashInfoRequest,
  RealNameRequest,
  UserCenter,
} from '@exchange/contracts';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';

/**
 * The account area's calls (document 1, sections 2.9 and 7; document 2 for wallets and payment accounts).
 * Every key starts with the token, so signing out or in never shows the previous user's data.
 */

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
  return api.post<string>('/api/user/real_name', { ...input } satisfies RealNameRequest);
}

/** The receiving account as the settings form holds it: every field, empty until typed. */
export type CashInfoForm = Required<CashInfo>;

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

export function saveCashInfo(input: CashInfoForm): Promise<string> {
  return api.post<string>('/api/user/cash_save', { ...input } satisfies CashInfoRequest);
}

export function addBank(input: { receive_name: string; receive_account: string; bank_code: string }) {
  return api.post<string>('/api/user/add_bank', { ...input } satisfies BankCardRequest);
}
