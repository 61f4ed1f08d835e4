import { describe, expect, it } from 'vitest';
import { LOCALES, translate } from '@exchange/kernel/i18n';
import { LOG_TYPES, TRANSFER_LOG_TYPES } from '@exchange/kernel/ledger';
import { LOG_KINDS, LOG_TEXTS } from './logs';
import './texts';

describe('account log texts', () => {
  it('name every log type a user can see, in every language (none reads only "Balance change")', () => {
    const named = Object.values(LOG_TYPES).filter((type) => !(TRANSFER_LOG_TYPES as number[]).includes(type));
    expect(named.filter((type) => LOG_TEXTS[type] === undefined)).toEqual([]);
    for (const locale of LOCALES) {
      const fallback = translate(locale, 'log_other');
      for (const type of named) expect(translate(locale, LOG_TEXTS[type] ?? 'log_other')).not.toBe(fallback);
    }
  });

  it('give every log type exactly one kind (type_info), named in every language', () => {
    const kinds = Object.entries(LOG_KINDS);
    for (const type of Object.values(LOG_TYPES))
      expect(
        kinds.filter(([, types]) => (types as number[]).includes(type)).map(([kind]) => kind),
        String(type),
      ).toHaveLength(1);
    for (const locale of LOCALES) {
      const names = kinds.map(([kind]) => translate(locale, `log_kind_${kind as keyof typeof LOG_KINDS}`));
      expect(new Set(names).size, locale).toBe(kinds.length);
      expect(names, locale).not.toContain(translate(locale, 'log_kind_other'));
    }
  });
});
