import { describe, expect, it } from 'vitest';
import type { Quotation, QuotationGroup } from '../../api/markets';
import { FAVOURITES_TAB, listPairs, pairRef, resolvePair } from './pair-selection';

const pair = (id: number, legal: number, currency: number, name: string, added: 0 | 1 = 0) =>
  ({
    id,
    match_id: id,
    legal_id: legal,
    currency_id: currency,
    currency_name: name,
    legal_name: legal === 1 ? 'USDT' : 'BTC',
    symbol: `${name}/${legal === 1 ? 'USDT' : 'BTC'}`,
    added,
  }) as Quotation;

const groups = [
  { id: 1, name: 'USDT', quotation: [pair(1, 1, 2, 'BTC'), pair(2, 1, 3, 'ETH', 1)] },
  { id: 2, name: 'BTC', quotation: [pair(8, 2, 3, 'ETH', 1)] },
] as QuotationGroup[];

describe('resolvePair', () => {
  it('takes the link first, then the stored choice, then the first pair', () => {
    expect(resolvePair(groups, pairRef('2', '3'), pairRef('1', '3'))?.match_id).toBe(8);
    expect(resolvePair(groups, pairRef(null, null), pairRef('1', '3'))?.match_id).toBe(2);
    expect(resolvePair(groups, pairRef('9', '9'), pairRef('x', '3'))?.match_id).toBe(1);
    expect(resolvePair([], pairRef('1', '2'), pairRef(null, null))).toBeUndefined();
    expect(resolvePair(undefined, pairRef('1', '2'), pairRef(null, null))).toBeUndefined();
  });

  it('refuses ids that are not positive integers', () => {
    expect(pairRef('1.5', '-2')).toEqual({ legalId: null, currencyId: null });
    expect(pairRef('0', '')).toEqual({ legalId: null, currencyId: null });
  });
});

describe('listPairs', () => {
  it('lists a group, the favourites, and filters by search', () => {
    expect(listPairs(groups, '1', '').map((item) => item.match_id)).toEqual([1, 2]);
    expect(listPairs(groups, FAVOURITES_TAB, '').map((item) => item.match_id)).toEqual([2, 8]);
    expect(listPairs(groups, '1', 'et').map((item) => item.match_id)).toEqual([2]);
    expect(listPairs(groups, '1', 'eth/usdt').map((item) => item.match_id)).toEqual([2]);
    expect(listPairs(groups, '7', '')).toEqual([]);
  });
});
