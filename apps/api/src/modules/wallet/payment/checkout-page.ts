import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { toAmountString } from '@exchange/kernel/ledger';
import { SANDBOX_NOTIFY_PATH, type SandboxProvider } from './sandbox';
import { PAYMENT_STATUS } from './settle-payment';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STATUS_TEXT: Record<number, string> = {
  [PAYMENT_STATUS.pending]: 'awaiting payment',
  [PAYMENT_STATUS.paid]: 'paid',
};

/** The sandbox's checkout page of an order: its amount and status, and while pending, pay and cancel buttons. */
export async function sandboxCheckoutPage(
  prisma: Db,
  sandbox: SandboxProvider,
  orderId: number,
  signature: string,
): Promise<string> {
  const order = await prisma.paymentOrder.findUnique({ where: { id: orderId }, include: { currency: true } });
  if (!order || !sandbox.checkoutSignatureValid(order.id, signature)) throw new AppError('payment_not_found');
  const amount = toAmountString(order.amount.toFixed());
  const button = (paid: boolean, label: string) => {
    const fields = sandbox.signedNotification({ id: order.id, amount }, paid);
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('');
    return `<form method="post" action="${SANDBOX_NOTIFY_PATH}">${inputs}<button>${label}</button></form>`;
  };
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>Sandbox payment</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"></head><body style="font-family:system-ui;background:#0b0e11;color:#eaecef;padding:40px">` +
    `<h1>Sandbox payment #${order.id}</h1><p>Amount: <strong>${escapeHtml(amount)} ${escapeHtml(order.currency.name)}</strong></p><p>Status: ${STATUS_TEXT[order.status] ?? 'failed'}</p>` +
    (order.status === PAYMENT_STATUS.pending
      ? `${button(true, 'Pay now')}${button(false, 'Cancel payment')}`
      : '') +
    `<p><a style="color:#f0b90b" href="/#/dealFinance">Back to the exchange</a></p></body></html>`
  );
}
