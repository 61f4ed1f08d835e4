import { describe, expect, it } from 'vitest';
import { LOCALES, translate } from '@exchange/kernel/i18n';
import { LOG_TYPES, TRANSFER_LOG_TYPES } from '@exchange/kernel/ledger';
import { LOG_TEXTS } from './logs';
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
});
