import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEWS_CATEGORY } from '../../api/news';
import '../../i18n';
import { BannerCarousel } from './BannerCarousel';
import { BANNER_INTERVAL_MS } from './carousel';

const banners = [1, 2, 3].map((id) => ({
  id,
  c_id: 5,
  lang: 'en',
  title: `Banner ${id}`,
  abstract: id === 1 ? 'Trade BTC and ETH' : '',
  thumbnail: '',
  cover: `/banners/banner-${id}.svg`,
  sorts: id,
  update_time: '2026-01-01 00:00:00',
}));

function renderCarousel() {
  const client = new QueryClient();
  client.setQueryData(['news', 'list', NEWS_CATEGORY.banners, 1, 10], {
    version: { key: 'version', value: [] },
    list: banners,
    count: 3,
    page: 1,
    limit: 10,
  });
  const router = createMemoryRouter([{ path: '*', element: <BannerCarousel /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const activeTitle = () =>
  screen
    .getAllByTestId('banner-slide')
    .find((slide) => slide.classList.contains('active'))
    ?.getAttribute('aria-label');

/** Lets the fake clock run on, rendering what the carousel's timers do meanwhile. */
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('BannerCarousel', () => {
  it('links each banner to its notice', () => {
    renderCarousel();
    expect(screen.getAllByTestId('banner-slide').map((slide) => slide.getAttribute('href'))).toEqual([
      '/noticeDetail?id=1',
      '/noticeDetail?id=2',
      '/noticeDetail?id=3',
    ]);
  });

  it('writes each banner title and summary as text over a picture that carries no words', () => {
    renderCarousel();
    const [first, second] = screen.getAllByTestId('banner-caption');
    expect(first?.textContent).toBe('Banner 1Trade BTC and ETH');
    expect(second?.textContent).toBe('Banner 2');
    for (const picture of screen.getAllByRole('presentation', { hidden: true }))
      expect(picture.getAttribute('alt')).toBe('');
  });

  it('moves on every five seconds and loops back to the first', () => {
    renderCarousel();
    expect(activeTitle()).toBe('Banner 1');
    advance(BANNER_INTERVAL_MS - 1);
    expect(activeTitle()).toBe('Banner 1');
    advance(1);
    expect(activeTitle()).toBe('Banner 2');
    advance(BANNER_INTERVAL_MS);
    advance(BANNER_INTERVAL_MS);
    expect(activeTitle()).toBe('Banner 1');
  });

  it('pauses under the pointer', () => {
    renderCarousel();
    fireEvent.mouseEnter(screen.getByTestId('banner'));
    advance(BANNER_INTERVAL_MS * 3);
    expect(activeTitle()).toBe('Banner 1');
    fireEvent.mouseLeave(screen.getByTestId('banner'));
    advance(BANNER_INTERVAL_MS);
    expect(activeTitle()).toBe('Banner 2');
  });

  it('steps with the arrows, looping at both ends, and jumps with the dots', () => {
    renderCarousel();
    fireEvent.click(screen.getByLabelText('Previous slide'));
    expect(activeTitle()).toBe('Banner 3');
    fireEvent.click(screen.getByLabelText('Next slide'));
    expect(activeTitle()).toBe('Banner 1');
    fireEvent.click(screen.getByLabelText('Show slide 2'));
    expect(activeTitle()).toBe('Banner 2');
  });
});
