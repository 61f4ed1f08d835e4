import i18n from '.';
import { api } from '../lib/api';
import { queryClient } from '../lib/query';
import { writeStored, STORAGE_KEYS } from '../lib/storage';
import { LOCALE_TAGS, type Locale } from './locales';

/**
 * Changing the language stores it, tells the server (its messages and notices follow the language) and
 * re-renders in place; queries refetch so server texts arrive in the new language.
 */
export async function setLocale(locale: Locale): Promise<void> {
  writeStored(STORAGE_KEYS.locale, locale);
  document.documentElement.lang = LOCALE_TAGS[locale];
  await i18n.changeLanguage(locale);
  await api.post('/api/set/lang', { lang: locale }, { quiet: true }).catch(() => undefined);
  await queryClient.invalidateQueries();
}
