import { AppError } from '@exchange/kernel/errors';
import { Money } from '@exchange/kernel/ledger';
import type { PointsPartner } from './partner';

/**
 * A partner's points API (POINTS_PARTNER_URL, README "Points partner"): JSON over HTTPS, every request with
 * `Authorization: Bearer POINTS_PARTNER_KEY`.
 *   POST sign-in {user_name, password}            -> 200 {account} | 403 {error: "login_refused"}
 *   GET  accounts/{account}/points                -> 200 {points} | 404 (no such account)
 *   POST debits {account, points, reference}      -> 200 {outcome: "debited" | "insufficient"}, the same
 *                                                    outcome again for a reference it has seen
 * Anything else (no answer within the timeout, another status, another shape) is the partner being down.
 */
export const PARTNER_TIMEOUT_MS = 5_000;

const POINTS_TEXT = /^\d{1,24}(\.\d{1,18})?$/;

export function createHttpPartner(setting: { name: string; url: string; key: string }): PointsPartner {
  const base = setting.url.endsWith('/') ? setting.url : `${setting.url}/`;

  async function call(method: 'GET' | 'POST', path: string, body?: object) {
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        method,
        headers: {
          authorization: `Bearer ${setting.key}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(PARTNER_TIMEOUT_MS),
      });
    } catch {
      throw new AppError('jc_partner_down');
    }
    const answer: unknown = await response.json().catch(() => undefined);
    return { status: response.status, answer: (answer ?? {}) as Record<string, unknown> };
  }

  return {
    name: setting.name,
    sandbox: false,
    async signIn(userName, password) {
      const { status, answer } = await call('POST', 'sign-in', { user_name: userName, password });
      if (status === 403 && answer.error === 'login_refused') throw new AppError('jc_partner_login_refused');
      if (status !== 200 || typeof answer.account !== 'string' || !/^[\w.@:-]{1,64}$/.test(answer.account))
        throw new AppError('jc_partner_down');
      return answer.account;
    },
    async pointsOf(account) {
      const { status, answer } = await call('GET', `accounts/${encodeURIComponent(account)}/points`);
      if (status === 404) throw new AppError('jc_partner_account_unknown');
      if (status !== 200 || typeof answer.points !== 'string' || !POINTS_TEXT.test(answer.points))
        throw new AppError('jc_partner_down');
      return new Money(answer.points);
    },
    async debit(account, points, reference) {
      const { status, answer } = await call('POST', 'debits', {
        account,
        points: points.toFixed(),
        reference,
      });
      if (status !== 200 || (answer.outcome !== 'debited' && answer.outcome !== 'insufficient'))
        throw new AppError('jc_partner_down');
      return answer.outcome;
    },
  };
}
