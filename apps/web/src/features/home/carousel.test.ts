import { describe, expect, it } from 'vitest';
import { stepIndex, wrapIndex } from './carousel';

describe('carousel index arithmetic', () => {
  it('wraps any index into the slides', () => {
    expect(wrapIndex(0, 3)).toBe(0);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
    expect(wrapIndex(5, 1)).toBe(0);
  });

  it('loops forward from the last slide and back from the first', () => {
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});
