import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, inPage, screenshot } from './browser';
import { LIGHT_CHINESE, switchTheme, useBrowser } from './fixtures';
import { REPO_ROOT } from './server';

/**
 * Most traders open the exchange on a phone (issue 28): every trader's route, read from the router's own
 * table so a new screen is visited too, fits a 390 px wide viewport without scrolling sideways. The operator
 * console (`/admin`, its own sign-in with two factors) is a desk tool and not part of this walk.
 */
const ROUTES_FILE = join(REPO_ROOT, 'apps/web/src/app/routes.tsx');

/** The absolute paths the router names (`path: '/x'` and the assets table's lists), catch-all left out. */
function traderRoutes(): string[] {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const paths = [...source.matchAll(/'(\/[A-Za-z0-9_/]*)'/g)].map((match) => match[1] ?? '');
  return [...new Set(paths)].filter((path) => path !== '/admin' && !path.startsWith('/admin/'));
}

interface Width {
  viewport: number;
  page: number;
  /** What sticks out furthest, to say where to look when a screen is too wide. */
  widest: string[];
}

const MEASURE = `(() => {
  const viewport = document.documentElement.clientWidth;
  const page = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  const widest = [...document.querySelectorAll('body *')]
    .map((element) => ({ element, right: element.getBoundingClientRect().right }))
    .filter((item) => item.right > viewport + 1)
    .sort((a, b) => b.right - a.right)
    .slice(0, 3)
    .map((item) => item.element.tagName.toLowerCase() + '.' + String(item.element.className).split(' ').join('.') + ' ' + Math.round(item.right));
  return { viewport, page, widest };
})()`;

describe('every screen on a 390 px phone', () => {
  const browser = useBrowser();

  it('reads the routes from the router', () => {
    const routes = traderRoutes();
    // A sample of each area: the walk below covers what the router has, these prove the reading works.
    for (const route of ['/', '/dealCenter', '/c2c', '/dealFinance', '/withdraw_address', '/userSetting'])
      expect(routes).toContain(route);
    expect(routes.length).toBeGreaterThan(60);
  });

  it('fits every route without scrolling sideways, signed in, in Chinese and the light theme', () =>
    browser.visiting(
      { as: DEMO, storage: LIGHT_CHINESE, context: { viewport: { width: 390, height: 844 } } },
      async (session) => {
        const { page } = session;
        const tooWide: Record<string, Width> = {};
        for (const route of traderRoutes()) {
          await session.open(route);
          await page.locator('.app-main').first().waitFor();
          // Drawn: no spinner left (lists, charts and lazily loaded screens have come in).
          await page.locator('.spinner').first().waitFor({ state: 'detached' });
          await page.waitForTimeout(300);
          const width = await inPage<Width>(page, MEASURE);
          if (width.page > width.viewport) {
            tooWide[route] = width;
            await screenshot(page, `phone-too-wide${route.replace(/\//g, '-')}`);
          }
        }
        expect(tooWide).toEqual({});

        // The screens that were too wide (the P2P market, the acceptor tables), as a phone shows them now.
        await session.open('/c2c');
        await page.locator('[data-testid="c2c-ad"]').first().waitFor();
        await screenshot(page, 'phone-c2c-390-light-zh');
        await session.open('/aceite');
        await page.locator('[data-testid="acceptor-row"]').first().waitFor();
        await screenshot(page, 'phone-acceptors-390-light-zh');
        await switchTheme(page, 'dark');
        await session.open('/c2c');
        await page.locator('[data-testid="c2c-ad"]').first().waitFor();
        await screenshot(page, 'phone-c2c-390-dark-zh');
      },
    ));
});
