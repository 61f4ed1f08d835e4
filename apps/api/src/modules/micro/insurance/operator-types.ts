import type { AdminInsuranceType, OperatorTrail } from '@exchange/contracts';
import type { Db, InsuranceType, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money } from '@exchange/kernel/ledger';
import { typeView } from './list-types';
import { POSITION_STATUS } from './positions';

async function operatorView(tx: Tx | Db, type: InsuranceType): Promise<AdminInsuranceType> {
  const [currency, active] = await Promise.all([
    tx.currency.findUniqueOrThrow({ where: { id: type.currency_id }, select: { name: true } }),
    tx.userInsurance.count({ where: { insurance_type_id: type.id, status: POSITION_STATUS.active } }),
  ]);
  const { id, name, min_quantity, max_quantity, unit_amount, premium_rate, claim_rate } = typeView(
    type,
    currency.name,
  );
  return {
    id,
    currency: currency.name,
    name,
    min_quantity,
    max_quantity,
    unit_amount,
    premium_rate,
    claim_rate,
    status: type.status,
    active_positions: active,
  };
}

/** Every insurance type, withdrawn ones included, with how many positions of it still insure orders. */
export async function listInsuranceTypesForOperators(prisma: Db): Promise<AdminInsuranceType[]> {
  const types = await prisma.insuranceType.findMany({ orderBy: { id: 'asc' } });
  return Promise.all(types.map((type) => operatorView(prisma, type)));
}

export interface InsuranceTypeForm {
  id?: number | undefined;
  currency: string;
  name: string;
  min_quantity: number;
  max_quantity: number;
  unit_amount: string;
  premium_rate: string;
  claim_rate: string;
  status: 0 | 1;
}

/**
 * Adds an insurance type or changes one, with the trail in its transaction. A purchase pays the premium it was
 * quoted and keeps its insured amount, so the terms of sale may change at any time; but a claim is paid at the
 * type's claim rate when it is claimed, so that rate and the type's currency stay as they are while a
 * position of the type is active (withdraw the type, and change it once its positions have ended).
 */
export async function saveInsuranceType(prisma: Db, input: InsuranceTypeForm, trail: OperatorTrail<Tx>) {
  if (input.min_quantity > input.max_quantity)
    throw new AppError('admin_field_invalid', { field: 'min_quantity', rule: '<= max_quantity' });
  return prisma.$transaction(async (tx) => {
    const currency = await tx.currency.findUnique({ where: { name: input.currency.trim().toUpperCase() } });
    if (!currency) throw new AppError('currency_not_found');
    const terms = {
      currency_id: currency.id,
      name: input.name,
      min_quantity: input.min_quantity,
      max_quantity: input.max_quantity,
      unit_amount: input.unit_amount,
      premium_rate: input.premium_rate,
      claim_rate: input.claim_rate,
      status: input.status,
    };
    if (input.id === undefined) {
      const created = await tx.insuranceType.create({ data: terms });
      const after = await operatorView(tx, created);
      await trail(tx, {
        action: 'insurance.create',
        targetType: 'insurance_type',
        targetId: created.id,
        after,
      });
      return after;
    }
    // Locked, so a purchase of this type waits for the change or is seen by the count below.
    const [locked] = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM insurance_types WHERE id = ${input.id} FOR UPDATE`;
    if (!locked) throw new AppError('admin_record_not_found');
    const stored = await tx.insuranceType.findUniqueOrThrow({ where: { id: input.id } });
    const before = await operatorView(tx, stored);
    const claimTermsChange =
      !new Money(input.claim_rate).eq(stored.claim_rate.toFixed()) || currency.id !== stored.currency_id;
    if (claimTermsChange && before.active_positions > 0)
      throw new AppError('admin_insurance_in_use', { count: before.active_positions });
    const changed = await tx.insuranceType.update({ where: { id: input.id }, data: terms });
    const after = await operatorView(tx, changed);
    await trail(tx, {
      action: 'insurance.update',
      targetType: 'insurance_type',
      targetId: changed.id,
      before,
      after,
    });
    return after;
  });
}
