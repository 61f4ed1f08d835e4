import { beforeEach, describe, expect, it } from 'vitest';
import { clearStorageKeepingLocale, readStored, STORAGE_KEYS, writeStored } from './storage';

describe('a trader signing out', () => {
  beforeEach(() => localStorage.clear());

  it('clears the trader’s session but keeps the language, the theme and the operator console’s session', () => {
    writeStored(STORAGE_KEYS.token, 'trader-token');
    writeStored(STORAGE_KEYS.userId, 7);
    writeStored(STORAGE_KEYS.locale, 'zh');
    writeStored(STORAGE_KEYS.theme, 'light');
    writeStored(STORAGE_KEYS.adminToken, 'operator-token');
    clearStorageKeepingLocale();
    expect(readStored(STORAGE_KEYS.token)).toBeNull();
    expect(readStored(STORAGE_KEYS.userId)).toBeNull();
    expect(readStored(STORAGE_KEYS.locale)).toBe('zh');
    expect(readStored(STORAGE_KEYS.theme)).toBe('light');
    expect(readStored(STORAGE_KEYS.adminToken)).toBe('operator-token');
  });

  it('keeps nothing it did not have', () => {
    writeStored(STORAGE_KEYS.token, 'trader-token');
    clearStorageKeepingLocale();
    expect(localStorage.length).toBe(0);
  });
});
