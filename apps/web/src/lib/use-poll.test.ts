import { describe, expect, it } from 'vitest';
import { backoffDelay } from './use-poll.js';

describe('status polling (issue 14)', () => {
  it('starts at 300 ms and doubles to the spec 2 s while nothing moves', () => {
    expect([0, 1, 2, 3, 4, 10].map((n) => backoffDelay(300, 2000, n))).toEqual([
      300, 600, 1200, 2000, 2000, 2000,
    ]);
  });
});
