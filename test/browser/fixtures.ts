import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createPrisma, type Db } from '@exchange/kernel/db';
import {
  byId,
  expectNoPageErrors,
  launchBrowser,
  logInThroughUi,
  server,
  untilInPage,
  visit,
  type Visit,
} from './browser';

/**
 * The setup every browser test file repeats: one Chromium for a block of tests, profiles opened on it
 * (signed in through the login screen when a user is given), the server's database, and the header's
 * theme and language switches.
 */

/** A profile that chose the light theme and Chinese before its first page. */
export const LIGHT_CHINESE = { theme: 'light', locale: 'zh' };

export interface Credentials {
  account: string;
  password: string;
}

export interface Opening {
  /** Signed in through the login screen as this user first. */
  as?: Credentials;
  /** The profile's localStorage before the first page (theme, locale, a token...). */
  storage?: Record<string, string>;
  /** The hash route opened once the profile is ready (signed in when `as` is given). */
  route?: string;
  /** The browser's own settings: a phone's viewport, the viewer's time zone. */
  context?: Parameters<typeof visit>[2];
}

export interface Browsing {
  /** A fresh profile kept until the block ends (or closed earlier by its test). */
  open: (opening?: Opening) => Promise<Visit>;
  /**
   * Runs `work` in a fresh profile, then expects the page to have neither thrown nor logged an error; the
   * profile is closed either way.
   */
  visiting: (opening: Opening, work: (session: Visit) => Promise<void>) => Promise<void>;
}

/**
 * One Chromium for the tests of the file or `describe` block it is called in: launched before the first
 * test, closed (with every profile it opened) after the last. Call it before the block's own hooks, so its
 * browser is up when they run and their `afterAll` still sees it.
 */
export function useBrowser(): Browsing {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const open = async ({ as, storage, route, context }: Opening = {}) => {
    if (!browser) throw new Error('useBrowser: the browser is launched in beforeAll, before any test');
    const session = await visit(browser, storage, context);
    if (as) await logInThroughUi(session, as.account, as.password);
    if (route) await session.open(route);
    return session;
  };
  const visiting = async (opening: Opening, work: (session: Visit) => Promise<void>) => {
    const session = await open(opening);
    try {
      await work(session);
      expectNoPageErrors(session);
    } finally {
      await session.close();
    }
  };
  return { open, visiting };
}

/** The browser server's database for the block's tests, disconnected after the last. */
export function useDatabase(): Db {
  const prisma = createPrisma(server().databaseUrl, 2);
  afterAll(async () => {
    await prisma.$disconnect();
  });
  return prisma;
}

/** Switches the theme with the header's toggle and waits until the page wears it. */
export async function switchTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await byId(page, 'theme-toggle').click();
  await untilInPage(page, `document.documentElement.dataset.theme === '${theme}'`);
}

/** Picks Chinese from the header's language menu and waits until the page speaks it. */
export async function switchToChinese(page: Page): Promise<void> {
  await byId(page, 'language-menu').click();
  await byId(page, 'lang-zh').click();
  await untilInPage(page, "document.documentElement.lang === 'zh-CN'");
}
