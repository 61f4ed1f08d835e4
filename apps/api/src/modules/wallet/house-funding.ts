import { randomUUID } from 'node:crypto';
import type { OperatorTrail } from '@exchange/contracts';
import type { FUNDABLE_HOUSE_POOLS } from '@exchange/contracts/constants';
import { isUniqueViolation, type Db, type Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  bookHouse,
  debit,
  LOG_TYPES,
  parseAmount,
  toAmountString,
  type HouseAccount,
  type Money,
} from '@exchange/kernel/ledger';
import { creditDeposit } from './deposit';

type FundableHousePool = (typeof FUNDABLE_HOUSE_POOLS)[number] & HouseAccount;

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
  audit?: { trail: OperatorTrail<Tx>; reason: string },
): Promise<{ funded: boolean }> {
  const externalId = funding.externalId ?? `house-${funding.pool}-${randomUUID()}`;
  try {
    return await fundOnce(prisma, funding, externalId, audit);
  } catch (error) {
    // The same funding sent twice at once: the other one booked it.
    if (isUniqueViolation(error)) return { funded: false };
    throw error;
  }
}

function fundOnce(
  prisma: Db,
  funding: { pool: HouseAccount; currencyId: number; amount: Money },
  externalId: string,
  audit?: { trail: OperatorTrail<Tx>; reason: string },
): Promise<{ funded: boolean }> {
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
    await audit?.trail(tx, {
      action: 'house.fund',
      targetType: 'house',
      targetId: funding.pool,
      after: { currency_id: funding.currencyId, amount: funding.amount.toFixed(), ref: externalId },
      reason: audit.reason,
    });
    return { funded: true };
  });
}

/**
 * Funding from the console (finance, with a fresh code): a pool the console may fund, a listed currency, a
 * positive amount at the currency's precision, and the operator's reference, so a form sent twice funds once
 * (`npm run ops -- house:fund --ref` names the same fundings).
 */
export async function fundHouseAsOperator(
  prisma: Db,
  input: { pool: FundableHousePool; currency: string; amount: string; ref: string; reason: string },
  trail: OperatorTrail<Tx>,
) {
  const currency = await prisma.currency.findUnique({ where: { name: input.currency.trim().toUpperCase() } });
  if (!currency) throw new AppError('currency_not_found');
  const amount = parseAmount(input.amount, currency.decimal_scale);
  const { funded } = await fundHousePool(
    prisma,
    { pool: input.pool, currencyId: currency.id, amount, externalId: `house-${input.pool}-${input.ref}` },
    { trail, reason: input.reason },
  );
  return { pool: input.pool, currency: currency.name, amount: toAmountString(amount), funded };
}
