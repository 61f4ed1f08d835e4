import en from './texts/en.json' with { type: 'json' };
import hk from './texts/hk.json' with { type: 'json' };
import ind from './texts/ind.json' with { type: 'json' };
import jp from './texts/jp.json' with { type: 'json' };
import kor from './texts/kor.json' with { type: 'json' };
import th from './texts/th.json' with { type: 'json' };
import zh from './texts/zh.json' with { type: 'json' };

export const LOCALES = ['zh', 'en', 'hk', 'jp', 'kor', 'th', 'ind'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

type KernelTexts = typeof en;

/**
 * The server's messages by key. The kernel holds those of the HTTP layer and the ledger (envelope, session,
 * limits, shared form fields); each area adds its own in its `texts.ts` (`declare module` extending this
 * interface from its `texts/en.json`) and registers them when its module loads.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- areas extend it by declaration merging
export interface MessageCatalog extends KernelTexts {}

export type MessageKey = keyof MessageCatalog;

/** One namespace's texts in every locale; English is the source and the fallback. */
export type NamespaceTexts<Texts> = Record<Locale, Record<keyof Texts, string>>;

const catalogue: Record<Locale, Record<string, string>> = {
  en: {},
  zh: {},
  hk: {},
  jp: {},
  kor: {},
  th: {},
  ind: {},
};
const namespaces = new Set<string>();

/**
 * Adds a namespace's messages (an area's `texts/*.json`) to the catalogue. A namespace registers once; two
 * namespaces may not share a key, so no area's text silently replaces another's.
 */
export function registerMessages<Texts extends object>(
  namespace: string,
  texts: NamespaceTexts<Texts>,
): void {
  if (namespaces.has(namespace)) return;
  const taken = Object.keys(texts.en).filter((key) => Object.hasOwn(catalogue.en, key));
  if (taken.length > 0) throw new Error(`messages of '${namespace}' already registered: ${taken.join(', ')}`);
  namespaces.add(namespace);
  for (const locale of LOCALES) Object.assign(catalogue[locale], texts[locale]);
}

registerMessages<KernelTexts>('kernel', { en, zh, hk, jp, kor, th, ind });

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalogue.en, value);
}

/** Values to fill in; a `{ key }` value is itself translated (an account name inside a sentence). */
export type MessageParams = Record<string, string | number | { key: MessageKey }>;

export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  const template = catalogue[locale][key] || catalogue.en[key];
  if (template === undefined)
    throw new Error(`message '${key}' is not registered (is its area's module loaded?)`);
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
