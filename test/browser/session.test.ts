import { describe, expect, it } from 'vitest';
import enCommon from '../../apps/web/src/locales/en/common.json';
import { byId, htmlState, untilInPage } from './browser';
import { useBrowser } from './fixtures';

describe('an expired session', () => {
  const browser = useBrowser();

  it('sends the user to login and forgets the token when the server answers 999', () =>
    // A token the server never issued, as a browser holds after its session expired.
    browser.visiting(
      { storage: { token: 'expired-0123456789abcdef', user_id: '2', locale: 'en' } },
      async (session) => {
        const { page } = session;
        const refused = page.waitForResponse(async (response) => {
          if (!new URL(response.url()).pathname.startsWith('/api/')) return false;
          const body = (await response.json().catch(() => ({}))) as { type?: unknown };
          return String(body.type) === '999';
        });
        // The notice shows for 3 s only: watch for it from the start, a busy machine may be slow to get there.
        const noticeShown = page.getByText(enCommon.sessionExpired).first().waitFor();
        await session.open('/userSetting');
        await refused;
        await noticeShown;

        await untilInPage(page, "location.hash.startsWith('#/components/login')");
        await byId(page, 'login-account').waitFor();
        const state = await htmlState(page);
        expect(state.token).toBeNull();
        expect(state.storedLocale).toBe('en');
        expect(await byId(page, 'settings-page').count()).toBe(0);
      },
    ));
});
