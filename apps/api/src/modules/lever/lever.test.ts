import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, inTransaction } from '@exchange/kernel/db';
import { Money } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../test/harness';
import { houseUsdt, leverPositions, leverWallet, submitLever } from '../../../../../test/lever';
import { untilWaitingOnLocks } from '../../../../../test/locks';
import { fundHousePool } from '../wallet';
import { batchClose, settleClosing, type LeverDeps } from './close-position';
import { activateEntrusts } from './activate-entrusts';
import { fireStops } from './fire-stops';
import { liquidate } from './liquidate';
import { chargeOvernightFees } from './overnight-fee';
import { RiskEngine } from './risk-engine';

const ctx = useTestContext();
let pool: pg.Pool;
let deps: LeverDeps;
let usdt: number;
let btc: number;
let eth: number;
let btcPair: number;
let ethPair: number;

beforeAll(async () => {
  pool = createPool(ctx.databaseUrl, 4);
  deps = { pool, redis: ctx.redis, redisPrefix: ctx.config.REDIS_PREFIX };
  [usdt, btc, eth] = [await ctx.currencyId('USDT'), await ctx.currencyId('BTC'), await ctx.currencyId('ETH')];
  btcPair = (await ctx.prisma.currencyMatch.findFirstOrThrow({ where: { legal_id: usdt, currency_id: btc } }))
    .id;
  ethPair = (await ctx.prisma.currencyMatch.findFirstOrThrow({ where: { legal_id: usdt, currency_id: eth } }))
    .id;
  for (const pool of ['lever_pool', 'insurance_fund'] as const)
    await fundHousePool(ctx.prisma, { pool, currencyId: usdt, amount: new Money('1000000') });
});
afterAll(() => pool.end());

/** The mark the risk worker would record after a look at a healthy book. */
const setMark = (matchId: number, mark: string) => ctx.setLeverMark(matchId, mark);

async function trader(lever = '1000') {
  const user = await ctx.signedInUser({ tradePassword: '123456' });
  await ctx.deposit(user.account, 'USDT', '100000');
  const moved = await ctx.post(
    '/api/wallet/change',
    { currency_id: usdt, number: lever, from_field: 'change', to_field: 'lever' },
    user.token,
  );
  expect(moved.body.type).toBe('ok');
  return user;
}

const submit = (token: string, fields: Record<string, string | number> = {}) =>
  submitLever(ctx, token, fields);

const lever = (userId: number) => leverWallet(ctx, userId);
const positions = (userId: number) => leverPositions(ctx, userId);
const house = (account: string) => houseUsdt(ctx, account);

async function expectCleanAudit() {
  expect((await ctx.audit()).problems).toEqual([]);
}

describe('opening and closing', () => {
  it('opens a market long at the mark plus the spread, locks the margin and books the fee', async () => {
    const user = await trader();
    // Mark 100000; price 100000 x 1.0002 = 100020; 0.02 BTC; value 2000.4.
    await setMark(btcPair, '100000');
    const fees = await house('fees');
    expect((await submit(user.token)).body).toEqual({ type: 'ok', message: 'Submitted successfully' });
    const [position] = await positions(user.id);
    expect(position).toMatchObject({ type: 1, status: 1, share: 2, multiple: 10 });
    expect(position?.price.toFixed()).toBe('100020');
    expect(position?.number.toFixed()).toBe('0.02');
    expect(position?.caution_money.toFixed()).toBe('200.04');
    expect(position?.trade_fee.toFixed()).toBe('2.0004');
    expect(await lever(user.id)).toEqual({ available: '797.9596', locked: '200.04' });
    expect((await house('fees')).minus(fees).toFixed()).toBe('2.0004');
    await expectCleanAudit();

    // dealall: the risk rate (797.9596 + 200.04 + profit) / 200.04 x 100 at the mark 100000: profit -0.4.
    const all = await ctx.post('/api/lever/dealall', { legal_id: usdt, currency_id: btc }, user.token);
    expect(all.body.message).toMatchObject({
      balance: '797.9596',
      profits_total: '-0.4',
      hazard_rate: '498.70',
      caution_money_total: '200.04',
    });
    expect(all.body.message.order.data[0]).toMatchObject({
      status: 1,
      price: '100020',
      update_price: '100000',
    });

    // Closing at a mark of 101000 pays margin plus (101000 - 100020) x 0.02 = 19.6 from the lever pool.
    await setMark(btcPair, '101000');
    const poolBefore = await house('lever_pool');
    const closed = await ctx.post('/api/lever/close', { id: Number(position?.id) }, user.token);
    expect(closed.body).toEqual({ type: 'ok', message: 'Position closed' });
    expect(await lever(user.id)).toEqual({ available: '1017.5996', locked: '0' });
    expect(poolBefore.minus(await house('lever_pool')).toFixed()).toBe('19.6');
    const [done] = await positions(user.id);
    expect(done).toMatchObject({ status: 3, close_reason: 'user' });
    expect(done?.close_price?.toFixed()).toBe('101000');
    expect(done?.fact_profits.toFixed()).toBe('19.6');
    // Closing it again, or as the wrong state: a clear error, nothing changed.
    expect((await ctx.post('/api/lever/close', { id: Number(position?.id) }, user.token)).body).toEqual({
      type: 'error',
      message: 'This position is not in trade',
    });
    const tabs = await ctx.post('/api/lever/my_trade', { status: 3 }, user.token);
    expect(tabs.body.message.message.total).toBe(1);
    const log = await ctx.post('/api/wallet/legal_log', { type: 3 }, user.token);
    expect(log.body.message.list.map((row: { info: string }) => row.info)).toContain('Contract closed');
    await expectCleanAudit();
  });

  it('refuses every bad submission with a clear message and changes nothing', async () => {
    const user = await trader('100');
    await setMark(btcPair, '100000');
    const cases: [Record<string, string | number>, string][] = [
      [{ currency_id: 999 }, 'This pair is delisted for contracts, please switch pair'],
      [{ legal_id: 'x' }, 'This pair is delisted for contracts, please switch pair'],
      [{ share: 0 }, 'Please enter an integer'],
      [{ share: '1.5' }, 'Please enter an integer'],
      [{ share: '-3' }, 'Please enter an integer'],
      [{ share: 1001 }, 'No more than 1000 hands'],
      [{ multiple: 7 }, 'Please choose one of the offered multiples'],
      [{ type: 3 }, 'Please choose long or short'],
      [{ status: 0, target_price: '' }, 'Please enter a price'],
      [{ status: 0, target_price: '-5' }, 'The price must be greater than 0'],
      [{ status: 0, target_price: '100001' }, 'A long limit price must be below the current price 100000'],
      [
        { status: 0, type: 2, target_price: '99999' },
        'A short limit price must be above the current price 100000',
      ],
      [{ share: 10 }, 'Insufficient USDT contract balance: at least 1010.202 is needed (fee 10.002)'],
      [{ password: '' }, 'Please enter the trade password'],
    ];
    for (const [fields, message] of cases) {
      const answer = await submit(user.token, fields);
      expect(answer.body, JSON.stringify(fields)).toEqual({ type: 'error', message });
    }
    expect((await submit(user.token, { password: '000000' })).body.type).toBe('error');
    // A pair closed for lever trading.
    await ctx.prisma.currencyMatch.update({ where: { id: ethPair }, data: { open_lever: 0 } });
    expect((await submit(user.token, { currency_id: eth })).body.message).toBe(
      'This pair is delisted for contracts, please switch pair',
    );
    await ctx.prisma.currencyMatch.update({ where: { id: ethPair }, data: { open_lever: 1 } });
    // In Chinese too.
    const chinese = await ctx.http
      .post('/api/lever/submit')
      .set({ Authorization: user.token, lang: 'zh' })
      .type('form')
      .send({ legal_id: usdt, currency_id: btc, type: 1, share: 1, multiple: 7, password: '123456' });
    expect(chinese.body).toEqual({ type: 'error', message: '请选择提供的倍数' });
    expect(await positions(user.id)).toEqual([]);
    expect(await lever(user.id)).toEqual({ available: '100', locked: '0' });
    await expectCleanAudit();
  });

  it('lets exactly one of two submissions for the same funds through', async () => {
    const user = await trader('210');
    await setMark(btcPair, '100000');
    // Each needs 200.04 + 2.0004.
    const answers = await Promise.all([submit(user.token), submit(user.token), submit(user.token)]);
    expect(answers.filter((answer) => answer.body.type === 'ok')).toHaveLength(1);
    expect(await positions(user.id)).toHaveLength(1);
    await expectCleanAudit();
  });

  it('refuses transfers out of lever while a position is open, and allows them after', async () => {
    const user = await trader();
    await setMark(btcPair, '100000');
    await submit(user.token);
    const out = () =>
      ctx.post(
        '/api/wallet/change',
        { currency_id: usdt, number: '10', from_field: 'lever', to_field: 'change' },
        user.token,
      );
    expect((await out()).body.message).toBe(
      'You have open contract positions: close them before transferring out of the contract account',
    );
    const [position] = await positions(user.id);
    await ctx.post('/api/lever/close', { id: Number(position?.id) }, user.token);
    expect((await out()).body.type).toBe('ok');
    await expectCleanAudit();
  });
});

describe('entrusts, stops and the risk engine', () => {
  it('cancels an entrust with its margin and fee refunded, and opens one when the mark reaches it', async () => {
    const user = await trader();
    await setMark(btcPair, '100000');
    expect((await submit(user.token, { status: 0, target_price: '99000' })).body.type).toBe('ok');
    expect((await submit(user.token, { status: 0, target_price: '98000' })).body.type).toBe('ok');
    const [first, second] = await positions(user.id);
    expect(first?.status).toBe(0);
    // Closing an entrust is refused; cancelling it refunds everything.
    expect((await ctx.post('/api/lever/close', { id: Number(first?.id) }, user.token)).body.message).toBe(
      'This position is not in trade',
    );
    expect((await ctx.post('/api/lever/cancel', { id: Number(first?.id) }, user.token)).body.type).toBe('ok');
    expect((await ctx.post('/api/lever/cancel', { id: Number(first?.id) }, user.token)).body.message).toBe(
      'Only a pending order can be cancelled',
    );
    // A fee that may still be refunded pays no referral rebate yet: an entrust's fee counts once it opens.
    const teamFees = () =>
      ctx.prisma.teamFee.findMany({
        where: { source_type: 'lever', user_id: user.id },
        orderBy: { id: 'asc' },
      });
    expect(await teamFees()).toEqual([]);
    const engine = new RiskEngine(pool);
    await engine.load();
    engine.setMark(btcPair, new Money('98500'));
    expect((await engine.evaluatePair(btcPair)).activated).toEqual([]);
    engine.setMark(btcPair, new Money('97990'));
    expect((await engine.evaluatePair(btcPair)).activated).toEqual([second?.id.toString()]);
    const opened = await ctx.prisma.leverTransaction.findUniqueOrThrow({ where: { id: second?.id ?? 0n } });
    expect(opened.status).toBe(1);
    expect(opened.price.toFixed()).toBe('98019.6');
    expect(
      (await teamFees()).map((fee) => [fee.source_id, fee.currency_id, fee.account, fee.amount.toFixed()]),
    ).toEqual([[opened.id, usdt, 'lever', opened.trade_fee.toFixed()]]);
    expect((await ctx.post('/api/lever/cancel', { id: Number(second?.id) }, user.token)).body.message).toBe(
      'Only a pending order can be cancelled',
    );
    await expectCleanAudit();
  });

  it('checks stops and fires them at the mark', async () => {
    const user = await trader();
    await setMark(btcPair, '100000');
    await submit(user.token);
    const [position] = await positions(user.id);
    const id = Number(position?.id);
    const stop = (target_profit_price: string, stop_loss_price: string) =>
      ctx.post('/api/lever/setstop', { id, target_profit_price, stop_loss_price }, user.token);
    expect((await stop('100010', '')).body.message).toBe('The take-profit price must be above 100020');
    expect((await stop('', '100001')).body.message).toBe('The stop-loss price must be below 100000');
    expect((await stop('0', '')).body.message).toBe('The value must be greater than 0');
    expect((await stop('-1', '')).body.message).toBe('The value must be greater than 0');
    expect((await stop('', '')).body.message).toBe('The value must be greater than 0');
    expect((await stop('101000', '99000')).body).toEqual({
      type: 'ok',
      message: 'Take-profit and stop-loss set',
    });
    const other = await trader();
    expect(
      (await ctx.post('/api/lever/setstop', { id, target_profit_price: '102000' }, other.token)).body.message,
    ).toBe('Position not found');

    const engine = new RiskEngine(pool);
    await engine.load();
    engine.setMark(btcPair, new Money('100500'));
    expect((await engine.evaluatePair(btcPair)).settled).toEqual([]);
    engine.setMark(btcPair, new Money('101200'));
    const round = await engine.evaluatePair(btcPair);
    expect(round.settled.map((settled) => [settled.id, settled.reason, settled.closePrice])).toEqual([
      [String(id), 'stop_profit', '101200'],
    ]);
    await expectCleanAudit();
  });

  it('fires a stop and opens an entrust at exactly its price under lock, and not a tick before', async () => {
    const user = await trader('3000');
    await setMark(btcPair, '100000');
    const opened = async (fields: Record<string, string | number>) => {
      expect((await submit(user.token, fields)).body.type).toBe('ok');
      return (await positions(user.id)).at(-1)?.id.toString() ?? '';
    };
    const withStops = async (type: number, target_profit_price: string, stop_loss_price: string) => {
      const id = await opened({ type });
      const set = { id: Number(id), target_profit_price, stop_loss_price };
      expect((await ctx.post('/api/lever/setstop', set, user.token)).body.type).toBe('ok');
      return id;
    };
    const fire = (ids: string[], mark: string) =>
      inTransaction(pool, (sql) => fireStops(sql, ids, new Money(mark))).then((settled) =>
        settled.map((position) => [position.id, position.reason]),
      );
    const open = (ids: string[], mark: string) =>
      inTransaction(pool, (sql) => activateEntrusts(sql, ids, new Money(mark))).then((rows) =>
        rows.map((row) => row.id),
      );
    // Up at 101000: the long's take-profit and the short's stop-loss.
    const [upLong, upShort] = [await withStops(1, '101000', '99000'), await withStops(2, '99000', '101000')];
    expect(await fire([upLong, upShort], '100999.99')).toEqual([]);
    expect(await fire([upLong, upShort], '101000')).toEqual([
      [upLong, 'stop_profit'],
      [upShort, 'stop_loss'],
    ]);
    // Down at 99000: the long's stop-loss and the short's take-profit.
    const [downLong, downShort] = [
      await withStops(1, '101000', '99000'),
      await withStops(2, '99000', '101000'),
    ];
    expect(await fire([downLong, downShort], '99000.01')).toEqual([]);
    expect(await fire([downLong, downShort], '99000')).toEqual([
      [downLong, 'stop_loss'],
      [downShort, 'stop_profit'],
    ]);
    // A long entrust opens once the mark is at or below its price, a short one at or above.
    const [entrustLong, entrustShort] = [
      await opened({ status: 0, target_price: '99000' }),
      await opened({ status: 0, type: 2, target_price: '101000' }),
    ];
    expect(await open([entrustLong], '99000.01')).toEqual([]);
    expect(await open([entrustShort], '100999.99')).toEqual([]);
    expect(await open([entrustLong], '99000')).toEqual([entrustLong]);
    expect(await open([entrustShort], '101000')).toEqual([entrustShort]);
    await expectCleanAudit();
  });

  it('liquidates every position of a user in that quote currency at the burst rate', async () => {
    const user = await trader('300');
    await setMark(btcPair, '100000');
    await setMark(ethPair, '3000');
    // 0.02 BTC at 100x: margin 20.0040, fee 2.0004; 1 ETH lot (0.1 ETH) at 10x: margin 30.006, fee 0.30006.
    expect((await submit(user.token, { multiple: 100 })).body.type).toBe('ok');
    expect((await submit(user.token, { currency_id: eth, share: 1 })).body.type).toBe('ok');
    const bystander = await trader();
    expect((await submit(bystander.token, { multiple: 5 })).body.type).toBe('ok');
    const engine = new RiskEngine(pool);
    await engine.load();
    engine.setMark(ethPair, new Money('3000'));
    engine.setMark(btcPair, new Money('95000'));
    // Available 247.68954, margins 50.01: at 95000 the loss is 100.46, the risk rate far above 10 %.
    await engine.evaluatePair(btcPair);
    expect((await positions(user.id)).map((row) => row.status)).toEqual([1, 1]);
    // At 85000 the BTC loss is 300.4: the equity is gone, both positions close at their pairs' marks.
    engine.setMark(btcPair, new Money('85000'));
    const round = await engine.evaluatePair(btcPair);
    expect(round.liquidatedAccounts).toBeGreaterThanOrEqual(1);
    const closed = await positions(user.id);
    expect(closed.map((row) => [row.status, row.close_reason, row.close_price?.toFixed()])).toEqual([
      [3, 'burst', '85000'],
      [3, 'burst', '3000'],
    ]);
    // The BTC loss beyond its margin took the whole available balance; the ETH margin came back.
    expect(await lever(user.id)).toEqual({ available: '29.946', locked: '0' });
    expect((await positions(bystander.id))[0]?.status).toBe(1);
    await expectCleanAudit();
  });

  it('rechecks a liquidation under lock: a stale candidate is spared, a pending entrust neither counts nor closes', async () => {
    const user = await trader('300');
    await setMark(btcPair, '100000');
    await setMark(ethPair, '3000');
    // 0.02 BTC at 100x (margin 20.004) and 0.1 ETH at 10x (margin 30.006): 50.01 of margins.
    expect((await submit(user.token, { multiple: 100 })).body.type).toBe('ok');
    expect((await submit(user.token, { currency_id: eth, share: 1 })).body.type).toBe('ok');
    // A long entrust far below the market: its margin is locked, but it is no position yet.
    expect((await submit(user.token, { status: 0, target_price: '50000' })).body.type).toBe('ok');
    // 146.66934 is left available.
    expect((await lever(user.id)).available).toBe('146.66934');
    const candidate = { userId: user.id, legalId: usdt };
    // A user without positions (they closed them after the worker's last look) is a candidate too.
    const emptied = { userId: (await trader()).id, legalId: usdt };
    const liquidateAt = (marks: [number, string][], candidates = [candidate]) =>
      inTransaction(pool, (sql) =>
        liquidate(
          sql,
          candidates,
          new Map(marks.map(([pair, mark]) => [pair, new Money(mark)])),
          new Money(10),
        ),
      );
    // The worker's view was stale: at the stored state the account is healthy, so nothing closes.
    expect(
      await liquidateAt([
        [btcPair, '100000'],
        [ethPair, '3000'],
      ]),
    ).toEqual({ settled: [], liquidated: [], spared: [candidate] });
    // At 95000 the BTC loss (100.4) is twice the margins, but the available balance still covers it: the rate
    // counts it (146.66934 + 50.01 - 100.46 of 50.01, 192 %).
    expect(
      await liquidateAt([
        [btcPair, '95000'],
        [ethPair, '3000'],
      ]),
    ).toMatchObject({ liquidated: [], spared: [candidate] });
    // Without a mark for every pair the account trades, its rate cannot be known: spared too.
    expect(await liquidateAt([[btcPair, '90000']])).toMatchObject({ liquidated: [], spared: [candidate] });
    expect((await positions(user.id)).map((row) => row.status)).toEqual([1, 1, 0]);
    // At 90000 the BTC loss takes the margins and the available balance to a rate below 10 %. Counted as a
    // position, the entrust's margin (and its profit at its own price) would have kept it far above. The
    // user without positions has nothing to liquidate.
    const outcome = await liquidateAt(
      [
        [btcPair, '90000'],
        [ethPair, '3000'],
      ],
      [emptied, candidate],
    );
    expect(outcome).toMatchObject({ liquidated: [candidate], spared: [emptied] });
    expect((await positions(user.id)).map((row) => [row.status, row.close_reason])).toEqual([
      [3, 'burst'],
      [3, 'burst'],
      [0, ''],
    ]);
    await expectCleanAudit();
  });

  it("locks the candidates' positions in ascending user order, whatever order the worker names them in", async () => {
    // Two liquidation passes naming the same users in opposite orders would otherwise each hold one user's
    // rows and wait for the other's: a deadlock that fails both.
    const [lower, higher] = [await trader(), await trader()];
    await setMark(btcPair, '100000');
    for (const user of [lower, higher]) expect((await submit(user.token)).body.type).toBe('ok');
    const holder = await pool.connect();
    const prober = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM lever_transactions WHERE user_id = $1 FOR UPDATE', [higher.id]);
      const candidates = [higher, lower].map((user) => ({ userId: user.id, legalId: usdt }));
      const liquidating = inTransaction(pool, (sql) =>
        liquidate(sql, candidates, new Map([[btcPair, new Money('100000')]]), new Money(10)),
      );
      liquidating.catch(() => undefined);
      await untilWaitingOnLocks(ctx.prisma, 1);
      // Waiting for the higher user's rows, the pass already holds the lower user's.
      await expect(
        prober.query('SELECT 1 FROM lever_transactions WHERE user_id = $1 FOR UPDATE NOWAIT', [lower.id]),
      ).rejects.toMatchObject({ code: '55P03' });
      await holder.query('ROLLBACK');
      expect(await liquidating).toMatchObject({ liquidated: [], spared: candidates });
    } finally {
      holder.release();
      prober.release();
    }
  });

  it('caps a loss larger than everything the user holds and books the shortfall to the insurance fund', async () => {
    const user = await trader('30');
    await setMark(btcPair, '100000');
    expect((await submit(user.token, { multiple: 100 })).body.type).toBe('ok');
    const insurance = await house('insurance_fund');
    // A gap to 50000: the loss is 1000.4, the user holds 20.004 margin and 7.9956 available.
    await setMark(btcPair, '50000');
    const [position] = await positions(user.id);
    expect((await ctx.post('/api/lever/close', { id: Number(position?.id) }, user.token)).body.type).toBe(
      'ok',
    );
    expect(await lever(user.id)).toEqual({ available: '0', locked: '0' });
    const [closed] = await positions(user.id);
    expect(closed?.shortfall.toFixed()).toBe('972.4004');
    expect(insurance.minus(await house('insurance_fund')).toFixed()).toBe('972.4004');
    await expectCleanAudit();
  });
});

describe('races, batch close and crashes', () => {
  it('settles a position raced by two closes, a stop and a liquidation exactly once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await trader('30');
      await setMark(btcPair, '100000');
      await submit(user.token, { multiple: 100 });
      const [position] = await positions(user.id);
      const id = Number(position?.id);
      await ctx.post('/api/lever/setstop', { id, stop_loss_price: '99000' }, user.token);
      await setMark(btcPair, '90000');
      const engine = new RiskEngine(pool);
      await engine.load();
      engine.setMark(btcPair, new Money('90000'));
      const [first, second, stopped, evaluated] = await Promise.all([
        ctx.post('/api/lever/close', { id }, user.token),
        ctx.post('/api/lever/close', { id }, user.token),
        inTransaction(pool, (sql) => fireStops(sql, [String(id)], new Money('90000'))),
        engine.evaluatePair(btcPair),
      ]);
      const settledBy = [
        first.body.type === 'ok',
        second.body.type === 'ok',
        stopped.length === 1,
        evaluated.settled.some((settled) => settled.id === String(id)),
      ];
      expect(settledBy.filter(Boolean)).toHaveLength(1);
      const logs = await ctx.prisma.accountLog.count({
        where: { ref_type: 'lever', ref_id: String(id), is_lock: true, delta: { lt: 0 } },
      });
      expect(logs).toBe(1);
      expect(await lever(user.id)).toEqual({ available: '0', locked: '0' });
      await expectCleanAudit();
    }
  });

  it('batch closes all, longs or shorts, and finishes claimed closes after a crash once', async () => {
    const user = await trader('2000');
    await setMark(btcPair, '100000');
    await submit(user.token, { type: 1 });
    await submit(user.token, { type: 2 });
    await submit(user.token, { type: 2 });
    const batch = (type: number) => ctx.post('/api/lever/batch_close', { type }, user.token);
    expect((await batch(5)).body.message).toBe('Please choose all, longs or shorts');
    expect((await batch(1)).body).toEqual({ type: 'ok', message: 'Submitted, please wait for processing' });
    expect((await positions(user.id)).map((row) => row.status)).toEqual([3, 1, 1]);
    expect((await batch(1)).body.message).toBe('No positions to close');

    // The process dies between claiming and settling: the positions stay closing, with their marks.
    const claimed = await batchClose(deps, user.id, { type: 2 }, { settle: false });
    expect(claimed).toHaveLength(2);
    expect((await positions(user.id)).map((row) => row.status)).toEqual([3, 2, 2]);
    const closingTab = await ctx.post('/api/lever/my_trade', { status: 2 }, user.token);
    expect(closingTab.body.message.message.total).toBe(2);
    expect((await submit(user.token)).body.message).toBe(
      'One of your positions is being closed, please try again shortly',
    );
    // A restarted worker settles them; a second worker (or a second start) finds nothing left to do.
    const [one, two] = await Promise.all([
      new RiskEngine(pool).finishClosing(),
      new RiskEngine(pool).finishClosing(),
    ]);
    expect([...one, ...two].map((settled) => settled.id).sort()).toEqual([...claimed].sort());
    expect(await inTransaction(pool, (sql) => settleClosing(sql))).toEqual([]);
    expect((await positions(user.id)).map((row) => row.status)).toEqual([3, 3, 3]);
    expect((await lever(user.id)).locked).toBe('0');
    await expectCleanAudit();
  });
});

describe('overnight fee', () => {
  it('charges a day once, from the margin first, even when the job runs twice', async () => {
    const user = await trader();
    await setMark(btcPair, '100000');
    await submit(user.token);
    const [position] = await positions(user.id);
    await ctx.prisma.leverTransaction.update({
      where: { id: position?.id ?? 0n },
      data: { transaction_time: new Date('2026-11-20T12:00:00Z') },
    });
    const markOf = () => Promise.resolve(new Money('100000'));
    // 100020 x 0.02 x 0.05 % = 1.0002.
    const [first, second] = await Promise.all([
      chargeOvernightFees(pool, '2026-11-21', markOf),
      chargeOvernightFees(pool, '2026-11-21', markOf),
    ]);
    expect(first.charged + second.charged).toBe(1);
    expect((await chargeOvernightFees(pool, '2026-11-21', markOf)).alreadyDone).toBe(true);
    const [charged] = await positions(user.id);
    expect(charged?.overnight_money.toFixed()).toBe('1.0002');
    expect(charged?.caution_money.toFixed()).toBe('199.0398');
    expect(await lever(user.id)).toEqual({ available: '797.9596', locked: '199.0398' });
    // A position opened after the day began is not charged for it.
    expect((await chargeOvernightFees(pool, '2026-11-20', markOf)).charged).toBe(0);
    await expectCleanAudit();
  });

  it('closes a position whose margin and balance cannot pay, never overdrawing', async () => {
    const user = await trader('30');
    await setMark(btcPair, '100000');
    await submit(user.token, { multiple: 100 });
    const [position] = await positions(user.id);
    // An operator raised the overnight rate so far that margin and balance cannot pay a day.
    await ctx.prisma.leverTransaction.update({
      where: { id: position?.id ?? 0n },
      data: { transaction_time: new Date('2026-11-20T12:00:00Z'), overnight: '50' },
    });
    const run = await chargeOvernightFees(pool, '2026-11-22', () => Promise.resolve(new Money('99000')));
    expect(run.closed.map((settled) => settled.reason)).toEqual(['overnight']);
    expect(await lever(user.id)).toEqual({ available: '0', locked: '0' });
    const [closed] = await positions(user.id);
    expect(closed?.status).toBe(3);
    expect(closed?.overnight_money.toFixed()).toBe('7.5996');
    await expectCleanAudit();
  });
});
