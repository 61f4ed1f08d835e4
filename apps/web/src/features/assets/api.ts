import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountLog,
  AccountLogRequest,
  BindAddressRequest,
  CodeAnswer,
  AccountLogPage,
  CurrencyInfo,
  CurrencyRequest,
  DepositAddress,
  DepositNoticeRequest,
  LaravelPage,
  PaymentDepositRequest,
  PendingChainDeposit,
  PaymentWithdrawalRequest,
  RecordPage,
  RecordRequest,
  RemoveAddressRequest,
  TransferRequest,
  WithdrawAddress,
  WithdrawalFeeRequest,
  WithdrawalQuote,
  WithdrawalRequest,
} from '@exchange/contracts';
import { nextLaravelPage, useSignedInPages, useSignedInQuery } from '../../api/signed-in';
import { api } from '../../lib/api';
import { useToken } from '../../lib/session';
import type { Account } from './assets';

/**
 * The assets area's calls (document 2, sections 3 and 7; document 3 for withdraw addresses). Every key
 * starts with the area and holds the token, so signing out or in never shows the previous user's data.
 */

/** After money moved: every wallet, lever and options figure on screen is read again. */
export function useRefreshBalances() {
  const client = useQueryClient();
  return () => {
    for (const area of ['wallet', 'assets', 'lever', 'micro'])
      void client.invalidateQueries({ queryKey: [area] });
  };
}

/** A quiet call about one currency (none named: every currency's). */
function currencyCall<T>(path: string, currency: number | null) {
  return api.post<T>(path, { currency: currency ?? '' } satisfies CurrencyRequest, { quiet: true });
}

/** `POST /api/wallet/get_info`: limits, fee and chain of a currency. */

export function useCurrencyInfo(currency: number | null) {
  return useSignedInQuery(
    ['assets', 'info', currency],
    () => currencyCall<CurrencyInfo>('/api/wallet/get_info', currency),
    { enabled: currency !== null },
  );
}

/** `POST /api/wallet/get_in_address`: the user's own deposit address (refused while deposits are closed). */
export function useDepositAddress(currency: number | null) {
  return useSignedInQuery(
    ['assets', 'deposit-address', currency],
    () => currencyCall<DepositAddress>('/api/wallet/get_in_address', currency),
    { enabled: currency !== null, staleTime: Infinity },
  );
}

/** How often the deposit screen reads the chain deposits on their way: each new block adds a confirmation. */
const PENDING_DEPOSITS_POLL_MS = 5_000;

/**
 * `POST /api/wallet/chain_deposits`: the user's deposits of a coin found on chain, counting confirmations;
 * read again every few seconds (and at once on a `chain_deposit` push).
 */
export function usePendingChainDeposits(currency: number) {
  return useSignedInQuery(
    ['assets', 'chain-deposits', currency],
    () => currencyCall<PendingChainDeposit[]>('/api/wallet/chain_deposits', currency),
    { refetchInterval: PENDING_DEPOSITS_POLL_MS },
  );
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
        (account
          ? { type: account, page, limit: ACCOUNT_LOG_PAGE_SIZE }
          : { page, limit: ACCOUNT_LOG_PAGE_SIZE }) satisfies AccountLogRequest,
        { quiet: true },
      ),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** Document 3, section 9: the transfer record loads 30 rows at a time. */
export const TRANSFER_RECORD_PAGE_SIZE = 30;

export function useTransferRecord() {
  return useSignedInPages(
    ['assets', 'transfer-record'],
    (page) =>
      api.get<LaravelPage<AccountLog>>(
        '/api/wallet/hzhistory',
        { page, limit: TRANSFER_RECORD_PAGE_SIZE },
        { quiet: true },
      ),
    nextLaravelPage,
  );
}

/** A deposit or withdrawal record; deposits carry no fee, channel or memo. */
export type OutLogRow = RecordPage['list'][number];

export type RecordKind = 'buy' | 'sell';
export const RECORD_PAGE_SIZE = 20;

export function useOutLog(kind: RecordKind, currency: number | null) {
  return useSignedInPages(
    ['assets', 'out-log', kind, currency],
    (page) =>
      api.post<RecordPage>(
        '/api/wallet/out_log',
        { type: kind, currency: currency ?? '', page, limit: RECORD_PAGE_SIZE } satisfies RecordRequest,
        { quiet: true },
      ),
    (last) => (last.list.length < RECORD_PAGE_SIZE ? undefined : last.page + 1),
  );
}

/** `POST /api/wallet/change`: moves `number` of a coin between two of the user's four accounts. */
export function transfer(input: TransferRequest & { from_field: Account; to_field: Account }) {
  return api.post<string>('/api/wallet/change', { ...input });
}

export function useWithdrawFee(currency: number, amount: string) {
  return useSignedInQuery(
    ['assets', 'fee', currency, amount],
    () =>
      api.post<WithdrawalQuote>(
        '/api/wallet/calculat_fee',
        { currency, number: amount } satisfies WithdrawalFeeRequest,
        { quiet: true },
      ),
    { enabled: amount !== '', retry: false },
  );
}

export function withdraw(input: WithdrawalRequest) {
  return api.post<string>('/api/wallet/out', { ...input });
}

export function withdrawByPayment(input: PaymentWithdrawalRequest) {
  return api.post<string>('/api/wallet/out_pay', { ...input });
}

/** `POST /api/wallet/charge_req_pay`: answers the payment page the user is sent to. */
export function depositByPayment(input: Omit<PaymentDepositRequest, 'recharge'> & { pay_type: 1 | 2 }) {
  return api.post<string>('/api/wallet/charge_req_pay', { ...input, recharge: input.pay_type });
}

/** `POST /api/wallet/charge_req`: a deposit notice (what was sent, from which address). */
export function depositNotice(input: DepositNoticeRequest) {
  return api.post<string>('/api/wallet/charge_req', { ...input });
}

/** `POST /api/wallet/get_address`: the caller's bound addresses, of one currency when one is named. */
export function useWithdrawAddresses(currency: number | null) {
  return useSignedInQuery(['assets', 'withdraw-addresses', currency], () =>
    currencyCall<WithdrawAddress[]>('/api/wallet/get_address', currency),
  );
}

export function deleteWithdrawAddress(id: number) {
  return api.post<string>('/api/wallet/deladdress', { address_id: id } satisfies RemoveAddressRequest);
}

export const sendAddressCode = () => api.raw<CodeAnswer>('/api/wallet/draw_address/code');

export const bindWithdrawAddress = (input: BindAddressRequest) =>
  api.rawPost<CodeAnswer>('/api/wallet/draw_address', { ...input });
