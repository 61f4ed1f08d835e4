import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../lib/test-server';
import '../../i18n';
import type { Me } from './api';
import { LEVER_MARK_FIELDS, type AdminPairSettings } from './products-api';
import ProductsPage from './ProductsPage';

const pair: AdminPairSettings = {
  id: 1,
  symbol: 'BTC/USDT',
  is_display: 1,
  open_coin_trade: 1,
  open_lever: 1,
  open_microtrade: 1,
  maker_fee: '0.001',
  taker_fee: '0.002',
  price_decimals: 2,
  amount_decimals: 4,
  min_amount: '0.0001',
  open_orders: 0,
  lever: {
    multiples: [5, 10],
    shares: [1, 5],
    lever_min_share: 1,
    lever_max_share: 0,
    lever_share_num: '0.01',
    lever_trade_fee: '0.1',
    spread: '0.02',
    overnight: '0.05',
    mark_impact_notional: '1000',
    mark_band_percent: '2',
    mark_trade_window_seconds: '300',
    mark_min_trade_notional: '100',
    mark_smoothing_seconds: '30',
    mark_max_move_percent: '5',
    lever_pair_exposure_percent: '50',
    lever_user_exposure_percent: '10',
  },
  micro: {
    micro_price_window_seconds: 5,
    micro_price_lookback_seconds: 60,
    micro_price_min_notional: '10',
    micro_pair_exposure_percent: '20',
    micro_user_exposure_percent: '5',
  },
};

/** The console's server as the page sees it: one pair, no durations or plans, every change ok. */
const stubConsole = () =>
  stubServer((url, init) =>
    url.startsWith('/api/admin/products/pairs?') ? [pair] : init?.body ? 'Done' : [],
  );

function renderAs(role: string) {
  const me = { role } as Me;
  const router = createMemoryRouter([
    { element: <Outlet context={me} />, children: [{ path: '/', element: <ProductsPage /> }] },
  ]);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the pair editor’s lever mark and exposure options', () => {
  it('shows each with its value and a hint, and saves a change through the lever call', async () => {
    const calls = stubConsole();
    renderAs('admin');
    fireEvent.click(await screen.findByTestId('admin-pair-edit'));
    for (const name of LEVER_MARK_FIELDS) {
      const input = screen.getByTestId<HTMLInputElement>(`admin-lever-${name}`);
      expect(input.value).toBe(pair.lever[name as keyof AdminPairSettings['lever']]);
      expect(screen.getByTestId(`admin-lever-${name}-hint`).textContent).not.toBe('');
    }
    expect(screen.getByTestId('admin-lever-mark_impact_notional-hint').textContent).toContain(
      'a side holding less makes the mark unreliable',
    );

    fireEvent.change(screen.getByTestId('admin-lever-mark_impact_notional'), { target: { value: '2500' } });
    fireEvent.change(screen.getByTestId('admin-lever-mark_smoothing_seconds'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('admin-lever-save'));
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/admin/products/pairs/lever')).toBe(true),
    );
    const sent = Object.fromEntries(
      calls.find((call) => call.url === '/api/admin/products/pairs/lever')?.body ?? [],
    );
    expect(sent).toMatchObject({
      id: '1',
      mark_impact_notional: '2500',
      mark_band_percent: '2',
      mark_trade_window_seconds: '300',
      mark_min_trade_notional: '100',
      mark_smoothing_seconds: '45',
      mark_max_move_percent: '5',
      lever_pair_exposure_percent: '50',
      lever_user_exposure_percent: '10',
    });
  });

  it('a role that may only read gets no editor', async () => {
    stubConsole();
    renderAs('viewer');
    await screen.findByTestId('admin-read-only');
    await screen.findByText('BTC/USDT');
    expect(screen.queryByTestId('admin-pair-edit')).toBeNull();
  });
});
