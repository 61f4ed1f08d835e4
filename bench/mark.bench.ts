import { OrderBook, type EngineEvent, type Side } from '@exchange/engine';
import { mulberry32 } from '@exchange/engine/prng';
import { Money } from '@exchange/kernel/ledger';
import { impactPrice, MarkTracker } from '@exchange/api/modules/lever';
import { ladder, TAKER_REACH, walkedReference } from '../workers/src/market-maker/market-maker';
import { DEFAULT_MARK_PARAMS } from '../test/lever';

/**
 * What it costs an attacker to move the lever mark 1 % on the demo books. A simulation in seconds of
 * simulated time, built from the exchange's own parts: the matching engine, the demo market maker's ladder
 * (8 levels a side, 0.06 % apart, the best 0.08 % from its reference, about 8 000 USDT a quote, requoted
 * every 2 s, a taker now and then), and the MarkTracker with BTC/USDT's default options, sampled every
 * second as the risk worker does. After 330 s of honest trading (the windows full), the attacker pushes up:
 * a large bid just under the target absorbs every ask the market maker places below it (its requotes fill
 * against the bid, at the bid's price), and a small ask just above the target keeps that side priced. The
 * attack runs until the mark is 1 % up, then the attacker sells what it bought back into the honest book.
 * Printed: the time it took, the capital it tied up, and what it lost (premium paid, spread and fees).
 */
const ANCHOR = 97_000;
const PRICE_TICK = 0.01;
const LOT = 0.00001;
const QUOTE_VALUE = 8_000;
const MAKER_FEE = 0.001;
const TAKER_FEE = 0.002;
const REQUOTE_EVERY_S = 2;
const WARM_UP_S = 330;
const GIVE_UP_S = 600;
const MAKER = 1;
const TAKER = 2;
const ATTACKER = 3;

const ticks = (price: number) => Math.round(price / PRICE_TICK);
const lots = (amount: number) => Math.max(1, Math.round(amount / LOT));

class Simulation {
  readonly book = new OrderBook();
  readonly tracker = new MarkTracker(DEFAULT_MARK_PARAMS);
  private readonly random = mulberry32(26);
  private nextId = 1;
  private reference = ANCHOR;
  /** The market maker's resting quotes by ladder place. */
  private readonly quotes = new Map<string, number>();
  private trades: { atS: number; price: number; amount: number }[] = [];
  /** The attacker's cash flow in USDT (negative: spent) and BTC held. */
  readonly attacker = { usdt: 0, btc: 0, maxOutlay: 0 };
  nowS = 0;

  place(owner: number, side: Side, price: number, amount: number, timeInForce: 'GTC' | 'IOC' = 'GTC') {
    const id = this.nextId++;
    this.record(
      this.book.apply({
        type: 'place',
        orderId: id,
        ownerId: owner,
        side,
        kind: 'limit',
        priceTicks: ticks(price),
        quantityLots: lots(amount),
        timeInForce,
        postOnly: false,
        selfTrade: 'cancel-taker',
      }),
    );
    return id;
  }

  cancel(id: number) {
    this.record(this.book.apply({ type: 'cancel', orderId: id }));
  }

  private record(events: EngineEvent[]) {
    for (const event of events) {
      if (event.type !== 'trade') continue;
      const price = event.priceTicks * PRICE_TICK;
      const amount = event.quantityLots * LOT;
      this.trades.push({ atS: this.nowS, price, amount });
      for (const [owner, side, fee] of [
        [event.takerOwnerId, event.takerSide, TAKER_FEE],
        [event.makerOwnerId, event.takerSide === 'buy' ? 'sell' : 'buy', MAKER_FEE],
      ] as const) {
        if (owner !== ATTACKER) continue;
        const value = price * amount;
        this.attacker.usdt += (side === 'buy' ? -value : value) - value * fee;
        this.attacker.btc += side === 'buy' ? amount : -amount;
        this.attacker.maxOutlay = Math.max(this.attacker.maxOutlay, -this.attacker.usdt);
      }
    }
  }

  /** One market-maker round: the reference walks, the ladder is refilled, sometimes someone takes. */
  marketMaker() {
    this.reference = walkedReference({ anchor: ANCHOR, reference: this.reference }, this.random);
    const wanted = ladder({ anchor: ANCHOR, reference: this.reference });
    for (const [place, id] of this.quotes) {
      if (wanted.has(place) && this.book.order(id)) continue;
      if (this.book.order(id)) this.cancel(id);
      this.quotes.delete(place);
    }
    for (const [place, quote] of wanted) {
      if (this.quotes.has(place)) continue;
      const price = quote.price.toNumber();
      const size = (QUOTE_VALUE * (this.random() * 0.6 + 0.7)) / price;
      this.quotes.set(place, this.place(MAKER, quote.side === 1 ? 'buy' : 'sell', price, size));
    }
    if (this.random() < 0.5) {
      const buy = this.random() < 0.5;
      const reach = TAKER_REACH.toNumber();
      const price = this.reference * (buy ? 1 + reach : 1 - reach);
      const size = (QUOTE_VALUE * (this.random() * 0.2 + 0.05)) / price;
      this.place(TAKER, buy ? 'buy' : 'sell', price, size, 'IOC');
    }
  }

  /** The risk worker's look: impact prices from the book, the trades' VWAP over the window. */
  sample() {
    const depth = this.book.depth(500);
    const side = (levels: [number, number][]) =>
      levels.map(([price, quantity]) => ({
        price: new Money(price).times(PRICE_TICK),
        amount: new Money(quantity).times(LOT),
      }));
    this.trades = this.trades.filter(
      (trade) => trade.atS > this.nowS - DEFAULT_MARK_PARAMS.tradeWindowMs / 1000,
    );
    const notional = this.trades.reduce((sum, trade) => sum + trade.price * trade.amount, 0);
    const amount = this.trades.reduce((sum, trade) => sum + trade.amount, 0);
    return this.tracker.observe(this.nowS * 1000, {
      impactBid: impactPrice(side(depth.bids), DEFAULT_MARK_PARAMS.impactNotional),
      impactAsk: impactPrice(side(depth.asks), DEFAULT_MARK_PARAMS.impactNotional),
      reference:
        notional >= DEFAULT_MARK_PARAMS.minTradeNotional.toNumber()
          ? new Money(notional / amount)
          : undefined,
    });
  }

  second(attack?: () => void) {
    this.nowS += 1;
    if (this.nowS % REQUOTE_EVERY_S === 0) this.marketMaker();
    attack?.();
    return this.sample();
  }
}

export function benchMarkAttack(): Record<string, number> {
  const sim = new Simulation();
  let state = sim.second();
  while (sim.nowS < WARM_UP_S) state = sim.second();
  const start = state.mark?.toNumber() ?? 0;
  const target = start * 1.01;
  // Just above the target after rounding, so the mark is clearly past 1 %.
  const bidPrice = target * 1.0005;
  const askPrice = target * 1.0015;
  let bid = 0;
  let ask = 0;
  const attackStart = sim.nowS;
  const attack = () => {
    // Keep a bid wall deep enough to take every ask the maker places below it, and a small ask above.
    if (!sim.book.order(bid)) bid = sim.place(ATTACKER, 'buy', bidPrice, 200_000 / bidPrice);
    if (!sim.book.order(ask)) ask = sim.place(ATTACKER, 'sell', askPrice, 2_000 / askPrice);
  };
  while (sim.nowS - attackStart < GIVE_UP_S) {
    state = sim.second(attack);
    if (state.reliable && (state.mark?.toNumber() ?? 0) >= target) break;
  }
  const seconds = sim.nowS - attackStart;
  const moved = state.reliable && (state.mark?.toNumber() ?? 0) >= target;
  sim.cancel(bid);
  sim.cancel(ask);
  // The attacker unwinds into the honest book over the next minute, a market-maker round at a time.
  for (let second = 0; second < 60 && sim.attacker.btc > LOT; second += 1) {
    sim.second(() => {
      const best = sim.book.bestBid();
      if (best !== undefined)
        sim.place(ATTACKER, 'sell', best * PRICE_TICK, Math.min(sim.attacker.btc, 0.2), 'IOC');
    });
  }
  const heldValue = sim.attacker.btc * (sim.book.bestBid() ?? 0) * PRICE_TICK;
  return {
    'mark attack: moved 1 % (1 yes, 0 gave up after 600 s)': moved ? 1 : 0,
    'mark attack: seconds the attack had to last': seconds,
    'mark attack: capital tied up (USDT)': Math.round(sim.attacker.maxOutlay),
    'mark attack: cost after unwinding (USDT)': Math.round(-(sim.attacker.usdt + heldValue)),
  };
}
