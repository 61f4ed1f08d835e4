import type { PointsPartnerSetting } from '@exchange/kernel/config';
import type { Money as MoneyValue } from '@exchange/kernel/ledger';
import type pg from 'pg';
import { createHttpPartner } from './partner-http';
import { createSandboxPartner } from './partner-sandbox';

/**
 * The partner platform the points belong to (document 3): the user binds their account there, and the
 * points exchange takes points from it. Every call either answers or throws an AppError: a refusal of the
 * user's login (`jc_partner_login_refused`), or the partner unreachable or answering nonsense
 * (`jc_partner_down`).
 */
export interface PointsPartner {
  /** The name the screens give the partner (where the points come from). */
  name: string;
  /** The built-in sandbox: the screens tell how to sign in to it. */
  sandbox: boolean;
  /** The partner's id of the account these credentials open. */
  signIn(userName: string, password: string): Promise<string>;
  /** The points the account holds. */
  pointsOf(account: string): Promise<MoneyValue>;
  /**
   * Takes points from the account once per reference: asked again under the same reference (after a lost
   * answer), the partner answers the first outcome and takes nothing more.
   */
  debit(account: string, points: MoneyValue, reference: string): Promise<'debited' | 'insufficient'>;
}

/** The configured partner, or null when the points exchange is closed. */
export function pointsPartnerOf(setting: PointsPartnerSetting | null, pool: pg.Pool): PointsPartner | null {
  if (!setting) return null;
  return setting.kind === 'http' ? createHttpPartner(setting) : createSandboxPartner(pool, setting.name);
}
