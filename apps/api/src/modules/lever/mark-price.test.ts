import { beforeAll, describe, expect, it } from 'vitest';
import { prismaSql, type Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../test/harness';
import {
  DEFAULT_MARK_PARAMS,
  leverPositions,
  leverTrader,
  leverWallet,
  submitLever,
} from '../../../../../test/lever';
import {
  markAges,
  markStateOf,
  markToClose,
  markToOpen,
  readMark,
  recordMarks,
  reliableMark,
  type PairMark,
} from './mark-price';
import { MarkTracker, type MarkInputs } from './mark-tracker';

/**
 * The lever mark as whatever moves money reads it (mark-price.ts). The risk worker looks at each pair's book
 * and trades every second (MarkTracker builds the mark from real trades and the depth behind them: its
 * rules are in mark-tracker.test.ts, the attacks on it in workers/src/lever/mark-attacks.test.ts) and records
 * each look in `lever_marks`: the last reliable mark, whether this look could back one and why not, what it
 * saw. The rules here: a look the book cannot back never moves the recorded mark; new positions open only at
 * a mark the book backs now; a trader can always leave at the last reliable one; and a mark the worker
 * stopped recording moves no money at all.
 */
const ctx = useTestContext();
let sql: Sql;
let btcPair: number;
let ethPair: number;

const SECOND = 1_000;
const m = (value: string | number) => new Money(value);
const PARAMS = DEFAULT_MARK_PARAMS;
// A healthy book around 100 000 with trades there; a book whose asks are gone; a book without recent trades.
const HEALTHY: MarkInputs = { impactBid: m(99950), impactAsk: m(100050), reference: m(100000) };
const ASKS_GONE: MarkInputs = { impactBid: m(99950), reference: m(100000) };
const NO_TRADE: MarkInputs = { impactBid: m(99950), impactAsk: m(100050) };

const NO_PRICE = 'This market has no price yet';
const UNRELIABLE = 'The book cannot back a reliable price right now: new positions are paused on this market';

beforeAll(async () => {
  sql = prismaSql(ctx.prisma);
  const [usdt, btc, eth] = await ctx.currencyIds('USDT', 'BTC', 'ETH');
  const pairOf = async (currencyId: number) =>
    (await ctx.prisma.currencyMatch.findFirstOrThrow({ where: { legal_id: usdt, currency_id: currencyId } }))
      .id;
  [btcPair, ethPair] = [await pairOf(btc), await pairOf(eth)];
  await ctx.fundHouse('lever_pool', 'USDT', '1000000');
  await ctx.fundHouse('insurance_fund', 'USDT', '1000000');
});

/** One look of the worker at BTC/USDT: the tracker's state recorded as the worker records it. */
async function look(tracker: MarkTracker, inputs: MarkInputs, atMs = Date.now()) {
  await recordMarks(sql, [{ matchId: btcPair, state: tracker.observe(atMs, inputs) }], new Date(atMs));
  return readMark(sql, btcPair);
}

/** What the lever screen, an open and a close make of a recorded mark (an AppError's key when refused). */
function uses(state: PairMark) {
  const refusal = (use: (state: PairMark) => Money) => {
    try {
      return use(state).toFixed();
    } catch (error) {
      if (error instanceof AppError) return error.key;
      throw error;
    }
  };
  return { screen: markStateOf(state), open: refusal(markToOpen), close: refusal(markToClose) };
}

const storedLook = async () => {
  const [row] = await sql.query<Record<string, string | null>>(
    `SELECT mark::text, reliable::text, reason, impact_bid::text, impact_ask::text, reference::text,
       (extract(epoch FROM marked_at) * 1000)::bigint::text AS marked_at FROM lever_marks WHERE match_id = $1`,
    [btcPair],
  );
  return row;
};

const deal = async (token: string) =>
  (
    await ctx.post(
      '/api/lever/deal',
      { legal_id: await ctx.currencyId('USDT'), currency_id: await ctx.currencyId('BTC') },
      token,
    )
  ).body.message as { last_price: string; mark_state: string };

describe('the recorded mark', () => {
  it('keeps the last reliable mark through looks the book cannot back, and says why', async () => {
    // Never looked at: no price for anything.
    const never = await readMark(sql, btcPair);
    expect(never).toEqual({ reliable: false, reason: '', fresh: false });
    expect(uses(never)).toEqual({ screen: 'none', open: 'lever_no_price', close: 'lever_no_price' });

    const tracker = new MarkTracker(PARAMS);
    const start = Date.now();
    // A first look at a book without asks: recorded (the worker is alive), but there is still no mark.
    const thinFirst = await look(tracker, ASKS_GONE, start);
    expect(thinFirst).toEqual({ reliable: false, reason: 'book_thin', fresh: true });
    expect(uses(thinFirst)).toEqual({ screen: 'none', open: 'lever_no_price', close: 'lever_no_price' });
    expect(await storedLook()).toEqual({
      mark: null,
      reliable: 'false',
      reason: 'book_thin',
      impact_bid: '99950.000000000000000000',
      impact_ask: null,
      reference: '100000.000000000000000000',
      marked_at: null,
    });

    // A healthy book: the mark, and everything may use it.
    const healthy = await look(tracker, HEALTHY, start + SECOND);
    expect(healthy).toMatchObject({ reliable: true, reason: 'ok', fresh: true });
    expect(uses(healthy)).toEqual({ screen: 'ok', open: '100000', close: '100000' });
    const markedAt = String(start + SECOND);
    expect(await storedLook()).toMatchObject({
      impact_ask: '100050.000000000000000000',
      marked_at: markedAt,
    });

    // The asks go away: the mark stays where the book last backed it, opens wait, closes take it.
    const thin = await look(tracker, ASKS_GONE, start + 2 * SECOND);
    expect(thin).toMatchObject({ reliable: false, reason: 'book_thin', fresh: true });
    expect(uses(thin)).toEqual({ screen: 'book_thin', open: 'lever_mark_unreliable', close: '100000' });
    expect(await storedLook()).toMatchObject({
      mark: '100000.000000000000000000',
      impact_ask: null,
      marked_at: markedAt,
    });

    // No trade of the minimum notional in the window: the same, for another reason.
    const quiet = await look(tracker, NO_TRADE, start + 3 * SECOND);
    expect(uses(quiet)).toEqual({ screen: 'no_trade', open: 'lever_mark_unreliable', close: '100000' });
    expect(await storedLook()).toMatchObject({ reason: 'no_trade', reference: null, marked_at: markedAt });
  });

  it('records every pair of one look, and overwrites each pair with its newest look', async () => {
    await recordMarks(sql, [reliableMark(btcPair, m('101000')), reliableMark(ethPair, m('3000.5'))]);
    await recordMarks(sql, [reliableMark(btcPair, m('102000'))]);
    expect((await readMark(sql, btcPair)).mark?.toFixed()).toBe('102000');
    expect((await readMark(sql, ethPair)).mark?.toFixed()).toBe('3000.5');
    // A look with no pair to record changes nothing.
    await recordMarks(sql, []);
    expect((await readMark(sql, btcPair)).mark?.toFixed()).toBe('102000');
  });

  it('tells monitoring how long ago each pair last had a reliable mark', async () => {
    const now = Date.now();
    await recordMarks(sql, [
      { ...reliableMark(btcPair, m('100000')) },
      {
        matchId: ethPair,
        state: {
          mark: m(3000),
          reliable: false,
          reason: 'book_thin',
          markedAtMs: now - 120 * SECOND,
          inputs: {},
        },
      },
    ]);
    const ages = Object.fromEntries((await markAges(sql)).map((row) => [row.pair, row]));
    expect(ages['BTC/USDT']).toMatchObject({ reliable: true });
    expect(ages['BTC/USDT']?.ageSeconds).toBeLessThan(60);
    expect(ages['ETH/USDT']).toMatchObject({ reliable: false });
    expect(ages['ETH/USDT']?.ageSeconds).toBeGreaterThanOrEqual(120);
    // A pair never reliably marked has no age to report.
    await recordMarks(sql, [
      { matchId: ethPair, state: { reliable: false, reason: 'book_thin', inputs: {} } },
    ]);
    expect((await markAges(sql)).map((row) => row.pair)).not.toContain('ETH/USDT');
  });
});

describe('what a trader can do at the recorded mark', () => {
  it('pauses opens while the book cannot back a price, and lets a trader leave at the last reliable mark', async () => {
    await ctx.setLeverMark(btcPair, '100000');
    const user = await leverTrader(ctx, '1000');
    expect((await submitLever(ctx, user.token, {})).body.type).toBe('ok');
    const [position] = await leverPositions(ctx, user.id);
    // The asks go away: the worker holds 100 000 (a dust bid far above moves nothing, it has no impact price).
    const tracker = new MarkTracker(PARAMS, { mark: m(100000), markedAtMs: Date.now() });
    expect((await look(tracker, ASKS_GONE)).reliable).toBe(false);
    expect(await deal(user.token)).toMatchObject({ last_price: '100000', mark_state: 'book_thin' });
    const before = await leverWallet(ctx, user.id);
    // Neither a market position nor an entrust opens: an entrust placed against this price would be too.
    expect((await submitLever(ctx, user.token, {})).body).toEqual({ type: 'error', message: UNRELIABLE });
    expect((await submitLever(ctx, user.token, { status: 0, target_price: '99000' })).body.message).toBe(
      UNRELIABLE,
    );
    expect(await leverWallet(ctx, user.id)).toEqual(before);
    // Closing pays at the held mark: (100 000 - 100 020) x 0.02.
    const closed = await ctx.post('/api/lever/close', { id: String(position?.id) }, user.token);
    expect(closed.body.type).toBe('ok');
    const [done] = await leverPositions(ctx, user.id);
    expect([done?.status, done?.close_price?.toFixed(), done?.fact_profits.toFixed()]).toEqual([
      3,
      '100000',
      '-0.4',
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('moves no money on a mark the worker stopped recording, and resumes with its next look', async () => {
    await ctx.setLeverMark(btcPair, '100000');
    const user = await leverTrader(ctx, '1000');
    expect((await submitLever(ctx, user.token, {})).body.type).toBe('ok');
    const [position] = await leverPositions(ctx, user.id);
    // The worker's last look was a minute ago: the book may have moved anywhere since.
    const minuteAgo = new Date(Date.now() - 60 * SECOND);
    await recordMarks(sql, [reliableMark(btcPair, m('100000'))], minuteAgo);
    const stale = await readMark(sql, btcPair);
    expect(stale).toMatchObject({ reliable: true, fresh: false });
    expect(uses(stale)).toEqual({ screen: 'stale', open: 'lever_no_price', close: 'lever_no_price' });
    const before = await leverWallet(ctx, user.id);
    expect((await submitLever(ctx, user.token, {})).body).toEqual({ type: 'error', message: NO_PRICE });
    const close = () => ctx.post('/api/lever/close', { id: String(position?.id) }, user.token);
    expect((await close()).body).toEqual({ type: 'error', message: NO_PRICE });
    expect(await leverWallet(ctx, user.id)).toEqual(before);
    expect((await leverPositions(ctx, user.id)).map((row) => row.status)).toEqual([1]);

    // The worker looks again (it looks every second): the mark is fresh, and the close goes through at it.
    await recordMarks(sql, [reliableMark(btcPair, m('100500'))]);
    expect(await readMark(sql, btcPair)).toMatchObject({ fresh: true });
    expect((await close()).body.type).toBe('ok');
    expect((await leverPositions(ctx, user.id))[0]?.close_price?.toFixed()).toBe('100500');
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
