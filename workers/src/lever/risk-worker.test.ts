import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPool } from '@exchange/kernel/db';
import { SOCKET_PATH } from '@exchange/kernel/realtime';
import { batchClose, type LeverDeps } from '@exchange/api/modules/lever';
import { useTestContext } from '../../../test/harness';
import {
  houseUsdt,
  leverPositions,
  leverTrader,
  leverWallet,
  spotOrder,
  submitLever,
} from '../../../test/lever';
import { RiskWorker } from './risk-worker';

/**
 * The risk worker as it runs: real spot trades through the real matcher move the marks it follows, and it
 * fires stops, opens entrusts, liquidates and pushes to the owners' sockets; killed while settling, a
 * restarted worker finishes the job exactly once.
 */
const ctx = useTestContext();
let usdt: number;
let btc: number;
let eth: number;
let btcPair: number;
let ethPair: number;
let baseUrl: string;
const sockets: Socket[] = [];
const workers: RiskWorker[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  [usdt, btc, eth] = [await ctx.currencyId('USDT'), await ctx.currencyId('BTC'), await ctx.currencyId('ETH')];
  const pairOf = async (currencyId: number) =>
    (await ctx.prisma.currencyMatch.findFirstOrThrow({ where: { legal_id: usdt, currency_id: currencyId } }))
      .id;
  [btcPair, ethPair] = [await pairOf(btc), await pairOf(eth)];
  await ctx.fundHouse('lever_pool', 'USDT', '1000000');
  await ctx.fundHouse('insurance_fund', 'USDT', '1000000');
  // A mark that follows the book at once (the mark's own defences are tested in mark-attacks.test.ts): the
  // mid of the best prices (each level here far deeper than the impact notional), no band, no cap, and a
  // smoothing window of 1 s that holds one sample only, as the worker looks every 1.1 s here.
  await ctx.prisma.currencyMatch.updateMany({
    where: { id: { in: [btcPair, ethPair] } },
    data: {
      mark_impact_notional: '100',
      mark_band_percent: '100',
      mark_smoothing_seconds: 1,
      mark_max_move_percent: '1000000',
    },
  });
  await ctx.startMatcher();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  for (const socket of sockets) socket.disconnect();
  for (const worker of workers) await worker.stop();
});

async function startWorker(): Promise<RiskWorker> {
  const worker = new RiskWorker({
    databaseUrl: ctx.databaseUrl,
    redisUrl: ctx.redisUrl,
    redisPrefix: ctx.config.REDIS_PREFIX,
    markSampleMs: 1_100,
    log: () => undefined,
  });
  workers.push(worker);
  await worker.start();
  return worker;
}

/** A limit order on the spot book, through the same HTTP path and matcher as every trader's. */
async function spot(token: string, currencyId: number, side: 'buy' | 'sell', price: string, amount: string) {
  const answer = await spotOrder(ctx, token, { legalId: usdt, currencyId }, side, price, amount);
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
}

const trader = (lever: string) => leverTrader(ctx, lever);

async function open(token: string, fields: Record<string, string | number>) {
  const answer = await submitLever(ctx, token, fields);
  expect(answer.body, JSON.stringify(fields)).toEqual({ type: 'ok', message: 'Submitted successfully' });
}

interface Inbox {
  trades: { at: number; payload: Record<string, string> }[];
  /** The ids of each `lever_closed`, ascending, and whom it was addressed to. */
  closed: { to: number; ids: number[] }[];
}

/** A socket signed in as the user, recording the `lever_trade` and `lever_closed` pushes it receives. */
async function socketOf(user: { id: number; token: string }): Promise<Inbox> {
  const socket = connect(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  const login = await new Promise<{ type: string }>((resolve) =>
    socket.emit('login', { user_id: user.id, token: user.token }, resolve),
  );
  expect(login.type).toBe('ok');
  const inbox: Inbox = { trades: [], closed: [] };
  socket.on('lever_trade', (payload: Record<string, string>) =>
    inbox.trades.push({ at: Date.now(), payload }),
  );
  socket.on('lever_closed', (payload: { to: number; id: number[] }) =>
    inbox.closed.push({ to: payload.to, ids: [...payload.id].sort((a, b) => a - b) }),
  );
  return inbox;
}

const positions = (userId: number) => leverPositions(ctx, userId);
const lever = (userId: number) => leverWallet(ctx, userId);
const insuranceFund = () => houseUsdt(ctx, 'insurance_fund');

async function expectCleanAudit() {
  expect((await ctx.audit()).problems).toEqual([]);
}

const waitLong = { timeout: 15_000, interval: 50 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the lever risk worker', () => {
  let worker: RiskWorker;
  let mover: Awaited<ReturnType<typeof trader>>;
  let seller: Awaited<ReturnType<typeof trader>>;

  it('follows the marks of real trades: fires a stop, opens an entrust, liquidates the thin margin only', async () => {
    // A book on each pair: BTC bid 99990 / ask 100010 / last 100000, ETH 2990 / 3010 / 3000.
    mover = await ctx.signedInUser();
    seller = await ctx.signedInUser();
    await ctx.deposit(mover.account, 'USDT', '1000000');
    await ctx.deposit(mover.account, 'BTC', '5');
    await ctx.deposit(mover.account, 'ETH', '10');
    await ctx.deposit(seller.account, 'USDT', '10000');
    await ctx.deposit(seller.account, 'BTC', '5');
    await spot(mover.token, btc, 'sell', '100010', '1');
    await spot(mover.token, btc, 'buy', '99990', '1');
    await spot(mover.token, btc, 'sell', '100000', '0.01');
    await spot(seller.token, btc, 'buy', '100000', '0.01');
    await spot(mover.token, eth, 'sell', '3010', '1');
    await spot(mover.token, eth, 'buy', '2990', '1');
    await spot(mover.token, eth, 'sell', '3000', '0.1');
    await spot(seller.token, eth, 'buy', '3000', '0.1');

    worker = await startWorker();
    await vi.waitFor(() => {
      expect(worker.engine.markOf(btcPair)?.toFixed()).toBe('100000');
      expect(worker.engine.markOf(ethPair)?.toFixed()).toBe('3000');
    }, waitLong);

    // Thin: 30 in lever, a BTC long at 100x (price 100020, margin 20.004, fee 2.0004) and an ETH short at
    // 100x (price 2999.4, margin 2.9994, fee 0.29994): 4.69626 left available.
    const thin = await trader('30');
    const thinInbox = await socketOf(thin);
    await open(thin.token, { multiple: 100 });
    await open(thin.token, { currency_id: eth, type: 2, share: 1, multiple: 100 });
    // Well margined: a long with a stop-loss at 99500, a short without stops, a limit long at 99000.
    const well = await trader('5000');
    const wellInbox = await socketOf(well);
    await open(well.token, {});
    await open(well.token, { type: 2, share: 1 });
    await open(well.token, { share: 1, status: 0, target_price: '99000' });
    const [stopped, short, entrust] = await positions(well.id);
    expect(
      (
        await ctx.post(
          '/api/lever/setstop',
          { id: Number(stopped?.id), stop_loss_price: '99500' },
          well.token,
        )
      ).body.type,
    ).toBe('ok');
    // The worker hears of the new positions from the API and pushes each owner's state.
    await vi.waitFor(() => {
      expect(JSON.parse(thinInbox.trades.at(-1)?.payload.trades_all ?? '[]')).toHaveLength(2);
      expect(JSON.parse(wellInbox.trades.at(-1)?.payload.trades_entrust ?? '[]')).toHaveLength(1);
      const open = JSON.parse(wellInbox.trades.at(-1)?.payload.trades_all ?? '[]') as { id: number }[];
      expect(open.sort((a, b) => a.id - b.id)).toMatchObject([
        { id: Number(stopped?.id), stop_loss_price: '99500' },
        { id: Number(short?.id), stop_loss_price: '0' },
      ]);
    }, waitLong);
    await expectCleanAudit();

    // A seller hits the bids down to 99190 and the mover asks 99210: the mark (the mid) is 99200.
    await spot(mover.token, btc, 'buy', '99190', '1');
    await spot(seller.token, btc, 'sell', '99190', '1.01');
    await spot(mover.token, btc, 'sell', '99210', '1');
    await vi.waitFor(async () => expect((await positions(well.id))[0]?.status).toBe(3), waitLong);
    const [fired] = await positions(well.id);
    expect([fired?.close_reason, fired?.close_price?.toFixed()]).toEqual(['stop_loss', '99200']);
    await vi.waitFor(
      () => expect(wellInbox.closed).toEqual([{ to: well.id, ids: [Number(stopped?.id)] }]),
      waitLong,
    );
    // The thin trader loses 16.4 + 0.06 of 27.70 equity: a risk rate near 49 %, above the 10 % line.
    expect((await positions(thin.id)).map((row) => row.status)).toEqual([1, 1]);
    expect((await positions(well.id)).map((row) => row.status)).toEqual([3, 1, 0]);
    await expectCleanAudit();

    // Down to 98000: the entrust at 99000 opens, and the thin trader's equity is gone.
    const insuranceBefore = await insuranceFund();
    // The mover takes its bid away first: with no bids the book backs no mark, which holds at 99200 until
    // the new quotes around 98000 stand; then a trade at 97990.
    const bid = await ctx.prisma.spotOrder.findFirstOrThrow({
      where: { user_id: mover.id, match_id: btcPair, side: 1, state: 'open' },
    });
    const cancelled = await ctx.http
      .put('/api/coin/trade')
      .set('Authorization', mover.token)
      .type('form')
      .send({ id: bid.id.toString() });
    expect(cancelled.body.type).toBe('ok');
    await vi.waitFor(
      async () =>
        expect((await ctx.prisma.spotOrder.findUniqueOrThrow({ where: { id: bid.id } })).state).toBe(
          'cancelled',
        ),
      waitLong,
    );
    await spot(mover.token, btc, 'sell', '98010', '1');
    await spot(mover.token, btc, 'buy', '97990', '2');
    await spot(seller.token, btc, 'sell', '97990', '0.01');
    await vi.waitFor(async () => {
      expect((await positions(thin.id)).map((row) => row.status)).toEqual([3, 3]);
      expect((await positions(well.id)).map((row) => row.status)).toEqual([3, 1, 1]);
    }, waitLong);
    const liquidated = await positions(thin.id);
    expect(liquidated.map((row) => [row.close_reason, row.close_price?.toFixed()])).toEqual([
      ['burst', '98000'],
      ['burst', '3000'],
    ]);
    // BTC: margin 20.004 - loss 40.4 takes all 4.69626 available, 15.69974 from the insurance fund; ETH:
    // margin 2.9994 less 0.06 comes back.
    expect(liquidated.map((row) => row.shortfall.toFixed())).toEqual(['15.69974', '0']);
    expect(insuranceBefore.minus(await insuranceFund()).toFixed()).toBe('15.69974');
    expect(await lever(thin.id)).toEqual({ available: '2.9394', locked: '0' });
    const activated = await ctx.prisma.leverTransaction.findUniqueOrThrow({
      where: { id: entrust?.id ?? 0n },
    });
    expect([activated.status, activated.update_price.toFixed(), activated.price.toFixed()]).toEqual([
      1,
      '98000',
      '99019.8',
    ]);
    await vi.waitFor(
      () => expect(thinInbox.closed).toEqual([{ to: thin.id, ids: liquidated.map((row) => Number(row.id)) }]),
      waitLong,
    );
    await vi.waitFor(() => {
      const last = thinInbox.trades.at(-1)?.payload;
      expect([last?.trades_all, last?.hazard_rate]).toEqual(['[]', '0.00']);
      expect(JSON.parse(wellInbox.trades.at(-1)?.payload.trades_all ?? '[]')).toHaveLength(2);
    }, waitLong);
    await expectCleanAudit();

    // The last push agrees with what the API computes from Postgres at the same mark.
    const summary = await ctx.post('/api/lever/dealall', { legal_id: usdt, currency_id: btc }, well.token);
    const pushed = wellInbox.trades.at(-1)?.payload;
    expect([pushed?.hazard_rate, pushed?.profits_all, pushed?.caution_money_all]).toEqual([
      summary.body.message.hazard_rate,
      summary.body.message.profits_total,
      summary.body.message.caution_money_total,
    ]);

    // At most twice a second (sent on a 500 ms beat; some delivery jitter allowed), only on change, and
    // nothing while nothing changes even though the worker re-evaluates every pair each second.
    for (const inbox of [thinInbox, wellInbox]) {
      inbox.trades.slice(1).forEach((current, index) => {
        const previous = inbox.trades[index] as (typeof inbox.trades)[number];
        expect(current.at - previous.at).toBeGreaterThanOrEqual(300);
        expect(JSON.stringify(current.payload)).not.toBe(JSON.stringify(previous.payload));
      });
    }
    const counts = [thinInbox.trades.length, wellInbox.trades.length];
    await sleep(2_500);
    expect([thinInbox.trades.length, wellInbox.trades.length]).toEqual(counts);
  }, 120_000);

  it('killed while settling, is restarted and finishes every closing position exactly once', async () => {
    // Nothing else may settle meanwhile: the worker of the first test stops (it left nothing behind).
    await worker.stop();
    const user = await trader('3000');
    const inbox = await socketOf(user);
    await open(user.token, { type: 1 });
    await open(user.token, { type: 2 });
    await open(user.token, { type: 2, share: 3 });
    // The API claimed them for a batch close and died before settling: they wait in "closing".
    const pool = createPool(ctx.databaseUrl, 2);
    const deps: LeverDeps = { pool, redis: ctx.redis, redisPrefix: ctx.config.REDIS_PREFIX };
    const claimed = await batchClose(deps, user.id, { type: 0 }, { settle: false });
    await pool.end();
    expect(claimed).toHaveLength(3);
    expect((await positions(user.id)).map((row) => row.status)).toEqual([2, 2, 2]);

    // A worker process starts, claims them for settling and is killed (SIGKILL) in the middle: the test
    // holds the user's wallet row, so the worker's settling transaction is open and waiting when it dies.
    const holder = new pg.Client({ connectionString: ctx.databaseUrl });
    // Dropped with the test database if the test fails before it lets go.
    holder.on('error', () => undefined);
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM wallets WHERE user_id = $1 AND currency_id = $2 FOR UPDATE', [
      user.id,
      usdt,
    ]);
    const doomed = startWorkerProcess('lever-risk-worker-doomed');
    // Watched from outside the holder's transaction, which sees one snapshot of pg_stat_activity throughout.
    const backendsOf = (application: string) =>
      ctx.prisma.$queryRawUnsafe<{ waiting: string }[]>(
        `SELECT COALESCE(wait_event_type, '') AS waiting FROM pg_stat_activity WHERE application_name = $1`,
        application,
      );
    await vi.waitFor(
      async () =>
        expect(await backendsOf('lever-risk-worker-doomed')).toContainEqual(
          expect.objectContaining({ waiting: 'Lock' }),
        ),
      {
        timeout: 30_000,
        interval: 100,
      },
    );
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    doomed.kill('SIGKILL');
    await exited;
    await holder.query('ROLLBACK');
    // Postgres rolls the dead worker's transaction back once its sessions notice the client is gone.
    await vi.waitFor(async () => expect(await backendsOf('lever-risk-worker-doomed')).toEqual([]), waitLong);
    await holder.end();
    expect((await positions(user.id)).map((row) => row.status)).toEqual([2, 2, 2]);
    expect((await lever(user.id)).locked).not.toBe('0');

    // The restarted worker settles them, each at the mark its claim recorded, and tells the owner.
    const restarted = await startWorker();
    const settled = await positions(user.id);
    expect(settled.map((row) => [row.status, row.close_reason])).toEqual([
      [3, 'batch'],
      [3, 'batch'],
      [3, 'batch'],
    ]);
    const releases = await ctx.prisma.accountLog.groupBy({
      by: ['ref_id'],
      where: { ref_type: 'lever', ref_id: { in: claimed }, is_lock: true, delta: { lt: 0 } },
      _count: true,
    });
    expect(releases.map((row) => row._count)).toEqual([1, 1, 1]);
    expect((await lever(user.id)).locked).toBe('0');
    await vi.waitFor(
      () => expect(inbox.closed).toEqual([{ to: user.id, ids: claimed.map(Number).sort((a, b) => a - b) }]),
      waitLong,
    );
    // Started again, nothing is left to do.
    expect(await restarted.engine.finishClosing()).toEqual([]);
    await expectCleanAudit();
  }, 120_000);

  it('restarted after a pair was closed to lever, still follows its mark for the positions left on it', async () => {
    for (const running of workers.splice(0)) await running.stop();
    const user = await trader('3000');
    await open(user.token, { type: 1 });
    await ctx.prisma.currencyMatch.update({ where: { id: btcPair }, data: { open_lever: 0 } });
    try {
      // No trade happens after the restart: the mark recorded before it holds, and the book confirms it.
      const restarted = await startWorker();
      expect(restarted.engine.markOf(btcPair)?.toFixed()).toBe('98000');
      expect(restarted.engine.markOf(ethPair)?.toFixed()).toBe('3000');
    } finally {
      await ctx.prisma.currencyMatch.update({ where: { id: btcPair }, data: { open_lever: 1 } });
    }
  });
});

/**
 * The risk worker in a process of its own, whose Postgres sessions carry `application` as their name so
 * the test can watch them (and see them gone after the kill).
 */
function startWorkerProcess(application: string): ChildProcess {
  const url = new URL(ctx.databaseUrl);
  url.searchParams.set('application_name', application);
  const entry = fileURLToPath(new URL('./risk-worker.ts', import.meta.url));
  const script = `(async () => {
    const { RiskWorker } = await import(${JSON.stringify(entry)});
    const url = process.env.DATABASE_URL;
    const worker = new RiskWorker({
      databaseUrl: url, redisUrl: process.env.REDIS_URL,
      redisPrefix: process.env.REDIS_PREFIX, log: () => undefined,
    });
    await worker.start({ overnight: false });
  })();`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      REDIS_URL: ctx.redisUrl,
      REDIS_PREFIX: ctx.config.REDIS_PREFIX,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${application}] ${chunk.toString()}`));
  children.push(child);
  return child;
}
