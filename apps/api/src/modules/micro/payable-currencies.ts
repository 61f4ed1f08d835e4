import type { PayableCurrency } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { Money } from '@exchange/kernel/ledger';
import { plain, typeView } from './insurance/list-types';
import { POSITION_STATUS } from './insurance/positions';

/**
 * GET /api/microtrade/payable_currencies: the currencies seconds orders can be paid in, with their stake
 * buttons and insurance types, the user's micro wallet (insured balance included) and latest insurance.
 */
export async function payableCurrencies(prisma: Db, userId: number): Promise<PayableCurrency[]> {
  const currencies = await prisma.currency.findMany({
    where: { is_micro: 1, is_display: 1 },
    orderBy: { sort: 'asc' },
  });
  const ids = currencies.map((currency) => currency.id);
  const [numbers, types, wallets, positions] = await Promise.all([
    prisma.microNumber.findMany({ where: { currency_id: { in: ids } }, orderBy: { number: 'asc' } }),
    prisma.insuranceType.findMany({ where: { currency_id: { in: ids }, status: 1 }, orderBy: { id: 'asc' } }),
    prisma.wallet.findMany({ where: { user_id: userId, currency_id: { in: ids } } }),
    prisma.userInsurance.findMany({
      where: { user_id: userId, status: { in: [POSITION_STATUS.active, POSITION_STATUS.terminated] } },
      orderBy: { id: 'desc' },
    }),
  ]);
  return currencies.map((currency) => {
    const wallet = wallets.find((row) => row.currency_id === currency.id);
    const held = positions.filter((position) => position.currency_id === currency.id);
    const insurance = held.reduce((sum, position) => sum.plus(position.balance.toFixed()), new Money(0));
    const micro = new Money(wallet?.micro_balance.toFixed() ?? '0');
    const position = held.find((row) => row.status === POSITION_STATUS.active) ?? held[0];
    return {
      id: currency.id,
      name: currency.name,
      logo: currency.logo,
      decimal_scale: currency.decimal_scale,
      micro_trade_fee: plain(currency.micro_trade_fee),
      micro_min: plain(currency.micro_min),
      micro_max: plain(currency.micro_max),
      micro_holdtrade_max: currency.micro_holdtrade_max,
      is_micro: currency.is_micro,
      micro_numbers: numbers
        .filter((row) => row.currency_id === currency.id)
        .map((row) => ({ id: row.id, currency_id: row.currency_id, number: plain(row.number) })),
      insurance_types: types
        .filter((type) => type.currency_id === currency.id)
        .map((type) => typeView(type, currency.name)),
      user_wallet: {
        currency: currency.id,
        micro_balance: micro.toFixed(8),
        lock_micro_balance: new Money(wallet?.lock_micro_balance.toFixed() ?? '0').toFixed(8),
        insurance_balance: insurance.toFixed(8),
        micro_with_insurance: micro.plus(insurance).toFixed(8),
      },
      user_insurance: position
        ? {
            id: position.id,
            insurance_type_id: position.insurance_type_id,
            status: position.status,
            insured_amount: plain(position.insured_amount),
            insurance_balance: plain(position.balance),
          }
        : null,
    };
  });
}
