import { isEmail, type AccountKind } from '../verification';

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
