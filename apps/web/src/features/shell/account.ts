/** Where customers reach support: the header's customer-service link and the footer's contact link. */
export const SUPPORT_EMAIL = 'support@exchange.local';

/**
 * Masks an account for display the way the server does in user info (`al***@demo.exchange`,
 * `138****5678`), for the moment before user info has arrived.
 */
export function maskAccount(account: string | null | undefined): string {
  if (!account) return '';
  const at = account.indexOf('@');
  if (at > 0) {
    const name = account.slice(0, at);
    return `${name.slice(0, Math.min(2, Math.max(1, name.length - 1)))}***${account.slice(at)}`;
  }
  if (account.length <= 4) return `${account.slice(0, 1)}***`;
  if (account.length <= 7) return `${account.slice(0, 2)}***${account.slice(-2)}`;
  return `${account.slice(0, 3)}****${account.slice(-4)}`;
}
