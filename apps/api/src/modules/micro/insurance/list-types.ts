import type { InsuranceType as InsuranceTypeView } from '@exchange/contracts';
import type { Db, InsuranceType } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { toAmountString } from '@exchange/kernel/ledger';
import { CLAIMS_PER_DAY, CLAIM_LOSS_SHARE } from './positions';

/** A stored decimal as the contract writes amounts. */
export const plain = (value: { toFixed: () => string }) => toAmountString(value.toFixed());

/** An insurance type as the purchase screen shows it. */
export function typeView(type: InsuranceType, currencyName: string): InsuranceTypeView {
  return {
    id: type.id,
    currency_id: type.currency_id,
    currency_name: currencyName,
    name: type.name,
    min_quantity: type.min_quantity,
    max_quantity: type.max_quantity,
    unit_amount: plain(type.unit_amount),
    premium_rate: plain(type.premium_rate),
    claim_rate: plain(type.claim_rate),
    claim_loss_ratio: CLAIM_LOSS_SHARE.toFixed(),
    termination_profit_ratio: '1',
    claims_per_day: CLAIMS_PER_DAY,
  };
}

/** GET /api/insurance/types: the types on offer, of one currency (by id as typed) or of all when blank. */
export async function listInsuranceTypes(prisma: Db, currencyId: string): Promise<InsuranceTypeView[]> {
  if (currencyId !== '' && !/^\d{1,9}$/.test(currencyId)) throw new AppError('currency_not_found');
  const types = await prisma.insuranceType.findMany({
    where: { status: 1, ...(currencyId ? { currency_id: Number(currencyId) } : {}) },
    orderBy: { id: 'asc' },
  });
  const currencies = await prisma.currency.findMany({
    where: { id: { in: types.map((type) => type.currency_id) } },
  });
  const nameOf = (id: number) => currencies.find((currency) => currency.id === id)?.name ?? '';
  return types.map((type) => typeView(type, nameOf(type.currency_id)));
}
