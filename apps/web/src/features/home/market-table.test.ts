import { describe, expect, it } from 'vitest';
import {
  exchangeLink,
  FAVOURITES_TAB,
  marketStats,
  marketTabs,
  matchesSearch,
  nextSort,
  pairsOfTab,
  priceMove,
  sortPairs,
  tilePairs,
  turnover,
  visiblePairs,
  type SortDirection,
  type SortKey,
} from './market-table';
import { group, groups, pair } from './test-fixtures';

const symbols = (list: { symbol: string }[]) => list.map((item) => item.symbol);

describe('market tabs', () => {
  it('lists the quote currencies, with Favourites first for signed-in users', () => {
    expect(marketTabs(groups, false)).toEqual(['USDT', 'BTC']);
    expect(marketTabs(groups, true)).toEqual([FAVOURITES_TAB, 'USDT', 'BTC']);
    expect(marketTabs([...groups, group('ETH', 3, [])], false)).toEqual(['USDT', 'BTC']);
    expect(marketTabs(undefined, true)).toEqual([FAVOURITES_TAB]);
  });

  it('shows a quote currency’s displayed pairs, and favourites across quotes', () => {
    expect(symbols(pairsOfTab(groups, 'USDT'))).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT', 'XRP/USDT']);
    expect(symbols(pairsOfTab(groups, FAVOURITES_TAB))).toEqual(['BTC/USDT', 'ETH/BTC']);
    expect(pairsOfTab(groups, 'EUR')).toEqual([]);
    expect(pairsOfTab(undefined, 'USDT')).toEqual([]);
  });
});

describe('search', () => {
  it('matches by symbol whatever the separator and case', () => {
    const btc = pair({ symbol: 'BTC/USDT' });
    for (const query of ['btc', 'BTC/USDT', 'btcusdt', 'btc-usdt', ' usdt ', '']) {
      expect(matchesSearch(btc, query), query).toBe(true);
    }
    expect(matchesSearch(btc, 'eth')).toBe(false);
  });

  it('filters and sorts one tab', () => {
    expect(symbols(visiblePairs(groups, 'USDT', 'e', { key: 'symbol', direction: 'asc' }))).toEqual([
      'DOGE/USDT',
      'ETH/USDT',
    ]);
  });
});

describe('sorting', () => {
  const list = pairsOfTab(groups, 'USDT');
  const sorted = (key: SortKey, direction: SortDirection) => symbols(sortPairs(list, { key, direction }));

  it('sorts by symbol alphabetically', () => {
    expect(sorted('symbol', 'asc')).toEqual(['BTC/USDT', 'DOGE/USDT', 'ETH/USDT', 'XRP/USDT']);
    expect(sorted('symbol', 'desc')[0]).toBe('XRP/USDT');
  });

  it('sorts prices as decimals, not as text', () => {
    expect(sorted('price', 'desc')).toEqual(['BTC/USDT', 'ETH/USDT', 'XRP/USDT', 'DOGE/USDT']);
    expect(sorted('price', 'asc')[0]).toBe('DOGE/USDT');
  });

  it('sorts signed change percents', () => {
    expect(sorted('change', 'desc')).toEqual(['ETH/USDT', 'XRP/USDT', 'BTC/USDT', 'DOGE/USDT']);
  });

  it('keeps pairs without a figure last in both directions, and the server order without a sort', () => {
    const withGap = [...list, pair({ symbol: 'NEW/USDT', now_price: '' })];
    expect(symbols(sortPairs(withGap, { key: 'price', direction: 'asc' })).at(-1)).toBe('NEW/USDT');
    expect(symbols(sortPairs(withGap, { key: 'price', direction: 'desc' })).at(-1)).toBe('NEW/USDT');
    expect(sortPairs(list, null)).toEqual(list);
    expect(sortPairs(list, null)).not.toBe(list);
  });

  it('cycles a column: first direction, flipped, then no sort', () => {
    expect(nextSort(null, 'symbol')).toEqual({ key: 'symbol', direction: 'asc' });
    expect(nextSort(null, 'price')).toEqual({ key: 'price', direction: 'desc' });
    expect(nextSort({ key: 'price', direction: 'desc' }, 'price')).toEqual({
      key: 'price',
      direction: 'asc',
    });
    expect(nextSort({ key: 'price', direction: 'asc' }, 'price')).toBeNull();
    expect(nextSort({ key: 'price', direction: 'asc' }, 'change')).toEqual({
      key: 'change',
      direction: 'desc',
    });
  });
});

describe('tiles, links and moves', () => {
  it('takes up to six displayed USDT pairs', () => {
    expect(symbols(tilePairs(groups))).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT', 'XRP/USDT']);
    const many = [
      group(
        'USDT',
        1,
        Array.from({ length: 9 }, (_, index) => pair({ symbol: `C${index}/USDT`, match_id: index })),
      ),
    ];
    expect(tilePairs(many)).toHaveLength(6);
  });

  it('links a pair to the exchange screen', () => {
    expect(exchangeLink({ legal_id: 1, currency_id: 2 })).toBe('/dealCenter?legal_id=1&currency_id=2');
  });

  it('tells the direction of a price move', () => {
    expect(priceMove('1.00', '1.01')).toBe(1);
    expect(priceMove('1.01', '1.00')).toBe(-1);
    expect(priceMove('1.0', '1.00')).toBe(0);
    expect(priceMove('', '1')).toBe(0);
  });

  it('computes turnover exactly', () => {
    expect(turnover({ volume: '0.1', now_price: '0.2' })?.toString()).toBe('0.02');
    expect(turnover({ volume: '', now_price: '1' })).toBeNull();
  });
});

describe('market stats', () => {
  it('counts displayed pairs, finds the top gainer and sums USDT turnover exactly', () => {
    const stats = marketStats(groups);
    expect(stats.pairs).toBe(5);
    expect(stats.topGainer?.symbol).toBe('ETH/USDT');
    // 96203.02 + 3450.94 + 0.31466 + 2.1842 (each with volume 1)
    expect(stats.usdtTurnover.toString()).toBe('99656.45886');
  });

  it('answers zeros without data', () => {
    expect(marketStats(undefined)).toMatchObject({ pairs: 0, topGainer: null });
  });
});
