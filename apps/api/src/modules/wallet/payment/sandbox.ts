import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentNotification, PaymentProvider } from './provider';

/**
 * A built-in payment provider for development and tests. It serves its own checkout page and "calls back"
 * the way real gateways do: with a notification signed by a key only it and the exchange share. Off in
 * production unless PAYMENT_SANDBOX is set, because it credits money nobody paid.
 */
export const SANDBOX_NOTIFY_PATH = '/api/pay/notify/sandbox';
export const sandboxCheckoutPath = (orderId: number) => `/api/pay/sandbox/${orderId}`;

export interface SandboxProvider extends PaymentProvider {
  /** The signed fields the checkout page posts back for a decision on the order. */
  signedNotification(order: { id: number; amount: string }, paid: boolean): Record<string, string>;
  /** Whether a checkout link is the one this provider issued for the order. */
  checkoutSignatureValid(orderId: number, signature: string): boolean;
}

export function createSandboxProvider(appSecret: string): SandboxProvider {
  const key = createHmac('sha256', appSecret).update('payment-sandbox').digest();
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('hex');
  const sameSignature = (given: string, expected: string) =>
    given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

  return {
    name: 'sandbox',
    checkoutUrl: (order) => `${sandboxCheckoutPath(order.id)}?sig=${sign(`checkout:${order.id}`)}`,
    checkoutSignatureValid: (orderId, signature) => sameSignature(signature, sign(`checkout:${orderId}`)),
    signedNotification(order, paid) {
      const fields = {
        order_id: String(order.id),
        amount: order.amount,
        status: paid ? 'paid' : 'failed',
        nonce: randomBytes(8).toString('hex'),
      };
      return {
        ...fields,
        sign: sign(`${fields.order_id}|${fields.amount}|${fields.status}|${fields.nonce}`),
      };
    },
    verify(fields): PaymentNotification | null {
      const { order_id = '', amount = '', status = '', nonce = '', sign: signature = '' } = fields;
      if (
        !/^\d+$/.test(order_id) ||
        !sameSignature(signature, sign(`${order_id}|${amount}|${status}|${nonce}`))
      )
        return null;
      return { orderId: Number(order_id), amount, paid: status === 'paid' };
    },
  };
}
