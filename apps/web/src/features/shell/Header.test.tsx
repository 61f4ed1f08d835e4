import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { Header } from './Header';

const user = {
  id: 7,
  account_number: 'carol@demo.exchange',
  account: 'ca***@demo.exchange',
  is_seller: 0,
  type: 1,
  review_status: 2,
};

const notices = Array.from({ length: 6 }, (_, index) => ({
  id: index + 1,
  c_id: 11,
  title: `Notice ${index + 1}`,
  update_time: '2026-01-01 00:00:00',
}));

let calls: string[] = [];

function stubServer(userOverrides: Partial<typeof user> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      calls.push(path);
      let message: unknown = 'ok';
      if (path === '/api/user/info') message = { ...user, ...userOverrides };
      if (path === '/api/news/list') {
        message = {
          version: { key: 'version', value: [{ ios_url: '', android_url: '' }] },
          list: notices,
          count: 6,
        };
      }
      return Promise.resolve(new Response(JSON.stringify({ type: 'ok', message })));
    }),
  );
}

function renderHeader() {
  const router = createMemoryRouter([{ path: '*', element: <Header /> }], { initialEntries: ['/'] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function signIn() {
  localStorage.setItem('token', 'token');
  localStorage.setItem('user_id', '7');
  localStorage.setItem('accountNum', 'carol@demo.exchange');
}

beforeEach(() => {
  calls = [];
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('Header', () => {
  it('offers login and sign-up to visitors, and no assets or account menu', () => {
    stubServer();
    renderHeader();
    expect(screen.getByTestId('nav-login').getAttribute('href')).toBe('/components/login');
    expect(screen.getByTestId('nav-register').getAttribute('href')).toBe('/components/register');
    expect(screen.queryByTestId('nav-assets')).toBeNull();
    expect(screen.queryByTestId('account-menu')).toBeNull();
    expect(screen.queryByTestId('seller-link')).toBeNull();
  });

  it('shows the masked account and the account menu to a signed-in user', async () => {
    stubServer();
    signIn();
    renderHeader();
    expect(screen.getByTestId('nav-assets').getAttribute('href')).toBe('/dealFinance');
    expect(screen.queryByTestId('nav-login')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('account-menu').textContent).toContain('ca***@demo.exchange'),
    );
    fireEvent.click(screen.getByTestId('account-menu'));
    await waitFor(() => expect(screen.getByText('UID 7')).toBeTruthy());
    const menu = screen.getByRole('menu');
    const links = Array.from(menu.querySelectorAll('a')).map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/userSetting',
      '/dealFinance?tab=log',
      '/userSetting?tab=bank',
      '/authentication',
      '/integralExchanges',
      '/manage',
      'mailto:support@exchange.local',
    ]);
    expect(screen.getByTestId('logout')).toBeTruthy();
    expect(screen.queryByTestId('seller-link')).toBeNull();
  });

  it('hides points exchange for user type 0 and shows the shop link to sellers', async () => {
    stubServer({ type: 0, is_seller: 1 });
    signIn();
    renderHeader();
    await waitFor(() => expect(screen.getByTestId('seller-link').getAttribute('href')).toBe('/myLegalShops'));
    fireEvent.click(screen.getByTestId('account-menu'));
    const links = Array.from(screen.getByRole('menu').querySelectorAll('a')).map((link) =>
      link.getAttribute('href'),
    );
    expect(links).not.toContain('/integralExchanges');
  });

  it('closes a menu on Escape, on a click outside and after a second click', () => {
    stubServer();
    renderHeader();
    const trigger = screen.getByTestId('language-menu');
    fireEvent.click(trigger);
    expect(screen.getByTestId('lang-zh')).toBeTruthy();
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('lang-zh')).toBeNull();
    fireEvent.click(trigger);
    fireEvent.pointerDown(document.body);
    expect(screen.queryByTestId('lang-zh')).toBeNull();
    fireEvent.click(trigger);
    fireEvent.click(trigger);
    expect(screen.queryByTestId('lang-zh')).toBeNull();
  });

  it('lists the seven languages', () => {
    stubServer();
    renderHeader();
    fireEvent.click(screen.getByTestId('language-menu'));
    for (const code of ['en', 'zh', 'hk', 'jp', 'kor', 'th', 'ind']) {
      expect(screen.getByTestId(`lang-${code}`)).toBeTruthy();
    }
  });

  it('lists the first five header notices and a link to all of them', async () => {
    stubServer();
    renderHeader();
    fireEvent.click(screen.getByTestId('notice-menu'));
    await waitFor(() => expect(screen.getByText('Notice 1')).toBeTruthy());
    const links = Array.from(screen.getByRole('menu').querySelectorAll('a')).map((link) =>
      link.getAttribute('href'),
    );
    expect(links).toEqual([
      '/noticeDetail?id=1',
      '/noticeDetail?id=2',
      '/noticeDetail?id=3',
      '/noticeDetail?id=4',
      '/noticeDetail?id=5',
      '/noticeList',
    ]);
  });

  it('logs out on the server, forgets the session and goes to login', async () => {
    stubServer();
    signIn();
    const router = renderHeader();
    fireEvent.click(screen.getByTestId('account-menu'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('logout'));
      await Promise.resolve();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/components/login'));
    expect(calls).toContain('/api/user/logout');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('nav-login')).toBeTruthy();
  });

  it('toggles the theme', () => {
    stubServer();
    renderHeader();
    const before = document.documentElement.dataset.theme ?? 'dark';
    fireEvent.click(screen.getByTestId('theme-toggle'));
    expect(document.documentElement.dataset.theme).toBe(before === 'dark' ? 'light' : 'dark');
    fireEvent.click(screen.getByTestId('theme-toggle'));
    expect(document.documentElement.dataset.theme).toBe(before);
  });
});
