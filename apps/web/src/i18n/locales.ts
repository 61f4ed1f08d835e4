/** The seven interface languages, with the contract's codes (document 1, section 9). */
export const LOCALES = ['en', 'zh', 'hk', 'jp', 'kor', 'th', 'ind'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name, for the language menu. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  jp: '日本語',
  kor: '한국어',
  th: 'ไทย',
  ind: 'Bahasa Indonesia',
};

/** The BCP 47 tag of each code, for `<html lang>` and Intl. */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: 'en',
  zh: 'zh-CN',
  hk: 'zh-HK',
  jp: 'ja',
  kor: 'ko',
  th: 'th',
  ind: 'id',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A namespace's texts in one language (`locales/<locale>/<namespace>.json`): nested keys to texts. */
export interface Dictionary {
  [key: string]: string | Dictionary;
}
