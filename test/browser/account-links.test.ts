import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { apiAnswer, byId, DEMO, latestCode, screenshot, untilInPage, type Visit } from './browser';
import { LIGHT_CHINESE, useBrowser, useDatabase } from './fixtures';

/**
 * Every link of the account settings page leads to the screen it names (issue 28: the phone's Bind opened
 * the points partner form). Two users of the test's own, so each binding link is offered once: one signed
 * up with an e-mail (phone, trade password and identity still to do), one with a phone (e-mail to bind).
 */
const EMAIL_USER = { account: `links-${process.pid}@settings.test`, password: DEMO.password };
const PHONE_USER = { account: `139${String(process.pid).padStart(8, '0')}`, password: DEMO.password };
const PHONE_TO_BIND = `138${String(process.pid).padStart(8, '0')}`;

/** What each link of the settings page must open: the element that proves the screen is the one named. */
const SCREENS: Record<string, string> = {
  '#/userSetting': 'settings-page',
  '#/dealFinance?tab=log': 'account-log',
  '#/authentication': 'identity-page',
  '#/userSetting?tab=bank': 'receiving-accounts',
  '#/account/tree': 'team-summary',
  '#/account/profit': 'profit-list-empty',
  '#/region': 'region-denied',
  '#/bindEmail?type=phone': 'bind-phone',
  '#/bindEmail': 'bind-email',
  '#/forgetPwd?fromSet=1': 'forget-submit',
  '#/bindmpwd': 'trade-submit',
};

/** The links of the account area (its menu and the settings view), by their hash. */
async function settingsLinks(page: Page): Promise<string[]> {
  await byId(page, 'security-phone').waitFor();
  const links = await page.locator('.account-area a').all();
  return Promise.all(links.map(async (link) => (await link.getAttribute('href')) ?? ''));
}

/** Opens the settings page, clicks the link to `href`, and expects the screen it names. */
async function follow(session: Visit, href: string): Promise<void> {
  const { page } = session;
  await session.open('/userSetting');
  await byId(page, 'security-phone').waitFor();
  await page.locator(`.account-area a[href="${href}"]`).first().click();
  await untilInPage(page, `location.hash === ${JSON.stringify(href)}`);
  const screen = SCREENS[href];
  expect(screen, `the settings page links to ${href}, which the test does not know`).toBeDefined();
  await byId(page, screen ?? '')
    .first()
    .waitFor();
  if (href === '#/account/profit')
    expect(await byId(page, 'account-menu-profit').getAttribute('class')).toContain('active');
}

describe('the account settings links', () => {
  const browser = useBrowser();
  const prisma = useDatabase();

  it('leads every link of an e-mail account to the screen it names', async () => {
    await createOpsUser(prisma, { ...EMAIL_USER, kycApproved: false, seller: false });
    await browser.visiting({ as: EMAIL_USER, route: '/userSetting' }, async (session) => {
      const links = await settingsLinks(session.page);
      expect(links).toContain('#/bindEmail?type=phone');
      expect(links).not.toContain('#/bindEmail');
      for (const href of new Set(links)) await follow(session, href);
    });
  });

  it('leads an account signed up with a phone to the e-mail binding', async () => {
    await createOpsUser(prisma, { ...PHONE_USER, kycApproved: true, seller: false });
    await browser.visiting({ as: PHONE_USER, route: '/userSetting' }, async (session) => {
      const links = await settingsLinks(session.page);
      expect(links).toContain('#/bindEmail');
      expect(links).not.toContain('#/bindEmail?type=phone');
      for (const href of new Set(links)) await follow(session, href);
    });
  });

  it("binds a phone from the settings page's Bind, and is back at the settings with it bound", () =>
    browser.visiting({ as: EMAIL_USER, storage: LIGHT_CHINESE, route: '/userSetting' }, async (session) => {
      const { page } = session;
      await byId(page, 'bind-phone-link').click();
      await byId(page, 'bind-phone').fill(PHONE_TO_BIND);
      const sent = await apiAnswer(page, '/api/sms_send', 'POST', () => byId(page, 'send-code').click());
      expect(sent.body.type, JSON.stringify(sent.body)).toBe('ok');
      await byId(page, 'bind-phone-code').fill(await latestCode(PHONE_TO_BIND));
      await screenshot(page, 'settings-bind-phone-light-zh');
      const bound = await apiAnswer(page, '/api/safe/mobile', 'POST', () =>
        byId(page, 'bind-phone-submit').click(),
      );
      expect(bound.body.type, JSON.stringify(bound.body)).toBe('ok');
      await untilInPage(page, "location.hash === '#/userSetting'");
      await expect.poll(() => byId(page, 'security-phone').innerText()).toContain(PHONE_TO_BIND);
      expect(await byId(page, 'bind-phone-link').count()).toBe(0);
      await screenshot(page, 'settings-phone-bound-light-zh');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'settings-phone-bound-390-zh');
    }));
});
