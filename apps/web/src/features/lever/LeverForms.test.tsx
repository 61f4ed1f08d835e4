import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../lib/test-server';
import type { Quotation } from '../../api/markets';
import { Toaster } from '../../components/Toaster';
import i18n from '../../i18n';
import type { LeverDeal, LeverOrder } from './api';
import { LeverOrderForm } from './LeverOrderForm';
import { StopModal } from './StopModal';

const pair = {
  match_id: 1,
  legal_id: 1,
  currency_id: 2,
  legal_name: 'USDT',
  currency_name: 'BTC',
  symbol: 'BTC/USDT',
  lever_share_num: '0.01',
} as Quotation;

const deal: LeverDeal = {
  lever_transaction: { in: [], out: [] },
  my_transaction: [],
  lever_share_limit: { min: 2, max: 50 },
  multiple: { muit: [{ value: 5 }, { value: 10 }], share: [{ value: 5 }] },
  last_price: '100000',
  mark_state: 'ok',
  user_lever: '5000',
  all_levers: '0',
  lever_trade_fee: '0.1',
  spread: '0',
  overnight: '0.05',
  lever_share_num: '0.01',
  ustd_price: '1',
  ExRAte: '7.2',
};

function renderWith(element: ReactNode) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          {element}
          <Toaster />
        </>
      ),
    },
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
  localStorage.clear();
});

describe('LeverOrderForm', () => {
  it('checks hands before the confirm dialog, then sends the order with the trade password', async () => {
    localStorage.setItem('token', 't');
    const calls = stubServer();
    renderWith(<LeverOrderForm pair={pair} deal={deal} lastPrice="100000" />);

    fireEvent.click(screen.getByTestId('lever-long'));
    await screen.findByText('Please enter an integer');
    fireEvent.change(screen.getByTestId('lever-share'), { target: { value: '1' } });
    expect(screen.getByTestId('lever-share-hint').textContent).toBe('The value cannot be lower than 2');
    fireEvent.click(screen.getByTestId('lever-long'));
    await screen.findByText('No less than 2');
    fireEvent.change(screen.getByTestId('lever-share'), { target: { value: '51' } });
    fireEvent.click(screen.getByTestId('lever-short'));
    await screen.findByText('No more than 50');
    expect(screen.queryByTestId('lever-confirm')).toBeNull();

    // 3 hands x 0.01 BTC x 100,000 at 10x: a 300 USDT margin.
    fireEvent.change(screen.getByTestId('lever-share'), { target: { value: '3' } });
    fireEvent.click(screen.getAllByTestId('lever-multiple')[1] as HTMLElement);
    expect(screen.getByTestId('lever-margin').textContent).toBe('300.00');
    fireEvent.click(screen.getByTestId('lever-short'));
    await screen.findByTestId('lever-confirm');
    fireEvent.click(screen.getByTestId('lever-confirm-submit'));
    await screen.findByText('Please enter trade password');
    fireEvent.change(screen.getByTestId('lever-password'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('lever-confirm-submit'));
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/lever/submit'))).toBe(true));
    const sent = calls.find((call) => call.url.startsWith('/api/lever/submit'))?.body;
    expect(Object.fromEntries(sent ?? [])).toEqual({
      legal_id: '1',
      currency_id: '2',
      type: '2',
      status: '1',
      multiple: '10',
      share: '3',
      password: '123456',
    });
  });

  it('asks for a price in limit mode, and a book level fills it', async () => {
    localStorage.setItem('token', 't');
    stubServer();
    renderWith(<LeverOrderForm pair={pair} deal={deal} lastPrice="100000" />);
    fireEvent.click(screen.getByTestId('lever-mode-limit'));
    expect(screen.getByTestId<HTMLInputElement>('lever-price').value).toBe('100000');
    fireEvent.change(screen.getByTestId('lever-price'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('lever-share'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('lever-long'));
    await screen.findByText('Please enter a price');
  });
});

describe('LeverOrderForm while the mark is unreliable', () => {
  it('labels the mark it prices market orders at, and opens normally while the mark is ok', () => {
    localStorage.setItem('token', 't');
    stubServer();
    renderWith(<LeverOrderForm pair={pair} deal={deal} lastPrice="99000" />);
    expect(screen.getByTestId('lever-mark-price').textContent).toBe('Mark price 100,000.0000 USDT');
    // 1 hand x 0.01 BTC at the mark (not the last trade's 99,000) at 5x.
    fireEvent.change(screen.getByTestId('lever-share'), { target: { value: '1' } });
    expect(screen.getByTestId('lever-margin').textContent).toBe('200.00');
    expect(screen.queryByTestId('lever-mark-notice')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('lever-long').disabled).toBe(false);
    expect(screen.getByTestId<HTMLButtonElement>('lever-short').disabled).toBe(false);
  });

  it.each([
    [
      'book_thin',
      'The order book is too thin',
      'Closing works at the last reliable price, 98,500.0000 USDT.',
    ],
    [
      'no_trade',
      'Too little has traded lately',
      'Closing works at the last reliable price, 98,500.0000 USDT.',
    ],
    ['stale', 'Prices are not being updated right now', 'opening and closing are paused'],
  ] as const)('%s: says why opening is paused and disables both open buttons', (state, opening, rest) => {
    localStorage.setItem('token', 't');
    const calls = stubServer();
    renderWith(
      <LeverOrderForm
        pair={pair}
        deal={{ ...deal, mark_state: state, last_price: '98500' }}
        lastPrice="99000"
      />,
    );
    const notice = screen.getByTestId('lever-mark-notice');
    expect(notice.dataset.state).toBe(state);
    expect(notice.textContent).toContain(opening);
    expect(notice.textContent).toContain(rest);
    expect(screen.getByTestId('lever-mark-price').textContent).toBe('Mark price 98,500.0000 USDT');
    const long = screen.getByTestId<HTMLButtonElement>('lever-long');
    const short = screen.getByTestId<HTMLButtonElement>('lever-short');
    expect(long.disabled).toBe(true);
    expect(short.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('lever-share'), { target: { value: '3' } });
    fireEvent.click(long);
    fireEvent.click(short);
    expect(screen.queryByTestId('lever-confirm')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('none: says the market has no price yet, with no mark shown', () => {
    localStorage.setItem('token', 't');
    stubServer();
    renderWith(
      <LeverOrderForm
        pair={pair}
        deal={{ ...deal, mark_state: 'none', last_price: '0' }}
        lastPrice="99000"
      />,
    );
    expect(screen.getByTestId('lever-mark-notice').textContent).toBe(
      'This market has no price yet: new positions cannot be opened.',
    );
    expect(screen.queryByTestId('lever-mark-price')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('lever-long').disabled).toBe(true);
  });

  it('in Chinese', async () => {
    localStorage.setItem('token', 't');
    stubServer();
    await i18n.changeLanguage('zh');
    try {
      renderWith(
        <LeverOrderForm pair={pair} deal={{ ...deal, mark_state: 'book_thin' }} lastPrice="99000" />,
      );
      expect(screen.getByTestId('lever-mark-notice').textContent).toBe(
        '当前盘口深度不足以形成可靠价格，暂停开仓。平仓按最近的可靠价格 100,000.0000 USDT 成交。',
      );
      expect(screen.getByTestId('lever-mark-price').textContent).toBe('标记价格 100,000.0000 USDT');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('StopModal', () => {
  const order = {
    id: 7,
    type: 1,
    symbol: 'BTC/USDT',
    share: 2,
    number: '0.02',
    price: '100',
    update_price: '100.5',
    target_profit_price: '0',
    stop_loss_price: '0.01',
    status: 1,
  } as LeverOrder;

  it('steps by 0.01, refuses to go to 0, shows expected profit and loss never below 0, and sends', async () => {
    const calls = stubServer();
    const onClose = vi.fn();
    renderWith(<StopModal order={order} lotSize="0.01" onClose={onClose} />);
    const tp = screen.getByTestId<HTMLInputElement>('stop-tp');
    const sl = screen.getByTestId<HTMLInputElement>('stop-sl');
    expect(tp.value).toBe('100.5');
    fireEvent.click(screen.getByTestId('stop-tp-up'));
    expect(tp.value).toBe('100.51');
    // (100.51 - 100) x 0.02
    expect(screen.getByTestId('stop-tp-expected').textContent).toBe('0.01');
    fireEvent.click(screen.getByTestId('stop-sl-down'));
    expect(sl.value).toBe('0.01');
    expect(screen.getByTestId('stop-problem').textContent).toBe('The value must be greater than 0');
    // A take-profit below the open price would be a loss: shown as 0, never negative.
    fireEvent.change(tp, { target: { value: '90' } });
    expect(screen.getByTestId('stop-tp-expected').textContent).toBe('0.00');
    fireEvent.click(screen.getByTestId('stop-submit'));
    expect(screen.getByTestId('stop-problem').textContent).toContain('take-profit');
    expect(calls).toHaveLength(0);

    fireEvent.change(tp, { target: { value: '120' } });
    fireEvent.change(sl, { target: { value: '95' } });
    expect(screen.getByTestId('stop-sl-expected').textContent).toBe('0.10');
    fireEvent.click(screen.getByTestId('stop-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.url).toMatch(/^\/api\/lever\/setstop/);
    expect(Object.fromEntries(calls[0]?.body ?? [])).toEqual({
      id: '7',
      target_profit_price: '120',
      stop_loss_price: '95',
    });
  });
});
