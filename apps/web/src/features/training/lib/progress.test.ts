import { describe, expect, it } from 'vitest';
import { progressPercent } from './progress.js';

describe('progressPercent', () => {
  it('gives two decimals and 100 for an empty training', () => {
    expect(progressPercent(2, 3)).toBe(66.67);
    expect(progressPercent(0, 3)).toBe(0);
    expect(progressPercent(null, 4)).toBe(0);
    expect(progressPercent(0, 0)).toBe(100);
  });
});
