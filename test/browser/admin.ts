import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiAnswer, byId, inPage, type Visit } from './browser';

/** The operator console's browser steps that every console test takes. */

/** Clicks, and expects the call it makes to answer ok; the answer's body. */
export async function clickOk(page: Page, path: string, target: () => Promise<void>) {
  const { body } = await apiAnswer(page, path, 'POST', target);
  expect(body.type, `${path} answered ${JSON.stringify(body)}`).toBe('ok');
  return body;
}

/** Signs an operator in through the console's login form (with a two-factor code when one is given). */
export async function signInOperator(session: Visit, login: string, password: string, code = '') {
  await session.open('/admin/login');
  await byId(session.page, 'admin-login').fill(login);
  await byId(session.page, 'admin-password').fill(password);
  if (code) await byId(session.page, 'admin-code').fill(code);
  await clickOk(session.page, '/api/admin/login', () => byId(session.page, 'admin-submit').click());
}

export async function setTheme(page: Page, theme: 'dark' | 'light') {
  await inPage(page, `localStorage.setItem('theme', '${theme}')`);
  await page.reload();
}
