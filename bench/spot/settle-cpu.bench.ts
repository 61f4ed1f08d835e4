import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { mulberry32, randomInt } from '@exchange/engine/prng';
import { Money, parseScaled } from '@exchange/kernel/ledger';
import {
  BatchFunds,
  BatchState,
  Market,
  settleBatch,
  ticketOrder,
  type Pair,
  type SpotCommand,
} from '@exchange/api/modules/spot';
import { DecimalBatch, DecimalMarket } from '../../test/decimal-spot-batch';

/**
 * The matcher's CPU per order with Postgres taken out: `settleBatch` (funds checks and locks, the engine's
 * matching, fills, fees, netted balance movements, candles, and every statement parameter encoded as the
 * driver encodes it) run against a stand-in connection that answers at once: balances as plenty for anyone,
 * no order written yet, nothing else. The figure is what the matcher spends per order before Postgres does
 * anything, the part the profile found to be mostly decimal arithmetic and parameter encoding.
 * Workload: batches of BATCH_SIZE placements from USERS users on one pair, half buys and half sells at limit
 * prices around a mid price (most cross a few resting orders), one in ten a market order. The figure is the
 * process's CPU time (not wall time: on a busy machine the wait for a core would count), median of ROUNDS
 * rounds after a warm-up round.
 * Then the batch's arithmetic alone, in memory, integer against decimal: the same orders placed through the
 * matcher's `BatchState` (scaled bigints) and through the decimal reference (test/decimal-spot-batch.ts, the
 * arithmetic as it was written with decimal.js), each with its own engine book, their netted movements taken
 * at the end of each batch; rounds alternate between the two so both see the same machine.
 * Run: `npx tsx bench/spot/settle-cpu.bench.ts` (prints µs per order).
 */
const BATCH_SIZE = 100;
const BATCHES_PER_ROUND = 100;
const ROUNDS = 7;
const USERS = 256;
const MID_PRICE = 60_000;

type OrderTicket = Extract<SpotCommand, { command: 'place' }>['ticket'];

/** pg's own encoder of statement parameters: what the driver runs on every value before it is sent. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/** BTC/USDT as seeded: prices to 2 places, amounts to 4, USDT to 6 places and BTC to 8, fees 0.1 % / 0.2 %. */
function benchPair(): Pair {
  return {
    id: 1,
    legal_id: 1,
    currency_id: 2,
    price_decimals: 2,
    amount_decimals: 4,
    maker_fee: new Money('0.001'),
    taker_fee: new Money('0.002'),
    legal: { id: 1, name: 'USDT', decimal_scale: 6 },
    currency: { id: 2, name: 'BTC', decimal_scale: 8 },
  } as unknown as Pair;
}

/** A connection that answers every statement at once, after encoding its parameters like the driver. */
function answeringPool(): pg.Pool {
  const client = {
    query(config: string | pg.QueryConfig) {
      if (typeof config === 'string') return Promise.resolve({ command: config, rows: [], rowCount: 0 });
      const values = (config.values ?? []).map((value: unknown) => prepareValue(value));
      if (config.text.includes('AS available')) {
        const [userIds, currencyIds] = config.values as [number[], number[]];
        const rows = userIds.map((userId, index) => ({
          user_id: userId,
          currency_id: currencyIds[index],
          available: '1000000000',
        }));
        return Promise.resolve({ command: 'SELECT', rows, rowCount: rows.length, values });
      }
      return Promise.resolve({ command: 'SELECT', rows: [], rowCount: 0, values });
    },
    release() {},
  };
  return { connect: () => Promise.resolve(client) } as unknown as pg.Pool;
}

function placements(random: () => number, nextId: () => number): SpotCommand[] {
  return Array.from({ length: BATCH_SIZE }, () => {
    const id = String(nextId());
    const side = random() < 0.5 ? 1 : 2;
    const isMarket = random() < 0.1;
    const price = (MID_PRICE + randomInt(random, -500, 500) / 100).toFixed(2);
    const amount = (randomInt(random, 1, 5_000) / 10_000).toFixed(4);
    return {
      command: 'place',
      orderId: id,
      ticket: {
        id,
        userId: randomInt(random, 1, USERS),
        matchId: 1,
        side,
        kind: isMarket ? 'market' : 'limit',
        timeInForce: isMarket ? 'IOC' : 'GTC',
        postOnly: false,
        price: isMarket ? null : price,
        amount,
        createdAt: Date.now(),
      },
    };
  });
}

/** The batch arithmetic's CPU per order in memory, scaled integers against decimals, on the same commands. */
function batchArithmetic(random: () => number, nextId: () => number) {
  const pair = benchPair();
  const work = Array.from({ length: BATCHES_PER_ROUND }, () =>
    placements(random, nextId).flatMap((command) => (command.command === 'place' ? [command.ticket] : [])),
  );
  // As the matcher reads them: both balances of each owner of the batch's orders, plenty of each.
  const fundsOf = <T>(tickets: OrderTicket[], amount: (text: string) => T) =>
    new Map(
      [...new Set(tickets.map((ticket) => ticket.userId))].flatMap((userId) => [
        [`${userId}:${pair.legal_id}`, amount('1000000000')],
        [`${userId}:${pair.currency_id}`, amount('1000000000')],
      ]),
    );
  const timed = (run: () => void) => {
    const started = process.cpuUsage();
    run();
    const { user, system } = process.cpuUsage(started);
    return (user + system) / (BATCHES_PER_ROUND * BATCH_SIZE);
  };
  const integer = timed(() => {
    const market = new Market(pair);
    for (const tickets of work) {
      const batch = new BatchState(market, new BatchFunds(fundsOf(tickets, parseScaled)));
      for (const ticket of tickets) {
        batch.place(ticketOrder(ticket));
      }
      batch.funds.movements();
      market.lastPrice = batch.trades.at(-1)?.price ?? market.lastPrice;
    }
  });
  const decimal = timed(() => {
    const market = new DecimalMarket(pair);
    for (const tickets of work) {
      const batch = new DecimalBatch(
        market,
        fundsOf(tickets, (text) => new Money(text)),
      );
      for (const ticket of tickets) {
        const zero = new Money(0);
        batch.place({
          ...ticket,
          price: ticket.price === null ? null : new Money(ticket.price),
          amount: new Money(ticket.amount),
          filled: zero,
          quoteFilled: zero,
          locked: zero,
          fee: zero,
          state: 'new',
        });
      }
      batch.movements();
      const last = batch.trades.at(-1);
      if (last) market.lastPrice = new Money(last.texts[0] ?? '');
    }
  });
  return { integer, decimal };
}

export async function benchSettleCpu(): Promise<Record<string, number>> {
  const pool = answeringPool();
  const random = mulberry32(7);
  let id = 0;
  const nextId = () => (id += 1);
  const round = async (batches: number) => {
    const market = new Market(benchPair());
    const work = Array.from({ length: batches }, () => placements(random, nextId));
    let trades = 0;
    const started = process.cpuUsage();
    for (const commands of work) trades += (await settleBatch(pool, market, commands)).trades.length;
    const { user, system } = process.cpuUsage(started);
    return { microseconds: (user + system) / (batches * BATCH_SIZE), trades };
  };
  await round(BATCHES_PER_ROUND);
  const rounds = [];
  for (let index = 0; index < ROUNDS; index += 1) rounds.push(await round(BATCHES_PER_ROUND));
  const sorted = rounds.map((each) => each.microseconds).sort((a, b) => a - b);
  batchArithmetic(random, nextId);
  const arithmetic = Array.from({ length: ROUNDS }, () => batchArithmetic(random, nextId));
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const integer = median(arithmetic.map((each) => each.integer));
  const decimal = median(arithmetic.map((each) => each.decimal));
  return {
    'spot settle CPU per order, Postgres stood in (µs CPU, median)': Number(
      sorted[Math.floor(ROUNDS / 2)]?.toFixed(1),
    ),
    'spot settle CPU per order, best round (µs CPU)': Number(sorted[0]?.toFixed(1)),
    'spot settle trades per order': Number(
      ((rounds[0]?.trades ?? 0) / (BATCHES_PER_ROUND * BATCH_SIZE)).toFixed(2),
    ),
    'spot batch arithmetic in memory, scaled integers (µs CPU per order, median)': Number(integer.toFixed(1)),
    'spot batch arithmetic in memory, decimals (µs CPU per order, median)': Number(decimal.toFixed(1)),
    'load average (1 min) while measured': Number(loadavg()[0]?.toFixed(2)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchSettleCpu();
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(60)} ${value}`);
}
