import { describe, expect, it } from 'vitest';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { apiAnswer, byId, DEMO, latestCode, logInThroughUi, screenshot, untilInPage } from './browser';
import { LIGHT_CHINESE, useBrowser, useDatabase } from './fixtures';

/**
 * The screens the contract names that the client lacked (issue 28): /team and /resetPwd (document 1), the
 * withdrawal-password form and the latest-notice page (document 2). Users of the test's own.
 */
const RESETTER = { account: `reset-${process.pid}@screens.test`, password: DEMO.password };
const NEW_PASSWORD = 'Renewed123';

describe('the screens document 1 and 2 name', () => {
  const browser = useBrowser();
  const prisma = useDatabase();

  it('shows the team at /team', () =>
    browser.visiting({ as: DEMO, route: '/team' }, async ({ page }) => {
      await byId(page, 'team-summary').waitFor();
      expect(await byId(page, 'account-menu-tree').getAttribute('class')).toContain('active');
      await screenshot(page, 'team-route-dark');
    }));

  it('resets the signed-in password at /resetPwd, which then signs in', async () => {
    await createOpsUser(prisma, { ...RESETTER, kycApproved: false, seller: false });
    await browser.visiting({ as: RESETTER, storage: LIGHT_CHINESE, route: '/resetPwd' }, async (session) => {
      const { page } = session;
      // Their own account, read-only: the signed-in reset, not the forgotten-password form.
      await expect.poll(() => byId(page, 'forget-account').inputValue()).toBe(RESETTER.account);
      expect(await byId(page, 'forget-account').getAttribute('readonly')).not.toBeNull();
      await byId(page, 'forget-password').fill(NEW_PASSWORD);
      await byId(page, 'forget-repassword').fill(NEW_PASSWORD);
      await apiAnswer(page, '/api/sms_mail', 'POST', () => byId(page, 'send-code').click());
      await byId(page, 'forget-code').fill(await latestCode(RESETTER.account));
      await screenshot(page, 'reset-password-light-zh');
      const reset = await apiAnswer(page, '/api/safe/update_password', 'POST', () =>
        byId(page, 'forget-submit').click(),
      );
      expect(reset.body.type, JSON.stringify(reset.body)).toBe('ok');
      await untilInPage(page, "location.hash.startsWith('#/components/login')");
      await logInThroughUi(session, RESETTER.account, NEW_PASSWORD);
    });
  });

  it('sets the password withdrawals ask for at /withdrawPwd', () =>
    browser.visiting({ as: DEMO, route: '/withdrawPwd' }, async ({ page }) => {
      // Withdrawals are confirmed with the trade password: this is its form, sending its code.
      await byId(page, 'trade-password').waitFor();
      await byId(page, 'trade-repassword').waitFor();
      await byId(page, 'trade-code').waitFor();
      await byId(page, 'trade-submit').waitFor();
      await screenshot(page, 'withdraw-password-dark');
    }));

  it('shows the newest latest notice (category 10) in the reader language', async () => {
    const newest = (lang: string) =>
      prisma.news.findFirst({
        where: { c_id: 10, lang },
        orderBy: [{ sorts: 'asc' }, { update_time: 'desc' }, { id: 'desc' }],
      });
    const [english, chinese] = [await newest('en'), await newest('zh')];
    expect(english?.title).toBeTruthy();
    await browser.visiting({ route: '/latestNotice' }, async ({ page }) => {
      await expect.poll(() => byId(page, 'notice-title').innerText()).toBe(english?.title);
      await screenshot(page, 'latest-notice-dark');
    });
    await browser.visiting(
      { storage: LIGHT_CHINESE, route: '/latestNotice', context: { viewport: { width: 390, height: 844 } } },
      async ({ page }) => {
        await expect.poll(() => byId(page, 'notice-title').innerText()).toBe(chinese?.title);
        await screenshot(page, 'latest-notice-390-light-zh');
      },
    );
  });
});
