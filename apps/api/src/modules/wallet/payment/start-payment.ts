import type { paymentDepositRequestSchema } from '@exchange/contracts';
import type { z } from 'zod';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { PAYOUT_BANKS } from '../../payment-account';
import { openWalletAmount } from '../wallet-open';
import type { PaymentProvider } from './provider';

/** The most one payment order may carry when the currency sets no maximum. */
const PAYMENT_MAX_PER_ORDER = new Money(1_000_000);

/**
 * A deposit through the payment channel: the order is recorded as pending and the user is sent to the
 * provider's page (its address is the answer). Closed while no provider is configured.
 */
export async function startPayment(
  deps: { prisma: Db; provider: PaymentProvider | undefined },
  userId: number,
  form: z.output<typeof paymentDepositRequestSchema>,
): Promise<string> {
  const { currency, amount } = await openWalletAmount(deps.prisma, form.currency, form.amount);
  const min = new Money(currency.min_number.toFixed());
  const max = currency.max_number.gt(0) ? new Money(currency.max_number.toFixed()) : PAYMENT_MAX_PER_ORDER;
  if (amount.lt(min) || amount.gt(max))
    throw new AppError('payment_amount_out_of_range', { min: toAmountString(min), max: toAmountString(max) });
  const payType = Number(form.pay_type);
  if (payType !== 1 && payType !== 2) throw new AppError('pay_type_invalid');
  const bankCode = form.bank_code || 'BCA';
  if (!PAYOUT_BANKS.some((bank) => bank.code === bankCode)) throw new AppError('bank_unknown');
  if (!deps.provider) throw new AppError('wallet_closed');
  const order = await deps.prisma.paymentOrder.create({
    data: {
      user_id: userId,
      currency_id: currency.id,
      amount: amount.toFixed(),
      pay_type: payType,
      bank_code: bankCode,
      provider: deps.provider.name,
    },
  });
  return deps.provider.checkoutUrl({ id: order.id, amount: toAmountString(amount) });
}
