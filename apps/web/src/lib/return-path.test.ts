import { describe, expect, it } from 'vitest';
import { returnPathOf, withReturnPath } from './return-path';

describe('the way back from a detour', () => {
  it('keeps only routes of this client', () => {
    expect(returnPathOf('/c2c?type=buy&take=7')).toBe('/c2c?type=buy&take=7');
    for (const raw of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
    ])
      expect(returnPathOf(raw)).toBeNull();
  });

  it('adds the way back to a route, beside the query it already has', () => {
    const route = withReturnPath('/userSetting?tab=bank', '/c2c?type=buy&take=7');
    const [path, query] = route.split('?');
    expect(path).toBe('/userSetting');
    const params = new URLSearchParams(query);
    expect(params.get('tab')).toBe('bank');
    expect(params.get('back')).toBe('/c2c?type=buy&take=7');
    expect(new URLSearchParams(withReturnPath('/bindmpwd', '/c2c').split('?')[1]).get('back')).toBe('/c2c');
  });
});
