import { Redis } from 'ioredis';
import { instanceChannel } from '@exchange/kernel/redis';
import { orderStages } from '@exchange/kernel/stage-times';

/**
 * How orders reach the matcher. Every command (a placement carrying the whole order, or a cancel) is appended
 * to its market's Redis stream; the matcher (the stream's one consumer group, so each market has one writer)
 * reads whatever has gathered in one call, writes the orders in their final state in one transaction and
 * acknowledges the entries after its commit. One stream per market keeps a cancel behind the placement it
 * cancels. One pub/sub channel carries what became of the orders of each committed batch.
 */
export const resultsChannel = (redis: Redis, redisPrefix: string) =>
  instanceChannel(redis, redisPrefix, 'spot:results');
export const placementsStream = (redisPrefix: string, matchId: number) =>
  `${redisPrefix}spot:placements:${matchId}`;
export const PLACEMENTS_GROUP = 'matcher';
/**
 * A stream the matcher does not read (it is down) is capped: trimmed commands were never acknowledged, so
 * their requests answer "not placed" (see Placements) and nothing is lost that anyone was told exists.
 */
const PLACEMENTS_STREAM_MAX = 100_000;

/** An order as the API accepted it: everything the matcher needs to book it, nothing read back from Postgres. */
export interface OrderTicket {
  /** Drawn by the API from the orders' sequence (see OrderIds): the id the client is told and can look up. */
  id: string;
  userId: number;
  matchId: number;
  side: 1 | 2;
  kind: 'limit' | 'market';
  timeInForce: 'GTC' | 'IOC' | 'FOK';
  postOnly: boolean;
  /** Decimal strings on the pair's grid (checked by the API); a market order has no price. */
  price: string | null;
  amount: string;
  /** When the API accepted it (ms since the epoch): the order's creation time. */
  createdAt: number;
}

/** One command for the matcher. */
export type SpotCommand =
  | { command: 'place'; orderId: string; ticket: OrderTicket }
  | { command: 'cancel'; orderId: string; ownerId: number };

const KINDS = new Set(['limit', 'market']);
const TIMES_IN_FORCE = new Set(['GTC', 'IOC', 'FOK']);
const DECIMAL = /^\d+(\.\d+)?$/;

/** A command as one line of a stream entry: `p|id|user|market|side|kind|tif|post|price|amount|created` or `c|id|owner`. */
export function encodeCommand(command: SpotCommand): string {
  if (command.command === 'cancel') return `c|${command.orderId}|${command.ownerId}`;
  const t = command.ticket;
  return [
    'p',
    t.id,
    t.userId,
    t.matchId,
    t.side,
    t.kind,
    t.timeInForce,
    t.postOnly ? 1 : 0,
    t.price ?? '',
    t.amount,
    t.createdAt,
  ].join('|');
}

/** The command a line carries, or undefined for a line no API process writes (it is skipped, not guessed). */
export function decodeCommand(line: string): SpotCommand | undefined {
  const parts = line.split('|');
  const isId = (value: string | undefined): value is string =>
    value !== undefined && /^\d{1,18}$/.test(value);
  if (parts[0] === 'c' && parts.length === 3 && isId(parts[1]) && isId(parts[2]))
    return { command: 'cancel', orderId: parts[1], ownerId: Number(parts[2]) };
  const [kind, id, user, market, side, orderKind, tif, post, price, amount, created] = parts;
  if (kind !== 'p' || parts.length !== 11 || !isId(id) || !isId(user) || !isId(market) || !isId(created))
    return undefined;
  if ((side !== '1' && side !== '2') || !KINDS.has(orderKind ?? '') || !TIMES_IN_FORCE.has(tif ?? ''))
    return undefined;
  if (!DECIMAL.test(amount ?? '') || (price !== '' && !DECIMAL.test(price ?? ''))) return undefined;
  if ((orderKind === 'limit') !== (price !== '')) return undefined;
  const ticket: OrderTicket = {
    id,
    userId: Number(user),
    matchId: Number(market),
    side: side === '1' ? 1 : 2,
    kind: orderKind as OrderTicket['kind'],
    timeInForce: tif as OrderTicket['timeInForce'],
    postOnly: post === '1',
    price: price || null,
    amount: amount as string,
    createdAt: Number(created),
  };
  return { command: 'place', orderId: id, ticket };
}

/** The commands of a stream entry: its `c` field, one command a line (lines nobody could write are dropped). */
export function commandsOf(fields: string[]): SpotCommand[] {
  const index = fields.indexOf('c');
  const lines = index >= 0 ? (fields[index + 1] ?? '') : '';
  return lines.split('\n').flatMap((line) => {
    const command = decodeCommand(line);
    return command ? [command] : [];
  });
}

/**
 * Appends commands to their markets' streams. The commands sent during one turn of the event loop go out
 * together, one entry per market (one XADD, pipelined with the others): under load a stream entry carries
 * many orders and a socket write carries many entries.
 */
export class SpotCommands {
  /** Totals since start: stream appends, and the commands they carried. */
  readonly stats = { appends: 0, commands: 0 };
  private redis?: Redis;
  private gathering = new Map<
    number,
    { lines: string[]; sent: { resolve: () => void; reject: (error: unknown) => void }[] }
  >();
  private scheduled = false;

  constructor(
    private readonly redisUrl: string,
    private readonly redisPrefix: string,
  ) {}

  /** Resolves once the command is in its market's stream; rejects when Redis did not take it. */
  send(matchId: number, command: SpotCommand): Promise<void> {
    return new Promise((resolve, reject) => {
      let market = this.gathering.get(matchId);
      if (!market) {
        market = { lines: [], sent: [] };
        this.gathering.set(matchId, market);
      }
      market.lines.push(encodeCommand(command));
      market.sent.push({ resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private connection(): Redis {
    if (!this.redis) {
      // Fail fast when Redis is away: the command was never acknowledged, and its request says so.
      this.redis = new Redis(this.redisUrl, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
      // A Redis that is away fails the XADD, which its request hears; the connection's own error events
      // would only be printed by ioredis as unhandled, once per reconnect attempt.
      this.redis.on('error', () => undefined);
    }
    return this.redis;
  }

  private flush(): void {
    this.scheduled = false;
    const markets = this.gathering;
    this.gathering = new Map();
    const redis = this.connection();
    for (const [matchId, { lines, sent }] of markets) {
      this.stats.appends += 1;
      this.stats.commands += lines.length;
      redis
        .xadd(
          placementsStream(this.redisPrefix, matchId),
          'MAXLEN',
          '~',
          PLACEMENTS_STREAM_MAX,
          '*',
          'c',
          lines.join('\n'),
        )
        .then(
          () => sent.forEach((waiter) => waiter.resolve()),
          (error: unknown) => sent.forEach((waiter) => waiter.reject(error)),
        );
    }
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

export interface OrderResult {
  orderId: string;
  userId: number;
  matchId: number;
  state: string;
  filled: string;
  rejectReason: string;
}

/** The market a batch of results belongs to, as the `spot_order` push names it. */
export interface ResultMarket {
  symbol: string;
  match_id: number;
  legal_id: number;
  currency_id: number;
}

/** What the matcher publishes after each committed batch. */
export interface ResultBatch {
  market: ResultMarket;
  results: OrderResult[];
  /** When the matcher published it (Date.now()): the start of the trace's 'answer' stage. */
  publishedAt?: number;
}

/**
 * Lets a request wait, for a bounded time, for the matcher's verdict on its order; and hands every batch of
 * verdicts to listeners (each API process pushes `spot_order` to its own sockets from them).
 */
export class OrderResults {
  private readonly waiting = new Map<string, ((result: OrderResult | undefined) => void)[]>();
  private readonly listeners: ((batch: ResultBatch) => void)[] = [];
  private readonly subscriber: Redis;
  private readonly ready: Promise<unknown>;

  constructor(redisUrl: string, redisPrefix: string) {
    this.subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.subscriber.on('message', (_channel: string, payload: string) => {
      const batch = JSON.parse(payload) as ResultBatch;
      const now = Date.now();
      for (const result of batch.results) {
        const waiters = this.waiting.get(result.orderId);
        if (!waiters) continue;
        this.waiting.delete(result.orderId);
        if (batch.publishedAt) orderStages.record('answer', now - batch.publishedAt);
        for (const resolve of waiters) resolve(result);
      }
      for (const listener of this.listeners) listener(batch);
    });
    this.ready = this.subscriber.subscribe(resultsChannel(this.subscriber, redisPrefix));
    // Closed before the subscription answered: only whenReady() callers hear of it, never the process.
    this.ready.catch(() => undefined);
  }

  onBatch(listener: (batch: ResultBatch) => void): void {
    this.listeners.push(listener);
  }

  /** Starts listening for an order before it is queued, so a fast verdict is never missed. */
  watch(orderId: string, timeoutMs: number): Promise<OrderResult | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const remaining = (this.waiting.get(orderId) ?? []).filter((waiter) => waiter !== settle);
        if (remaining.length > 0) this.waiting.set(orderId, remaining);
        else this.waiting.delete(orderId);
        resolve(undefined);
      }, timeoutMs);
      const settle = (result: OrderResult | undefined) => {
        clearTimeout(timer);
        resolve(result);
      };
      this.waiting.set(orderId, [...(this.waiting.get(orderId) ?? []), settle]);
    });
  }

  /** Stops waiting for these orders: their waiters get no verdict. */
  release(orderIds: string[]): void {
    for (const orderId of orderIds) {
      const waiters = this.waiting.get(orderId);
      this.waiting.delete(orderId);
      for (const resolve of waiters ?? []) resolve(undefined);
    }
  }

  async whenReady(): Promise<void> {
    await this.ready;
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => undefined);
  }
}
