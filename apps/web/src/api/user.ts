import { useQuery } from '@tanstack/react-query';
import type { UserInfo } from '@exchange/contracts';
import { api } from '../lib/api';
import { queryClient } from '../lib/query';
import { endSession, startSession, useToken } from '../lib/session';
import { relogSocket } from '../lib/socket';
import { STORAGE_KEYS, writeStored } from '../lib/storage';
import { storedLocale } from '../i18n';

export type { UserInfo } from '@exchange/contracts';

async function fetchUserInfo(): Promise<UserInfo> {
  const user = await api.get<UserInfo>('/api/user/info');
  writeStored(STORAGE_KEYS.extensionCode, user.extension_code);
  writeStored(STORAGE_KEYS.isSeller, user.is_seller);
  writeStored(STORAGE_KEYS.userType, user.type);
  return user;
}

/** The signed-in user, or nothing for a visitor. */
export function useUserInfo() {
  const token = useToken();
  return useQuery({ queryKey: ['user', 'info', token], queryFn: fetchUserInfo, enabled: token !== null });
}

export interface LoginAnswer {
  token: string;
  id: number;
  account_number: string;
}

/**
 * After the server accepted a login: store the session, tell the server the language, prove the socket and
 * load the user (document 1, section 4).
 */
export async function completeLogin(answer: LoginAnswer): Promise<void> {
  startSession(answer.token, answer.id, answer.account_number);
  await api.post('/api/set/lang', { lang: storedLocale() }, { quiet: true }).catch(() => undefined);
  relogSocket();
  await queryClient.invalidateQueries();
  await queryClient.prefetchQuery({ queryKey: ['user', 'info', answer.token], queryFn: fetchUserInfo });
}

/** Logout ends the session on the server, then clears everything but the language. */
export async function logout(): Promise<void> {
  await api.post('/api/user/logout', {}, { quiet: true }).catch(() => undefined);
  endSession();
  queryClient.clear();
}
