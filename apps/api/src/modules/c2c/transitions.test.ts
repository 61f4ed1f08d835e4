import { AppError } from '@exchange/kernel/errors';
import pg from 'pg';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { legalOf, p2pTrader, type P2PTrader, TRADE_PASSWORD } from '../../../../../test/p2p';
import { transition, type Caller } from './orders';
import { APPEAL, IS_SURE, stateRefusal } from './rules';

/** The P2P state machine applied directly: who may move an order, from which state, and what a race leaves. */
const ctx = useTestContext();
let usdt: number;
beforeAll(async () => {
  usdt = await ctx.currencyId('USDT');
});

async function sellAd(owner: P2PTrader, total: string) {
  const answer = await ctx.post(
    '/api/c2c_send',
    {
      type: 'sell',
      way: 'bank',
      price: '7.10',
      total_number: total,
      currency_id: usdt,
      coin_code: 'CNY',
      password: TRADE_PASSWORD,
    },
    owner.token,
  );
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
  return answer.body.data.id as number;
}

/** A c2c order of `amount` USDT on a sell ad: the seller's crypto in escrow, the buyer to pay fiat. */
async function openOrder(amount = '10', sellerFunds = amount) {
  const seller = await p2pTrader(ctx, sellerFunds, 'seller');
  const buyer = await p2pTrader(ctx, '0', 'buyer');
  const taken = await ctx.post(
    '/api/c2c/do_legal_deal',
    { id: await sellAd(seller, amount), password: TRADE_PASSWORD },
    buyer.token,
  );
  expect(taken.body.type, JSON.stringify(taken.body)).toBe('ok');
  return { seller, buyer, id: taken.body.message.data.id as number };
}

const user = (party: P2PTrader, side?: 'owner' | 'taker'): Caller => ({
  by: 'user',
  userId: party.id,
  ...(side ? { side } : {}),
});
const operator: Caller = { by: 'operator', reason: 'checked the bank statement' };

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'applied',
    (error: unknown) => (error instanceof AppError ? error.key : error),
  );

const isSureOf = async (id: number) =>
  (await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id } })).is_sure;

describe('who may move an order', () => {
  it('lets only the payer pay, only the escrow holder confirm, and hides the order from anyone else', async () => {
    const { seller, buyer, id } = await openOrder();
    const stranger = await p2pTrader(ctx, '0', 'stranger');
    const apply = (action: 'pay' | 'confirm' | 'cancel' | 'expire' | 'release', caller: Caller) =>
      refusalOf(transition(ctx.prisma, { id, action, caller }));
    expect(await apply('pay', user(stranger))).toBe('p2p_order_not_found');
    expect(await apply('pay', user(seller))).toBe('p2p_not_payer');
    expect(await apply('cancel', user(seller))).toBe('p2p_not_payer');
    // Only a system caller applies a deadline or an operator's decision; a user asking for one finds nothing.
    expect(await apply('expire', user(buyer))).toBe('p2p_order_not_found');
    expect(await apply('release', user(buyer))).toBe('p2p_order_not_found');
    expect(
      await refusalOf(transition(ctx.prisma, { id, action: 'pay', caller: user(buyer), kind: 'shop' })),
    ).toBe('p2p_order_not_found');
    await expect(transition(ctx.prisma, { id, action: 'pay', caller: { by: 'deadline' } })).rejects.toThrow(
      'pay is not applied by deadline',
    );
    expect(await apply('pay', user(buyer))).toBe('applied');
    expect(await apply('confirm', user(buyer))).toBe('p2p_not_seller');
    // The seller owns the ad: confirming as its taker is not the seller's side.
    expect(await apply('confirm', user(seller, 'taker'))).toBe('p2p_not_seller');
    expect(await isSureOf(id)).toBe(IS_SURE.paid);
    expect(await apply('confirm', user(seller, 'owner'))).toBe('applied');
    expect(await legalOf(ctx, buyer.id)).toEqual(['10', '0']);
    expect(await legalOf(ctx, seller.id)).toEqual(['0', '0']);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('from which state', () => {
  it('says why an order in another state cannot move', () => {
    expect(stateRefusal(IS_SURE.done, 'cancel')).toBe('p2p_order_finished');
    expect(stateRefusal(IS_SURE.cancelled, 'pay')).toBe('p2p_order_cancelled');
    expect(stateRefusal(IS_SURE.paid, 'pay')).toBe('p2p_already_paid');
    for (const action of ['confirm', 'release', 'refund'] as const)
      expect(stateRefusal(IS_SURE.unpaid, action)).toBe('p2p_not_paid');
    for (const action of ['pay', 'cancel', 'expire'] as const)
      expect(stateRefusal(IS_SURE.unpaid, action)).toBe('p2p_order_state');
  });

  it('confirms only a paid order, and leaves an operator nothing to decide without an appeal', async () => {
    const { seller, buyer, id } = await openOrder();
    expect(await refusalOf(transition(ctx.prisma, { id, action: 'confirm', caller: user(seller) }))).toBe(
      'p2p_not_paid',
    );
    await transition(ctx.prisma, { id, action: 'pay', caller: user(buyer) });
    expect(await refusalOf(transition(ctx.prisma, { id, action: 'pay', caller: user(buyer) }))).toBe(
      'p2p_already_paid',
    );
    for (const action of ['release', 'refund'] as const)
      expect(await refusalOf(transition(ctx.prisma, { id, action, caller: operator }))).toBe(
        'p2p_not_appealed',
      );
    expect(await isSureOf(id)).toBe(IS_SURE.paid);
    expect(await legalOf(ctx, seller.id)).toEqual(['0', '10']);
    await transition(ctx.prisma, { id, action: 'confirm', caller: user(seller) });
    expect(await refusalOf(transition(ctx.prisma, { id, action: 'cancel', caller: user(buyer) }))).toBe(
      'p2p_order_finished',
    );
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lets the deadline expire an unpaid order only once its pay deadline has passed, and never a paid one', async () => {
    const { seller, buyer, id } = await openOrder();
    const expire = () => transition(ctx.prisma, { id, action: 'expire', caller: { by: 'deadline' } });
    // Still within the pay window: the guarded update finds nothing and the deadline does nothing.
    expect(await expire()).toBeNull();
    expect(await isSureOf(id)).toBe(IS_SURE.unpaid);
    await ctx.prisma.p2pOrder.update({ where: { id }, data: { pay_deadline: new Date(Date.now() - 1000) } });
    const expired = await expire();
    expect(expired?.order.is_sure).toBe(IS_SURE.cancelled);
    expect(expired?.order.cancelled_by).toBe('deadline');
    // Both parties are told; the crypto went back on the ad, still locked there.
    expect(expired?.notices.map((notice) => notice.userId).sort((a, b) => a - b)).toEqual(
      [seller.id, buyer.id].sort((a, b) => a - b),
    );
    expect(await legalOf(ctx, seller.id)).toEqual(['0', '10']);
    // A later deadline run finds the order finished: nothing to do, and no error.
    expect(await expire()).toBeNull();

    const paid = await openOrder();
    await transition(ctx.prisma, { id: paid.id, action: 'pay', caller: user(paid.buyer) });
    await ctx.prisma.p2pOrder.update({
      where: { id: paid.id },
      data: { pay_deadline: new Date(Date.now() - 1000) },
    });
    expect(
      await transition(ctx.prisma, { id: paid.id, action: 'expire', caller: { by: 'deadline' } }),
    ).toBeNull();
    expect(await isSureOf(paid.id)).toBe(IS_SURE.paid);
    expect(await legalOf(ctx, paid.seller.id)).toEqual(['0', '10']);
  });

  it('settles an open appeal when the seller confirms, and lets an operator refund an appealed order', async () => {
    const appealed = async () => {
      const order = await openOrder();
      await transition(ctx.prisma, { id: order.id, action: 'pay', caller: user(order.buyer) });
      await ctx.prisma.p2pOrder.update({ where: { id: order.id }, data: { appeal_state: APPEAL.open } });
      return order;
    };
    const confirmed = await appealed();
    const done = await transition(ctx.prisma, {
      id: confirmed.id,
      action: 'confirm',
      caller: user(confirmed.seller),
    });
    expect([done?.order.appeal_state, done?.order.resolution]).toEqual([APPEAL.resolved, 'confirm']);
    expect(await legalOf(ctx, confirmed.buyer.id)).toEqual(['10', '0']);

    const refunded = await appealed();
    const decided = await transition(ctx.prisma, { id: refunded.id, action: 'refund', caller: operator });
    expect(decided?.order).toMatchObject({
      is_sure: IS_SURE.cancelled,
      cancelled_by: 'operator',
      appeal_state: APPEAL.resolved,
      resolution: 'refund',
      resolution_reason: 'checked the bank statement',
    });
    // Decided for the seller: the escrow returns to the seller's balance, not to the ad.
    expect(await legalOf(ctx, refunded.seller.id)).toEqual(['10', '0']);
    expect(await legalOf(ctx, refunded.buyer.id)).toEqual(['0', '0']);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('races', () => {
  it('pays the escrow once when the seller confirms twice at the same moment', async () => {
    // The seller's second ad keeps more of its crypto locked: a second payment out of the escrow would not
    // be refused for want of funds, only by the state guard of the order's update.
    const { seller, buyer, id } = await openOrder('10', '20');
    await sellAd(seller, '10');
    await transition(ctx.prisma, { id, action: 'pay', caller: user(buyer) });
    // Both confirmations read the paid order, then queue behind a lock of its row.
    const holder = new pg.Client({ connectionString: ctx.databaseUrl });
    holder.on('error', () => undefined);
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM p2p_orders WHERE id = $1 FOR UPDATE', [id]);
      const confirmations = [1, 2].map(() =>
        refusalOf(transition(ctx.prisma, { id, action: 'confirm', caller: user(seller) })),
      );
      await vi.waitFor(
        async () => {
          const [row] = await ctx.prisma.$queryRawUnsafe<{ waiting: number }[]>(
            `SELECT count(*)::int AS waiting FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          expect(row?.waiting).toBe(2);
        },
        { timeout: 10_000, interval: 20 },
      );
      await holder.query('ROLLBACK');
      expect((await Promise.all(confirmations)).sort()).toEqual(['applied', 'p2p_order_finished']);
    } finally {
      await holder.end();
    }
    expect(await legalOf(ctx, buyer.id)).toEqual(['10', '0']);
    expect(await legalOf(ctx, seller.id)).toEqual(['0', '10']);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
