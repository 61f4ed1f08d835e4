import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiAnswer,
  byId,
  latestCode,
  logInThroughUi,
  ROOT_INVITE_CODE,
  screenshot,
  untilInPage,
  userCodes,
} from './browser';
import { useBrowser } from './fixtures';

const isSendCode = (page: Page) =>
  page.waitForResponse((response) => {
    const path = new URL(response.url()).pathname;
    return (path === '/api/sms_mail' || path === '/api/sms_send') && response.request().method() === 'POST';
  });

describe('registration and login', () => {
  const browser = useBrowser();

  const account = `browser-${process.pid}-${Date.now()}@test.exchange`;
  const password = 'Browser123';

  it('registers a new user with the e-mailed code and the root invite code', () =>
    browser.visiting({ route: '/components/register' }, async ({ page }) => {
      await byId(page, 'register-account').fill(account);
      const [sent] = await Promise.all([isSendCode(page), byId(page, 'send-code').click()]);
      expect(((await sent.json()) as { type: string }).type).toBe('ok');
      // The button counts down once the code is out (document 1, section 4).
      await expect.poll(() => byId(page, 'send-code').isDisabled()).toBe(true);

      await byId(page, 'register-code').fill(await latestCode(account));
      await byId(page, 'register-password').fill(password);
      await byId(page, 'register-repassword').fill(password);
      const invite = byId(page, 'register-invite');
      if (await invite.isEditable()) await invite.fill(ROOT_INVITE_CODE);
      await byId(page, 'register-agree').check();
      await screenshot(page, 'register');
      const { body } = await apiAnswer(page, '/api/user/register', 'POST', () =>
        byId(page, 'register-submit').click(),
      );
      expect(body.type, JSON.stringify(body)).toBe('ok');
      // Registered: on to the login screen with the new account filled in (document 1, section 2.6 query).
      await untilInPage(page, "location.hash.startsWith('#/components/login')");
      await expect.poll(() => byId(page, 'login-account').inputValue()).toBe(account);
    }));

  it('logs the new user in and shows their account settings', () =>
    browser.visiting({ route: '/components/login' }, async (session) => {
      const { page } = session;
      await byId(page, 'login-account').waitFor();
      await byId(page, 'country-picker').waitFor();
      await screenshot(page, 'login');

      await logInThroughUi(session, account, password);
      await byId(page, 'account-menu').waitFor();
      expect(await byId(page, 'nav-login').count()).toBe(0);
      await byId(page, 'nav-assets').waitFor();

      await session.open('/userSetting');
      await byId(page, 'settings-page').waitFor();
      const codes = await userCodes(account);
      await expect
        .poll(async () => (await byId(page, 'invite-code').innerText()).trim())
        .toContain(codes.extension_code);
      await expect
        .poll(async () => (await byId(page, 'authorization-code').innerText()).trim())
        .toContain(codes.authorization_code);
      // 25 to start, plus 25 for the bound e-mail; no phone, identity not verified (document 1, section 4).
      await expect.poll(() => byId(page, 'security-level').getAttribute('data-level')).toBe('50');
      await screenshot(page, 'settings');
    }));
});
