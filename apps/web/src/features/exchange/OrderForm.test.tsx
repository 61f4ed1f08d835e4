import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Quotation } from '../../api/markets';
import { ConfirmHost } from '../../components/ConfirmHost';
import { Toaster } from '../../components/Toaster';
import '../../i18n';
import { OrderForm } from './OrderForm';

const pair = {
  id: 1,
  match_id: 1,
  legal_id: 1,
  currency_id: 2,
  legal_name: 'USDT',
  currency_name: 'BTC',
  symbol: 'BTC/USDT',
  now_price: '100',
  price_decimals: 2,
  amount_decimals: 5,
  min_amount: '0.0001',
  maker_fee: '0.001',
  taker_fee: '0.002',
  fiat_convert_cny: '7.2',
  open_coin_trade: 1,
} as Quotation;

type Call = { url: string; body: string };

/** The server as the form sees it: balances by currency id, and an order endpoint that records its body. */
function stubServer(balances: Record<string, string>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const body = init?.body instanceof URLSearchParams ? init.body.toString() : '';
      calls.push({ url, body });
      const params = new URLSearchParams(body);
      const message = url.startsWith('/api/wallet/detail')
        ? { change_balance: balances[params.get('currency') ?? ''] ?? '0', lock_change_balance: '0' }
        : url.startsWith('/api/coin/trade')
          ? 'Order placed'
          : null;
      return Promise.resolve(new Response(JSON.stringify({ type: 'ok', message })));
    }),
  );
  return calls;
}

function renderForm(lastPrice = '100') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <OrderForm pair={pair} lastPrice={lastPrice} />
            <Toaster />
            <ConfirmHost />
          </>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('OrderForm', () => {
  it('shows visitors a disabled form with a login prompt', () => {
    stubServer({});
    renderForm();
    expect(screen.getByTestId('login-prompt')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('buy-submit').disabled).toBe(true);
    expect(input('sell-amount').disabled).toBe(true);
  });

  it('fills the amount from the slider only when the balance is non-zero', async () => {
    localStorage.setItem('token', 'test-token');
    stubServer({ '1': '1000', '2': '0' });
    renderForm();
    await waitFor(() => expect(screen.getByTestId('buy-available').textContent).toContain('1,000.00'));
    fireEvent.change(input('buy-price'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('buy-slider-25'));
    // 1000 x 25 / 30 / 100 = 8.3333..., cut to 4 decimals.
    expect(input('buy-amount').value).toBe('8.3333');
    fireEvent.click(screen.getByTestId('sell-slider-50'));
    expect(input('sell-amount').value).toBe('');
  });

  it('blocks the letter e and caps decimals', () => {
    localStorage.setItem('token', 'test-token');
    stubServer({});
    renderForm();
    const price = input('buy-price');
    const event = new KeyboardEvent('keydown', { key: 'e', bubbles: true, cancelable: true });
    price.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    fireEvent.change(price, { target: { value: '12.3456' } });
    expect(price.value).toBe('12.34');
    fireEvent.change(input('sell-amount'), { target: { value: '0.1234567' } });
    expect(input('sell-amount').value).toBe('0.12345');
  });

  it('asks for a price, then a quantity, then confirms and sends the order', async () => {
    localStorage.setItem('token', 'test-token');
    const calls = stubServer({ '1': '1000', '2': '1' });
    renderForm();
    fireEvent.click(screen.getByTestId('buy-submit'));
    await screen.findByText('Please enter a buy price');
    fireEvent.change(input('buy-price'), { target: { value: '25.5' } });
    fireEvent.click(screen.getByTestId('buy-submit'));
    await screen.findByText('Please enter a quantity');
    fireEvent.change(input('buy-amount'), { target: { value: '2' } });
    fireEvent.submit(input('buy-amount').closest('form') as HTMLFormElement);
    await screen.findByText('Buy 2 BTC at 25.5 USDT');
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-yes'));
      await Promise.resolve();
    });
    await screen.findByText('Order placed');
    const order = calls.find((call) => call.url.startsWith('/api/coin/trade'));
    expect(Object.fromEntries(new URLSearchParams(order?.body))).toEqual({
      legal_id: '1',
      currency_id: '2',
      type: '1',
      target_price: '25.5',
      amount: '2',
      order_type: 'limit',
    });
    // Only the amount was this order's: the price stays for the next one.
    await waitFor(() => expect(input('buy-amount').value).toBe(''));
    expect(input('buy-price').value).toBe('25.5');
  });

  it('sends a market order with the latest price shown read-only', async () => {
    localStorage.setItem('token', 'test-token');
    const calls = stubServer({ '1': '1000', '2': '1' });
    renderForm('101.5');
    fireEvent.click(screen.getByTestId('mode-market'));
    expect(input('sell-price').readOnly).toBe(true);
    expect(input('sell-price').value).toBe('101.50');
    await waitFor(() => expect(screen.getByTestId('sell-available').textContent).toContain('1.00000'));
    fireEvent.click(screen.getByTestId('sell-slider-100'));
    expect(input('sell-amount').value).toBe('1.0000');
    fireEvent.click(screen.getByTestId('sell-submit'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('confirm-yes'));
      await Promise.resolve();
    });
    // Toasts outlive a test, so wait for the request itself.
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/coin/trade'))).toBe(true));
    const order = calls.find((call) => call.url.startsWith('/api/coin/trade'));
    expect(new URLSearchParams(order?.body).get('order_type')).toBe('market');
    expect(new URLSearchParams(order?.body).get('type')).toBe('2');
    expect(new URLSearchParams(order?.body).get('target_price')).toBe('101.5');
  });
});
