import { z } from 'zod';
import { form, int4Id, optionalText, pageField } from './fields';
import type { RequestOf } from './fields';

/**
 * The requests of the two P2P markets (paths in `constants.ts` P2P_PATHS). Fields are optional text: the use
 * cases check them in the order the forms prompt, each with its own sentence.
 */

/** `send`: publishes an ad; `min_number`/`max_number` only for shop ads. */
export const p2pPublishRequestSchema = form({
  type: optionalText(8),
  way: optionalText(16),
  price: optionalText(64),
  total_number: optionalText(64),
  min_number: optionalText(64),
  max_number: optionalText(64),
  currency_id: optionalText(64),
  coin_code: optionalText(8),
  password: optionalText(64),
});
export type P2pPublishRequest = RequestOf<typeof p2pPublishRequestSchema>;

/** `take`: a whole c2c ad, or part of a shop ad (`means` number: `value` in coins, money: in fiat). */
export const p2pTakeRequestSchema = form({
  id: int4Id('p2p_ad_not_found'),
  password: optionalText(64),
  means: optionalText(8),
  value: optionalText(64),
  number: optionalText(64),
});
export type P2pTakeRequest = RequestOf<typeof p2pTakeRequestSchema>;

/** A record of the caller's named by id, with the trade password; `notFound` answers an id naming none. */
export const idWithPassword = (notFound: string) =>
  form({ id: int4Id(notFound), password: optionalText(64) });

/** An order's `actions` (pay, cancel, confirm). */
export const p2pOrderActionRequestSchema = idWithPassword('p2p_order_not_found');
export type P2pOrderActionRequest = RequestOf<typeof p2pOrderActionRequestSchema>;

/** `withdraw` (with the trade password) and `/api/down` (shelves): one of the caller's ads. */
export const p2pAdActionRequestSchema = idWithPassword('p2p_ad_not_found');
export type P2pAdActionRequest = RequestOf<typeof p2pAdActionRequestSchema>;

/** `appeal`: a party of a paid order asks an operator to decide. */
export const p2pAppealRequestSchema = form({ id: int4Id('p2p_order_not_found'), reason: optionalText(500) });
export type P2pAppealRequest = RequestOf<typeof p2pAppealRequestSchema>;

/** `appealMessage`: longer than a statement may be, so that the use case answers its own "at most 500". */
export const p2pAppealMessageRequestSchema = form({
  id: int4Id('p2p_order_not_found'),
  message: optionalText(4000),
});
export type P2pAppealMessageRequest = RequestOf<typeof p2pAppealMessageRequestSchema>;

/** The lists: market, my ads, my orders, the seller record. */
export const p2pListQuerySchema = z.object({
  type: optionalText(8),
  page: pageField,
  currency_id: optionalText(64),
});
export type P2pListQuery = RequestOf<typeof p2pListQuerySchema>;

/** One record (an order, an ad's orders) named by id. */
export const p2pIdQuerySchema = z.object({ id: optionalText(64), page: pageField });
export type P2pIdQuery = RequestOf<typeof p2pIdQuerySchema>;
