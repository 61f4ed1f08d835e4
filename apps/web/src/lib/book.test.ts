import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  amountDecimals,
  bookDecimals,
  depthRows,
  depthScale,
  fromPairs,
  newerDepth,
  prependTrades,
  tickDirection,
  withOlderTrades,
  type RecentTrade,
} from './book';

describe('book helpers', () => {
  it('shows 4, 6 or 8 decimals', () => {
    expect([0, 2, 4, 5, 6, 7, 8, 10].map(bookDecimals)).toEqual([4, 4, 4, 6, 6, 8, 8, 8]);
    expect([0, 4, 5, 8, 12].map(amountDecimals)).toEqual([4, 4, 5, 8, 8]);
  });

  it('builds rows with totals and cumulative depth over the deeper side, 8 at most', () => {
    const bids = fromPairs([
      ['100', '1'],
      ['99', '3'],
    ]);
    const asks = fromPairs(
      Array.from({ length: 10 }, (_, index) => [String(101 + index), '0.5'] as [string, string]),
    );
    const scale = depthScale(bids, asks);
    expect(scale.toString()).toBe('4');
    const bidRows = depthRows(bids, scale);
    expect(bidRows.map((row) => [row.total, row.depth])).toEqual([
      ['100', 25],
      ['297', 100],
    ]);
    const askRows = depthRows(asks, scale);
    expect(askRows).toHaveLength(8);
    expect(askRows[7]?.depth).toBe(100);
    expect(depthRows([], new Decimal(0))).toEqual([]);
  });

  it('follows the tick direction', () => {
    expect(tickDirection('10', '11', 0)).toBe(1);
    expect(tickDirection('10', '9.99', 1)).toBe(-1);
    expect(tickDirection('10', '10', -1)).toBe(-1);
    expect(tickDirection(null, '10', 0)).toBe(0);
  });

  it('prepends trades, newest first, keeping 20', () => {
    const trade = (id: string): RecentTrade => ({ id, price: '1', amount: '1', way: 1, time: 0 });
    const current = Array.from({ length: 20 }, (_, index) => trade(`old${index}`));
    const next = prependTrades(current, [trade('new'), trade('old3')]);
    expect(next).toHaveLength(20);
    expect(next[0]?.id).toBe('new');
    expect(next.filter((item) => item.id === 'old3')).toHaveLength(1);
  });

  it('merges a refreshed snapshot with the trades already shown, by id, newest first', () => {
    const trade = (id: string, time: number): RecentTrade => ({ id, price: '1', amount: '1', way: 2, time });
    const snapshot = [trade('9', 900), trade('8', 800)];
    // 10 was pushed after the snapshot was read; 9 came both ways; 7 is older than the snapshot.
    const shown = [trade('10', 950), trade('9', 900), trade('7', 600)];
    expect(withOlderTrades(snapshot, shown).map((item) => item.id)).toEqual(['10', '9', '8', '7']);
    expect(withOlderTrades([], shown)).toHaveLength(3);
    // Two trades in the same millisecond: the later row first.
    expect(withOlderTrades([trade('99', 5)], [trade('100', 5)]).map((item) => item.id)).toEqual([
      '100',
      '99',
    ]);
  });

  it('keeps the depth of the later book version, whichever way it arrived', () => {
    const depth = (depthSeq: number, price: string) => ({
      bids: [{ price, amount: '1' }],
      asks: [],
      depthSeq,
    });
    const shown = { ...depth(5, '100'), lastPrice: '100' };
    expect(newerDepth(shown, depth(4, '99'))).toBe(shown);
    expect(newerDepth(shown, depth(6, '101'))).toEqual({ ...depth(6, '101'), lastPrice: '100' });
  });
});
