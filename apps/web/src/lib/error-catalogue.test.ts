import { describe, expect, it } from 'vitest';
import { catalogueAction } from './error-catalogue';

describe('the error catalogue (document 1, section 8)', () => {
  it('999 expires the session', () => {
    expect(catalogueAction({ type: '999', message: 'Please sign in' })).toEqual({ kind: 'sessionExpired' });
  });

  it("997 and 555 send to the settings' receiving accounts after half a second", () => {
    for (const type of ['997', '555']) {
      expect(catalogueAction({ type, message: 'Add a payment method' })).toEqual({
        kind: 'settings',
        message: 'Add a payment method',
        delayMs: 500,
        to: '/userSetting?tab=bank',
      });
    }
  });

  it('998 sends to identity verification', () => {
    expect(catalogueAction({ type: '998', message: 'Verify first' })).toMatchObject({
      kind: 'identity',
      to: '/authentication',
    });
  });

  it("996 and 'not' offer the trade password after one second", () => {
    for (const type of ['996', 'not']) {
      expect(catalogueAction({ type, message: 'No trade password' })).toEqual({
        kind: 'tradePassword',
        message: 'No trade password',
        delayMs: 1000,
        to: '/bindmpwd',
      });
    }
  });

  it('anything else shows the server message verbatim', () => {
    expect(catalogueAction({ type: 'error', message: 'Insufficient balance' })).toEqual({
      kind: 'message',
      message: 'Insufficient balance',
    });
    expect(catalogueAction({ type: 'error', message: { nested: true } })).toEqual({
      kind: 'message',
      message: '',
    });
  });
});
