import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/harness';
import { fundLegal, legalOf, p2pTrader, TRADE_PASSWORD } from '../../../test/p2p';
import { writeSetting } from '@exchange/api/modules/system';
import { createAcceptor } from '@exchange/api/modules/acceptor';
import { ORDER_DEADLINES } from '@exchange/api/modules/c2c';
import {
  deadlineJobId,
  P2pDeadlines,
  sweepDeadlines,
  type DeadlineSource,
} from '@exchange/api/modules/deadlines';
import { startP2pWorker } from './deadlines';

const ctx = useTestContext();
let usdt: number;
beforeAll(async () => {
  usdt = await ctx.currencyId('USDT');
});

const password = TRADE_PASSWORD;
const log = () => undefined;

function startWorker(sweepEveryMs = 60_000) {
  return startP2pWorker({
    prisma: ctx.prisma,
    redisUrl: ctx.redisUrl,
    redisPrefix: ctx.config.REDIS_PREFIX,
    log,
    sweepEveryMs,
  });
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Everything this test's Redis prefix holds: as if Redis had been flushed. */
async function flushRedis() {
  const keys = await ctx.redis.keys(`${ctx.config.REDIS_PREFIX}*`);
  const unprefixed = keys.map((key) => key.slice(ctx.config.REDIS_PREFIX.length));
  if (unprefixed.length > 0) await ctx.redis.del(...unprefixed);
}

async function unpaidOrder() {
  const seller = await p2pTrader(ctx, '10', 'seller');
  const buyer = await p2pTrader(ctx, '0', 'buyer');
  const ad = await ctx.post(
    '/api/c2c_send',
    {
      type: 'sell',
      way: 'bank',
      price: '7',
      total_number: '10',
      currency_id: usdt,
      coin_code: 'CNY',
      password,
    },
    seller.token,
  );
  const taken = await ctx.post('/api/c2c/do_legal_deal', { id: ad.body.data.id, password }, buyer.token);
  expect(taken.body.type).toBe('ok');
  return { seller, buyer, orderId: taken.body.message.data.id as number, adId: ad.body.data.id as number };
}

const isSure = async (id: number) => (await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id } })).is_sure;

describe('P2P deadlines', () => {
  it('cancels an unpaid order when its delayed job falls due', async () => {
    await writeSetting(ctx.prisma, 'userLegalDealCancel_time', '0.03');
    const { stop } = await startWorker();
    try {
      const { seller, buyer, orderId, adId } = await unpaidOrder();
      expect(await isSure(orderId)).toBe(0);
      await until(async () => (await isSure(orderId)) === 2);
      const order = await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id: orderId } });
      expect(order.cancelled_by).toBe('deadline');
      expect((await ctx.prisma.p2pAd.findUniqueOrThrow({ where: { id: adId } })).state).toBe('open');
      expect(await legalOf(ctx, seller.id)).toEqual(['0', '10']);
      const notices = await ctx.prisma.messageOutbox.findMany({ where: { to: buyer.account, scene: 'p2p' } });
      expect(notices.map((notice) => notice.body)).toContain(
        `Order ${orderId} was cancelled: it was not paid in time`,
      );
      expect((await ctx.audit()).problems).toEqual([]);
    } finally {
      await stop();
      await writeSetting(ctx.prisma, 'userLegalDealCancel_time', '1440');
    }
  });

  it('schedules a deadline that passes while the sweeper is busy applying others, instead of missing it', async () => {
    const { orderId } = await unpaidOrder();
    // Far enough ahead that a slow first query (a loaded CI machine) still finds it not yet overdue.
    const at = new Date(Date.now() + 1_000);
    await ctx.prisma.p2pOrder.update({ where: { id: orderId }, data: { pay_deadline: at } });
    // A sweep whose overdue phase outlasts the deadline: the order is neither overdue when asked nor ahead
    // of the clock afterwards.
    const slowSource: DeadlineSource = {
      ...ORDER_DEADLINES,
      overdue: async (prisma, limit, now) => {
        const ids = await ORDER_DEADLINES.overdue(prisma, limit, now);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        return ids;
      },
    };
    const deadlines = new P2pDeadlines(ctx.redisUrl, ctx.config.REDIS_PREFIX);
    try {
      await sweepDeadlines(ctx.prisma, [slowSource], { deadlines });
      const job = await deadlines.queue.getJob(deadlineJobId({ kind: 'order-expire', id: orderId }, at));
      expect(job?.data).toEqual({ kind: 'order-expire', id: orderId });
    } finally {
      await deadlines.close();
    }
  });

  it('loses no deadline when Redis is flushed: the sweeper applies the overdue and re-schedules the rest', async () => {
    const overdue = await unpaidOrder();
    const pending = await unpaidOrder();
    const untouched = await unpaidOrder();
    await ctx.prisma.p2pOrder.update({
      where: { id: overdue.orderId },
      data: { pay_deadline: new Date(Date.now() - 60_000) },
    });
    await ctx.prisma.p2pOrder.update({
      where: { id: pending.orderId },
      data: { pay_deadline: new Date(Date.now() + 1_500) },
    });
    // The acceptor's auto-confirm too: a withdrawal marked transferred, its window closed while Redis was away.
    const acceptorUser = await p2pTrader(ctx, '0', 'acceptor');
    const acceptor = await createAcceptor(ctx.prisma, {
      account: acceptorUser.account,
      name: 'A',
      rechargeRate: '7',
      cashRate: '7',
      rechargeAmount: '0',
      cashAmount: '1000',
    });
    const user = await p2pTrader(ctx, '0', 'user');
    await fundLegal(ctx, user, 'USDT', '10');
    await ctx.post(
      '/api/acceptor/deal',
      {
        acceptor_id: acceptor.id,
        type: 'sell',
        money: '14',
        way: 'bank',
        mobile: '1',
        deal_account: 'x',
        password,
      },
      user.token,
    );
    const deal = await ctx.prisma.acceptorDeal.findFirstOrThrow({ where: { user_id: user.id } });
    await ctx.post('/api/acceptor/transferred', { id: deal.id, password }, acceptorUser.token);
    await ctx.prisma.acceptorDeal.update({
      where: { id: deal.id },
      data: { auto_confirm_at: new Date(Date.now() - 1_000) },
    });

    await flushRedis();
    expect(await ctx.app.p2pDeadlines.queue.getJobCounts()).toMatchObject({ delayed: 0, waiting: 0 });
    const { stop } = await startWorker();
    try {
      // The sweep at start applied the overdue ones before the worker reported ready.
      expect(await isSure(overdue.orderId)).toBe(2);
      expect((await ctx.prisma.acceptorDeal.findUniqueOrThrow({ where: { id: deal.id } })).is_sure).toBe(1);
      expect(await legalOf(ctx, acceptorUser.id)).toEqual(['2', '0']);
      // ... and scheduled the pending one again, which then fell due on its own.
      await until(async () => (await isSure(pending.orderId)) === 2);
      expect(await isSure(untouched.orderId)).toBe(0);
      // A second sweep and a re-run of the jobs change nothing.
      expect(
        (await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id: overdue.orderId } })).cancelled_by,
      ).toBe('deadline');
      expect((await ctx.audit()).problems).toEqual([]);
    } finally {
      await stop();
    }
  });
});
