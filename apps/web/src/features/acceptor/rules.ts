import Decimal from 'decimal.js';
import { PAY_WAYS } from '@exchange/contracts/constants';
import { toDecimal } from '../../lib/format';

/**
 * The rules of the acceptor screens (document 2, "Acceptor" and sections 4-5; contract notes section 9),
 * pure so they are tested on their own.
 */

/** `current` of /rechargeMoney and /chargeRecord: 0 deposit (the user buys crypto), 1 withdraw (sells). */
export type Direction = 'buy' | 'sell';
export const directionOf = (current: string | null): Direction => (current === '1' ? 'sell' : 'buy');
export const currentOf = (direction: Direction) => (direction === 'sell' ? 1 : 0);

/** A deal's `is_sure`: 0 waiting for the acceptor, 1 confirmed, 2 rejected. */
export type DealState = 'waiting' | 'confirmed' | 'rejected';
export function dealState(isSure: number): DealState {
  return isSure === 1 ? 'confirmed' : isSure === 2 ? 'rejected' : 'waiting';
}

export interface DealForm {
  mobile: string;
  deal_account: string;
  money: string;
  way: string;
}

export type DealProblem = 'mobile' | 'account' | 'amount' | 'way';

/**
 * The first problem of the deal form in the spec's order: mobile, account, an amount above 0 (CNY, at most 2
 * decimals), then the payment method.
 */
export function dealProblem(form: DealForm): DealProblem | null {
  if (!form.mobile.trim()) return 'mobile';
  if (!form.deal_account.trim()) return 'account';
  const money = form.money.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(money)) return 'amount';
  const amount = toDecimal(money);
  if (!amount || !amount.greaterThan(0) || amount.greaterThanOrEqualTo('1e15')) return 'amount';
  if (!(PAY_WAYS as readonly string[]).includes(form.way)) return 'way';
  return null;
}

/**
 * What a deal moves in crypto at the acceptor's rate (CNY per coin): a deposit receives money / rate rounded
 * down, a withdrawal pays it rounded up (the server's rule; shown before the user submits).
 */
export function dealCoins(money: string, rate: string, direction: Direction, decimals = 8): string | null {
  const amount = toDecimal(money);
  const unit = toDecimal(rate);
  if (!amount || !unit || !amount.greaterThan(0) || !unit.greaterThan(0)) return null;
  return amount
    .dividedBy(unit)
    .toDecimalPlaces(decimals, direction === 'buy' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP)
    .toFixed(decimals);
}

export type DealAction = 'confirm' | 'reject' | 'transferred' | 'userConfirm';

export const DEAL_ACTION_PATHS: Record<DealAction, string> = {
  confirm: '/api/acceptor/confirm',
  reject: '/api/acceptor/reject',
  transferred: '/api/acceptor/transferred',
  userConfirm: '/api/acceptor/deal_confirm',
};

/**
 * The buttons of a waiting deal. The acceptor confirms or rejects a deposit once the CNY arrived; for a
 * withdrawal it marks the CNY sent (or rejects it before that). The user confirms a withdrawal's CNY arrived
 * once the acceptor marked it sent; otherwise it confirms itself 20 minutes later.
 */
export function dealActions(
  role: 'acceptor' | 'user',
  deal: { type: string; is_sure: number; transferred?: number },
): DealAction[] {
  if (dealState(deal.is_sure) !== 'waiting') return [];
  const sent = deal.transferred === 1;
  if (role === 'acceptor') {
    if (deal.type === 'buy') return ['confirm', 'reject'];
    return sent ? [] : ['transferred', 'reject'];
  }
  return deal.type === 'sell' && sent ? ['userConfirm'] : [];
}
