/**
 * The values the client keeps in localStorage, under the names the spec's client used (document 1, section 3),
 * so a browser that ran the original keeps its session, language and market choice.
 */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'user_id',
  locale: 'locale',
  theme: 'theme',
  accountNum: 'accountNum',
  extensionCode: 'extension_code',
  isSeller: 'is_seller',
  userType: 'type',
  legalId: 'legal_id',
  currencyId: 'currency_id',
  legalName: 'legal_name',
  currencyName: 'currency_name',
  symbol: 'symbol',
  newPrice: 'newPrice',
  priceScale: 'priceScale',
  fiatConvertCny: 'fiat_convert_cny',
  socketPort: 'socketPort',
  /** The operator console's own session (features/admin): never the trader's, never cleared by them. */
  adminToken: 'admin_token',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStored(key: StorageKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Private mode or a full quota: the value lives for this page only, which is acceptable.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // See writeStored.
  }
}

/**
 * What a trader's sign-out keeps: the chosen language and theme, and an operator's console session in the
 * same browser (each signs out only its own).
 */
const KEPT_ON_SIGN_OUT: StorageKey[] = [STORAGE_KEYS.locale, STORAGE_KEYS.theme, STORAGE_KEYS.adminToken];

/** Logout and an expired session clear everything but the chosen language (document 1, section 4). */
export function clearStorageKeepingLocale(): void {
  const kept = KEPT_ON_SIGN_OUT.map((key) => [key, readStored(key)] as const);
  try {
    localStorage.clear();
  } catch {
    return;
  }
  for (const [key, value] of kept) if (value) writeStored(key, value);
}
