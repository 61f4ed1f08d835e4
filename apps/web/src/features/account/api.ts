import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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

/** One currency of the spot ("change") wallet in `POST /api/wallet/list`. */
export interface ChangeBalance {
  id: number;
  currency: number;
  currency_name: string;
  contract_address: string;
  change_balance: string;
  lock_change_balance: string;
  usdt_price: string;
  cny_price: string;
  is_charge: boolean;
  is_match: number;
}

/** One currency of the lever wallet in `POST /api/wallet/list`. */
export interface LeverBalance {
  id: number;
  currency: number;
  currency_name: string;
  lever_balance: string;
  lock_lever_balance: string;
  usdt_price: string;
}

/** One currency of the options (micro) wallet in `POST /api/wallet/list`. */
export type MicroBalance = Omit<ChangeBalance, 'change_balance' | 'lock_change_balance'> & {
  micro_balance: string;
  lock_micro_balance: string;
};

export interface WalletGroup<T> {
  balance: T[];
  totle: string;
  usdt_totle: string;
  CNY: string;
}

/** The four accounts; the assets page shows the spot and lever ones. */
export interface WalletList {
  change_wallet: WalletGroup<ChangeBalance>;
  legal_wallet: WalletGroup<Record<string, unknown>>;
  lever_wallet: WalletGroup<LeverBalance>;
  micro_wallet: WalletGroup<MicroBalance>;
  ExRate: string;
  is_open_CTbi: 0 | 1;
}

/** Balances refresh every 10 s while the screen is open (document 1, section 9). */
export const BALANCE_REFRESH_MS = 10_000;

export function useWalletList() {
  const token = useToken();
  return useQuery({
    queryKey: ['wallet', 'list', token],
    queryFn: () => api.post<WalletList>('/api/wallet/list', {}, { quiet: true }),
    enabled: token !== null,
    refetchInterval: BALANCE_REFRESH_MS,
  });
}

export interface DepositAddress {
  address: string;
  currency: number;
  currency_name: string;
  contract_address: string;
}

/** `POST /api/wallet/get_in_address`: refused (quietly) while deposits are closed. */
export function useDepositAddress(currency: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: ['wallet', 'deposit-address', token, currency],
    queryFn: () =>
      api.post<DepositAddress>('/api/wallet/get_in_address', { currency: currency ?? '' }, { quiet: true }),
    enabled: token !== null && currency !== null,
    staleTime: Infinity,
  });
}

/** One row of `POST /api/wallet/legal_log`. */
export interface AccountLogRow {
  id: number;
  currency: number;
  currency_name: string;
  account: string;
  is_lock: 0 | 1;
  type: number;
  value: string;
  before: string;
  after: string;
  info: string;
  created_time: string;
}

export interface AccountLogPage {
  list: AccountLogRow[];
  count: number;
  page: number;
  limit: number;
}

export const ACCOUNT_LOG_PAGE_SIZE = 15;

export function useAccountLog(page: number) {
  const token = useToken();
  return useQuery({
    queryKey: ['wallet', 'account-log', token, page],
    queryFn: () =>
      api.post<AccountLogPage>(
        '/api/wallet/legal_log',
        { page, limit: ACCOUNT_LOG_PAGE_SIZE },
        { quiet: true },
      ),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}
