import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { Money } from '@exchange/kernel/ledger';
import { tradeFees } from './fees';
import { MAX_OPEN_ORDERS_PER_MARKET, openOrderLimitError } from './open-orders';
import { findTradablePair, type Pair } from './pairs';
import { cancelAnswer } from './cancel-order';
import { placementsOf } from './queue';
import { AppError } from '@exchange/kernel/errors';

/** The rules of spot on their own: the trade fee, the open-order limit, and what spot tells the audit. */
const ctx = useTestContext();
let pair: Pair;
beforeAll(async () => {
  pair = await findTradablePair(ctx.prisma, await ctx.currencyId('USDT'), await ctx.currencyId('BTC'));
});

describe('the trade-fee rule', () => {
  const withFees = (maker: string, taker: string): Pair => ({
    ...pair,
    maker_fee: new Money(maker),
    taker_fee: new Money(taker),
  });

  it('charges the taker its rate and the maker its own, each on what it receives', () => {
    const fees = tradeFees(withFees('0.001', '0.002'), {
      amount: new Money('0.3'),
      quote: new Money('30'),
      buyerIsTaker: true,
    });
    expect(fees.buyerFee.toFixed()).toBe('0.0006');
    expect(fees.sellerFee.toFixed()).toBe('0.03');
    const reversed = tradeFees(withFees('0.001', '0.002'), {
      amount: new Money('0.3'),
      quote: new Money('30'),
      buyerIsTaker: false,
    });
    expect(reversed.buyerFee.toFixed()).toBe('0.0003');
    expect(reversed.sellerFee.toFixed()).toBe('0.06');
  });

  it('rounds a fee up at the currency precision and never beyond what the side receives', () => {
    const tiny = tradeFees(withFees('0.001', '0.001'), {
      amount: new Money('0.00000001'),
      quote: new Money('0.00000001'),
      buyerIsTaker: true,
    });
    // BTC has 8 decimals: 10^-11 rounds up to 10^-8, which is all the buyer receives.
    expect(tiny.buyerFee.toFixed()).toBe('0.00000001');
    // USDT has 6: 10^-11 rounds up to 10^-6, more than the 10^-8 the seller receives, so it is capped there.
    expect(tiny.sellerFee.toFixed()).toBe('0.00000001');
  });
});

describe('the open-order limit', () => {
  it('refuses the order beyond the limit, with the limit in the message parameters', () => {
    expect(openOrderLimitError(MAX_OPEN_ORDERS_PER_MARKET - 1)).toBeUndefined();
    expect(openOrderLimitError(MAX_OPEN_ORDERS_PER_MARKET)).toMatchObject({
      key: 'too_many_open_orders',
      params: { max: MAX_OPEN_ORDERS_PER_MARKET },
    });
  });
});

describe('what a cancel answers from the matcher’s verdict', () => {
  const verdict = (state: string) => ({
    orderId: '7',
    userId: 1,
    matchId: 1,
    state,
    filled: '0',
    rejectReason: '',
  });

  // Found by the money soak: a resting order filled by another trader while its cancel waited in the queue
  // was answered "Order cancelled", though the trade stood.
  it('never calls a filled order cancelled', () => {
    expect(() => cancelAnswer(verdict('filled'))).toThrow(AppError);
    expect(() => cancelAnswer(verdict('filled'))).toThrow(
      expect.objectContaining({ key: 'order_not_cancellable' }),
    );
  });

  it('calls it cancelled when the matcher cancelled it, and in progress while it still rests', () => {
    expect(cancelAnswer(verdict('cancelled'))).toBe('order_cancelled');
    expect(cancelAnswer(verdict('expired'))).toBe('order_cancelled');
    expect(cancelAnswer(verdict('open'))).toBe('cancel_processing');
    expect(cancelAnswer(undefined)).toBe('cancel_processing');
  });
});

describe('a placements-stream entry', () => {
  it('names each order with its owner, reads bare ids of older entries, and skips anything else', () => {
    expect(placementsOf(['orders', '12:5,13,x:1,14:,15:7'])).toEqual([
      { command: 'place', orderId: '12', ownerId: 5 },
      { command: 'place', orderId: '13' },
      { command: 'place', orderId: '15', ownerId: 7 },
    ]);
    expect(placementsOf(['other', '1'])).toEqual([]);
  });
});
