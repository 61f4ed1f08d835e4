import { AppError } from '@exchange/kernel/errors';

export type AccountKind = 'email' | 'phone';

export interface ParsedAccount {
  kind: AccountKind;
  /** The normalised account: a lower-case e-mail or the phone digits. Codes are bound to it. */
  account_number: string;
}

const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/i;
const PHONE_PATTERN = /^\d{5,20}$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** An account is an e-mail when it looks like one, otherwise a phone number (digits, separators ignored). */
export function parseAccount(raw: string): ParsedAccount {
  const value = raw.trim();
  if (!value) throw new AppError('account_required');
  if (isEmail(value)) return { kind: 'email', account_number: value.toLowerCase() };
  const digits = value.replace(/[\s()-]/g, '');
  if (PHONE_PATTERN.test(digits)) return { kind: 'phone', account_number: digits };
  throw new AppError('account_invalid');
}

/** The area code without its plus sign, and area_code_id 1 only for a phone in +86. */
export function normaliseAreaCode(
  kind: AccountKind,
  rawAreaCode: string,
): { area_code: string; area_code_id: number } {
  const area_code = kind === 'phone' ? rawAreaCode.replace(/^\+/, '').replace(/\D/g, '').slice(0, 6) : '';
  return { area_code, area_code_id: kind === 'phone' && area_code === '86' ? 1 : 0 };
}

/** Shows enough of an account to recognise it: 138****5678, al***@example.com. */
export function maskAccount(account: string): string {
  if (isEmail(account)) {
    const [name = '', domain = ''] = account.split('@');
    return `${name.slice(0, 2)}***@${domain}`;
  }
  return account.length > 7 ? `${account.slice(0, 3)}****${account.slice(-4)}` : account;
}
