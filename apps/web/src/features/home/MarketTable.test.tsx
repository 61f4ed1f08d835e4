import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../i18n';
import { FAVOURITES_TAB } from './market-table';
import { MarketTable } from './MarketTable';
import { groups } from './test-fixtures';

function renderTable(options: { searchable?: boolean; limit?: number } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <MarketTable groups={groups} loading={false} error={false} onRetry={() => undefined} {...options} />
        ),
      },
      { path: '/components/login', element: <p>login screen</p> },
      { path: '/dealCenter', element: <p>exchange screen</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const shownSymbols = () => screen.queryAllByTestId('market-row').map((row) => row.dataset.symbol);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('MarketTable', () => {
  it('shows the first quote currency’s pairs in the server’s order', () => {
    renderTable();
    expect(shownSymbols()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT', 'XRP/USDT']);
    expect(screen.queryByTestId(`market-tab-${FAVOURITES_TAB}`)).toBeNull();
  });

  it('sorts by price descending, then ascending, then back to the server’s order', () => {
    renderTable();
    const header = screen.getByTestId('sort-price');
    fireEvent.click(header);
    expect(shownSymbols()).toEqual(['BTC/USDT', 'ETH/USDT', 'XRP/USDT', 'DOGE/USDT']);
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header);
    expect(shownSymbols()).toEqual(['DOGE/USDT', 'XRP/USDT', 'ETH/USDT', 'BTC/USDT']);
    fireEvent.click(header);
    expect(shownSymbols()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT', 'XRP/USDT']);
  });

  it('sorts by change and by symbol', () => {
    renderTable();
    fireEvent.click(screen.getByTestId('sort-change'));
    expect(shownSymbols()[0]).toBe('ETH/USDT');
    fireEvent.click(screen.getByTestId('sort-symbol'));
    expect(shownSymbols()).toEqual(['BTC/USDT', 'DOGE/USDT', 'ETH/USDT', 'XRP/USDT']);
  });

  it('switches quote tabs and searches by symbol', () => {
    renderTable({ searchable: true });
    fireEvent.click(screen.getByTestId('market-tab-BTC'));
    expect(shownSymbols()).toEqual(['ETH/BTC']);
    fireEvent.click(screen.getByTestId('market-tab-USDT'));
    fireEvent.change(screen.getByTestId('market-search'), { target: { value: 'doge' } });
    expect(shownSymbols()).toEqual(['DOGE/USDT']);
    fireEvent.change(screen.getByTestId('market-search'), { target: { value: 'nothing' } });
    expect(shownSymbols()).toEqual([]);
    expect(screen.getByTestId('market-table').textContent).toContain('nothing');
  });

  it('limits the rows on the home page', () => {
    renderTable({ limit: 2 });
    expect(shownSymbols()).toEqual(['BTC/USDT', 'ETH/USDT']);
  });

  it('offers a Favourites tab to signed-in users', () => {
    localStorage.setItem('token', 'token');
    renderTable();
    fireEvent.click(screen.getByTestId(`market-tab-${FAVOURITES_TAB}`));
    expect(shownSymbols()).toEqual(['BTC/USDT', 'ETH/BTC']);
  });

  it('opens the exchange on a row click', () => {
    const router = renderTable();
    fireEvent.click(screen.getAllByTestId('market-row')[1] as HTMLElement);
    expect(router.state.location.pathname).toBe('/dealCenter');
    expect(router.state.location.search).toBe('?legal_id=1&currency_id=3');
  });

  it('sends a visitor who taps a star to login, not to the exchange', () => {
    const router = renderTable();
    const row = screen.getAllByTestId('market-row')[0] as HTMLElement;
    fireEvent.click(within(row).getByTestId('favourite-toggle'));
    expect(router.state.location.pathname).toBe('/components/login');
  });
});
