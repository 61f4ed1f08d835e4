import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountLog,
  AccountLogPage,
  DepositAddress,
  LaravelPage,
  RecordPage,
  WithdrawAddress,
  WithdrawalQuote,
} from '@exchange/contracts';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';
import type { Account } from './assets';

/**
 * The assets area's calls (document 2, sections 3 and 7; document 3 for withdraw addresses). Every key
 * starts with the area and holds the token, so signing out or in never shows the previous user's data.
 */

/** One currency of one account in `POST /api/wallet/list`; the balance fields are named by the account. */
export interface BalanceItem {
  id: number;
  currency: number;
  currency_name: string;
  contract_address: string;
  usdt_price: string;
  cny_price: string;
  is_charge: boolean;
  is_match: number;
  is_legal: number;
  is_lever: number;
  is_micro: number;
  is_show_memo?: number;
  change_balance?: string;
  lock_change_balance?: string;
  legal_balance?: string;
  lock_legal_balance?: string;
  lever_balance?: string;
  lock_lever_balance?: string;
  micro_balance?: string;
  lock_micro_balance?: string;
}

export interface WalletGroup {
  balance: BalanceItem[];
  totle: string;
  usdt_totle: string;
  CNY: string;
}

/** The four accounts with their totals, and whether deposits and withdrawals are open. */
export interface WalletList {
  change_wallet: WalletGroup;
  legal_wallet: WalletGroup;
  lever_wallet: WalletGroup;
  micro_wallet: WalletGroup;
  ExRate: string;
  is_open_CTbi: 0 | 1;
}

/** Balances refresh every 10 s while an assets screen is open (document 1, section 9). */
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

/** After money moved: every wallet, lever and options figure on screen is read again. */
export function useRefreshBalances() {
  const client = useQueryClient();
  return () => {
    for (const area of ['wallet', 'assets', 'lever', 'micro'])
      void client.invalidateQueries({ queryKey: [area] });
  };
}

/** `POST /api/wallet/get_info`: limits, fee and chain of a currency. */
export interface CurrencyInfo {
  name: string;
  rate: string;
  min_number: string;
  max_number: string;
  change_balance: string;
  type: string;
  contract_address: string;
  decimal_scale: number;
  type_data: { id: number; type: string; contract_address: string; min_number: string; rate: string }[];
  make_wallet: number;
  exchange_ate: string;
}

export function useCurrencyInfo(currency: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: ['assets', 'info', token, currency],
    queryFn: () =>
      api.post<CurrencyInfo>('/api/wallet/get_info', { currency: currency ?? '' }, { quiet: true }),
    enabled: token !== null && currency !== null,
  });
}

/** `POST /api/wallet/get_in_address`: the user's own deposit address (refused while deposits are closed). */
export function useDepositAddress(currency: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: ['assets', 'deposit-address', token, currency],
    queryFn: () =>
      api.post<DepositAddress>('/api/wallet/get_in_address', { currency: currency ?? '' }, { quiet: true }),
    enabled: token !== null && currency !== null,
    staleTime: Infinity,
  });
}

/** `POST /api/wallet/detail`: one account of one currency, with the rates to value it. */
export interface WalletDetail extends BalanceItem {
  ExRate: string;
}

export function useWalletDetail(currency: number | null, account: Account) {
  const token = useToken();
  return useQuery({
    queryKey: ['assets', 'detail', token, currency, account],
    queryFn: () =>
      api.post<WalletDetail>(
        '/api/wallet/detail',
        { currency: currency ?? '', type: account },
        { quiet: true },
      ),
    enabled: token !== null && currency !== null,
    refetchInterval: BALANCE_REFRESH_MS,
  });
}

/** Document 3, section 9: account logs load 20 rows a page, the more button hides after a shorter page. */
export const LOG_PAGE_SIZE = 20;

/** The contract's account numbers of `legal_log` (1 legal, 2 change, 3 lever, 4 micro). */
const LOG_TYPE: Record<Account, number> = { legal: 1, change: 2, lever: 3, micro: 4 };

/** The log of one account and currency, a page at a time ("load more"). */
export function useAccountLogPages(account: Account, currency: number | null) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['assets', 'log', token, account, currency],
    queryFn: ({ pageParam }) =>
      api.post<AccountLogPage>(
        '/api/wallet/legal_log',
        { type: LOG_TYPE[account], currency: currency ?? '', page: pageParam, limit: LOG_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.list.length < LOG_PAGE_SIZE ? undefined : last.page + 1),
    enabled: token !== null && currency !== null,
  });
}

/** Every account's log, a numbered page at a time (the account log of the user menu). */
export const ACCOUNT_LOG_PAGE_SIZE = 15;

/** Every account's log, or one account's (every coin) when `account` is given. */
export function useAccountLog(page: number, account?: Account) {
  const token = useToken();
  return useQuery({
    queryKey: ['wallet', 'account-log', token, page, account ?? 'all'],
    queryFn: () =>
      api.post<AccountLogPage>(
        '/api/wallet/legal_log',
        account
          ? { type: LOG_TYPE[account], page, limit: ACCOUNT_LOG_PAGE_SIZE }
          : { page, limit: ACCOUNT_LOG_PAGE_SIZE },
        { quiet: true },
      ),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** Document 3, section 9: the transfer record loads 30 rows at a time. */
export const TRANSFER_RECORD_PAGE_SIZE = 30;

export function useTransferRecord() {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['assets', 'transfer-record', token],
    queryFn: ({ pageParam }) =>
      api.get<LaravelPage<AccountLog>>(
        '/api/wallet/hzhistory',
        { page: pageParam, limit: TRANSFER_RECORD_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: token !== null,
  });
}

/** A deposit or withdrawal record; deposits carry no fee, channel or memo. */
export type OutLogRow = RecordPage['list'][number];

export type RecordKind = 'buy' | 'sell';
export const RECORD_PAGE_SIZE = 20;

export function useOutLog(kind: RecordKind, currency: number | null) {
  const token = useToken();
  return useInfiniteQuery({
    queryKey: ['assets', 'out-log', token, kind, currency],
    queryFn: ({ pageParam }) =>
      api.post<RecordPage>(
        '/api/wallet/out_log',
        { type: kind, currency: currency ?? '', page: pageParam, limit: RECORD_PAGE_SIZE },
        { quiet: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.list.length < RECORD_PAGE_SIZE ? undefined : last.page + 1),
    enabled: token !== null,
  });
}

/** `POST /api/wallet/change`: moves `number` of a coin between two of the user's four accounts. */
export function transfer(input: {
  currency_id: number;
  number: string;
  from_field: Account;
  to_field: Account;
}) {
  return api.post<string>('/api/wallet/change', { ...input });
}

export function useWithdrawFee(currency: number, amount: string) {
  const token = useToken();
  return useQuery({
    queryKey: ['assets', 'fee', token, currency, amount],
    queryFn: () =>
      api.post<WithdrawalQuote>('/api/wallet/calculat_fee', { currency, number: amount }, { quiet: true }),
    enabled: token !== null && amount !== '',
    retry: false,
  });
}

export function withdraw(input: {
  currency: number;
  number: string;
  address: string;
  memo: string;
  pay_password: string;
}) {
  return api.post<string>('/api/wallet/out', { ...input });
}

export function withdrawByPayment(input: { currency: number; number: string; pay_password: string }) {
  return api.post<string>('/api/wallet/out_pay', { ...input });
}

/** `POST /api/wallet/charge_req_pay`: answers the payment page the user is sent to. */
export function depositByPayment(input: {
  currency: number;
  amount: string;
  pay_type: 1 | 2;
  bank_code: string;
}) {
  return api.post<string>('/api/wallet/charge_req_pay', { ...input, recharge: input.pay_type });
}

/** `POST /api/wallet/charge_req`: a deposit notice (what was sent, from which address). */
export function depositNotice(input: { currency: number; amount: string; account: string }) {
  return api.post<string>('/api/wallet/charge_req', { ...input });
}

/** The payout bank card of `get_user_bank` (`{}` until one is saved) and the banks it may name. */
export interface BankCard {
  receive_name: string;
  receive_account: string;
  bank_code: string;
  bank_name: string;
}

export function usePayoutCard() {
  const token = useToken();
  return useQuery({
    queryKey: ['payment', 'bank', token],
    queryFn: () => api.post<Partial<BankCard>>('/api/user/get_user_bank', {}, { quiet: true }),
    enabled: token !== null,
  });
}

export function usePayBanks() {
  return useQuery({
    queryKey: ['payment', 'bank-list'],
    queryFn: () => api.post<{ code: string; name: string }[]>('/api/user/get_bank_list', {}, { quiet: true }),
    staleTime: Infinity,
  });
}

/** `POST /api/wallet/get_address`: the caller's bound addresses, of one currency when one is named. */
export function useWithdrawAddresses(currency: number | null) {
  const token = useToken();
  return useQuery({
    queryKey: ['assets', 'withdraw-addresses', token, currency],
    queryFn: () =>
      api.post<WithdrawAddress[]>('/api/wallet/get_address', { currency: currency ?? '' }, { quiet: true }),
    enabled: token !== null,
  });
}

export function deleteWithdrawAddress(id: number) {
  return api.post<string>('/api/wallet/deladdress', { address_id: id });
}

/** The withdraw-address service answers `{code: 0, msg}` on success and `{code, msg}` otherwise. */
interface CodeAnswer {
  code: number;
  msg: string;
}

export const sendAddressCode = () => api.raw<CodeAnswer>('/api/wallet/draw_address/code');

export const bindWithdrawAddress = (input: {
  currency: number;
  contract_address: string;
  address: string;
  memo: string;
  code: string;
}) => api.rawPost<CodeAnswer>('/api/wallet/draw_address', { ...input });
