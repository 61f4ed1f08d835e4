import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope';
import { marketNames } from './market';

/** A spot order as `GET /api/coin/list` and the order answers show it. */
export const spotOrderRowSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  /** 1 buy, 2 sell. */
  type: z.number().int(),
  kind: z.enum(['limit', 'market']),
  /** 1 current, 2 history. */
  status: z.number().int(),
  state: z.enum(['new', 'open', 'filled', 'cancelled', 'expired', 'rejected']),
  target_price: z.string(),
  trade_amount: z.string(),
  filled: z.string(),
  trade_price: z.string(),
  fee: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SpotOrderRow = z.infer<typeof spotOrderRowSchema>;

/**
 * `GET /api/coin/list`: the page of orders as the contract's `message`, and beside it `total`, how many orders
 * match the filter in all, so a client stops offering "more" once it holds them all.
 */
export const spotOrderListAnswerSchema = z.union([
  z.object({ type: z.literal('ok'), message: z.array(spotOrderRowSchema), total: z.number().int() }),
  errorEnvelopeSchema,
]);
export type SpotOrderListAnswer = z.infer<typeof spotOrderListAnswerSchema>;

/** `spot_order`: the matcher's verdict on one of the user's orders, to that user's sockets only. */
export const spotOrderPushSchema = z.object({
  ...marketNames,
  id: z.string(),
  state: z.string(),
  filled: z.string(),
});
export type SpotOrderPush = z.infer<typeof spotOrderPushSchema>;
