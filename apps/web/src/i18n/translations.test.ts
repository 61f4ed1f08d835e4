import { describe, expect, it } from 'vitest';
import { LOCALES, type Dictionary } from './locales';

/** Every namespace (`locales/<locale>/<namespace>.json`) has the same keys, non-empty, in all seven languages. */
const files = import.meta.glob<Dictionary>('../locales/*/*.json', { eager: true, import: 'default' });

function texts(locale: string, namespace: string): Dictionary | undefined {
  return files[`../locales/${locale}/${namespace}.json`];
}

function entries(dictionary: Dictionary, prefix = ''): [string, string][] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value, `${prefix}${key}.`),
  );
}

/** A text's placeholders (`{{amount}}`) and markup tags (`<policy>`), which every language must keep. */
function placeholders(text: string): string[] {
  return (text.match(/\{\{[^}]+\}\}|<\/?\w+\s*\/?>/g) ?? []).map((token) => token.replace(/\s/g, '')).sort();
}

const namespaces = [
  ...new Set(Object.keys(files).map((path) => path.replace(/^\.\.\/locales\/[^/]+\/(.+)\.json$/, '$1'))),
].sort();

describe('translations', () => {
  it('finds the namespaces, each in every language and no other', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    expect(Object.keys(files)).toHaveLength(namespaces.length * LOCALES.length);
    for (const namespace of namespaces) {
      for (const locale of LOCALES) expect(texts(locale, namespace), `${locale}/${namespace}`).toBeDefined();
    }
  });

  for (const namespace of namespaces) {
    it(`${namespace} has every key in all seven languages`, () => {
      const english = new Map(entries(texts('en', namespace) ?? {}));
      for (const locale of LOCALES) {
        const local = entries(texts(locale, namespace) ?? {});
        expect(local.map(([key]) => key).sort(), `${locale}/${namespace}`).toEqual(
          [...english.keys()].sort(),
        );
        expect(
          local.filter(([, text]) => text.trim() === '').map(([key]) => key),
          `${locale}/${namespace}`,
        ).toEqual([]);
        expect(
          local.filter(
            ([key, text]) => placeholders(text).join() !== placeholders(english.get(key) ?? '').join(),
          ),
          `${locale}/${namespace} placeholders`,
        ).toEqual([]);
      }
    });
  }
});
