import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '@exchange/kernel/db';
import { currentUser } from '../../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import { form, int4Id, optionalText } from '@exchange/contracts';
import { Money, parseAmount, toAmountString } from '@exchange/kernel/ledger';
import { PAYOUT_BANKS } from '../../payment-account';
import { creditDeposit } from '../deposit';
import { findCurrency } from '../currencies';
import { assertWalletOpen } from '../withdrawal-routes';
import type { PaymentNotification } from './provider';
import { createSandboxProvider, SANDBOX_NOTIFY_PATH } from './sandbox';

export const PAYMENT_STATUS = { pending: 0, paid: 1, failed: 2 } as const;

/** The most one payment order may carry when the currency sets no maximum. */
const PAYMENT_MAX_PER_ORDER = new Money(1_000_000);

/**
 * Applies a verified notification exactly once: only a pending order with the same amount moves, so a
 * replayed or tampered notification changes nothing. A paid order is credited as a deposit.
 */
export async function settlePayment(
  prisma: Db,
  notification: PaymentNotification,
): Promise<'settled' | 'ignored'> {
  return prisma.$transaction(async (tx) => {
    const order = await tx.paymentOrder.findUnique({ where: { id: notification.orderId } });
    if (!order || !new Money(order.amount.toFixed()).eq(notification.amount)) return 'ignored';
    const moved = await tx.paymentOrder.updateMany({
      where: { id: order.id, status: PAYMENT_STATUS.pending },
      data: notification.paid
        ? { status: PAYMENT_STATUS.paid, paid_at: new Date() }
        : { status: PAYMENT_STATUS.failed },
    });
    if (moved.count !== 1) return 'ignored';
    if (notification.paid) {
      await creditDeposit(tx, {
        userId: order.user_id,
        currencyId: order.currency_id,
        amount: new Money(order.amount.toFixed()),
        source: 'payment',
        externalId: `${order.provider}-${order.id}`,
      });
    }
    return 'settled';
  });
}

const chargeBody = form({
  amount: optionalText(64),
  pay_type: optionalText(4),
  currency: optionalText(16),
  recharge: optionalText(4),
  bank_code: optionalText(16),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function paymentRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const sandbox = createSandboxProvider(app.config.APP_SECRET);

  typed.post(
    '/api/wallet/charge_req_pay',
    { schema: { body: chargeBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      await assertWalletOpen(app.prisma);
      const currency = await findCurrency(app.prisma, request.body.currency);
      const amount = parseAmount(request.body.amount, currency.decimal_scale);
      const min = new Money(currency.min_number.toFixed());
      const max = currency.max_number.gt(0)
        ? new Money(currency.max_number.toFixed())
        : PAYMENT_MAX_PER_ORDER;
      if (amount.lt(min) || amount.gt(max)) {
        throw new AppError('payment_amount_out_of_range', {
          min: toAmountString(min),
          max: toAmountString(max),
        });
      }
      const payType = Number(request.body.pay_type);
      if (payType !== 1 && payType !== 2) throw new AppError('pay_type_invalid');
      const bankCode = request.body.bank_code || 'BCA';
      if (!PAYOUT_BANKS.some((bank) => bank.code === bankCode)) throw new AppError('bank_unknown');
      if (!app.config.PAYMENT_SANDBOX) throw new AppError('wallet_closed');
      const order = await app.prisma.paymentOrder.create({
        data: {
          user_id: user.id,
          currency_id: currency.id,
          amount: amount.toFixed(),
          pay_type: payType,
          bank_code: bankCode,
          provider: sandbox.name,
        },
      });
      return { type: 'ok', message: sandbox.checkoutUrl({ id: order.id, amount: toAmountString(amount) }) };
    },
  );

  if (!app.config.PAYMENT_SANDBOX) return;

  typed.get(
    '/api/pay/sandbox/:id',
    {
      schema: {
        params: z.object({ id: int4Id('payment_not_found') }),
        querystring: z.object({ sig: optionalText(64) }),
      },
    },
    async (request, reply) => {
      const order = await app.prisma.paymentOrder.findUnique({
        where: { id: request.params.id },
        include: { currency: true },
      });
      if (!order || !sandbox.checkoutSignatureValid(order.id, request.query.sig))
        throw new AppError('payment_not_found');
      const amount = toAmountString(order.amount.toFixed());
      const button = (paid: boolean, label: string) => {
        const fields = sandbox.signedNotification({ id: order.id, amount }, paid);
        const inputs = Object.entries(fields)
          .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
          .join('');
        return `<form method="post" action="${SANDBOX_NOTIFY_PATH}">${inputs}<button>${label}</button></form>`;
      };
      const status =
        order.status === PAYMENT_STATUS.pending
          ? 'awaiting payment'
          : order.status === PAYMENT_STATUS.paid
            ? 'paid'
            : 'failed';
      return reply
        .type('text/html')
        .send(
          `<!doctype html><html><head><meta charset="utf-8"><title>Sandbox payment</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"></head><body style="font-family:system-ui;background:#0b0e11;color:#eaecef;padding:40px">` +
            `<h1>Sandbox payment #${order.id}</h1><p>Amount: <strong>${escapeHtml(amount)} ${escapeHtml(order.currency.name)}</strong></p><p>Status: ${status}</p>` +
            (order.status === PAYMENT_STATUS.pending
              ? `${button(true, 'Pay now')}${button(false, 'Cancel payment')}`
              : '') +
            `<p><a style="color:#f0b90b" href="/#/dealFinance">Back to the exchange</a></p></body></html>`,
        );
    },
  );

  typed.post(
    SANDBOX_NOTIFY_PATH,
    { schema: { body: z.record(z.string(), z.string()) } },
    async (request, reply) => {
      const notification = sandbox.verify(request.body);
      if (!notification) return reply.status(400).type('text/plain').send('invalid signature');
      const outcome = await settlePayment(app.prisma, notification);
      return reply.type('text/plain').send(outcome === 'settled' ? 'success' : 'already processed');
    },
  );
}
