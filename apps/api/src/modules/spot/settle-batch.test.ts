import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { createPool } from '@exchange/kernel/db';
import { LOG_TYPES, Money, parseScaled } from '@exchange/kernel/ledger';
import { Market } from './live-market';
import type { Pair } from './pairs';
import type { PlacementRequest } from './placements';
import type { SpotCommand } from './queue';
import { settleBatch } from './settle-batch';
import { createTrader, limitRequest, marketOfItsOwn, placeCommands } from './test-helpers';

/**
 * The matcher's batch settlement on its own, against real Postgres: what each party of a fill pays and
 * receives to the last unit, the fees the house takes (rounded up at the currency's precision, so the
 * rounding is the house's), frozen funds released exactly when an order ends, each order written once (a
 * replayed batch writes nothing twice), the book's version, and a fill that would drive a lock below zero
 * stopping the batch rather than writing it.
 *
 * The pair's fee rates are set so that fees fall between the currencies' last places (BTC has 8, USDT 6;
 * prices have 2 decimals, amounts 5): maker 0.15 %, taker 0.25 %.
 */
const ctx = useTestContext();
let pool: pg.Pool;
let pair: Pair;
let market: Market;
let usdt: number;
let btc: number;

const loadPair = (legalId: number, currencyId: number) =>
  ctx.prisma.currencyMatch.findUniqueOrThrow({
    where: { legal_id_currency_id: { legal_id: legalId, currency_id: currencyId } },
    include: { legal: true, currency: true },
  });

beforeAll(async () => {
  pool = createPool(ctx.databaseUrl, 4);
  [usdt, btc] = await ctx.currencyIds('USDT', 'BTC');
  await ctx.prisma.currencyMatch.update({
    where: { legal_id_currency_id: { legal_id: usdt, currency_id: btc } },
    data: { maker_fee: '0.0015', taker_fee: '0.0025' },
  });
  pair = await loadPair(usdt, btc);
});
beforeEach(async () => {
  market = await marketOfItsOwn(ctx.prisma, pool, pair);
});
afterAll(() => pool.end());

const limit = (
  userId: number,
  side: 1 | 2,
  price: string,
  amount: string,
  extra: Partial<PlacementRequest> = {},
) => ({
  ...limitRequest(pair, userId, side, price, amount),
  ...extra,
});
const marketOrder = (userId: number, side: 1 | 2, amount: string): PlacementRequest => {
  const { price: _price, ...request } = limitRequest(pair, userId, side, '1', amount);
  return { ...request, kind: 'market', timeInForce: 'IOC' };
};
const cancel = (orderId: string, ownerId: number): SpotCommand => ({ command: 'cancel', orderId, ownerId });

/** Settles commands in ONE batch; the outcome and the orders they name, as Postgres holds them (by id). */
async function settle(commands: SpotCommand[], on = market) {
  const outcome = await settleBatch(pool, on, commands);
  const rows = await ctx.prisma.spotOrder.findMany({
    where: { id: { in: [...new Set(commands.map((command) => BigInt(command.orderId)))] } },
    orderBy: { id: 'asc' },
  });
  return { outcome, rows };
}

/** Sends the requests as the API does and books them in ONE batch. */
async function book(requests: PlacementRequest[], on = market) {
  const commands = await placeCommands(pool, requests);
  return { commands, ...(await settle(commands, on)) };
}

const idOf = (row: { id: bigint } | undefined) => row?.id.toString() ?? '';
const spot = (userId: number, currencyId: number) => ctx.balance(userId, currencyId);

/** An order's money fields as written. */
const moneyOf = (row: {
  state: string;
  filled: { toFixed(): string };
  quote_filled: { toFixed(): string };
  locked: { toFixed(): string };
  fee: { toFixed(): string };
}) => [row.state, row.filled.toFixed(), row.quote_filled.toFixed(), row.locked.toFixed(), row.fee.toFixed()];

/** The account-log rows of one order: currency, lock column or not, delta, log type. */
const logsOf = async (orderId: string) =>
  (
    await ctx.prisma.accountLog.findMany({
      where: { ref_type: 'spot_order', ref_id: orderId },
      orderBy: { id: 'asc' },
    })
  ).map((log) => [log.currency_id, log.is_lock, log.delta.toFixed(), log.type]);

/** The house entries of one trade: currency, account, amount, type. */
const houseOf = async (sequence: number) =>
  (
    await ctx.prisma.houseEntry.findMany({
      where: { ref_type: 'spot_trade', ref_id: `${pair.id}:${sequence}` },
      orderBy: { id: 'asc' },
    })
  ).map((entry) => [entry.currency_id, entry.account, entry.delta.toFixed(), entry.type]);

/** Everything a batch could write, counted: a replayed batch must leave every count as it was. */
const counts = async () => ({
  orders: await ctx.prisma.spotOrder.count(),
  trades: await ctx.prisma.spotTrade.count(),
  logs: await ctx.prisma.accountLog.count(),
  house: await ctx.prisma.houseEntry.count(),
  version: (await ctx.prisma.spotBookVersion.findUnique({ where: { match_id: pair.id } }))?.version,
});

const trader = () => createTrader(ctx.prisma);

const { SPOT_ORDER_LOCK: LOCK, SPOT_TRADE: TRADE, SPOT_ORDER_RELEASE: RELEASE, SPOT_FEE: FEE } = LOG_TYPES;

describe('what a fill moves, to the last unit', () => {
  it('makes the buyer pay the quote and receive the base less its taker fee, the seller the reverse, each fee rounded up to the house', async () => {
    const seller = await trader();
    const buyer = await trader();
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(buyer.account, 'USDT', '1');
    const ask = await book([limit(seller.id, 2, '1.01', '0.00333')]);
    // The bid offers 1.05 and locks 1.05 × 0.00333 = 0.0034965; it trades at the maker's 1.01.
    const bid = await book([limit(buyer.id, 1, '1.05', '0.00333')]);
    const [askId, bidId] = [idOf(ask.rows[0]), idOf(bid.rows[0])];
    expect(bid.outcome.trades).toHaveLength(1);
    const [trade] = bid.outcome.trades;
    if (!trade) throw new Error('no trade');
    // quote 1.01 × 0.00333 = 0.0033633. The buyer (taker) pays 0.25 % of the 0.00333 BTC it receives:
    // 0.000008325, rounded up at BTC's 8 places to 0.00000833. The seller (maker) pays 0.15 % of the quote:
    // 0.00000504495, rounded up at USDT's 6 places to 0.000006.
    const rows = await ctx.prisma.spotTrade.findMany({
      where: { match_id: pair.id, sequence: BigInt(trade.sequence) },
    });
    expect(
      rows.map((row) => ({
        id: row.id.toString(),
        price: row.price.toFixed(),
        amount: row.amount.toFixed(),
        quote: row.quote_amount.toFixed(),
        taker: [row.taker_order_id.toString(), row.taker_user_id, row.taker_side],
        maker: [row.maker_order_id.toString(), row.maker_user_id],
        fees: [row.buyer_fee.toFixed(), row.seller_fee.toFixed()],
        time: row.created_at.getTime(),
      })),
    ).toEqual([
      {
        id: trade.id,
        price: '1.01',
        amount: '0.00333',
        quote: '0.0033633',
        taker: [bidId, buyer.id, 1],
        maker: [askId, seller.id],
        fees: ['0.00000833', '0.000006'],
        time: trade.time.getTime(),
      },
    ]);
    expect(await houseOf(trade.sequence)).toEqual([
      [btc, 'fees', '0.00000833', FEE],
      [usdt, 'fees', '0.000006', FEE],
    ]);
    // The buyer's lock went: 0.0033633 paid, the 0.0001332 it offered above the maker's price came back.
    expect(await spot(buyer.id, usdt)).toEqual({ available: '0.9966367', locked: '0' });
    expect(await spot(buyer.id, btc)).toEqual({ available: '0.00332167', locked: '0' });
    expect(await spot(seller.id, btc)).toEqual({ available: '0.99667', locked: '0' });
    expect(await spot(seller.id, usdt)).toEqual({ available: '0.0033573', locked: '0' });
    const written = await ctx.prisma.spotOrder.findMany({
      where: { id: { in: [BigInt(askId), BigInt(bidId)] } },
      orderBy: { id: 'asc' },
    });
    expect(written.map(moneyOf)).toEqual([
      ['filled', '0.00333', '0.0033633', '0', '0.000006'],
      ['filled', '0.00333', '0.0033633', '0', '0.00000833'],
    ]);
    // The taker filled in the batch that placed it: what it paid and received, netted, credits first.
    expect(await logsOf(bidId)).toEqual([
      [btc, false, '0.00332167', TRADE],
      [usdt, false, '-0.0033633', TRADE],
    ]);
    // The maker: its lock when it was booked, then its lock spent and the quote less its fee received.
    expect(await logsOf(askId)).toEqual([
      [btc, true, '0.00333', LOCK],
      [btc, false, '-0.00333', LOCK],
      [usdt, false, '0.0033573', TRADE],
      [btc, true, '-0.00333', TRADE],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('charges the seller the taker rate and the buyer the maker rate when the seller takes', async () => {
    const seller = await trader();
    const buyer = await trader();
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(buyer.account, 'USDT', '1');
    const bid = await book([limit(buyer.id, 1, '2', '0.00015')]);
    const ask = await book([limit(seller.id, 2, '1.99', '0.00015')]);
    const [trade] = ask.outcome.trades;
    if (!trade) throw new Error('no trade');
    // At the bid's 2: quote 0.0003. The buyer (maker) pays 0.15 % of 0.00015 BTC = 0.000000225, up to
    // 0.00000023; the seller (taker) 0.25 % of 0.0003 USDT = 0.00000075, up to 0.000001.
    expect(trade).toMatchObject({
      takerSide: 2,
      takerUserId: seller.id,
      makerUserId: buyer.id,
      written: {
        price: '2',
        amount: '0.00015',
        quote: '0.0003',
        buyerFee: '0.00000023',
        sellerFee: '0.000001',
      },
    });
    expect(await houseOf(trade.sequence)).toEqual([
      [btc, 'fees', '0.00000023', FEE],
      [usdt, 'fees', '0.000001', FEE],
    ]);
    expect(await spot(buyer.id, usdt)).toEqual({ available: '0.9997', locked: '0' });
    expect(await spot(buyer.id, btc)).toEqual({ available: '0.00014977', locked: '0' });
    expect(await spot(seller.id, btc)).toEqual({ available: '0.99985', locked: '0' });
    expect(await spot(seller.id, usdt)).toEqual({ available: '0.000299', locked: '0' });
    expect(
      (await ctx.prisma.spotOrder.findMany({ where: { id: { in: [bid.rows[0]?.id ?? 0n] } } })).map(moneyOf),
    ).toEqual([['filled', '0.00015', '0.0003', '0', '0.00000023']]);
    expect(ask.rows.map(moneyOf)).toEqual([['filled', '0.00015', '0.0003', '0', '0.000001']]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('stops a market buy at what it locked, even past the levels its estimate read', async () => {
    const makers = await Promise.all([0, 1, 2].map(() => trader()));
    const taker = await trader();
    for (const maker of makers) await ctx.deposit(maker.account, 'BTC', '2');
    await ctx.deposit(taker.account, 'USDT', '10');
    // 500 small asks, 1.00 to 5.99 (1.7475 USDT in all), the most the estimate reads, and 1 BTC at 1000 beyond.
    const asks = Array.from({ length: 500 }, (_, index) =>
      limit(makers[index % 3]?.id ?? 0, 2, ((100 + index) / 100).toFixed(2), '0.001'),
    );
    await book([...asks, limit(makers[0]?.id ?? 0, 2, '1000', '1')]);
    // Estimated at a last price of 1 beyond the 500 levels: (1.7475 + 1) × 1.05 = 2.884875 locked. After the
    // small asks it has 1.137375 left: 113 lots of 0.00001 at 1000, and no more.
    market.lastPrice = new Money('1');
    const buy = await book([marketOrder(taker.id, 1, '1.5')]);
    expect(
      buy.rows.map((row) => [
        row.state,
        row.filled.toFixed(),
        row.quote_filled.toFixed(),
        row.locked.toFixed(),
      ]),
    ).toEqual([['expired', '0.50113', '2.8775', '0']]);
    expect(await spot(taker.id, usdt)).toEqual({ available: '7.1225', locked: '0' });
    // 0.50113 BTC less 500 fees of 0.0000025 and one of 0.00000283 (0.0000028250, rounded up).
    expect(await spot(taker.id, btc)).toEqual({ available: '0.49987717', locked: '0' });
    const last = buy.outcome.trades.at(-1);
    expect([last?.price, last?.amount, last?.quote].map((value) => value?.toFixed())).toEqual([
      '1000',
      '0.00113',
      '1.13',
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('stops the batch, writing nothing, when a fill would take more than an order holds locked', async () => {
    const seller = await trader();
    const buyer = await trader();
    await ctx.deposit(seller.account, 'BTC', '1');
    await ctx.deposit(buyer.account, 'USDT', '100');
    // A resting ask whose lock in memory fell short of what it sells (a book out of step with Postgres).
    const ask = await book([limit(seller.id, 2, '100', '0.01')]);
    const resting = market.resting.get(idOf(ask.rows[0]));
    if (!resting) throw new Error('the ask does not rest');
    resting.locked = parseScaled('0.005');
    const before = await counts();
    const [bid] = await placeCommands(pool, [limit(buyer.id, 1, '100', '0.01')]);
    if (!bid) throw new Error('no command');
    await expect(settleBatch(pool, market, [bid])).rejects.toThrow(/order locks went negative/);
    expect(await counts()).toEqual(before);
    expect(await spot(buyer.id, usdt)).toEqual({ available: '100', locked: '0' });
    // The same for a resting bid whose lock fell short of what it pays.
    await market.rebuild(ctx.prisma);
    await settle([cancel(idOf(ask.rows[0]), seller.id)]);
    const restingBid = await book([limit(buyer.id, 1, '100', '0.01')]);
    const lockedBid = market.resting.get(idOf(restingBid.rows[0]));
    if (!lockedBid) throw new Error('the bid does not rest');
    lockedBid.locked = parseScaled('0.5');
    const afterBid = await counts();
    const [sell] = await placeCommands(pool, [limit(seller.id, 2, '100', '0.01')]);
    if (!sell) throw new Error('no command');
    await expect(settleBatch(pool, market, [sell])).rejects.toThrow(/order locks went negative/);
    expect(await counts()).toEqual(afterBid);
    // Rebuilt from Postgres, the book holds the true lock again and the same sell fills.
    await market.rebuild(ctx.prisma);
    const filled = await settle([sell]);
    expect(filled.rows.map((row) => row.state)).toEqual(['filled']);
    // An order in the engine's book that the matcher does not hold: it stops rather than settle a fill blind.
    market.book.restore({
      orderId: 987_654_321,
      ownerId: seller.id,
      side: 'sell',
      priceTicks: 10_000,
      remainingLots: 1_000,
    });
    const blind = await counts();
    const [take] = await placeCommands(pool, [limit(buyer.id, 1, '100', '0.01')]);
    if (!take) throw new Error('no command');
    await expect(settleBatch(pool, market, [take])).rejects.toThrow(
      'the matcher lost track of order 987654321',
    );
    expect(await counts()).toEqual(blind);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('frozen funds are released exactly when an order ends', () => {
  it('keeps what a partly filled order holds, price improvement included, until it is cancelled', async () => {
    const maker = await trader();
    const taker = await trader();
    await ctx.deposit(maker.account, 'BTC', '1');
    await ctx.deposit(taker.account, 'USDT', '100');
    await book([limit(maker.id, 2, '100', '0.01')]);
    // Locks 105 × 0.02 = 2.1; pays 1 for the 0.01 it fills at 100: 1.1 stays locked while it rests.
    const bid = await book([limit(taker.id, 1, '105', '0.02')]);
    const bidId = idOf(bid.rows[0]);
    expect(bid.rows.map(moneyOf)).toEqual([['open', '0.01', '1', '1.1', '0.000025']]);
    expect(await spot(taker.id, usdt)).toEqual({ available: '97.9', locked: '1.1' });
    expect(market.resting.get(bidId)?.locked).toBe(parseScaled('1.1'));
    const cancelled = await settle([cancel(bidId, taker.id)]);
    expect(cancelled.rows.map(moneyOf)).toEqual([['cancelled', '0.01', '1', '0', '0.000025']]);
    expect(cancelled.outcome.results).toEqual([
      {
        orderId: bidId,
        userId: taker.id,
        matchId: pair.id,
        state: 'cancelled',
        filled: '0.01',
        rejectReason: '',
      },
    ]);
    expect(market.resting.has(bidId)).toBe(false);
    expect(await spot(taker.id, usdt)).toEqual({ available: '99', locked: '0' });
    // The placing batch's rows, netted and logged as a trade, then the cancel's: the release, credits first.
    expect(await logsOf(bidId)).toEqual([
      [usdt, true, '1.1', TRADE],
      [btc, false, '0.009975', TRADE],
      [usdt, false, '-2.1', TRADE],
      [usdt, false, '1.1', RELEASE],
      [usdt, true, '-1.1', RELEASE],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('releases the rest of an order that ends in the batch that placed it, and writes nothing for one that traded nothing', async () => {
    const maker = await trader();
    const taker = await trader();
    await ctx.deposit(maker.account, 'BTC', '1');
    await ctx.deposit(taker.account, 'USDT', '100');
    await book([limit(maker.id, 2, '100', '0.01')]);
    // An IOC bid for 0.03 fills 0.01 and expires: the 2 it held for the rest comes back at once.
    const ioc = await book([limit(taker.id, 1, '100', '0.03', { timeInForce: 'IOC' })]);
    expect(ioc.rows.map(moneyOf)).toEqual([['expired', '0.01', '1', '0', '0.000025']]);
    expect(await spot(taker.id, usdt)).toEqual({ available: '99', locked: '0' });
    expect(await logsOf(idOf(ioc.rows[0]))).toEqual([
      [btc, false, '0.009975', TRADE],
      [usdt, false, '-1', TRADE],
    ]);

    // A market buy locks its estimate plus 5 % (1.05) and keeps none of what it did not spend.
    const resting = await book([limit(maker.id, 2, '100', '0.02')]);
    const buy = await book([marketOrder(taker.id, 1, '0.01')]);
    expect(buy.rows.map((row) => [row.kind, row.price, row.time_in_force, ...moneyOf(row)])).toEqual([
      ['market', null, 'IOC', 'filled', '0.01', '1', '0', '0.000025'],
    ]);
    expect(await spot(taker.id, usdt)).toEqual({ available: '98', locked: '0' });

    // A market sell that finds no bid locks its amount and gives it back: nothing written to the ledger.
    const sell = await book([marketOrder(maker.id, 2, '0.01')]);
    expect(sell.rows.map(moneyOf)).toEqual([['expired', '0', '0', '0', '0']]);
    expect(await logsOf(idOf(sell.rows[0]))).toEqual([]);

    // A bid that would trade with its owner's own ask is stopped (self-trade: expired), its lock released.
    const own = await book([limit(maker.id, 1, '100', '0.01')]);
    expect(own.rows.map(moneyOf)).toEqual([['expired', '0', '0', '0', '0']]);
    expect(await logsOf(idOf(own.rows[0]))).toEqual([]);
    // The taker is the one stopped: the owner's ask still rests, whole.
    expect(market.resting.get(idOf(resting.rows[0]))?.state).toBe('open');
    expect(
      (await ctx.prisma.spotOrder.findMany({ where: { id: resting.rows[0]?.id ?? 0n } })).map(moneyOf),
    ).toEqual([['open', '0.01', '1', '0.01', '0.0015']]);

    // Refused by the engine: a fill-or-kill bid larger than the book, a post-only bid that would take.
    const refused = await book([
      limit(taker.id, 1, '100', '0.05', { timeInForce: 'FOK' }),
      limit(taker.id, 1, '100', '0.01', { postOnly: true }),
    ]);
    expect(refused.rows.map((row) => [row.state, row.reject_reason, row.locked.toFixed()])).toEqual([
      ['rejected', 'fok-unfillable', '0'],
      ['rejected', 'post-only-would-take', '0'],
    ]);
    expect(refused.outcome.results.map((result) => [result.state, result.rejectReason])).toEqual([
      ['rejected', 'fok-unfillable'],
      ['rejected', 'post-only-would-take'],
    ]);
    for (const row of refused.rows) expect(await logsOf(idOf(row))).toEqual([]);

    // A post-only bid below the ask rests, locked, logged as a lock.
    const rests = await book([limit(taker.id, 1, '90', '0.01', { postOnly: true })]);
    expect(rests.rows.map((row) => [row.post_only, ...moneyOf(row)])).toEqual([
      [true, 'open', '0', '0', '0.9', '0'],
    ]);
    expect(await logsOf(idOf(rests.rows[0]))).toEqual([
      [usdt, true, '0.9', LOCK],
      [usdt, false, '-0.9', LOCK],
    ]);
    expect(await spot(taker.id, usdt)).toEqual({ available: '97.1', locked: '0.9' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses what an owner cannot pay in the currency the order spends, and a market buy with no price to estimate', async () => {
    const user = await trader();
    await ctx.deposit(user.account, 'USDT', '1000');
    // A sell spends BTC, which this user has none of (no wallet at all).
    const sell = await book([limit(user.id, 2, '100', '0.01')]);
    expect(sell.rows.map((row) => [row.state, row.reject_reason])).toEqual([
      ['rejected', 'balance_insufficient'],
    ]);
    // On a pair with neither asks nor a trade, a market buy cannot be priced.
    const eth = await ctx.currencyId('ETH');
    const ethMarket = new Market(await loadPair(btc, eth));
    await ethMarket.rebuild(ctx.prisma);
    await ctx.deposit(user.account, 'BTC', '1');
    const [buy] = await placeCommands(pool, [{ ...marketOrder(user.id, 1, '0.01'), pair: ethMarket.pair }]);
    if (!buy) throw new Error('no command');
    const priced = await settle([buy], ethMarket);
    expect(priced.rows.map((row) => [row.match_id, row.state, row.reject_reason])).toEqual([
      [ethMarket.pair.id, 'rejected', 'no_market_price'],
    ]);
    expect(await spot(user.id, btc)).toEqual({ available: '1', locked: '0' });
    expect(await spot(user.id, usdt)).toEqual({ available: '1000', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('each order is written once', () => {
  it('inserts a new order in the state the batch leaves it in, with everything its ticket said', async () => {
    const maker = await trader();
    const taker = await trader();
    await ctx.deposit(maker.account, 'BTC', '1');
    await ctx.deposit(taker.account, 'USDT', '100');
    const placed = await book([
      limit(maker.id, 2, '100', '0.01'),
      limit(taker.id, 1, '100', '0.004', { timeInForce: 'IOC' }),
      limit(taker.id, 1, '99', '0.002', { postOnly: true }),
    ]);
    const tickets = placed.commands.map((command) =>
      command.command === 'place' ? command.ticket : undefined,
    );
    expect(
      placed.rows.map((row) => ({
        user: row.user_id,
        match: row.match_id,
        side: row.side,
        kind: row.kind,
        timeInForce: row.time_in_force,
        postOnly: row.post_only,
        price: row.price?.toFixed(),
        amount: row.amount.toFixed(),
        money: moneyOf(row),
        created: row.created_at.getTime(),
      })),
    ).toEqual([
      {
        user: maker.id,
        match: pair.id,
        side: 2,
        kind: 'limit',
        timeInForce: 'GTC',
        postOnly: false,
        price: '100',
        amount: '0.01',
        money: ['open', '0.004', '0.4', '0.006', '0.0006'],
        created: tickets[0]?.createdAt,
      },
      {
        user: taker.id,
        match: pair.id,
        side: 1,
        kind: 'limit',
        timeInForce: 'IOC',
        postOnly: false,
        price: '100',
        amount: '0.004',
        money: ['filled', '0.004', '0.4', '0', '0.00001'],
        created: tickets[1]?.createdAt,
      },
      {
        user: taker.id,
        match: pair.id,
        side: 1,
        kind: 'limit',
        timeInForce: 'GTC',
        postOnly: true,
        price: '99',
        amount: '0.002',
        money: ['open', '0', '0', '0.198', '0'],
        created: tickets[2]?.createdAt,
      },
    ]);
    // Time priority follows the order the batch took them in, above every order resting before.
    const arrivals = placed.rows.map((row) => Number(row.arrival));
    expect(arrivals[1]).toBe((arrivals[0] ?? 0) + 1);
    expect(arrivals[2]).toBe((arrivals[0] ?? 0) + 2);
    expect(placed.outcome.placed).toBe(3);
    expect(placed.outcome.results).toEqual(
      placed.rows.map((row) => ({
        orderId: idOf(row),
        userId: row.user_id,
        matchId: pair.id,
        state: row.state,
        filled: row.filled.toFixed(),
        rejectReason: '',
      })),
    );
    expect([...placed.outcome.changedUsers].sort()).toEqual([maker.id, taker.id].sort());
    // The trade's candles came back with the batch.
    expect(placed.outcome.candles.map((candle) => [candle.period, Number(candle.close)])).toContainEqual([
      '1min',
      100,
    ]);
    // The next batch updates the resting ask where it is: its fill, its lock, its fee.
    const before = placed.rows[0]?.updated_at.getTime() ?? 0;
    const more = await book([limit(taker.id, 1, '100', '0.006')]);
    const [ask] = await ctx.prisma.spotOrder.findMany({ where: { id: placed.rows[0]?.id ?? 0n } });
    expect(ask && moneyOf(ask)).toEqual(['filled', '0.01', '1', '0', '0.0015']);
    expect(ask?.updated_at.getTime()).toBeGreaterThanOrEqual(before);
    expect(more.outcome.placed).toBe(1);
    expect(more.outcome.results.map((result) => [result.orderId, result.state, result.filled])).toEqual([
      [idOf(more.rows[0]), 'filled', '0.006'],
      [idOf(placed.rows[0]), 'filled', '0.01'],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('writes nothing twice when a batch is replayed, and answers each command with what is written', async () => {
    const maker = await trader();
    const taker = await trader();
    const poor = await trader();
    await ctx.deposit(maker.account, 'BTC', '1');
    await ctx.deposit(taker.account, 'USDT', '100');
    const first = await book([
      limit(maker.id, 2, '100', '0.02'),
      limit(taker.id, 1, '100', '0.01'),
      limit(poor.id, 1, '100', '0.01'),
    ]);
    expect(first.rows.map((row) => [row.state, row.reject_reason])).toEqual([
      ['open', ''],
      ['filled', ''],
      ['rejected', 'balance_insufficient'],
    ]);
    const answers = first.outcome.results.map((result) => [
      result.orderId,
      result.state,
      result.filled,
      result.rejectReason,
    ]);
    const written = await counts();
    const balances = [await spot(maker.id, btc), await spot(taker.id, usdt)];
    // Read again from the stream after a crash (a rebuilt book) and by the running matcher (its own book).
    const rebuilt = new Market(pair);
    await rebuilt.rebuild(ctx.prisma);
    for (const on of [rebuilt, market]) {
      const replay = await settle(first.commands, on);
      expect(replay.outcome.placed).toBe(0);
      expect(replay.outcome.trades).toEqual([]);
      expect(replay.outcome.changedUsers.size).toBe(0);
      expect(replay.outcome.bookVersion).toBe(Number(written.version));
      expect(
        replay.outcome.results.map((result) => [
          result.orderId,
          result.state,
          result.filled,
          result.rejectReason,
        ]),
      ).toEqual(answers);
      expect(await counts()).toEqual(written);
      expect([await spot(maker.id, btc), await spot(taker.id, usdt)]).toEqual(balances);
    }
    expect([...rebuilt.resting.keys()]).toEqual([idOf(first.rows[0])]);

    // One placement sent twice in one batch is booked once; a placement for another market is not this one's.
    const [twice] = await placeCommands(pool, [limit(taker.id, 1, '90', '0.01')]);
    const [elsewhere] = await placeCommands(pool, [limit(taker.id, 1, '90', '0.01')]);
    if (!twice || twice.command !== 'place' || !elsewhere || elsewhere.command !== 'place')
      throw new Error('no command');
    const doubled = await settle([
      twice,
      twice,
      { ...elsewhere, ticket: { ...elsewhere.ticket, matchId: pair.id + 1 } },
    ]);
    expect(doubled.rows.map((row) => [idOf(row), row.state, row.locked.toFixed()])).toEqual([
      [twice.orderId, 'open', '0.9'],
    ]);
    expect(doubled.outcome.placed).toBe(1);
    expect(doubled.outcome.results.map((result) => result.orderId)).toEqual([twice.orderId]);
    expect(await spot(taker.id, usdt)).toEqual({ available: '98.1', locked: '0.9' });

    // A cancel is its owner's alone; a second cancel, or one of an order that never rested, changes nothing.
    const askId = idOf(first.rows[0]);
    const foreign = await settle([cancel(askId, taker.id), cancel('999999999', maker.id)]);
    expect(foreign.outcome.results).toEqual([]);
    expect(market.resting.has(askId)).toBe(true);
    expect(foreign.rows.map((row) => row.state)).toEqual(['open']);
    await settle([cancel(askId, maker.id)]);
    const afterCancel = await counts();
    const again = await settle([cancel(askId, maker.id), cancel(idOf(first.rows[1]), taker.id)]);
    expect(
      again.outcome.results.map((result) => [result.orderId, result.userId, result.state, result.filled]),
    ).toEqual([
      [askId, maker.id, 'cancelled', '0.01'],
      [idOf(first.rows[1]), taker.id, 'filled', '0.01'],
    ]);
    expect(await counts()).toEqual(afterCancel);
    expect(await spot(maker.id, btc)).toEqual({ available: '0.99', locked: '0' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('counts one version of the book per batch that changed it, and none for a batch that changed nothing', async () => {
    const user = await trader();
    await ctx.deposit(user.account, 'USDT', '100');
    const start = Number((await counts()).version ?? 0);
    const three = await book([
      limit(user.id, 1, '10', '0.01'),
      limit(user.id, 1, '11', '0.01'),
      limit(user.id, 1, '12', '0.01'),
    ]);
    expect(three.outcome.bookVersion).toBe(start + 1);
    expect(market.bookVersion).toBe(start + 1);
    expect(Number((await counts()).version)).toBe(start + 1);
    // A refused order is written too: the book's version counts it.
    const refused = await book([limit(user.id, 1, '1000', '1')]);
    expect(refused.outcome.bookVersion).toBe(start + 2);
    const nothing = await settle(three.commands);
    expect(nothing.outcome.bookVersion).toBe(start + 2);
    expect(Number((await counts()).version)).toBe(start + 2);
    const none = await settleBatch(pool, market, []);
    expect(none).toMatchObject({ results: [], placed: 0, bookVersion: start + 2, trades: [], candles: [] });
    expect(Number((await counts()).version)).toBe(start + 2);
  });
});
