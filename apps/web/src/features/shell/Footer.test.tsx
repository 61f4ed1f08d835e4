import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NEWS_CATEGORY } from '../../api/news';
import '../../i18n';
import { Footer } from './Footer';

function list(categoryId: number, titles: string[], urls: { ios_url: string; android_url: string }) {
  return {
    version: { key: 'version', value: [urls] },
    list: titles.map((title, index) => ({ id: categoryId * 100 + index, c_id: categoryId, title })),
    count: titles.length,
    page: 1,
    limit: 8,
  };
}

function renderFooter(urls: { ios_url: string; android_url: string }) {
  const client = new QueryClient();
  client.setQueryData(['news', 'list', NEWS_CATEGORY.footerAbout, 1, 8], list(29, ['About us'], urls));
  client.setQueryData(['news', 'list', NEWS_CATEGORY.footerSupport, 1, 8], list(30, ['Fee schedule'], urls));
  const router = createMemoryRouter([{ path: '*', element: <Footer /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('Footer', () => {
  it('links the about and support articles to their notice pages', () => {
    renderFooter({ ios_url: '', android_url: '' });
    expect(screen.getByText('About us').getAttribute('href')).toBe('/noticeDetail?id=2900');
    expect(screen.getByText('Fee schedule').getAttribute('href')).toBe('/noticeDetail?id=3000');
  });

  it('shows only the app download links the server has', () => {
    renderFooter({ ios_url: 'https://apps.example/ios', android_url: '' });
    expect(screen.getByTestId('download-ios').getAttribute('href')).toBe('https://apps.example/ios');
    expect(screen.queryByTestId('download-android')).toBeNull();
    cleanup();
    renderFooter({ ios_url: '', android_url: '' });
    expect(screen.queryByTestId('download-ios')).toBeNull();
    expect(screen.queryByText('Download')).toBeNull();
  });
});
