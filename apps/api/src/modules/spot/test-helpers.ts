import { Money } from '@exchange/kernel/ledger';
import type { Pair } from './pairs';
import type pg from 'pg';
import { createPool, type Db } from '@exchange/kernel/db';
import { Market } from './live-market';
import { OrderIds } from './order-ids';
import { ticketOf, type PlacementRequest } from './placements';
import type { SpotCommand } from './queue';
import { settleBatch } from './settle-batch';

/** A good-till-cancelled limit order as the API hands it to the matcher, for tests below the HTTP layer. */
export const limitRequest = (
  pair: Pair,
  userId: number,
  side: 1 | 2,
  price: string,
  amount: string,
): PlacementRequest => ({
  userId,
  pair,
  side,
  kind: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  price: new Money(price),
  amount: new Money(amount),
});

/** The place commands the API would send for these requests, under ids drawn from the orders' sequence. */
export async function placeCommands(pool: pg.Pool, requests: PlacementRequest[]): Promise<SpotCommand[]> {
  const ids = new OrderIds(pool, Math.max(2, requests.length * 2));
  const commands: SpotCommand[] = [];
  for (const request of requests) commands.push(placeCommandOf(request, await ids.next()));
  return commands;
}

/** The place command for a request under a given id (a command sent again, as after a crash). */
export function placeCommandOf(request: PlacementRequest, id: string): SpotCommand {
  return { command: 'place', orderId: id, ticket: ticketOf(request, id) };
}

/**
 * A pool on which, once, right after the first statement whose text contains `marker` has answered, `race`
 * runs to its end before the batch goes on: another writer acting between a batch's read and its writes.
 */
export function racingPool(databaseUrl: string, marker: string, race: () => Promise<unknown>): pg.Pool {
  const pool = createPool(databaseUrl, 2);
  let raced = false;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
      const answer = await query(...args);
      // Statements go out as `{ text, values }` objects (see db/sql.ts), BEGIN and COMMIT as strings.
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
      if (!raced && text.includes(marker)) {
        raced = true;
        await race();
      }
      return answer;
    };
  });
  return pool;
}

let traders = 0;
/**
 * A user who holds balances and has no session, for tests that call the matcher's batch directly: it never asks
 * for more, and signing in hashes passwords, which would cost most of a run of those tests.
 */
export async function createTrader(prisma: Db): Promise<{ id: number; account: string }> {
  traders += 1;
  const account = `trader${traders}@spot.test`;
  const user = await prisma.user.create({
    data: {
      account_number: account,
      email: account,
      extension_code: `ST${traders}`,
      authorization_code: `spot-trader-${traders}`,
      password_hash: 'no sign-in',
    },
  });
  return { id: user.id, account };
}

/** The market as the matcher rebuilds it, the open orders earlier tests left cancelled: a book of the test's own. */
export async function marketOfItsOwn(prisma: Db, pool: pg.Pool, pair: Pair): Promise<Market> {
  const market = new Market(pair);
  await market.rebuild(prisma);
  const open = [...market.resting.values()];
  if (open.length > 0)
    await settleBatch(
      pool,
      market,
      open.map((order) => ({ command: 'cancel' as const, orderId: order.id, ownerId: order.userId })),
    );
  return market;
}
