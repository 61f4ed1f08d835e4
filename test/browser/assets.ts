import type { Page } from 'playwright-core';
import type { Db } from '@exchange/kernel/db';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import { apiAnswer, byId, screenshot, type Visit } from './browser';

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

/**
 * A user of the test's own, made the way operators make users (identity approved), with `deposits` booked to
 * their spot account, so no other test file's balances are touched; answers the user's id.
 */
export async function fundedUser(
  prisma: Db,
  user: { account: string; password: string; tradePassword: string },
  deposits: Record<string, string>,
): Promise<number> {
  const { id } = await createOpsUser(prisma, { ...user, kycApproved: true, seller: false });
  for (const [currency, amount] of Object.entries(deposits))
    await opsDeposit(prisma, { account: user.account, currency, amount });
  return id;
}

/** Every currency's id, by name. */
export async function currencyIds(prisma: Db): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await prisma.currency.findMany()).map((currency) => [currency.name, currency.id]),
  );
}

/**
 * Opens a page and pictures it once it has drawn: the element `ready` is there and no spinner is left;
 * `check` runs on the drawn page first.
 */
export async function shootSettled(
  session: Visit,
  [route, ready, name]: readonly [string, string, string],
  check: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  await session.open(route);
  await byId(session.page, ready).first().waitFor();
  await session.page.locator('.spinner').first().waitFor({ state: 'detached' });
  await check();
  await screenshot(session.page, name);
}
