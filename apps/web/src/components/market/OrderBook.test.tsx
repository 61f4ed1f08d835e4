import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quotation } from '../../api/markets';
import '../../i18n';
import type { MarketSnapshot } from '../../api/market-data';
import { OrderBook } from './OrderBook';

const pair = {
  match_id: 1,
  legal_name: 'USDT',
  currency_name: 'BTC',
  now_price: '100',
  price_decimals: 2,
  amount_decimals: 5,
  fiat_convert_cny: '7.2',
} as Quotation;

const levels = (from: number, step: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({ price: String(from + step * index), amount: '0.5' }));

function market(data: Omit<MarketSnapshot, 'depthSeq'>): UseQueryResult<MarketSnapshot> {
  return {
    data: { ...data, depthSeq: 1 },
    isPending: false,
    isError: false,
  } as UseQueryResult<MarketSnapshot>;
}

afterEach(cleanup);

describe('OrderBook', () => {
  it('shows 8 levels a side, the lowest ask next to the last price, and fills the form on click', () => {
    const onPick = vi.fn();
    render(
      <OrderBook
        pair={pair}
        market={market({
          bids: levels(99, -1, 10),
          asks: levels(101, 1, 10),
          trades: [],
          lastPrice: '100.5',
          tick: 1,
        })}
        onPick={onPick}
      />,
    );
    const asks = screen.getAllByTestId('book-ask');
    const bids = screen.getAllByTestId('book-bid');
    expect(asks).toHaveLength(8);
    expect(bids).toHaveLength(8);
    // Asks from "sell 8" (highest shown) down to "sell 1" (best), then the middle line, then "buy 1".
    expect(asks[0]?.textContent).toContain('Sell 8');
    expect(asks[0]?.dataset.price).toBe('108');
    expect(asks[7]?.textContent).toContain('Sell 1');
    expect(asks[7]?.textContent).toContain('101.0000');
    expect(bids[0]?.textContent).toContain('Buy 1');
    expect(bids[0]?.textContent).toContain('99.0000');
    const last = screen.getByTestId('last-price');
    expect(last.textContent).toContain('100.5000');
    expect(last.textContent).toContain('¥723.60');
    fireEvent.click(asks[7] as HTMLElement);
    expect(onPick).toHaveBeenCalledWith('101');
  });

  it('keeps its shape when one side is empty', () => {
    render(
      <OrderBook
        pair={pair}
        market={market({ bids: [], asks: levels(101, 1, 2), trades: [], lastPrice: '100', tick: 0 })}
        onPick={() => undefined}
      />,
    );
    expect(screen.getAllByTestId('book-ask')).toHaveLength(2);
    expect(screen.queryAllByTestId('book-bid')).toHaveLength(0);
  });
});
