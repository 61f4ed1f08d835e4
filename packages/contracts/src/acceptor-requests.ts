import { z } from 'zod';
import { form, optionalText, pageField } from './fields';
import { idWithPassword } from './p2p-requests';
import type { RequestOf } from './fields';

/**
 * The acceptor calls' requests. Every call is tied to the signed-in user; an `address` (the original's) is
 * accepted and ignored.
 */

/** `POST /api/acceptor/deal`, fields in the order the form checks them (document 2 section 5). */
export const acceptorDealRequestSchema = form({
  mobile: optionalText(32),
  deal_account: optionalText(100),
  money: optionalText(64),
  way: optionalText(16),
  acceptor_id: optionalText(64),
  type: optionalText(8),
  address: optionalText(128),
  /** A withdrawal takes the user's coins at once: it needs the trade password. */
  password: optionalText(64),
});
export type AcceptorDealRequest = RequestOf<typeof acceptorDealRequestSchema>;

/** confirm, reject, transferred, deal_confirm: one deal, with the trade password. */
export const acceptorActionRequestSchema = idWithPassword('acceptor_deal_not_found');
export type AcceptorActionRequest = RequestOf<typeof acceptorActionRequestSchema>;

/** `GET /api/acceptor/info`. */
export const acceptorInfoQuerySchema = z.object({ id: optionalText(64), address: optionalText(128) });
export type AcceptorInfoQuery = RequestOf<typeof acceptorInfoQuerySchema>;

/** `GET /api/acceptor/my_deal` and `/orders`: `type` buy or sell (my_deal also takes it as `way`). */
export const acceptorDealListQuerySchema = z.object({
  type: optionalText(8),
  way: optionalText(16),
  page: pageField,
  address: optionalText(128),
});
export type AcceptorDealListQuery = RequestOf<typeof acceptorDealListQuerySchema>;
