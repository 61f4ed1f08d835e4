import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, STORAGE_KEYS } from '../lib/storage';
import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, LOCALES, type Locale } from './locales';

export function storedLocale(): Locale {
  const stored = readStored(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/**
 * The texts are data: `locales/<locale>/<namespace>.json`, each file its own chunk, imported when a screen
 * first asks for its namespace (`useTranslation('c2c')` suspends until then) in the active language only.
 * Changing the language loads every namespace already in use before the screens re-render in it.
 */
const files = import.meta.glob<ResourceKey>('../locales/*/*.json', { import: 'default' });

/** Every namespace, read from the file names: the English files, as every language has the same ones. */
export const NAMESPACES = Object.keys(files).flatMap((path) => {
  const match = /^\.\.\/locales\/en\/(.+)\.json$/.exec(path);
  return match?.[1] ? [match[1]] : [];
});

const jsonFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

void i18n
  .use(jsonFiles)
  .use(initReactI18next)
  .init({
    lng: storedLocale(),
    // Every language has every key (translations.test.ts), so none falls back to another language's file.
    fallbackLng: false,
    supportedLngs: LOCALES,
    load: 'currentOnly',
    defaultNS: 'common',
    ns: ['common'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

document.documentElement.lang = LOCALE_TAGS[storedLocale()];

export default i18n;
