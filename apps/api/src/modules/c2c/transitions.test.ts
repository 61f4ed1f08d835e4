import { PAY_WAYS } from '@exchange/contracts/constants';
import { AppError } from '@exchange/kernel/errors';
import { translate } from '@exchange/kernel/i18n';
import { LOG_TYPES } from '@exchange/kernel/ledger';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { untilWaitingOnLocks } from '../../../../../test/locks';
import { legalOf, p2pTrader, type P2PTrader, TRADE_PASSWORD } from '../../../../../test/p2p';
import { writeSetting } from '../system';
import { resolveAppeal, transition, type Caller } from './orders';
import { APPEAL, IS_SURE, stateRefusal, WAY_NAMES } from './rules';

/** The P2P state machine applied directly: who may move an order, from which state, and what a race leaves. */
const ctx = useTestContext();
let usdt: number;
beforeAll(async () => {
  usdt = await ctx.currencyId('USDT');
});

/** A published ad of `total` USDT: a sell ad's crypto in escrow at publishing, a buy ad's at each take. */
async function publishAd(owner: P2PTrader, type: 'sell' | 'buy', total: string) {
  const terms = type === 'sell' ? { way: 'bank', price: '7.10' } : { way: 'ali_pay', price: '7.00' };
  const answer = await ctx.post(
    '/api/c2c_send',
    { type, ...terms, total_number: total, currency_id: usdt, coin_code: 'CNY', password: TRADE_PASSWORD },
    owner.token,
  );
  expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
  return answer.body.data.id as number;
}
const sellAd = (owner: P2PTrader, total: string) => publishAd(owner, 'sell', total);

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

/** A c2c order of `amount` USDT on `owner`'s buy ad: a new taker's crypto in escrow, the owner to pay. */
async function openBuyOrder(owner: P2PTrader, amount = '10') {
  const taker = await p2pTrader(ctx, amount, 'taker');
  const adId = await publishAd(owner, 'buy', amount);
  const taken = await ctx.post('/api/c2c/do_legal_deal', { id: adId, password: TRADE_PASSWORD }, taker.token);
  expect(taken.body.type, JSON.stringify(taken.body)).toBe('ok');
  return { taker, adId, id: taken.body.message.data.id as number };
}

/** The ledger rows an order's escrow wrote: [user, account, locked column?, delta, log type], by user. */
const escrowLogs = async (id: number) =>
  (
    await ctx.prisma.accountLog.findMany({
      where: { ref_type: 'p2p_order', ref_id: String(id) },
      orderBy: { id: 'asc' },
    })
  )
    .map((row) => [row.user_id, row.account, row.is_lock, row.delta.toFixed(), row.type] as const)
    .sort((a, b) => a[0] - b[0] || Number(b[2]) - Number(a[2]));

const orderRow = (id: number) => ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id } });

const user = (party: P2PTrader, side?: 'owner' | 'taker'): Extract<Caller, { by: 'user' }> => ({
  by: 'user',
  userId: party.id,
  ...(side ? { side } : {}),
});
const operator: Extract<Caller, { by: 'operator' }> = {
  by: 'operator',
  reason: 'checked the bank statement',
};

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
    // Nobody cancelled it: no canceller counts it against a daily cancel limit. It is finished.
    expect(expired?.order).toMatchObject({ cancelled_by: 'deadline', canceller_id: null });
    expect(expired?.order.finished_at).toBeInstanceOf(Date);
    // Both parties are told it expired; the crypto went back on the ad, still locked there, no ledger row.
    expect(
      expired?.notices
        .map((notice) => [notice.userId, notice.key])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([seller.id, buyer.id].sort((a, b) => a - b).map((party) => [party, 'p2p_notice_expired']));
    expect(await legalOf(ctx, seller.id)).toEqual(['0', '10']);
    expect(await escrowLogs(id)).toEqual([]);
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
    const stored = await orderRow(confirmed.id);
    expect([stored.appeal_state, stored.resolution]).toEqual([APPEAL.resolved, 'confirm']);
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
    expect(await escrowLogs(refunded.id)).toEqual([
      [refunded.seller.id, 'legal', true, '-10', LOG_TYPES.C2C_CANCEL],
      [refunded.seller.id, 'legal', false, '10', LOG_TYPES.C2C_CANCEL],
    ]);
    // Both parties hear of the decision.
    expect(decided?.notices.map((notice) => [notice.userId, notice.key])).toEqual([
      [refunded.buyer.id, 'p2p_notice_refunded'],
      [refunded.seller.id, 'p2p_notice_refunded'],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('what each transition writes, and what it leaves unchanged', () => {
  it('pay stamps the payment and moves no money; confirm finishes the order and pays the escrow to the buyer', async () => {
    const { seller, buyer, id } = await openOrder();
    const before = await escrowLogs(id);
    const paid = await transition(ctx.prisma, { id, action: 'pay', caller: user(buyer) });
    expect(paid.order).toMatchObject({
      is_sure: IS_SURE.paid,
      finished_at: null,
      cancelled_by: '',
      canceller_id: null,
      appeal_state: APPEAL.none,
      resolution: '',
    });
    expect(paid.order.paid_at).toBeInstanceOf(Date);
    // Only the other party is told, with what a screen needs to redraw the order.
    expect(paid.notices).toEqual([
      {
        userId: seller.id,
        event: 'p2p_order',
        key: 'p2p_notice_paid',
        params: { id },
        payload: { id, kind: 'c2c', is_sure: IS_SURE.paid, appeal_state: APPEAL.none, action: 'pay' },
      },
    ]);
    expect(await escrowLogs(id)).toEqual(before);
    expect(await legalOf(ctx, seller.id)).toEqual(['0', '10']);

    // The payment time is the appeal clock's start: a later transition keeps it.
    const paidAt = new Date(Date.now() - 3_600_000);
    await ctx.prisma.p2pOrder.update({ where: { id }, data: { paid_at: paidAt } });
    const confirmed = await transition(ctx.prisma, { id, action: 'confirm', caller: user(seller, 'owner') });
    expect(confirmed.order).toMatchObject({
      is_sure: IS_SURE.done,
      paid_at: paidAt,
      cancelled_by: '',
      canceller_id: null,
      appeal_state: APPEAL.none,
      resolution: '',
    });
    expect(confirmed.order.finished_at).toBeInstanceOf(Date);
    // No appeal was open: confirming settles none.
    expect(await orderRow(id)).toMatchObject({ appeal_state: APPEAL.none, resolution: '', paid_at: paidAt });
    expect(confirmed.notices).toEqual([
      {
        userId: buyer.id,
        event: 'p2p_order',
        key: 'p2p_notice_done',
        params: { id },
        payload: { id, kind: 'c2c', is_sure: IS_SURE.done, appeal_state: APPEAL.none, action: 'confirm' },
      },
    ]);
    // One payment out of the seller's escrow into the buyer's available balance, referring to the order.
    expect(await escrowLogs(id)).toEqual(
      [
        [seller.id, 'legal', true, '-10', LOG_TYPES.C2C_DONE] as const,
        [buyer.id, 'legal', false, '10', LOG_TYPES.C2C_DONE] as const,
      ].sort((a, b) => a[0] - b[0]),
    );
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('a buy ad owner’s cancel returns the ad’s quantity and the taker’s escrow, and counts against the owner', async () => {
    const owner = await p2pTrader(ctx, '0', 'owner');
    const { taker, adId, id } = await openBuyOrder(owner, '10');
    expect(await legalOf(ctx, taker.id)).toEqual(['0', '10']);
    const cancelled = await transition(ctx.prisma, { id, action: 'cancel', caller: user(owner) });
    expect(cancelled.order).toMatchObject({
      is_sure: IS_SURE.cancelled,
      cancelled_by: 'payer',
      canceller_id: owner.id,
      paid_at: null,
    });
    expect(cancelled.order.finished_at).toBeInstanceOf(Date);
    expect(cancelled.notices.map((notice) => [notice.userId, notice.key, notice.payload.action])).toEqual([
      [taker.id, 'p2p_notice_cancelled', 'cancel'],
    ]);
    const ad = await ctx.prisma.p2pAd.findUniqueOrThrow({ where: { id: adId } });
    expect([ad.state, ad.surplus_number.toFixed()]).toEqual(['open', '10']);
    expect(await legalOf(ctx, taker.id)).toEqual(['10', '0']);
    // The take locked the taker's crypto; the cancel unlocks it (each user's rows, locked column first).
    expect(await escrowLogs(id)).toEqual([
      [taker.id, 'legal', true, '10', LOG_TYPES.C2C_TAKE_LOCK],
      [taker.id, 'legal', true, '-10', LOG_TYPES.C2C_CANCEL],
      [taker.id, 'legal', false, '-10', LOG_TYPES.C2C_TAKE_LOCK],
      [taker.id, 'legal', false, '10', LOG_TYPES.C2C_CANCEL],
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('the daily cancel limit stops only a payer’s cancels: the payer may still pay, and the clock still expires', async () => {
    const owner = await p2pTrader(ctx, '0', 'owner');
    // Three buy ads of one owner, each taken: three orders the owner pays (a taker has one unfinished order).
    const orders = [
      await openBuyOrder(owner, '10'),
      await openBuyOrder(owner, '10'),
      await openBuyOrder(owner, '10'),
    ];
    const [first, second, third] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];
    await writeSetting(ctx.prisma, 'userLegalDealCancel', '1');
    try {
      await transition(ctx.prisma, { id: first.id, action: 'cancel', caller: user(owner) });
      expect(
        await refusalOf(transition(ctx.prisma, { id: second.id, action: 'cancel', caller: user(owner) })),
      ).toBe('p2p_cancel_limit');
      expect(await isSureOf(second.id)).toBe(IS_SURE.unpaid);
      expect(
        await refusalOf(transition(ctx.prisma, { id: second.id, action: 'pay', caller: user(owner) })),
      ).toBe('applied');
      await ctx.prisma.p2pOrder.update({
        where: { id: third.id },
        data: { pay_deadline: new Date(Date.now() - 1000) },
      });
      const expired = await transition(ctx.prisma, {
        id: third.id,
        action: 'expire',
        caller: { by: 'deadline' },
      });
      expect(expired?.order.is_sure).toBe(IS_SURE.cancelled);
      expect(await legalOf(ctx, third.taker.id)).toEqual(['10', '0']);
    } finally {
      await writeSetting(ctx.prisma, 'userLegalDealCancel', '3');
    }
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('an operator’s release pays the buyer, logs the decision and runs the console’s record in the same transaction', async () => {
    const { seller, buyer, id } = await openOrder();
    await transition(ctx.prisma, { id, action: 'pay', caller: user(buyer) });
    await ctx.prisma.p2pOrder.update({ where: { id }, data: { appeal_state: APPEAL.open } });
    await expect(resolveAppeal(ctx.prisma, { id, decision: 'release', reason: '  \n ' })).rejects.toThrow(
      /reason/,
    );
    // The console's record fails: the decision and the payment roll back with it.
    await expect(
      resolveAppeal(ctx.prisma, {
        id,
        decision: 'release',
        reason: 'receipt checked',
        within: () => Promise.reject(new Error('trail unavailable')),
      }),
    ).rejects.toThrow('trail unavailable');
    expect(await orderRow(id)).toMatchObject({ is_sure: IS_SURE.paid, appeal_state: APPEAL.open });
    expect(await legalOf(ctx, seller.id)).toEqual(['0', '10']);
    expect(await ctx.prisma.p2pOperatorLog.count({ where: { target_id: String(id) } })).toBe(0);

    const seen: unknown[] = [];
    const released = await resolveAppeal(ctx.prisma, {
      id,
      decision: 'release',
      reason: 'receipt checked',
      within: async (tx, before, after) => {
        // Inside the transaction: the order is already moved there.
        const inside = await tx.p2pOrder.findUniqueOrThrow({ where: { id } });
        seen.push([before.is_sure, before.appeal_state], [after.is_sure, after.appeal_state], inside.is_sure);
      },
    });
    expect(seen).toEqual([[IS_SURE.paid, APPEAL.open], [IS_SURE.done, APPEAL.resolved], IS_SURE.done]);
    expect(released.order).toMatchObject({
      is_sure: IS_SURE.done,
      appeal_state: APPEAL.resolved,
      resolution: 'release',
      resolution_reason: 'receipt checked',
      cancelled_by: '',
    });
    expect(released.notices.map((notice) => [notice.userId, notice.key])).toEqual([
      [buyer.id, 'p2p_notice_released'],
      [seller.id, 'p2p_notice_released'],
    ]);
    expect(await legalOf(ctx, buyer.id)).toEqual(['10', '0']);
    expect(await escrowLogs(id)).toEqual(
      [
        [seller.id, 'legal', true, '-10', LOG_TYPES.C2C_DONE] as const,
        [buyer.id, 'legal', false, '10', LOG_TYPES.C2C_DONE] as const,
      ].sort((a, b) => a[0] - b[0]),
    );
    const logged = await ctx.prisma.p2pOperatorLog.findMany({ where: { target_id: String(id) } });
    expect(logged).toMatchObject([
      {
        action: 'p2p:release',
        target_type: 'p2p_order',
        target_id: String(id),
        reason: 'receipt checked',
        detail: JSON.stringify({ number: '10', from: IS_SURE.paid }),
      },
    ]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('starts each order’s pay window from the c2c setting', async () => {
    await writeSetting(ctx.prisma, 'userLegalDealCancel_time', '15');
    try {
      const start = Date.now();
      const { id } = await openOrder();
      const { pay_deadline, created_at } = await orderRow(id);
      expect(pay_deadline.getTime() - created_at.getTime()).toBeGreaterThan(14 * 60_000);
      expect(pay_deadline.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
      expect(pay_deadline.getTime()).toBeGreaterThanOrEqual(start + 15 * 60_000);
    } finally {
      await writeSetting(ctx.prisma, 'userLegalDealCancel_time', '1440');
    }
  });

  it('names each payment method', () => {
    expect(PAY_WAYS.map((way) => translate('en', WAY_NAMES[way]))).toEqual(['Bank card', 'Alipay', 'WeChat']);
  });
});

/**
 * Starts `calls` one after the other against an order whose row another connection holds locked, each once
 * the one before it queues behind that lock (each has read the order as it was), then lets the row go: they
 * reach the guarded update in the order they were started, each seeing what the one before it committed.
 */
async function queuedOnOrder<T>(id: number, calls: (() => Promise<T>)[]): Promise<T[]> {
  const holder = new pg.Client({ connectionString: ctx.databaseUrl });
  holder.on('error', () => undefined);
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM p2p_orders WHERE id = $1 FOR UPDATE', [id]);
    const started: Promise<T>[] = [];
    for (const call of calls) {
      // A refusal is kept for the caller to read; none may go unhandled meanwhile.
      const running = call();
      running.catch(() => undefined);
      started.push(running);
      await untilWaitingOnLocks(ctx.prisma, started.length);
    }
    await holder.query('ROLLBACK');
    return await Promise.all(started);
  } finally {
    await holder.end();
  }
}

describe('races', () => {
  it('lets the payer’s payment and the pay deadline meet on one order: the first wins, the other changes nothing', async () => {
    const late = async () => {
      const order = await openOrder();
      await ctx.prisma.p2pOrder.update({
        where: { id: order.id },
        data: { pay_deadline: new Date(Date.now() - 1000) },
      });
      const pay = () =>
        refusalOf(transition(ctx.prisma, { id: order.id, action: 'pay', caller: user(order.buyer) }));
      const expire = () =>
        transition(ctx.prisma, { id: order.id, action: 'expire', caller: { by: 'deadline' } }).then(
          (result) => (result === null ? 'nothing to do' : 'applied'),
        );
      return { ...order, pay, expire };
    };

    // Paid just in time: the deadline, already on its way, finds a paid order and quietly does nothing.
    const paidFirst = await late();
    expect(await queuedOnOrder(paidFirst.id, [paidFirst.pay, paidFirst.expire])).toEqual([
      'applied',
      'nothing to do',
    ]);
    expect(await orderRow(paidFirst.id)).toMatchObject({ is_sure: IS_SURE.paid, cancelled_by: '' });
    expect(await legalOf(ctx, paidFirst.seller.id)).toEqual(['0', '10']);
    expect(await escrowLogs(paidFirst.id)).toEqual([]);

    // Expired first: the payment is refused, the order stays cancelled with its crypto back on the ad.
    const expiredFirst = await late();
    expect(await queuedOnOrder(expiredFirst.id, [expiredFirst.expire, expiredFirst.pay])).toEqual([
      'applied',
      'p2p_order_cancelled',
    ]);
    expect(await orderRow(expiredFirst.id)).toMatchObject({
      is_sure: IS_SURE.cancelled,
      cancelled_by: 'deadline',
      paid_at: null,
    });
    const ad = await ctx.prisma.p2pAd.findFirstOrThrow({ where: { user_id: expiredFirst.seller.id } });
    expect([ad.state, ad.surplus_number.toFixed()]).toEqual(['open', '10']);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('moves the escrow once when an operator decides an appeal while the seller confirms', async () => {
    const appealed = async () => {
      // A second ad keeps more of the seller's crypto locked: a second move of the escrow would not be
      // refused for want of funds, only by the state guard of the order's update.
      const order = await openOrder('10', '20');
      await sellAd(order.seller, '10');
      await transition(ctx.prisma, { id: order.id, action: 'pay', caller: user(order.buyer) });
      await ctx.prisma.p2pOrder.update({ where: { id: order.id }, data: { appeal_state: APPEAL.open } });
      const confirm = () =>
        refusalOf(
          transition(ctx.prisma, { id: order.id, action: 'confirm', caller: user(order.seller, 'owner') }),
        );
      const refund = () =>
        refusalOf(transition(ctx.prisma, { id: order.id, action: 'refund', caller: operator }));
      return { ...order, confirm, refund };
    };

    const confirmedFirst = await appealed();
    expect(await queuedOnOrder(confirmedFirst.id, [confirmedFirst.confirm, confirmedFirst.refund])).toEqual([
      'applied',
      'p2p_order_finished',
    ]);
    expect(await orderRow(confirmedFirst.id)).toMatchObject({ is_sure: IS_SURE.done, resolution: 'confirm' });
    expect(await legalOf(ctx, confirmedFirst.buyer.id)).toEqual(['10', '0']);
    expect(await legalOf(ctx, confirmedFirst.seller.id)).toEqual(['0', '10']);

    const refundedFirst = await appealed();
    expect(await queuedOnOrder(refundedFirst.id, [refundedFirst.refund, refundedFirst.confirm])).toEqual([
      'applied',
      'p2p_order_cancelled',
    ]);
    expect(await orderRow(refundedFirst.id)).toMatchObject({
      is_sure: IS_SURE.cancelled,
      resolution: 'refund',
    });
    expect(await legalOf(ctx, refundedFirst.buyer.id)).toEqual(['0', '0']);
    expect(await legalOf(ctx, refundedFirst.seller.id)).toEqual(['10', '10']);
    expect(await ctx.prisma.p2pOperatorLog.count({ where: { target_id: String(confirmedFirst.id) } })).toBe(
      0,
    );
    expect((await ctx.audit()).problems).toEqual([]);
  });

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
      await untilWaitingOnLocks(ctx.prisma, 2);
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
