import type {
  AdminChangeRequests,
  AdminAppeal,
  AdminDashboard,
  AdminDeposit,
  AdminHotWallet,
  AdminIdentity,
  AdminMe,
  AdminNotice,
  AdminMarket,
  AdminUserDetail,
  AdminUserRow,
  AdminWithdrawal,
} from '@exchange/contracts';
import { ADMIN_ROLE_NAMES } from '@exchange/contracts/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import i18n from '../../i18n';
import { navigateTo } from '../../lib/navigate';
import { STORAGE_KEYS } from '../../lib/storage';
import { toast } from '../../lib/notify';

/**
 * The operator console's own API hook: its own token (never the trader's), kept under its own storage key,
 * sent to `/api/admin/*` only. A `999` answer (no operator session) forgets it and goes to the sign-in.
 */
const TOKEN_KEY = STORAGE_KEYS.adminToken;
const listeners = new Set<() => void>();

/** The operator's token (the banner upload sends it with its own multipart request). */
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAdminToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Private mode: the session lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

export function useAdminToken(): string | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, readToken);
}

export class AdminError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'AdminError';
  }
}

export type Params = Record<string, string | number | undefined>;

function encode(params: Params): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search;
}

async function call<T>(method: 'GET' | 'POST', path: string, params: Params = {}): Promise<T> {
  const headers: Record<string, string> = { lang: i18n.language };
  const token = readToken();
  if (token) headers.Authorization = token;
  const query = method === 'GET' ? `?${encode(params).toString()}` : '';
  const response = await fetch(`/api/admin/${path}${query}`, {
    method,
    headers,
    ...(method === 'POST' ? { body: encode(params) } : {}),
  });
  const body = (await response.json()) as { type: string; message: unknown };
  if (body.type === 'ok') return body.message as T;
  if (body.type === '999') {
    setAdminToken(null);
    navigateTo('/admin/login');
  }
  throw new AdminError(body.type, typeof body.message === 'string' ? body.message : body.type);
}

export const adminApi = {
  get: <T>(path: string, params?: Params) => call<T>('GET', path, params),
  post: <T>(path: string, params?: Params) => call<T>('POST', path, params),
};

export const ROLES = ADMIN_ROLE_NAMES;
export type Role = (typeof ROLES)[number];
/** Whether a role may use a change (the server checks again; this only hides buttons it would refuse). */
export const roleAtLeast = (role: string | undefined, minimum: Role) =>
  ROLES.indexOf(role as Role) >= ROLES.indexOf(minimum);

/** The answers' types come from the server's own schemas (packages/contracts/src/admin.ts). */
export type Me = AdminMe;
export type Dashboard = AdminDashboard;
export type Identity = AdminIdentity;
export type WithdrawalRow = AdminWithdrawal;
export type DepositRow = AdminDeposit;
export type HotWalletRow = AdminHotWallet;
export type AppealRow = AdminAppeal;
export type NoticeRow = AdminNotice;
export type UserRow = AdminUserRow;
export type UserDetail = AdminUserDetail;

export type PairRow = AdminMarket;

export const listQuery = <T>(key: string, path: string, params: Params = {}) => ({
  queryKey: ['admin', key, params],
  queryFn: () => adminApi.get<T>(path, params),
  retry: false,
});

export const useMe = (token: string | null) =>
  useQuery({ ...listQuery<Me>('me', 'me'), queryKey: ['admin', 'me', token], enabled: token !== null });
export const useDashboard = () => useQuery(listQuery<Dashboard>('dashboard', 'dashboard'));
export const useIdentities = () =>
  useQuery({
    ...listQuery<{ total: number; list: Identity[] }>('identities', 'identities', { status: 1 }),
    select: (page) => page.list,
  });
export const useWithdrawals = () =>
  useQuery(listQuery<WithdrawalRow[]>('withdrawals', 'withdrawals', { status: 1 }));
export const useHotWallets = () => useQuery(listQuery<HotWalletRow[]>('hot-wallets', 'hot-wallets'));
export const useDeposits = () => useQuery(listQuery<DepositRow[]>('deposits', 'deposits', { limit: 20 }));
export const useMarkets = () => useQuery(listQuery<PairRow[]>('markets', 'markets'));
export const useAppeals = () => useQuery(listQuery<AppealRow[]>('appeals', 'appeals'));
export const useNotices = () => useQuery(listQuery<NoticeRow[]>('notices', 'notices', { limit: 50 }));

export const useUsers = (q: string) =>
  useQuery({
    ...listQuery<{ total: number; list: UserRow[] }>('users', 'users', { q, limit: 50 }),
    select: (page) => page.list,
  });
export const useUserDetail = (id: number | null) =>
  useQuery({ ...listQuery<UserDetail>('user', 'users/detail', { id: id ?? 0 }), enabled: id !== null });

/** What a change sends: its request as the contract declares it, or plain fields for one it does not list. */
export type ChangeParams<Path extends string> = Path extends keyof AdminChangeRequests
  ? AdminChangeRequests[Path]
  : Params;

/** A change: posted, told in a toast, and every console list read again. */
export function useAdminAction<Path extends string>(path: Path) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: ChangeParams<Path>) => adminApi.post<unknown>(path, params),
    onSuccess: () => {
      toast(i18n.t('admin:done'), 'success');
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => toast(error.message, 'error'),
  });
}
