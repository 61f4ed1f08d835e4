import type pg from 'pg';
import type { Db, User } from '@exchange/kernel/db';
import { createPool } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import {
  requestCancel,
  placeOrder,
  SIDE,
  OrderResults,
  Placements,
  SpotCommands,
  MARKET_MAKER_ACCOUNTS,
} from '@exchange/api/modules/spot';
import type { Pair } from '@exchange/api/modules/spot';
import { hashSecret, createUser, findInviter, ROOT_INVITE_CODE } from '@exchange/api/modules/user';
import { bookDeposit } from '@exchange/api/modules/wallet';
import { randomBytes } from 'node:crypto';

/**
 * Keeps every listed pair liquid on a demo install: a reference price per pair takes a bounded random walk,
 * a quoting account keeps a ladder of limit orders around it, and a second house account now and then
 * takes from the ladder, so the exchange shows moving prices, a full book and candles from the first
 * minute. Everything goes through the real order path (locks, matcher, ledger); both accounts are funded by
 * ordinary deposits, so the audit balances. MARKET_MAKER=off turns it off.
 */
// Named in the spot module, whose archival folds these accounts' old rows.
export const [MAKER_ACCOUNT, TAKER_ACCOUNT] = MARKET_MAKER_ACCOUNTS as [string, string];
/** What each house account is funded with, valued in USDT, per currency. */
const FUNDING_USDT_VALUE = new Money(2_000_000);
const LEVELS = 8;
const HALF_SPREAD = new Money('0.0008');
const LEVEL_STEP = new Money('0.0006');
const WALK_SIGMA = 0.0012;
const MAX_DRIFT = 0.3;
const TAKE_PROBABILITY = 0.5;
/** Each quote commits at most this share of the account's balance. */
const MAX_QUOTE_SHARE = new Money('0.004');

interface MarketState {
  pair: Pair;
  anchor: number;
  reference: number;
  /**
   * Resting quotes by their place on the market's fixed price grid (`1:1234` is a bid at grid index 1234).
   * A round replaces only the places the walk left, not the whole ladder, which keeps a long-running demo's
   * order and ledger tables from growing by thousands of rows a minute.
   */
  quotes: Map<string, bigint>;
  /** Whether this run has taken on the market yet: the first round always does, so prices show at once. */
  taken: boolean;
}

/**
 * The ladder a market should show: LEVELS places a side on a fixed grid (steps of LEVEL_STEP of the anchor
 * price), the best ones just outside HALF_SPREAD around the reference. Keyed by side and grid index.
 */
export function ladder(market: Pick<MarketState, 'anchor' | 'reference'>): Map<string, Quote> {
  const step = new Money(market.anchor).times(LEVEL_STEP);
  const reference = new Money(market.reference);
  const bestBid = reference.times(new Money(1).minus(HALF_SPREAD)).div(step).floor().toNumber();
  const bestAsk = reference.times(HALF_SPREAD.plus(1)).div(step).ceil().toNumber();
  const places = new Map<string, Quote>();
  for (let level = 0; level < LEVELS; level += 1) {
    places.set(`${SIDE.buy}:${bestBid - level}`, { side: SIDE.buy, price: step.times(bestBid - level) });
    places.set(`${SIDE.sell}:${bestAsk + level}`, { side: SIDE.sell, price: step.times(bestAsk + level) });
  }
  return places;
}

/** One round's step of a market's reference price: a bounded random walk pulled back toward its anchor. */
export function walkedReference(
  market: Pick<MarketState, 'anchor' | 'reference'>,
  random: () => number,
): number {
  const shock = (random() + random() + random() - 1.5) * 2 * WALK_SIGMA;
  const pull = ((market.anchor - market.reference) / market.anchor) * 0.01;
  const next = market.reference * (1 + shock + pull);
  return Math.min(market.anchor * (1 + MAX_DRIFT), Math.max(market.anchor * (1 - MAX_DRIFT), next));
}

/**
 * How far from the reference the taker's limit reaches: across the spread and two grid steps into the
 * ladder, so it trades against the best quotes at real prices and never sweeps far.
 */
export const TAKER_REACH = HALF_SPREAD.plus(LEVEL_STEP.times(2));

interface Quote {
  side: 1 | 2;
  price: MoneyValue;
}

export interface MarketMakerDeps {
  prisma: Db;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  log: (fields: object, message: string) => void;
  tickMs?: number;
  random?: () => number;
}

/** How long a placement waits for the matcher's verdict before it is settled as not placed. */
const VERDICT_WAIT_MS = 5_000;
/** The market maker is alive while a round finished this recently. */
const ROUND_STALE_MS = 30_000;

export class MarketMaker {
  private readonly commands: SpotCommands;
  private readonly results: OrderResults;
  private readonly pool: pg.Pool;
  private readonly placements: Placements;
  private readonly markets: MarketState[] = [];
  private maker?: User;
  private taker?: User;
  private timer?: NodeJS.Timeout;
  private running = false;
  private stopped = false;
  /** When the last round finished (the heartbeat's evidence). */
  private lastRoundAt = 0;
  private readonly random: () => number;

  constructor(private readonly deps: MarketMakerDeps) {
    this.commands = new SpotCommands(deps.redisUrl, deps.redisPrefix);
    this.results = new OrderResults(deps.redisUrl, deps.redisPrefix);
    this.pool = createPool(deps.databaseUrl, 2);
    this.placements = new Placements({ pool: this.pool, commands: this.commands, results: this.results });
    this.random = deps.random ?? Math.random;
  }

  async start(): Promise<void> {
    await this.results.whenReady();
    const pairs = await this.deps.prisma.currencyMatch.findMany({
      where: { open_coin_trade: 1, is_display: 1 },
      include: { legal: true, currency: true },
      orderBy: { id: 'asc' },
    });
    this.maker = await this.houseAccount(MAKER_ACCOUNT);
    this.taker = await this.houseAccount(TAKER_ACCOUNT);
    for (const account of [this.maker, this.taker]) await this.fund(account, pairs);
    for (const pair of pairs) {
      const anchor = await this.startingPrice(pair);
      if (anchor > 0) this.markets.push({ pair, anchor, reference: anchor, quotes: new Map(), taken: false });
    }
    await this.cancelLeftovers();
    this.timer = setInterval(() => void this.tick(), this.deps.tickMs ?? 2_000);
    this.deps.log({ markets: this.markets.length }, 'market maker started');
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all([this.commands.close(), this.results.close()]);
    await this.pool.end();
  }

  /** Whether rounds complete (a failed pair read, Postgres away, stops them): one starts every 2 seconds. */
  alive(now = Date.now()): boolean {
    return !this.stopped && now - this.lastRoundAt <= ROUND_STALE_MS;
  }

  /** One round: every market's reference moves, its ladder is replaced, and sometimes someone takes. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const open = await this.refreshPairs();
      for (const market of this.markets) {
        if (!open.has(market.pair.id)) continue;
        this.walk(market);
        await this.requote(market).catch((error: unknown) =>
          this.deps.log({ err: error, pair: market.pair.id }, 'market maker requote failed'),
        );
        if (!market.taken || this.random() < TAKE_PROBABILITY) {
          market.taken = true;
          await this.take(market).catch((error: unknown) =>
            this.deps.log({ err: error, pair: market.pair.id }, 'market maker take failed'),
          );
        }
      }
      this.lastRoundAt = Date.now();
    } finally {
      this.running = false;
    }
  }

  /**
   * Reads the pairs again each round, so an operator's change (fees, minimum, precision, a pair closed for
   * spot or delisted) reaches the quotes without a restart. A closed pair's quotes are cancelled, which also
   * lets an operator lower its precision once no order rests. Answers the ids of the pairs open for spot.
   */
  private async refreshPairs(): Promise<Set<number>> {
    const fresh = await this.deps.prisma.currencyMatch.findMany({
      where: { id: { in: this.markets.map((market) => market.pair.id) } },
      include: { legal: true, currency: true },
    });
    const byId = new Map(fresh.map((pair) => [pair.id, pair]));
    const open = new Set<number>();
    for (const market of this.markets) {
      const pair = byId.get(market.pair.id);
      if (!pair) continue;
      market.pair = pair;
      if (pair.open_coin_trade === 1 && pair.is_display === 1) open.add(pair.id);
      else await this.withdrawQuotes(market);
    }
    return open;
  }

  private async withdrawQuotes(market: MarketState): Promise<void> {
    const maker = this.maker;
    if (!maker || market.quotes.size === 0) return;
    for (const id of market.quotes.values())
      await requestCancel({ prisma: this.deps.prisma, commands: this.commands }, maker.id, id).catch(
        () => undefined,
      );
    market.quotes.clear();
  }

  private walk(market: MarketState): void {
    market.reference = walkedReference(market, this.random);
  }

  private async requote(market: MarketState): Promise<void> {
    const maker = this.maker;
    if (!maker) return;
    await this.forgetFinishedQuotes(market);
    const wanted = ladder(market);
    for (const [place, id] of market.quotes) {
      if (wanted.has(place)) continue;
      await requestCancel({ prisma: this.deps.prisma, commands: this.commands }, maker.id, id).catch(
        () => undefined,
      );
      market.quotes.delete(place);
    }
    for (const [place, { side, price }] of wanted) {
      if (market.quotes.has(place)) continue;
      const size = await this.quoteSize(maker, market.pair, side, price);
      const id = await this.place(maker, market.pair, side, price, size);
      if (id) market.quotes.set(place, id);
    }
  }

  /** Quotes that takers filled (or the matcher refused) leave the ladder, so their places are quoted again. */
  private async forgetFinishedQuotes(market: MarketState): Promise<void> {
    if (market.quotes.size === 0) return;
    const live = await this.deps.prisma.spotOrder.findMany({
      where: { id: { in: [...market.quotes.values()] }, state: 'open' },
      select: { id: true },
    });
    const liveIds = new Set(live.map((order) => order.id));
    for (const [place, id] of market.quotes) if (!liveIds.has(id)) market.quotes.delete(place);
  }

  private async take(market: MarketState): Promise<void> {
    const taker = this.taker;
    if (!taker) return;
    const side = this.random() < 0.5 ? SIDE.buy : SIDE.sell;
    const reference = new Money(market.reference);
    const price = reference.times(side === SIDE.buy ? TAKER_REACH.plus(1) : new Money(1).minus(TAKER_REACH));
    const size = (await this.quoteSize(taker, market.pair, side, price)).times(this.random() * 0.2 + 0.05);
    await this.place(taker, market.pair, side, price, size, 'IOC');
  }

  /** Places one order on the pair's grid, or skips it when it is too small or the funds are not there. */
  private async place(
    user: User,
    pair: Pair,
    side: 1 | 2,
    price: MoneyValue,
    size: MoneyValue,
    timeInForce: 'GTC' | 'IOC' = 'GTC',
  ) {
    const amount = size.toDecimalPlaces(pair.amount_decimals, Money.ROUND_DOWN);
    const onGrid = price.toDecimalPlaces(
      pair.price_decimals,
      side === SIDE.buy ? Money.ROUND_DOWN : Money.ROUND_UP,
    );
    if (amount.lt(pair.min_amount.toFixed()) || amount.lte(0) || onGrid.lte(0)) return undefined;
    try {
      const deps = { prisma: this.deps.prisma, placements: this.placements };
      const { order, verdict } = await placeOrder(
        deps,
        user,
        {
          legalId: pair.legal_id,
          currencyId: pair.currency_id,
          side,
          kind: 'limit',
          price: onGrid.toFixed(),
          amount: amount.toFixed(),
          timeInForce,
          postOnly: false,
        },
        VERDICT_WAIT_MS,
      );
      // Only an order the matcher booked and left resting is a quote (and can be cancelled by its id).
      return (await verdict)?.state === 'open' ? order.id : undefined;
    } catch {
      return undefined;
    }
  }

  /** A quote commits a small, slightly random share of what the account holds of the currency it pays. */
  private async quoteSize(user: User, pair: Pair, side: 1 | 2, price: MoneyValue): Promise<MoneyValue> {
    const paying = side === SIDE.buy ? pair.legal_id : pair.currency_id;
    const wallet = await this.deps.prisma.wallet.findUnique({
      where: { user_id_currency_id: { user_id: user.id, currency_id: paying } },
    });
    const available = new Money(wallet?.change_balance.toFixed() ?? '0');
    const budget = available.times(MAX_QUOTE_SHARE).times(this.random() * 0.6 + 0.7);
    return side === SIDE.buy ? budget.div(price) : budget;
  }

  private async startingPrice(pair: Pair): Promise<number> {
    const [last] = await this.deps.prisma.spotTrade.findMany({
      where: { match_id: pair.id },
      orderBy: { id: 'desc' },
      take: 1,
    });
    if (last) return Number(last.price.toFixed());
    const base = Number(pair.currency.price.toFixed());
    const quote = pair.legal.name === 'USDT' ? 1 : Number(pair.legal.price.toFixed());
    return quote > 0 ? base / quote : 0;
  }

  private async houseAccount(account: string): Promise<User> {
    const existing = await this.deps.prisma.user.findUnique({ where: { account_number: account } });
    if (existing) return existing;
    const password_hash = await hashSecret(randomBytes(24).toString('hex'));
    return this.deps.prisma.$transaction(async (tx) =>
      createUser(tx, {
        account_number: account,
        kind: 'email',
        area_code: '',
        area_code_id: 0,
        nationality: '',
        password_hash,
        parent: await findInviter(tx, ROOT_INVITE_CODE),
      }),
    );
  }

  /** Funds a house account once per currency, with a deposit booked like any other (idempotent by id). */
  private async fund(user: User, pairs: Pair[]): Promise<void> {
    const currencies = new Map(
      pairs.flatMap((pair) => [pair.legal, pair.currency]).map((currency) => [currency.id, currency]),
    );
    for (const currency of currencies.values()) {
      const usdValue = currency.name === 'USDT' ? new Money(1) : new Money(currency.price.toFixed());
      if (usdValue.lte(0)) continue;
      await bookDeposit(this.deps.prisma, {
        userId: user.id,
        currencyId: currency.id,
        amount: FUNDING_USDT_VALUE.div(usdValue).toDecimalPlaces(
          Math.min(currency.decimal_scale, 8),
          Money.ROUND_DOWN,
        ),
        source: 'chain',
        externalId: `house-funding:${user.account_number}:${currency.name}`,
      });
    }
  }

  /** Orders a previous run left in the books are cancelled, so the ladder starts clean. */
  private async cancelLeftovers(): Promise<void> {
    if (!this.maker) return;
    const open = await this.deps.prisma.spotOrder.findMany({
      where: { user_id: this.maker.id, state: 'open' },
      select: { id: true },
    });
    for (const order of open)
      await requestCancel(
        { prisma: this.deps.prisma, commands: this.commands },
        this.maker.id,
        order.id,
      ).catch(() => undefined);
  }
}
