import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Response,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_PATH, REPO_ROOT } from './server';

/** What the tests drive: Debian's Chromium, headless, against the exchange the global setup started. */
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results/screenshots');
export const DEMO = { account: 'alice@demo.exchange', password: 'Demo1234', tradePassword: '123456' };
export const ROOT_INVITE_CODE = 'exroot';
/** BTC/USDT: the seed's first currency is USDT (id 1), its second BTC (id 2). */
export const BTC_USDT = { legalId: 1, currencyId: 2, symbol: 'BTC/USDT' };

export const server = () => inject('browserServer');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true, // Playwright adds --headless
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
  /** Opens a hash route (`/`, `/components/login`, `/dealCenter?legal_id=1`...) and waits for the page. */
  open: (route: string) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * A fresh browser profile (no cookies, localStorage seeded with `storage`), 1440×900 like a desktop unless
 * `options` say otherwise (a phone's viewport, the viewer's time zone).
 */
export async function visit(
  browser: Browser,
  storage: Record<string, string> = {},
  options: Pick<BrowserContextOptions, 'viewport' | 'timezoneId'> = {},
): Promise<Visit> {
  const { baseUrl } = server();
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...options,
    storageState: {
      cookies: [],
      origins: [
        { origin: baseUrl, localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })) },
      ],
    },
  });
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(60_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(`console.error: ${message.text()} (${message.location().url || page.url()})`);
    }
  });
  return {
    context,
    page,
    errors,
    open: async (route) => {
      await page.goto(`${baseUrl}/#${route}`, { waitUntil: 'domcontentloaded' });
    },
    close: () => context.close(),
  };
}

export const byId = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]`);

/** Waits for the next answer of an /api call (matched on its path and method), and its envelope. */
export async function apiAnswer(
  page: Page,
  path: string,
  method: 'GET' | 'POST' | 'PUT',
  action: () => Promise<unknown>,
): Promise<{
  response: Response;
  body: { type: string | number; message: unknown; [key: string]: unknown };
}> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) => new URL(answer.url()).pathname === path && answer.request().method() === method,
      { timeout: 30_000 },
    ),
    action(),
  ]);
  return { response, body: (await response.json()) as { type: string; message: unknown } };
}

/** Runs `action` (a click), and expects the POST it makes to `path` to answer ok; the answer's body. */
export async function clickOk(page: Page, path: string, action: () => Promise<unknown>) {
  const { body } = await apiAnswer(page, path, 'POST', action);
  expect(body.type, `${path} answered ${JSON.stringify(body)}`).toBe('ok');
  return body;
}

/** Types the trade password into the open dialog and waits for the call it confirms; the answer's body. */
export async function withPassword(page: Page, path: string, password = DEMO.tradePassword) {
  await byId(page, 'trade-password').fill(password);
  const body = await clickOk(page, path, () => byId(page, 'trade-password-submit').click());
  await byId(page, 'password-dialog').waitFor({ state: 'detached' });
  return body;
}

/** A full-page screenshot, from the top, once the toasts of the last action (3 s each) have gone and fonts are in. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.locator('.toasts .toast').first().waitFor({ state: 'detached', timeout: 15_000 });
  await inPage(page, 'document.fonts.ready.then(() => undefined)');
  // From the top, or the sticky header lands mid-page in the full-page picture.
  await inPage(page, 'window.scrollTo(0, 0)');
  await nextFrames(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Page-side code goes in as strings: this project's type check is the server's (no DOM types), and the
 * expressions are one-liners anyway.
 */
export const inPage = <T>(page: Page, expression: string) => page.evaluate<T>(expression);
/**
 * Waits until an expression holds in the page. Polled through `page.evaluate` (DevTools evaluation): the
 * client's Content-Security-Policy forbids eval, which `page.waitForFunction` with a string needs in-page.
 * A navigation in between (the context is replaced) counts as "not yet".
 */
export async function untilInPage(page: Page, expression: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const holds = await page.evaluate<boolean>(`Boolean(${expression})`).catch(() => false);
    if (holds) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${expression}`);
    await new Promise((wake) => setTimeout(wake, 50));
  }
}
/** Two animation frames: what the chart needs to draw after data or a theme change. */
export const nextFrames = (page: Page) =>
  inPage(page, 'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');

/** The html element's language and theme, and the stored values, as the user's browser holds them. */
export const htmlState = (page: Page) =>
  inPage<{
    lang: string;
    theme: string;
    storedTheme: string | null;
    storedLocale: string | null;
    token: string | null;
  }>(
    page,
    `({
      lang: document.documentElement.lang,
      theme: document.documentElement.dataset.theme ?? '',
      storedTheme: localStorage.getItem('theme'),
      storedLocale: localStorage.getItem('locale'),
      token: localStorage.getItem('token'),
    })`,
  );

/** Logs in through the login screen, as a user would, and waits until the client holds the session. */
export async function logInThroughUi(session: Visit, account: string, password: string): Promise<void> {
  const { page } = session;
  await session.open('/components/login');
  await byId(page, 'login-account').fill(account);
  await byId(page, 'login-password').fill(password);
  await clickOk(page, '/api/user/login', () => byId(page, 'login-submit').click());
  await untilInPage(page, "Boolean(localStorage.getItem('token'))");
  // Login success goes home after 0.5 s (document 1, section 4): wait until the login form is gone.
  await byId(page, 'login-submit').waitFor({ state: 'detached' });
}

/** The newest verification code the exchange sent to an account (from its outbox table; the API never tells). */
export async function latestCode(account: string): Promise<string> {
  const client = new pg.Client({ connectionString: server().databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ code: string }>(
      'SELECT code FROM message_outbox WHERE "to" = $1 ORDER BY id DESC LIMIT 1',
      [account],
    );
    const code = result.rows[0]?.code;
    if (!code) throw new Error(`no code was sent to ${account}`);
    return code;
  } finally {
    await client.end();
  }
}

/** The codes the settings screen shows a user: their own invite code and authorisation code. */
export async function userCodes(
  account: string,
): Promise<{ extension_code: string; authorization_code: string }> {
  const client = new pg.Client({ connectionString: server().databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ extension_code: string; authorization_code: string }>(
      'SELECT extension_code, authorization_code FROM users WHERE account_number = $1',
      [account],
    );
    const row = result.rows[0];
    if (!row) throw new Error(`no user ${account}`);
    return row;
  } finally {
    await client.end();
  }
}

/** Passes when the page neither threw nor logged an error; names them all otherwise. */
export function expectNoPageErrors(session: Visit): void {
  expect(session.errors, `errors on ${session.page.url()}`).toEqual([]);
}

/** The first number the user reads in a text ("97,273.95 ↑ ≈ ¥700,372.44" → 97273.95); NaN when none. */
export function readNumber(text: string | null): number {
  const match = (text ?? '').replace(/,/g, '').match(/-?\d+(\.\d+)?/);
  return match ? Number(match[0]) : NaN;
}
