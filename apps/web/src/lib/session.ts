import { useSyncExternalStore } from 'react';
import { clearStorageKeepingLocale, readStored, STORAGE_KEYS, writeStored } from './storage';

/** Signed in means a token is stored (document 1, section 4); components follow it through useToken(). */
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return readStored(STORAGE_KEYS.token);
}

export function startSession(token: string, userId: number, account: string): void {
  writeStored(STORAGE_KEYS.token, token);
  writeStored(STORAGE_KEYS.userId, userId);
  writeStored(STORAGE_KEYS.accountNum, account);
  emit();
}

export function endSession(): void {
  clearStorageKeepingLocale();
  emit();
}

export function useToken(): string | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    window.addEventListener('storage', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', listener);
    };
  }, getToken);
}
