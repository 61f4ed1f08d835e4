import type pg from 'pg';
import { AppError } from '@exchange/kernel/errors';
import { formatScaled, parseScaled, type Money } from '@exchange/kernel/ledger';
import { orderStages } from '@exchange/kernel/stage-times';
import { OrderIds } from './order-ids';
import type { Pair } from './pairs';
import type { OrderResult, OrderResults, OrderTicket, SpotCommands } from './queue';

/** An order that passed every check a request can fail on its own, ready for the matcher. */
export interface PlacementRequest {
  userId: number;
  pair: Pair;
  side: 1 | 2;
  kind: 'limit' | 'market';
  timeInForce: 'GTC' | 'IOC' | 'FOK';
  postOnly: boolean;
  price?: Money;
  amount: Money;
}

/** What the API knows of an order it sent: its id, market, owner and creation time. */
export interface SentOrder {
  id: bigint;
  match_id: number;
  user_id: number;
  created_at: Date;
}

export interface Placement {
  order: SentOrder;
  /**
   * What became of the order: the matcher's verdict, or (when none came within the wait) the outcome settled in
   * Postgres (see `settleUnanswered`). Undefined only when nobody waits (`waitMs` 0).
   */
  verdict: Promise<OrderResult | undefined>;
}

/** Why an order the matcher did not book in time is refused: it was never placed, and nothing was taken. */
export const NOT_PLACED = 'not_placed';

/**
 * Sends placements to the matcher. The API writes nothing of an order: it draws the order's id, appends the
 * whole order to its market's stream and waits for the verdict; the matcher writes the order once, in its
 * final state, in the transaction of the batch that booked it. An order is therefore acknowledged only after
 * that commit. When no verdict comes within the wait (the command was lost with Redis, the matcher is down or
 * far behind), the request settles the order's fate in Postgres by its id: it writes the order as refused
 * (`not_placed`) unless the matcher wrote it first. The id is the arbiter: whichever row is inserted first
 * stands, and a matcher that reaches the command later finds the refusal and skips it (or fails on the key
 * and skips it when its batch is retried). Either way the answer is final and true.
 */
export class Placements {
  private readonly ids: OrderIds;

  constructor(
    private readonly deps: {
      pool: pg.Pool;
      commands: SpotCommands;
      /** Where the matcher's verdicts arrive; without it nobody waits for them. */
      results?: OrderResults;
    },
  ) {
    this.ids = new OrderIds(deps.pool);
  }

  /** Sends the order to the matcher and (for `waitMs`) watches for its verdict. */
  async place(request: PlacementRequest, waitMs = 0): Promise<Placement> {
    const arrivedAt = performance.now();
    const ticket = ticketOf(request, await this.ids.next());
    const results = waitMs > 0 ? this.deps.results : undefined;
    // Watch before sending, so a verdict faster than the append's answer is not missed.
    const watched = results?.watch(ticket.id, waitMs);
    try {
      await this.deps.commands.send(ticket.matchId, { command: 'place', orderId: ticket.id, ticket });
    } catch {
      results?.release([ticket.id]);
      return this.settleUnsent(ticket);
    }
    orderStages.record('append', performance.now() - arrivedAt);
    const verdict = watched?.then((result) => result ?? settleUnanswered(this.deps.pool, ticket));
    return { order: sentOrderOf(ticket), verdict: verdict ?? Promise.resolve(undefined) };
  }

  /**
   * A failed append is not proof that the command is not in the stream: Redis may have stored it and only its
   * answer been lost. So the order's fate is settled by its id as for an unanswered order, and a matcher that
   * reads the command later finds the refusal and books nothing.
   */
  private async settleUnsent(ticket: OrderTicket): Promise<Placement> {
    const settled = await settleUnanswered(this.deps.pool, ticket);
    if (settled.rejectReason === NOT_PLACED) throw new AppError('order_not_placed');
    return { order: sentOrderOf(ticket), verdict: Promise.resolve(settled) };
  }
}

function sentOrderOf(ticket: OrderTicket): SentOrder {
  return {
    id: BigInt(ticket.id),
    match_id: ticket.matchId,
    user_id: ticket.userId,
    created_at: new Date(ticket.createdAt),
  };
}

/** The order as the matcher receives it, under the id drawn for it, created now. */
export function ticketOf(request: PlacementRequest, id: string): OrderTicket {
  return {
    id,
    userId: request.userId,
    matchId: request.pair.id,
    side: request.side,
    kind: request.kind,
    timeInForce: request.timeInForce,
    postOnly: request.postOnly,
    price: request.price?.toFixed() ?? null,
    amount: request.amount.toFixed(),
    createdAt: Date.now(),
  };
}

/**
 * The outcome of an order the matcher did not answer in time: written as refused (`not_placed`) if the matcher
 * has not written it, otherwise what the matcher wrote.
 */
export async function settleUnanswered(pool: pg.Pool, ticket: OrderTicket): Promise<OrderResult> {
  const refused = await pool.query(
    `INSERT INTO spot_orders (id, user_id, match_id, side, kind, time_in_force, post_only, price, amount, state,
       reject_reason, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'rejected', $10, to_timestamp($11::double precision / 1000))
     ON CONFLICT (id) DO NOTHING`,
    [
      ticket.id,
      ticket.userId,
      ticket.matchId,
      ticket.side,
      ticket.kind,
      ticket.timeInForce,
      ticket.postOnly,
      ticket.price,
      ticket.amount,
      NOT_PLACED,
      ticket.createdAt,
    ],
  );
  const verdict = { orderId: ticket.id, userId: ticket.userId, matchId: ticket.matchId };
  if (refused.rowCount === 1) return { ...verdict, state: 'rejected', filled: '0', rejectReason: NOT_PLACED };
  const { rows } = await pool.query<{ state: string; filled: string; reject_reason: string }>(
    'SELECT state, filled::text, reject_reason FROM spot_orders WHERE id = $1',
    [ticket.id],
  );
  const [row] = rows;
  if (!row) throw new Error(`order ${ticket.id} neither refused nor found`);
  // Postgres's text of a NUMERIC(36,18) has trailing zeros; answered as the matcher's verdict would be.
  const filled = formatScaled(parseScaled(row.filled));
  return { ...verdict, state: row.state, filled, rejectReason: row.reject_reason };
}
