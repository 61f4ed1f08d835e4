import { en, type MessageKey, type Messages } from './en';
import { hk } from './hk';
import { ind } from './ind';
import { jp } from './jp';
import { kor } from './kor';
import { th } from './th';
import { zh } from './zh';

export type { MessageKey } from './en';

export const LOCALES = ['zh', 'en', 'hk', 'jp', 'kor', 'th', 'ind'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

const catalogue: Record<Locale, Messages> = { en, zh, hk, jp, kor, th, ind };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

/** Values to fill in; a `{ key }` value is itself translated (an account name inside a sentence). */
export type MessageParams = Record<string, string | number | { key: MessageKey }>;

export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const template = catalogue[locale][key] || en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? translate(locale, value.key) : String(value);
  });
}

// Browser language tags to the contract's locale codes (the spec's client uses hk, jp, kor and ind).
const LANGUAGE_TAGS: [RegExp, Locale][] = [
  [/^zh-(tw|hk|mo|hant)/i, 'hk'],
  [/^zh/i, 'zh'],
  [/^ja/i, 'jp'],
  [/^ko/i, 'kor'],
  [/^th/i, 'th'],
  [/^(id|in)\b/i, 'ind'],
  [/^en/i, 'en'],
];

export const LANGUAGE_COOKIE = 'lang';

/**
 * The language a request asks for: the client's `lang` header, else the cookie `set/lang` leaves for
 * visitors, else the browser's Accept-Language, else English. A signed-in user's stored choice replaces
 * the last two (see http/auth.ts).
 */
export function requestedLocale(headers: {
  lang?: string | string[] | undefined;
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}): Locale {
  if (isLocale(headers.lang)) return headers.lang;
  const cookie = headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(headers['accept-language']) ?? DEFAULT_LOCALE;
}

/** Picks the first supported language of an Accept-Language header, by the order the browser gave. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', quality] = part.trim().split(';q=');
      return { tag, weight: quality === undefined ? 1 : Number(quality) };
    })
    .sort((a, b) => b.weight - a.weight);
  for (const { tag } of tags) {
    if (isLocale(tag)) return tag;
    const match = LANGUAGE_TAGS.find(([pattern]) => pattern.test(tag));
    if (match) return match[1];
  }
  return undefined;
}
