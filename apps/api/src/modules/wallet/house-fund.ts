import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '@exchange/kernel/db';
import { bookHouse, debit, LOG_TYPES, type HouseAccount, type Money } from '@exchange/kernel/ledger';
import { creditDeposit } from './deposit';

/**
 * Puts the exchange's own money into one of its pools (the lever pool that pays traders' profits, the
 * insurance fund that pays losses beyond what a trader held ...): booked as a confirmed deposit to the
 * exchange's own account (`bookedBy`, the root account), then moved from it to the house account, in one
 * transaction, so the audit's "balances = deposits - withdrawals" still holds. The same reference twice
 * funds once.
 */
export async function fundHouse(
  prisma: Db,
  input: { bookedBy: number; currencyId: number; account: HouseAccount; amount: Money; reference?: string },
): Promise<{ deposit: number; created: boolean }> {
  const externalId = input.reference ?? `house-${input.account}-${randomUUID()}`;
  const existing = await prisma.deposit.findUnique({
    where: { source_external_id: { source: 'chain', external_id: externalId } },
  });
  if (existing) return { deposit: existing.id, created: false };
  const deposit = await prisma.$transaction((tx) => fundHouseIn(tx, { ...input, reference: externalId }));
  return { deposit: deposit.id, created: true };
}

/** The same inside the caller's transaction (the seed's). */
export async function fundHouseIn(
  tx: Tx,
  input: { bookedBy: number; currencyId: number; account: HouseAccount; amount: Money; reference: string },
) {
  const row = await creditDeposit(tx, {
    userId: input.bookedBy,
    currencyId: input.currencyId,
    amount: input.amount,
    source: 'chain',
    externalId: input.reference,
  });
  const ref = { type: 'house_fund', id: row.id };
  await debit(tx, {
    userId: input.bookedBy,
    currencyId: input.currencyId,
    account: 'change',
    amount: input.amount,
    type: LOG_TYPES.HOUSE_FUND,
    ref,
    memo: input.account,
  });
  await bookHouse(tx, {
    currencyId: input.currencyId,
    account: input.account,
    amount: input.amount,
    type: LOG_TYPES.HOUSE_FUND,
    ref,
  });
  return row;
}
