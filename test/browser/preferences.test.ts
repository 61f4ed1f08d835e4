import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import enCommon from '../../apps/web/src/locales/en/common.json';
import zhCommon from '../../apps/web/src/locales/zh/common.json';
import { byId, htmlState, inPage } from './browser';
import { switchTheme, switchToChinese, useBrowser } from './fixtures';

const loginLabel = (locale: 'en' | 'zh') => (locale === 'en' ? enCommon : zhCommon).nav.login;
const background = (page: Page) => inPage<string>(page, 'getComputedStyle(document.body).backgroundColor');

describe('language and theme', () => {
  const browser = useBrowser();

  it('switches to Chinese and to the light theme, and keeps both after a reload', () =>
    browser.visiting({ route: '/' }, async ({ page }) => {
      const login = byId(page, 'nav-login');
      await login.waitFor();
      await byId(page, 'market-table').locator('[data-testid="market-row"]').first().waitFor();
      expect(await htmlState(page)).toMatchObject({ lang: 'en', theme: 'dark' });
      expect((await login.innerText()).trim()).toBe(loginLabel('en'));
      const hanzi = /[\u4e00-\u9fff]/;
      expect(await byId(page, 'market-table').innerText()).not.toMatch(hanzi);

      await switchToChinese(page);
      await expect.poll(async () => (await login.innerText()).trim()).toBe(loginLabel('zh'));
      // The page's own texts follow, not only the header: the market table's headings are now in Chinese.
      await expect.poll(() => byId(page, 'market-table').innerText()).toMatch(hanzi);
      expect((await htmlState(page)).storedLocale).toBe('zh');

      const darkBackground = await background(page);
      await switchTheme(page, 'light');
      expect((await htmlState(page)).storedTheme).toBe('light');
      await expect.poll(() => background(page)).not.toBe(darkBackground);

      await page.reload({ waitUntil: 'domcontentloaded' });
      await login.waitFor();
      expect(await htmlState(page)).toMatchObject({ lang: 'zh-CN', theme: 'light', storedLocale: 'zh' });
      await expect.poll(async () => (await login.innerText()).trim()).toBe(loginLabel('zh'));

      await switchTheme(page, 'dark');
      expect((await htmlState(page)).storedTheme).toBe('dark');
      await expect.poll(() => background(page)).toBe(darkBackground);
    }));
});
