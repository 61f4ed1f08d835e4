import { describe, expect, it } from 'vitest';
import { LOCALES, type Dictionary, type Translations } from './locales';

/** Every namespace (common and each feature's i18n.ts) has the same keys, non-empty, in all seven languages. */
const modules = import.meta.glob<Record<string, unknown>>(
  ['./common.ts', '../components/*/i18n.ts', '../features/*/i18n.ts', '../features/*/i18n-*.ts'],
  {
    eager: true,
  },
);

function keysOf(dictionary: Dictionary, prefix = ''): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

function emptyKeys(dictionary: Dictionary, prefix = ''): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string'
      ? value.trim() === ''
        ? [`${prefix}${key}`]
        : []
      : emptyKeys(value, `${prefix}${key}.`),
  );
}

const namespaces = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => typeof value === 'object' && value !== null && 'en' in value)
    .map(([name, value]) => ({ name: `${file}#${name}`, translations: value as Translations })),
);

describe('translations', () => {
  it('finds the namespaces', () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  for (const { name, translations } of namespaces) {
    it(`${name} has every key in all seven languages`, () => {
      const english = keysOf(translations.en).sort();
      for (const locale of LOCALES) {
        expect(keysOf(translations[locale]).sort(), `${name} ${locale}`).toEqual(english);
        expect(emptyKeys(translations[locale]), `${name} ${locale}`).toEqual([]);
      }
    });
  }
});
