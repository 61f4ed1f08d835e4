import { z } from 'zod';
import { decimal } from './primitives';

const quotaFields = {
  id: z.number().int(),
  name: z.string(),
  /** Deposits: the quota left and the rate (fiat per coin). */
  recharge_amount: decimal,
  recharge_rate: decimal,
  /** Withdrawals: the quota left and the rate. */
  cash_amount: decimal,
  cash_rate: decimal,
};

/** A row of `GET /api/acceptor/list`. */
export const acceptorSchema = z.object({ ...quotaFields, user_id: z.number().int() });
export type Acceptor = z.infer<typeof acceptorSchema>;

/** `GET /api/acceptor/info`: where to pay the acceptor, and the caller's balance of its currency. */
export const acceptorInfoSchema = z.object({
  ...quotaFields,
  currency_id: z.number().int(),
  currency_name: z.string(),
  user_balance: decimal,
  wechat_nickname: z.string(),
  wechat_account: z.string(),
  ali_nickname: z.string(),
  ali_account: z.string(),
  bank_name: z.string(),
  bank_account: z.string(),
  bank_address: z.string(),
});
export type AcceptorInfo = z.infer<typeof acceptorInfoSchema>;

/** A deal, as the user's records and the acceptor's desk list them. */
export const acceptorDealSchema = z.object({
  id: z.number().int(),
  /** `buy` a deposit (fiat in, crypto credited), `sell` a withdrawal. */
  type: z.enum(['buy', 'sell']),
  acceptor_id: z.number().int(),
  acceptor_name: z.string(),
  /** The acceptor's account for the deal's way: what the user pays to. */
  hes_account: z.string(),
  deal_account: z.string(),
  mobile: z.string(),
  way: z.string(),
  way_name: z.string(),
  money: decimal,
  rate: decimal,
  number: decimal,
  /** 0 waiting, 1 confirmed, 2 rejected. */
  is_sure: z.number().int(),
  /** 1 once the payer said the money was sent. */
  transferred: z.union([z.literal(0), z.literal(1)]),
  /** When a deposit confirms itself (empty when it does not). */
  auto_confirm_time: z.string(),
  create_time: z.string(),
  update_time: z.string(),
});
export type AcceptorDeal = z.infer<typeof acceptorDealSchema>;
