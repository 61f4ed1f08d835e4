/**
 * Accounts as codes are addressed to them: an e-mail or a phone number, normalised. Users sign up and sign in
 * with the same accounts (the user area takes these from here).
 */
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
