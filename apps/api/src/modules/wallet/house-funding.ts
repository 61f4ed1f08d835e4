import { randomUUID } from 'node:crypto';
import type { Db } from '@exchange/kernel/db';
import { bookHouse, debit, LOG_TYPES, type HouseAccount, type Money } from '@exchange/kernel/ledger';
import { creditDeposit } from './deposit';

/** The account that holds the exchange's own capital on its way into the house pools. */
export const TREASURY_ACCOUNT = 'root@exchange.local';

/**
 * Funds a house pool with the exchange's capital: booked as a confirmed deposit to the treasury account and
 * moved from there to the pool in the same transaction, so every currency still balances (what the house
 * holds came in as a deposit). The same external id twice funds once.
 */
export async function fundHousePool(
  prisma: Db,
  funding: { pool: HouseAccount; currencyId: number; amount: Money; externalId?: string },
): Promise<{ funded: boolean }> {
  const externalId = funding.externalId ?? `house-${funding.pool}-${randomUUID()}`;
  return prisma.$transaction(async (tx) => {
    const treasury = await tx.user.findUniqueOrThrow({ where: { account_number: TREASURY_ACCOUNT } });
    const known = await tx.deposit.findFirst({ where: { source: 'chain', external_id: externalId } });
    if (known) return { funded: false };
    const deposit = await creditDeposit(tx, {
      userId: treasury.id,
      currencyId: funding.currencyId,
      amount: funding.amount,
      source: 'chain',
      externalId,
    });
    const ref = { type: 'house_funding', id: deposit.id };
    await debit(tx, {
      userId: treasury.id,
      currencyId: funding.currencyId,
      account: 'change',
      amount: funding.amount,
      type: LOG_TYPES.HOUSE_FUNDING,
      ref,
      memo: funding.pool,
    });
    await bookHouse(tx, {
      currencyId: funding.currencyId,
      account: funding.pool,
      amount: funding.amount,
      type: LOG_TYPES.HOUSE_FUNDING,
      ref,
    });
    return { funded: true };
  });
}
