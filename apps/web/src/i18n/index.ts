import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, STORAGE_KEYS } from '../lib/storage';
import { common } from './common';
import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, type Locale, type Translations } from './locales';

export function storedLocale(): Locale {
  const stored = readStored(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

void i18n.use(initReactI18next).init({
  lng: storedLocale(),
  fallbackLng: DEFAULT_LOCALE,
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/**
 * Each feature owns its texts (`features/<area>/i18n.ts`) and registers them as its own namespace when its
 * code loads, so lazily loaded screens bring their texts with them.
 */
export function registerTranslations(namespace: string, translations: Translations): void {
  for (const [locale, dictionary] of Object.entries(translations)) {
    i18n.addResourceBundle(locale, namespace, dictionary, true, true);
  }
}

registerTranslations('common', common);
document.documentElement.lang = LOCALE_TAGS[storedLocale()];

export default i18n;
