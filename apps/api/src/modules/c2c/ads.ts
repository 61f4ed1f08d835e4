import type { Currency, Db, P2pAd, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { lock, Money, unlock, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { assertFundsMovable } from '../user';
import { ESCROW_ACCOUNT, LOGS, MAX_LIVE_ADS, UNFINISHED, type AdType, type Kind, type Way } from './rules';

/** Advisory-lock namespaces: one user's ads, one taker's orders (serialises their limits across processes). */
export const ADS_LOCK = 72_001;
export const TAKER_LOCK = 72_002;

export async function advisoryLock(tx: Tx, namespace: number, userId: number): Promise<void> {
  await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1::int, $2::int)', namespace, userId);
}

export interface NewAd {
  kind: Kind;
  userId: number;
  currency: Currency;
  type: AdType;
  way: Way;
  coinCode: string;
  price: MoneyValue;
  total: MoneyValue;
  /** Shop ads: the smallest and largest order; a c2c ad is taken whole. */
  min?: MoneyValue;
  max?: MoneyValue;
}

/**
 * Publishes an ad. A sell ad moves its whole quantity from the owner's legal balance into its lock, in the
 * same transaction (refused, and nothing stored, when the balance is short).
 */
export async function publishAd(prisma: Db, ad: NewAd): Promise<P2pAd> {
  const min = ad.min ?? ad.total;
  const max = ad.max ?? ad.total;
  if (min.gt(max) || max.gt(ad.total)) throw new AppError('p2p_min_max_invalid');
  return prisma.$transaction(async (tx) => {
    await advisoryLock(tx, ADS_LOCK, ad.userId);
    const live = await tx.p2pAd.count({ where: { user_id: ad.userId, kind: ad.kind, state: 'open' } });
    if (live >= MAX_LIVE_ADS) throw new AppError('p2p_too_many_ads', { max: MAX_LIVE_ADS });
    const created = await tx.p2pAd.create({
      data: {
        kind: ad.kind,
        user_id: ad.userId,
        currency_id: ad.currency.id,
        type: ad.type,
        way: ad.way,
        coin_code: ad.coinCode,
        price: ad.price.toFixed(),
        total_number: ad.total.toFixed(),
        surplus_number: ad.total.toFixed(),
        min_number: min.toFixed(),
        max_number: max.toFixed(),
        state: 'open',
      },
    });
    if (ad.type === 'sell') {
      await assertFundsMovable(tx, ad.userId);
      await lock(tx, {
        userId: ad.userId,
        currencyId: ad.currency.id,
        account: ESCROW_ACCOUNT,
        amount: ad.total,
        type: LOGS[ad.kind].sellLock,
        ref: { type: 'p2p_ad', id: created.id },
      });
    }
    return created;
  });
}

/**
 * Withdraws an ad (back_send): owner only, and only while none of its orders is unfinished. A sell ad's
 * untaken surplus returns from the lock to the owner's legal balance. The ad row is locked first, so an
 * order being taken at the same moment either is seen here (refused) or finds the ad withdrawn.
 */
export async function withdrawAd(prisma: Db, input: { kind: Kind; userId: number; adId: number }) {
  return prisma.$transaction(async (tx) => {
    const [ad] = await tx.$queryRawUnsafe<{ id: number }[]>(
      `SELECT id FROM p2p_ads WHERE id = $1 AND user_id = $2 AND kind = $3 AND state <> 'withdrawn' FOR UPDATE`,
      input.adId,
      input.userId,
      input.kind,
    );
    if (!ad) throw new AppError('p2p_ad_not_found');
    const unfinished = await tx.p2pOrder.count({ where: { ad_id: ad.id, is_sure: { in: UNFINISHED } } });
    if (unfinished > 0) throw new AppError('p2p_ad_has_orders');
    const current = await tx.p2pAd.findUniqueOrThrow({ where: { id: ad.id } });
    const surplus = new Money(current.surplus_number.toFixed());
    await tx.p2pAd.update({ where: { id: ad.id }, data: { state: 'withdrawn', surplus_number: 0 } });
    if (current.type === 'sell' && surplus.gt(0)) {
      await unlock(tx, {
        userId: input.userId,
        currencyId: current.currency_id,
        account: ESCROW_ACCOUNT,
        amount: surplus,
        type: LOGS[input.kind].recall,
        ref: { type: 'p2p_ad', id: ad.id },
      });
    }
    return { ...current, state: 'withdrawn', surplus_number: surplus };
  });
}

/** Puts a shop ad on or takes it off the shelf (`down`): off-shelf ads take no new orders. */
export async function toggleShelves(prisma: Db, input: { userId: number; adId: number }) {
  const ad = await prisma.p2pAd.findFirst({
    where: { id: input.adId, user_id: input.userId, kind: 'shop', state: { not: 'withdrawn' } },
  });
  if (!ad) throw new AppError('p2p_ad_not_found');
  const next = ad.is_shelves === 1 ? 0 : 1;
  await prisma.p2pAd.updateMany({
    where: { id: ad.id, is_shelves: ad.is_shelves },
    data: { is_shelves: next },
  });
  return next;
}
