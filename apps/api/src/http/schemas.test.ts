import { describe, expect, it } from 'vitest';
import { optionalText, passwordField, requiredText } from './schemas';

describe('text fields', () => {
  // Found by the route fuzzer: a NUL byte in a query reached Postgres, which refuses it, and answered 500.
  it('refuse control characters, which no field of the contract carries', () => {
    for (const schema of [requiredText('account_required'), optionalText(), passwordField()]) {
      expect(schema.safeParse('abc\u0000def').success).toBe(false);
      expect(schema.safeParse('abc\u001bdef').success).toBe(false);
    }
    expect(optionalText().safeParse('two\nlines\tand a tab').success).toBe(true);
    expect(requiredText('account_required').safeParse('  alice  ').data).toBe('alice');
  });
});
