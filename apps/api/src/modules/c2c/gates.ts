import type { Redis } from 'ioredis';
import type { Currency, Db, User } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAmount, type Money } from '@exchange/kernel/ledger';
import { readSetting } from '../system';
import { findCurrency, requireTradePassword } from '../wallet';
import { PRICE_DECIMALS } from './rules';

/** 997: P2P needs a payment account the counterparty can pay to (document 2 "Payment-account settings"). */
export async function requireCashInfo(prisma: Db, userId: number): Promise<void> {
  const info = await prisma.userCashInfo.findUnique({ where: { user_id: userId }, select: { id: true } });
  if (!info) throw new AppError('p2p_cash_info_required', {}, '997');
}

/** 998: identity verification approved. */
export async function requireIdentity(prisma: Db, userId: number): Promise<void> {
  const identity = await prisma.identityVerification.findUnique({
    where: { user_id: userId },
    select: { review_status: true },
  });
  if (identity?.review_status !== 2) throw new AppError('p2p_identity_required', {}, '998');
}

/** The gates every P2P money action passes: payment account, identity, then the trade password. */
export async function requireP2pGates(prisma: Db, redis: Redis, user: User, password: string): Promise<void> {
  await requireCashInfo(prisma, user.id);
  await requireIdentity(prisma, user.id);
  await requireTradePassword(redis, user, password);
}

/** Start of the exchange's day (Asia/Shanghai, as every displayed time), for the daily cancel limit. */
export function startOfDay(now = new Date()): Date {
  const shanghai = new Date(now.getTime() + 8 * 3_600_000);
  shanghai.setUTCHours(0, 0, 0, 0);
  return new Date(shanghai.getTime() - 8 * 3_600_000);
}

/** Refuses once the user has cancelled `userLegalDealCancel` orders today (notes section 8). */
export async function requireCancelsLeft(prisma: Db, userId: number): Promise<void> {
  const limit = Number(await readSetting(prisma, 'userLegalDealCancel'));
  if (!Number.isFinite(limit) || limit <= 0) return;
  const cancelled = await prisma.p2pOrder.count({
    where: { canceller_id: userId, cancelled_by: 'payer', finished_at: { gte: startOfDay() } },
  });
  if (cancelled >= limit) throw new AppError('p2p_cancel_limit', { limit });
}

/** A currency that may be traded peer-to-peer: one that has a legal (fiat) account. */
export async function findP2pCurrency(prisma: Db, raw: string): Promise<Currency> {
  if (!raw.trim()) throw new AppError('p2p_currency_required');
  if (/^\d{10,}$/.test(raw.trim())) throw new AppError('currency_not_found');
  const currency = await findCurrency(prisma, raw);
  if (currency.is_legal !== 1) throw new AppError('p2p_currency_not_tradable', { currency: currency.name });
  return currency;
}

/** A P2P price: positive, at most 2 decimals (document 2 section 9). */
export function parsePrice(raw: string): Money {
  try {
    return parseAmount(raw, PRICE_DECIMALS);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const key =
      error.key === 'amount_required'
        ? 'price_required'
        : error.key === 'amount_not_positive'
          ? 'price_not_positive'
          : error.key === 'amount_too_precise'
            ? 'price_too_precise'
            : error.key === 'amount_too_large'
              ? 'amount_too_large'
              : 'price_invalid';
    throw new AppError(key, error.params);
  }
}
