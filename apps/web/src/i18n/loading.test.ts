import { afterAll, describe, expect, it } from 'vitest';
import i18n, { NAMESPACES } from '.';
import { LOCALES } from './locales';
import zhCommon from '../locales/zh/common.json';
import zhAdmin from '../locales/zh/admin.json';

const loaded = () =>
  LOCALES.filter((locale) => NAMESPACES.some((namespace) => i18n.hasResourceBundle(locale, namespace)));

describe('texts on demand', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('holds the active language only', () => {
    expect(i18n.language).toBe('en');
    expect(loaded()).toEqual(['en']);
  });

  it('loads the new language of every namespace in use before it switches, and no other', async () => {
    await i18n.changeLanguage('zh');
    expect(i18n.t('nav.home')).toBe(zhCommon.nav.home);
    expect(i18n.t('admin:done')).toBe(zhAdmin.done);
    for (const namespace of NAMESPACES) expect(i18n.hasResourceBundle('zh', namespace), namespace).toBe(true);
    expect(loaded()).toEqual(['en', 'zh']);
  });
});
