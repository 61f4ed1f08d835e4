import { z } from 'zod';
import { answerSchema, errorEnvelopeSchema } from './envelope';
import { marketNames } from './market';

// The area's request schemas live beside its answers' (the package's index lists the area's files once).
export * from './spot-requests';

/** A spot order as `GET /api/coin/list` and the order answers show it. */
export const spotOrderRowSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  /** 1 buy, 2 sell. */
  type: z.number().int(),
  kind: z.enum(['limit', 'market']),
  /** 1 current, 2 history. */
  status: z.number().int(),
  state: z.enum(['open', 'filled', 'cancelled', 'expired', 'rejected']),
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

/** The order an answer of `POST /api/coin/trade` names: its id, the matcher's state so far and the amount filled. */
export const placedOrderSchema = z.object({ id: z.string(), state: z.string(), filled: z.string() });
export type PlacedOrder = z.infer<typeof placedOrderSchema>;

/**
 * `POST /api/coin/trade`: what became of the order within the wait, in the caller's language. A refusal by the
 * matcher names the order too (it is stored as rejected, and the history shows it); a refusal before the order
 * was stored is the plain error envelope.
 */
export const placeOrderAnswerSchema = z.union([
  z.object({ type: z.enum(['ok', 'error']), message: z.string(), order: placedOrderSchema }),
  errorEnvelopeSchema,
]);
export type PlaceOrderAnswer = z.infer<typeof placeOrderAnswerSchema>;

/** `POST /api/currency/optional`: the toggled pair's new state, `added` 1 when it became a favourite. */
export const favoriteToggleAnswerSchema = z.union([
  z.object({ type: z.literal('ok'), message: z.string(), added: z.union([z.literal(0), z.literal(1)]) }),
  errorEnvelopeSchema,
]);

/** `GET /api/currency/optional`: the caller's favourite pairs by id, oldest first. */
export const favoritePairsAnswerSchema = answerSchema(z.array(z.number().int()));
