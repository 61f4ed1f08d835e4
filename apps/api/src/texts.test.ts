import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessageKey, LOCALES, translate } from '@exchange/kernel/i18n';

// The server's texts: one JSON file per locale and namespace, the kernel's and each area's.
const ROOT = resolve(import.meta.dirname, '../../..');
const MODULES = join(ROOT, 'apps/api/src/modules');
const AREAS = readdirSync(MODULES).filter((area) => existsSync(join(MODULES, area, 'texts')));
const NAMESPACES: [string, string][] = [
  ['kernel', join(ROOT, 'packages/kernel/src/i18n/texts')],
  ...AREAS.map((area): [string, string] => [area, join(MODULES, area, 'texts')]),
];

const read = (folder: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(folder, `${locale}.json`), 'utf8')) as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the server texts', () => {
  it.each(NAMESPACES)('%s: every locale has exactly the keys of English, placeholders alike', (_, folder) => {
    expect(readdirSync(folder).sort()).toEqual(LOCALES.map((locale) => `${locale}.json`).sort());
    const en = read(folder, 'en');
    expect(Object.keys(en).length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      const texts = read(folder, locale);
      expect(Object.keys(texts).sort(), locale).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(texts)) {
        expect(text.trim(), `${locale}.${key}`).not.toBe('');
        expect(placeholders(text), `${locale}.${key}`).toEqual(placeholders(en[key]!));
      }
    }
  });

  it('no two namespaces share a key', () => {
    const homes = new Map<string, string[]>();
    for (const [namespace, folder] of NAMESPACES)
      for (const key of Object.keys(read(folder, 'en')))
        homes.set(key, [...(homes.get(key) ?? []), namespace]);
    expect([...homes].filter(([, namespaces]) => namespaces.length > 1)).toEqual([]);
  });

  it("each area's module registers its texts when it loads, in every language", async () => {
    for (const area of AREAS) {
      expect(readFileSync(join(MODULES, area, 'index.ts'), 'utf8'), area).toMatch(/^import '\.\/texts';$/m);
      await import(`./modules/${area}/index.ts`);
    }
    for (const [namespace, folder] of NAMESPACES)
      for (const locale of LOCALES)
        for (const [key, text] of Object.entries(read(folder, locale))) {
          expect(isMessageKey(key), `${namespace}: ${key}`).toBe(true);
          if (!isMessageKey(key)) continue;
          expect(translate(locale, key, {}), `${locale}.${key}`).toBe(text);
        }
  });
});
