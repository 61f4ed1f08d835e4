import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { formatScaled, Money, parseScaled } from '@exchange/kernel/ledger';
import { tradeFees } from './fees';
import { MAX_OPEN_ORDERS_PER_MARKET, openOrderLimitError } from './open-orders';
import { findTradablePair, type Pair } from './pairs';
import { cancelAnswer } from './cancel-order';
import { commandsOf, encodeCommand, type OrderTicket } from './queue';
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
      amount: parseScaled('0.3'),
      quote: parseScaled('30'),
      buyerIsTaker: true,
    });
    expect(formatScaled(fees.buyerFee)).toBe('0.0006');
    expect(formatScaled(fees.sellerFee)).toBe('0.03');
    const reversed = tradeFees(withFees('0.001', '0.002'), {
      amount: parseScaled('0.3'),
      quote: parseScaled('30'),
      buyerIsTaker: false,
    });
    expect(formatScaled(reversed.buyerFee)).toBe('0.0003');
    expect(formatScaled(reversed.sellerFee)).toBe('0.06');
  });

  it('rounds a fee up at the currency precision and never beyond what the side receives', () => {
    const tiny = tradeFees(withFees('0.001', '0.001'), {
      amount: parseScaled('0.00000001'),
      quote: parseScaled('0.00000001'),
      buyerIsTaker: true,
    });
    // BTC has 8 decimals: 10^-11 rounds up to 10^-8, which is all the buyer receives.
    expect(formatScaled(tiny.buyerFee)).toBe('0.00000001');
    // USDT has 6: 10^-11 rounds up to 10^-6, more than the 10^-8 the seller receives, so it is capped there.
    expect(formatScaled(tiny.sellerFee)).toBe('0.00000001');
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

  it('calls it cancelled only when the matcher cancelled it, and says so when it still rests', () => {
    expect(cancelAnswer(verdict('cancelled'))).toBe('order_cancelled');
    expect(cancelAnswer(verdict('expired'))).toBe('order_cancelled');
    expect(() => cancelAnswer(verdict('open'))).toThrow(
      expect.objectContaining({ key: 'cancel_not_confirmed' }),
    );
    expect(() => cancelAnswer(verdict('rejected'))).toThrow(
      expect.objectContaining({ key: 'order_not_cancellable' }),
    );
  });
});

describe('a command-stream entry', () => {
  const ticket: OrderTicket = {
    id: '12',
    userId: 5,
    matchId: 3,
    side: 1,
    kind: 'limit',
    timeInForce: 'IOC',
    postOnly: true,
    price: '100.5',
    amount: '0.25',
    createdAt: 1_790_000_000_123,
  };
  const market = { ...ticket, id: '13', kind: 'market' as const, price: null, postOnly: false };

  it('carries whole orders and cancels, one a line, and reads back exactly what was sent', () => {
    const lines = [
      encodeCommand({ command: 'place', orderId: '12', ticket }),
      encodeCommand({ command: 'place', orderId: '13', ticket: market }),
      encodeCommand({ command: 'cancel', orderId: '12', ownerId: 5 }),
    ];
    expect(commandsOf(['c', lines.join('\n')])).toEqual([
      { command: 'place', orderId: '12', ticket },
      { command: 'place', orderId: '13', ticket: market },
      { command: 'cancel', orderId: '12', ownerId: 5 },
    ]);
  });

  it('skips lines no API process writes instead of guessing: bad ids, sides, kinds, amounts, prices', () => {
    const good = encodeCommand({ command: 'place', orderId: '12', ticket });
    const broken = [
      good.replace('p|12|', 'p|x|'),
      good.replace('|1|limit|', '|3|limit|'),
      good.replace('|limit|', '|stop|'),
      good.replace('|IOC|', '|DAY|'),
      good.replace('|0.25|', '|-0.25|'),
      good.replace('|100.5|', '|1e3|'),
      // A limit order without a price, a market order with one.
      good.replace('|100.5|', '||'),
      encodeCommand({ command: 'place', orderId: '13', ticket: market }).replace('|market|', '|limit|'),
      `${good}|extra`,
      'c|12',
      'c|12|owner',
      '',
    ];
    expect(commandsOf(['c', broken.join('\n')])).toEqual([]);
    expect(commandsOf(['orders', '12:5,13'])).toEqual([]);
  });
});
