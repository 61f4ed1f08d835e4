import type { MyShop } from '@exchange/contracts';
import type { Db, P2pSeller, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';

/** An approved seller of a currency (shop ads need one); refuses everyone else. */
export async function findActiveSeller(prisma: Db, userId: number, currencyId: number) {
  const seller = await prisma.p2pSeller.findUnique({
    where: { user_id_currency_id: { user_id: userId, currency_id: currencyId } },
  });
  if (seller?.status !== 1) throw new AppError('p2p_seller_required');
  return seller;
}

/**
 * An operator approves a user as a seller of a currency (`npm run ops -- seller:approve`): the user's
 * is_seller flag turns on (the shop link shows), the shop gets its name; logged with the operator's reason.
 */
export async function approveSeller(
  prisma: Db,
  input: { account: string; currency: string; name: string; reason: string },
  /** Runs in the approval's transaction (the operator console writes its audit trail there). */
  within?: (tx: Tx, seller: P2pSeller) => Promise<void>,
) {
  const user = await prisma.user.findUnique({ where: { account_number: input.account } });
  if (!user) throw new Error(`no account ${input.account}`);
  const currency = await prisma.currency.findUnique({ where: { name: input.currency.toUpperCase() } });
  if (currency?.is_legal !== 1) throw new Error(`${input.currency} is not a currency of the fiat account`);
  const name = input.name.trim() || user.account_number.split('@')[0] || 'Shop';
  return prisma.$transaction(async (tx) => {
    const seller = await tx.p2pSeller.upsert({
      where: { user_id_currency_id: { user_id: user.id, currency_id: currency.id } },
      create: { user_id: user.id, currency_id: currency.id, name, status: 1 },
      update: { name, status: 1 },
    });
    await tx.user.update({ where: { id: user.id }, data: { is_seller: 1 } });
    await tx.p2pOperatorLog.create({
      data: {
        action: 'seller:approve',
        target_type: 'p2p_seller',
        target_id: String(seller.id),
        reason: input.reason,
        detail: JSON.stringify({ account: user.account_number, currency: currency.name, name }),
      },
    });
    if (within) await within(tx, seller);
    return { id: seller.id, account: user.account_number, currency: currency.name, name, status: 1 };
  });
}

/**
 * An operator suspends an active shop (status 0): new shop ads are refused (`findActiveSeller`), what is
 * open stays until it finishes. The user's is_seller flag goes off when no other shop of theirs is active;
 * `within` writes the caller's record in the same transaction. Answers null when the shop is not active.
 */
export async function suspendSeller(
  prisma: Db,
  input: { id: number; within?: (tx: Tx, seller: P2pSeller, stillSelling: boolean) => Promise<unknown> },
): Promise<{ seller: P2pSeller; stillSelling: boolean } | null> {
  return prisma.$transaction(async (tx) => {
    const [seller] = await tx.p2pSeller.updateManyAndReturn({
      where: { id: input.id, status: 1 },
      data: { status: 0 },
    });
    if (!seller) return null;
    const stillSelling = (await tx.p2pSeller.count({ where: { user_id: seller.user_id, status: 1 } })) > 0;
    if (!stillSelling) await tx.user.update({ where: { id: seller.user_id }, data: { is_seller: 0 } });
    await input.within?.(tx, seller, stillSelling);
    return { seller, stillSelling };
  });
}

/** `my_seller`: the caller's shops, one per currency, whatever their status. */
export async function myShops(prisma: Db, userId: number): Promise<MyShop[]> {
  const shops = await prisma.p2pSeller.findMany({ where: { user_id: userId }, orderBy: { id: 'asc' } });
  const currencies = await prisma.currency.findMany({
    where: { id: { in: shops.map((shop) => shop.currency_id) } },
    select: { id: true, name: true },
  });
  return shops.map((shop) => ({
    id: shop.id,
    name: shop.name,
    currency_id: shop.currency_id,
    currency_name: currencies.find((currency) => currency.id === shop.currency_id)?.name ?? '',
    status: shop.status,
  }));
}
