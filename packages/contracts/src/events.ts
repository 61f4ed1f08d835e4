import { z } from 'zod';
import { leverClosedPushSchema, leverTradePushSchema } from './lever';
import {
  dayMarketPushSchema,
  depthPushSchema,
  klinePushSchema,
  tradePushSchema,
  transactionPushSchema,
} from './market';
import { microClosedPushSchema } from './micro';
import { spotOrderPushSchema } from './spot';

/** `p2p_order`: a step of one of the user's P2P orders happened (the screen refetches the order). */
export const p2pOrderPushSchema = z.object({
  id: z.number(),
  kind: z.string(),
  is_sure: z.number(),
  appeal_state: z.number(),
  action: z.string(),
});

/** `acceptor_deal`: a step of one of the user's acceptor deals happened. */
export const acceptorDealPushSchema = z.object({
  id: z.number(),
  type: z.string(),
  is_sure: z.number(),
  transferred: z.union([z.literal(0), z.literal(1)]),
  action: z.string(),
});

/**
 * `chain_deposit`: one of the user's on-chain deposits was seen (counting confirmations), credited to their
 * spot account, or dropped (its block was replaced before crediting). The deposit screen refetches.
 */
export const chainDepositPushSchema = z.object({
  id: z.number(),
  currency: z.number(),
  currency_name: z.string(),
  amount: z.string(),
  txid: z.string(),
  change: z.enum(['seen', 'credited', 'dropped']),
});

/**
 * Every socket push, by event name: the one table the workers' emitter, the API's socket.io server and the
 * web client's subscriptions are typed from, so an event's name and payload cannot drift apart.
 */
export const pushSchemas = {
  daymarket: dayMarketPushSchema,
  transaction: transactionPushSchema,
  market_depth: depthPushSchema,
  match_trade: tradePushSchema,
  kline: klinePushSchema,
  spot_order: spotOrderPushSchema,
  lever_trade: leverTradePushSchema,
  lever_closed: leverClosedPushSchema,
  micro_closed: microClosedPushSchema,
  p2p_order: p2pOrderPushSchema,
  acceptor_deal: acceptorDealPushSchema,
  chain_deposit: chainDepositPushSchema,
} as const;

export type PushEvent = keyof typeof pushSchemas;
export type PushPayload<Event extends PushEvent> = z.infer<(typeof pushSchemas)[Event]>;

/** The server-to-client events as socket.io's typed event map. */
export type PushEvents = { [Event in PushEvent]: (payload: PushPayload<Event>) => void };

/** `login`: the client proves its token so the server joins it to the user's room. */
export interface SocketLogin {
  user_id: unknown;
  token: string;
}

/** The client-to-server events as socket.io's typed event map; the answer says whether the room was joined. */
export interface ClientEvents {
  login: (payload: SocketLogin, ack?: (answer: { type: 'ok' | '999' | 'error' }) => void) => void;
}
