import type pg from 'pg';
import { inTransaction, type Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { applyMovements, bookHouse, LOG_TYPES, Money, roundPaid } from '@exchange/kernel/ledger';
import { POSITION_COLUMNS, POSITION_STATUS, type PositionRow } from './positions';
import { lockWalletRow } from '../wallet-lock';

/**
 * Buys an insured position: `quantity` (a whole number within the type's range) units of the type's
 * amount. The insured amount leaves the user's available micro balance into its locked column, held by
 * the new position as its insurance balance; the premium goes to the house `micro_pool`, which pays the
 * claims. It takes effect at once and cannot be reversed. One active position per user and currency.
 */
export async function buyInsurance(
  deps: { prisma: Db; pool: pg.Pool },
  userId: number,
  input: { typeId: number; quantity: string },
): Promise<PositionRow> {
  const type = await deps.prisma.insuranceType.findUnique({ where: { id: input.typeId } });
  if (!type || type.status !== 1) throw new AppError('insurance_type_not_found');
  const range = { min: type.min_quantity, max: type.max_quantity };
  const text = input.quantity.trim();
  if (!/^\d{1,9}$/.test(text)) throw new AppError('insurance_quantity_invalid', range);
  const quantity = Number(text);
  if (quantity < type.min_quantity || quantity > type.max_quantity)
    throw new AppError('insurance_quantity_invalid', range);
  const currency = await deps.prisma.currency.findUniqueOrThrow({ where: { id: type.currency_id } });
  const insured = new Money(type.unit_amount.toFixed()).times(quantity);
  const premium = roundPaid(insured.times(type.premium_rate.toFixed()), currency.decimal_scale);

  return inTransaction(deps.pool, async (tx) => {
    // The type's terms as sold, held until the sale commits: an operator changing them waits, and a change
    // that committed since they were read is caught here instead of sold at terms nobody quoted.
    const [terms] = await tx.query<{
      status: number;
      unit_amount: string;
      premium_rate: string;
      claim_rate: string;
    }>(
      `SELECT status, unit_amount::text, premium_rate::text, claim_rate::text FROM insurance_types WHERE id = $1 FOR SHARE`,
      [type.id],
    );
    const quoted =
      terms?.status === 1 &&
      new Money(terms.unit_amount).eq(type.unit_amount.toFixed()) &&
      new Money(terms.premium_rate).eq(type.premium_rate.toFixed()) &&
      new Money(terms.claim_rate).eq(type.claim_rate.toFixed());
    if (!quoted) throw new AppError('insurance_terms_changed');
    // The wallet row first: two purchases of one user and currency run one after the other.
    await lockWalletRow(tx, userId, currency.id);
    const [held] = await tx.query<{ id: number }>(
      'SELECT id FROM user_insurances WHERE user_id = $1 AND currency_id = $2 AND status = $3 LIMIT 1',
      [userId, currency.id, POSITION_STATUS.active],
    );
    if (held) throw new AppError('insurance_already_held', { currency: currency.name });
    const [position] = await tx.query<PositionRow>(
      `INSERT INTO user_insurances (user_id, currency_id, insurance_type_id, quantity, insured_amount, premium, balance)
       VALUES ($1, $2, $3, $4, $5::numeric, $6::numeric, $5::numeric) RETURNING ${POSITION_COLUMNS}`,
      [userId, currency.id, type.id, quantity, insured.toFixed(), premium.toFixed()],
    );
    if (!position) throw new Error('the insurance position was not stored');
    const ref = { type: 'insurance', id: position.id };
    const move = { userId, currencyId: currency.id, account: 'micro' as const, ref };
    await applyMovements(tx, [
      { ...move, isLock: false, delta: insured.neg(), type: LOG_TYPES.INSURANCE_BUY },
      { ...move, isLock: true, delta: insured, type: LOG_TYPES.INSURANCE_BUY },
      { ...move, isLock: false, delta: premium.neg(), type: LOG_TYPES.INSURANCE_PREMIUM },
    ]);
    await bookHouse(tx, [
      {
        currencyId: currency.id,
        account: 'micro_pool',
        amount: premium,
        type: LOG_TYPES.INSURANCE_PREMIUM,
        ref,
      },
    ]);
    return position;
  });
}
