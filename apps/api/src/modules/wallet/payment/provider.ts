/** A third-party payment channel: where the user pays, and how its notifications are proven genuine. */
export interface PaymentNotification {
  orderId: number;
  amount: string;
  paid: boolean;
}

export interface PaymentProvider {
  name: string;
  /** The page the user is sent to, to pay this order. */
  checkoutUrl(order: { id: number; amount: string }): string;
  /** The notification in these fields, when its signature is genuine; otherwise null. */
  verify(fields: Record<string, string>): PaymentNotification | null;
}
