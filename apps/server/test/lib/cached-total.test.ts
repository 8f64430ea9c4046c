import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { cachedTotal } from '../../src/lib/cached-total.js';

// lib/cached-total.ts (on lru-cache): one count per filter and app within TOTAL_CACHE_MS, shared by concurrent
// callers; a failed count not kept; each app its own totals.

describe('cachedTotal', () => {
  it('shares one count per key, keeps no failure, keeps apps apart', async () => {
    const app = {} as AppContext;
    let counts = 0;
    const count = () => Promise.resolve(++counts);
    const [a, b] = await Promise.all([cachedTotal(app, 'k', count), cachedTotal(app, 'k', count)]);
    expect([a, b]).toEqual([1, 1]);
    expect(await cachedTotal(app, 'k', count)).toBe(1);
    expect(await cachedTotal(app, 'other', count)).toBe(2);
    expect(await cachedTotal({} as AppContext, 'k', count)).toBe(3);
    await expect(cachedTotal(app, 'bad', () => Promise.reject(new Error('timeout')))).rejects.toThrow(
      'timeout',
    );
    expect(await cachedTotal(app, 'bad', count)).toBe(4);
  });
});
