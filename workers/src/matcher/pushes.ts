import type { Emitter } from '@socket.io/redis-emitter';
import type {
  DayFigures,
  DayMarketPush,
  DepthPush,
  KlinePush,
  TradePush,
  TransactionPush,
} from '@exchange/contracts';
import type { Redis } from 'ioredis';
import type { Db } from '@exchange/kernel/db';
import { toAmountString } from '@exchange/kernel/ledger';
import {
  dayStats,
  lotsToAmount,
  marketNameOf,
  ticksToPrice,
  type BatchOutcome,
  type CandleRow,
  type Market,
  type Pair,
} from '@exchange/api/modules/spot';
import { createPushEmitter } from '@exchange/kernel/realtime';

/** The pair's ids and symbol with its currencies' names, as the kline and depth pushes carry them. */
const namesOf = (pair: Pair) => ({
  ...marketNameOf(pair),
  currency_name: pair.currency.name,
  legal_name: pair.legal.name,
});

const DEPTH_LEVELS = 20;
const DEPTH_INTERVAL_MS = 100;
const KLINE_INTERVAL_MS = 250;
const DAYMARKET_INTERVAL_MS = 1_000;

/**
 * What the matcher tells the sockets after each commit: trades at once; depth conflated to at most ten
 * pushes a second per market, each candle to four (its latest state; a candle that closed in between is
 * still sent, as it is keyed by its open time), the 24-hour ticker (`daymarket`, and `transaction` with its
 * figures as JSON) to one a second. A busy market commits
 * a hundred batches a second, and every push is decoded by every API process. (The users' own `spot_order`
 * updates are pushed by each API process to its own sockets, from the verdicts it receives anyway.)
 */
export class MarketPushes {
  private readonly emitter: Emitter;
  private readonly dirtyDepth = new Set<Market>();
  private readonly dirtyTicker = new Set<Market>();
  /** The latest state of each candle changed since the last flush, by market, period and open time. */
  private readonly dirtyCandles = new Map<string, { market: Market; candle: CandleRow; time: number }>();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    redis: Redis,
    redisPrefix: string,
    private readonly prisma: Db,
  ) {
    this.emitter = createPushEmitter(redis, redisPrefix);
    this.timers.push(setInterval(() => this.flushDepth(), DEPTH_INTERVAL_MS));
    this.timers.push(setInterval(() => this.flushCandles(), KLINE_INTERVAL_MS));
    this.timers.push(setInterval(() => void this.flushTickers(), DAYMARKET_INTERVAL_MS));
  }

  afterCommit(market: Market, outcome: BatchOutcome): void {
    const { pair } = market;
    const base = marketNameOf(pair);
    for (const trade of outcome.trades) {
      this.emitter.emit('match_trade', {
        ...base,
        id: trade.id ?? '',
        price: toAmountString(trade.price),
        number: toAmountString(trade.amount),
        way: trade.takerSide,
        time: trade.time.getTime(),
      } satisfies TradePush);
    }
    for (const candle of outcome.candles) {
      const time = new Date(candle.open_time).getTime();
      this.dirtyCandles.set(`${pair.id}:${candle.period}:${time}`, { market, candle, time });
    }
    this.dirtyDepth.add(market);
    if (outcome.trades.length > 0) this.dirtyTicker.add(market);
  }

  private flushCandles(): void {
    for (const { market, candle, time } of this.dirtyCandles.values()) {
      this.emitter.emit('kline', {
        type: 'kline',
        ...namesOf(market.pair),
        period: candle.period,
        open: toAmountString(candle.open),
        high: toAmountString(candle.high),
        low: toAmountString(candle.low),
        close: toAmountString(candle.close),
        volume: toAmountString(candle.volume),
        time,
      } satisfies KlinePush);
    }
    this.dirtyCandles.clear();
  }

  private flushDepth(): void {
    for (const market of this.dirtyDepth) {
      const { bids, asks } = market.book.depth(DEPTH_LEVELS);
      const level = ([ticks, lots]: [number, number]): [string, string] => [
        toAmountString(ticksToPrice(market.pair, ticks)),
        toAmountString(lotsToAmount(market.pair, lots)),
      ];
      this.emitter.emit('market_depth', {
        type: 'market_depth',
        ...namesOf(market.pair),
        seq: market.bookVersion,
        bids: bids.map(level),
        asks: asks.map(level),
      } satisfies DepthPush);
    }
    this.dirtyDepth.clear();
  }

  private async flushTickers(): Promise<void> {
    const markets = [...this.dirtyTicker];
    this.dirtyTicker.clear();
    for (const market of markets) {
      const stats = await dayStats(this.prisma, market.pair.id).catch(() => undefined);
      if (!stats) continue;
      this.emitter.emit('daymarket', {
        type: 'daymarket',
        ...marketNameOf(market.pair),
        now_price: stats.now_price,
        change: stats.change,
        volume: stats.volume,
        high: stats.high,
        low: stats.low,
      } satisfies DayMarketPush);
      this.emitter.emit('transaction', {
        type: 'transaction',
        ...marketNameOf(market.pair),
        token: market.pair.currency.name,
        '24h': JSON.stringify({
          open: stats.open,
          high: stats.high,
          low: stats.low,
          close: stats.now_price,
          change: stats.change,
          volume: stats.volume,
          amount: stats.amount,
        } satisfies DayFigures),
      } satisfies TransactionPush);
    }
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
  }
}
