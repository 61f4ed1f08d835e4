import type { Page } from 'playwright-core';
import { apiAnswer, byId } from './browser';

/** What the assets browser tests share: the four account lists' routes and test ids, and the transfer form. */
export type Account = 'change' | 'legal' | 'lever' | 'micro';

export const ACCOUNT_LIST: Record<Account, { path: string; row: string; available: string; frozen: string }> =
  {
    change: {
      path: '/dealFinance',
      row: 'assets-row',
      available: 'assets-available',
      frozen: 'assets-frozen',
    },
    legal: {
      path: '/legal',
      row: 'legal-assets-row',
      available: 'legal-assets-available',
      frozen: 'legal-assets-frozen',
    },
    lever: {
      path: '/finance',
      row: 'lever-assets-row',
      available: 'lever-assets-available',
      frozen: 'lever-assets-frozen',
    },
    micro: {
      path: '/micro',
      row: 'micro-account-row',
      available: 'micro-account-available',
      frozen: 'micro-account-frozen',
    },
  };

/** Sends the open transfer page's form (`all` presses All) through its confirm dialog; answers the envelope. */
export async function confirmTransfer(page: Page, amount: string) {
  if (amount === 'all') await byId(page, 'transfer-all').click();
  else await byId(page, 'transfer-amount').fill(amount);
  await byId(page, 'transfer-submit').click();
  await byId(page, 'confirm-yes').waitFor();
  const { body } = await apiAnswer(page, '/api/wallet/change', 'POST', () =>
    byId(page, 'confirm-yes').click(),
  );
  return body;
}
