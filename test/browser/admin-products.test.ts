import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../../apps/api/src/modules/admin';
import {
  apiAnswer,
  BTC_USDT,
  byId,
  clickOk,
  expectNoPageErrors,
  screenshot,
  server,
  type Visit,
} from './browser';
import {
  adminPost,
  confirmEnrolment,
  inLightThenChinese,
  openConsole,
  setTheme,
  signInOperator,
  startEnrolment,
} from './admin';
import { useBrowser, useDatabase } from './fixtures';

/**
 * Issue #15, part B in a real browser: an admin (two-factor enrolled from the QR screen) changes a pair's
 * taker fee and a seconds duration's profit rate, and the public answers change with them; a support
 * operator uploads an image and publishes a banner the home page then shows, and edits a notice in place;
 * a viewer only reads. Screenshots in dark, light and Chinese.
 */
const suffix = randomBytes(3).toString('hex');
const ADMIN = { login: `products-${suffix}`, role: 'admin', password: 'Products-pass-2026' };
const SUPPORT = { login: `content-${suffix}`, role: 'support', password: 'Content-pass-2026' };
const VIEWER = { login: `reader-${suffix}`, role: 'viewer', password: 'Reader-pass-2026' };

const browser = useBrowser();
const prisma = useDatabase();
let btcUsdtId = 0;
/** BTC/USDT's mark impact notional as the seed made it, put back after the test. */
let seededImpact = '';

const publicGet = async <T>(path: string) =>
  ((await (await fetch(`${server().baseUrl}${path}`)).json()) as { message: T }).message;
const publicPost = async <T>(path: string, body: Record<string, string>) =>
  (
    (await (
      await fetch(`${server().baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      })
    ).json()) as { message: T }
  ).message;

const btcUsdtFees = async () => {
  const groups = await publicGet<{ quotation: { symbol: string; taker_fee: string }[] }[]>(
    '/api/currency/quotation_new',
  );
  return groups.flatMap((group) => group.quotation).find((row) => row.symbol === BTC_USDT.symbol);
};

describe('the console’s products, settings and content', () => {
  let admin: Visit;
  let support: Visit;

  beforeAll(async () => {
    for (const operator of [ADMIN, SUPPORT, VIEWER]) await createOperator(prisma, operator);
    btcUsdtId = (
      await prisma.currencyMatch.findUniqueOrThrow({
        where: { legal_id_currency_id: { legal_id: BTC_USDT.legalId, currency_id: BTC_USDT.currencyId } },
      })
    ).id;
    seededImpact = (
      await prisma.currencyMatch.findUniqueOrThrow({ where: { id: btcUsdtId } })
    ).mark_impact_notional.toFixed();
    admin = await browser.open();
    support = await browser.open();
  }, 120_000);

  afterAll(async () => {
    // The browser files share one server: put the fee and the rate back as the seed made them, through the
    // console (so the matcher hears of it too).
    const post = (path: string, body: string) => adminPost(admin.page, path, body);
    const sixty = await prisma?.microSecond.findUnique({ where: { seconds: 60 } });
    if (admin) {
      await post('/api/admin/products/pairs/save', `id=${btcUsdtId}&taker_fee=0.002`);
      if (seededImpact)
        await post('/api/admin/products/pairs/lever', `id=${btcUsdtId}&mark_impact_notional=${seededImpact}`);
      if (sixty)
        await post(
          '/api/admin/products/seconds/save',
          `id=${sixty.id}&seconds=60&profit_ratio=85&min_amount=${sixty.min_amount.toFixed()}&max_amount=${sixty.max_amount.toFixed()}`,
        );
    }
  });

  it('an admin with two-factor changes BTC/USDT’s taker fee: the public market list shows it', async () => {
    const { page } = admin;
    await signInOperator(admin, ADMIN.login, ADMIN.password);
    await confirmEnrolment(page, await startEnrolment(page));

    expect((await btcUsdtFees())?.taker_fee).toBe('0.002');
    await byId(page, 'admin-nav-products').click();
    const row = page.locator('[data-testid="admin-settings-pair"][data-symbol="BTC/USDT"]');
    await row.locator('[data-testid="admin-pair-edit"]').click();
    await byId(page, 'admin-pair-editor').waitFor();
    await byId(page, 'admin-pair-taker_fee').fill('0.003');
    await screenshot(page, 'admin-products-edit-dark');
    await clickOk(page, '/api/admin/products/pairs/save', () => byId(page, 'admin-pair-save').click());
    await expect
      .poll(async () => row.locator('[data-testid="admin-pair-taker"]').textContent())
      .toBe('0.003');
    expect((await btcUsdtFees())?.taker_fee).toBe('0.003');
    const line = await prisma.operatorAuditTrail.findFirstOrThrow({
      where: { action: 'pair.settings' },
      orderBy: { id: 'desc' },
    });
    expect(line.after).toMatchObject({ taker_fee: '0.003' });

    // The lever mark options, each with its hint: a smaller impact notional reaches the pair's row.
    await byId(page, 'admin-lever-mark_impact_notional-hint').waitFor();
    expect(await byId(page, 'admin-lever-mark_impact_notional').inputValue()).toBe(seededImpact);
    await byId(page, 'admin-lever-mark_impact_notional').fill('800');
    await clickOk(page, '/api/admin/products/pairs/lever', () => byId(page, 'admin-lever-save').click());
    const saved = await prisma.currencyMatch.findUniqueOrThrow({ where: { id: btcUsdtId } });
    expect(saved.mark_impact_notional.toFixed()).toBe('800');
    await screenshot(page, 'admin-products-lever-mark-dark');
  });

  it('changes a seconds duration’s profit rate: the public seconds list shows it', async () => {
    const { page } = admin;
    const ratioOf = async (seconds: number) =>
      (await publicGet<{ seconds: number; profit_ratio: string }[]>('/api/microtrade/seconds')).find(
        (row) => row.seconds === seconds,
      )?.profit_ratio;
    expect(await ratioOf(60)).toBe('85');
    const row = page.locator('[data-testid="admin-seconds-row"][data-seconds="60"]');
    await row.locator('[data-testid="admin-seconds-edit"]').click();
    await byId(page, 'admin-seconds-profit_ratio').fill('87.5');
    await clickOk(page, '/api/admin/products/seconds/save', () => byId(page, 'admin-seconds-save').click());
    await expect
      .poll(async () => row.locator('[data-testid="admin-seconds-ratio"]').textContent())
      .toBe('87.5%');
    expect(await ratioOf(60)).toBe('87.5');
    await screenshot(page, 'admin-products-dark');
    await inLightThenChinese(
      page,
      async () => {
        await byId(page, 'admin-products-seconds').waitFor();
        await page.locator('[data-testid="admin-seconds-row"]').first().waitFor();
        await screenshot(page, 'admin-products-light');
      },
      async () => {
        await page.getByText('秒合约：周期').waitFor();
        await screenshot(page, 'admin-products-light-zh');
        await page
          .locator(
            '[data-testid="admin-settings-pair"][data-symbol="BTC/USDT"] [data-testid="admin-pair-edit"]',
          )
          .click();
        await page.getByText('标记价格与持仓上限').waitFor();
        await screenshot(page, 'admin-products-lever-mark-light-zh');
      },
    );
    expectNoPageErrors(admin);
  });

  it('turns the SMS code at sign-in on and off: env.json follows', async () => {
    const { page } = admin;
    await byId(page, 'admin-nav-settings').click();
    const row = page.locator('[data-testid="admin-setting-row"][data-key="login_need_smscode"]');
    await row.waitFor();
    const env = async () =>
      ((await (await fetch(`${server().baseUrl}/api/env.json`)).json()) as { login_need_smscode: boolean })
        .login_need_smscode;
    expect(await env()).toBe(false);
    await row.locator('[data-testid="admin-setting-input"]').selectOption('1');
    await clickOk(page, '/api/admin/products/settings/save', () =>
      row.locator('[data-testid="admin-setting-save"]').click(),
    );
    expect(await env()).toBe(true);
    await screenshot(page, 'admin-settings-dark');
    await row.locator('[data-testid="admin-setting-input"]').selectOption('0');
    await clickOk(page, '/api/admin/products/settings/save', () =>
      row.locator('[data-testid="admin-setting-save"]').click(),
    );
    expect(await env()).toBe(false);
    expectNoPageErrors(admin);
  });

  it('support uploads an image and publishes a banner that the home page then shows', async () => {
    const { page } = support;
    const title = `Console banner ${suffix}`;
    await openConsole(support, SUPPORT);
    await byId(page, 'admin-nav-banners').click();
    await page.locator('[data-testid="admin-banner-row"]').first().waitFor();
    const image = await QRCode.toBuffer(`banner-${suffix}`, { width: 400, margin: 8 });
    await apiAnswer(page, '/api/admin/products/banners/upload', 'POST', () =>
      byId(page, 'admin-banner-file').setInputFiles({
        name: 'banner.png',
        mimeType: 'image/png',
        buffer: image,
      }),
    );
    await byId(page, 'admin-banner-preview').waitFor();
    await byId(page, 'admin-banner-title').fill(title);
    await byId(page, 'admin-banner-abstract').fill('Published from the console');
    await screenshot(page, 'admin-banners-dark');
    await clickOk(page, '/api/admin/products/banners/save', () => byId(page, 'admin-banner-publish').click());
    await page.locator('[data-testid="admin-banner-row"]', { hasText: title }).waitFor();
    // Another language lists its own banners only (the seed writes them in all seven), not the English one.
    await byId(page, 'admin-banner-filter').selectOption('kor');
    await expect
      .poll(() => page.locator('[data-testid="admin-banner-row"]', { hasText: title }).count())
      .toBe(0);
    await page.locator('[data-testid="admin-banner-row"]').first().waitFor();
    await byId(page, 'admin-banner-filter').selectOption('');

    await browser.visiting({ route: '/' }, async (home) => {
      const slide = home.page.locator(`[data-testid="banner-slide"][aria-label="${title}"]`);
      await slide.waitFor({ state: 'attached' });
      expect(await slide.locator('img').getAttribute('src')).toMatch(/^\/upload\/op\d+-[0-9a-f]{32}\.png$/);
      // Its order (0) puts it before the seeded banners: the carousel opens on it.
      await expect.poll(async () => slide.getAttribute('class')).toContain('active');
      await screenshot(home.page, 'admin-banner-home-dark');
    });
  });

  it('support edits an existing notice in place: the public notice shows the new text', async () => {
    const { page } = support;
    await byId(page, 'admin-nav-notices').click();
    const target = await prisma.news.findFirstOrThrow({
      where: { c_id: 4, lang: 'en' },
      orderBy: { id: 'desc' },
    });
    const id = target.id;
    const row = () => page.locator('[data-testid="admin-notice-row"]', { hasText: target.title }).first();
    await row().locator('[data-testid="admin-notice-edit"]').click();
    await expect.poll(async () => byId(page, 'admin-notice-title').inputValue()).toBe(target.title);
    const edited = `Edited notice ${suffix}`;
    await byId(page, 'admin-notice-title').fill(edited);
    await setTheme(page, 'light');
    // The reload leaves the form; edit again in the light theme for its picture.
    await row().locator('[data-testid="admin-notice-edit"]').click();
    await expect.poll(async () => byId(page, 'admin-notice-title').inputValue()).toBe(target.title);
    await byId(page, 'admin-notice-title').fill(edited);
    await screenshot(page, 'admin-notice-edit-light');
    await clickOk(page, '/api/admin/notices/save', () => byId(page, 'admin-notice-publish').click());
    await page.locator('[data-testid="admin-notice-row"]', { hasText: edited }).waitFor();
    const notice = await publicPost<{ id: number; title: string }>('/api/news/detail', { id: String(id) });
    expect(notice).toMatchObject({ id, title: edited });
    expect(await prisma.news.count({ where: { title: edited } })).toBe(1);
    await setTheme(page, 'dark');
    expectNoPageErrors(support);
  });

  it('a viewer reads products, settings and banners without a change control, and is refused anyway', async () => {
    await browser.visiting({}, async (viewer) => {
      const { page } = viewer;
      await openConsole(viewer, VIEWER);
      await byId(page, 'admin-nav-products').click();
      await byId(page, 'admin-read-only').waitFor();
      await page.locator('[data-testid="admin-settings-pair"]').first().waitFor();
      expect(await byId(page, 'admin-pair-edit').count()).toBe(0);
      await byId(page, 'admin-nav-settings').click();
      await page.locator('[data-testid="admin-setting-row"]').first().waitFor();
      expect(await byId(page, 'admin-setting-save').count()).toBe(0);
      await byId(page, 'admin-nav-banners').click();
      await page.locator('[data-testid="admin-banner-row"]').first().waitFor();
      expect(await byId(page, 'admin-banner-publish').count()).toBe(0);
      await screenshot(page, 'admin-viewer-banners-dark');
      const refused = await adminPost(page, '/api/admin/products/pairs/save', 'id=1&taker_fee=0.5');
      expect(refused).toEqual({ type: 'error', message: 'Your role may not do this' });
    });
  });
});
