import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { CF_RATING_RETRY_MS, CF_RATING_TTL_MS, cfRating } from '../../src/modules/account/cf-rating.js';

// cf-rating's cache (on lru-cache): a rating kept CF_RATING_TTL_MS; past it, a failed look-up answers the last
// rating and is not tried again for CF_RATING_RETRY_MS. Codeforces is a stubbed fetch here, the clock a fake one.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CF rating cache', () => {
  it('keeps a rating for its TTL, answers the last one while Codeforces fails, retries after CF_RATING_RETRY_MS', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    // lru-cache reads the clock through the performance object it found at import: its now() follows the fake Date.
    vi.spyOn(performance, 'now').mockImplementation(() => Date.now());
    let up = true;
    let asked = 0;
    vi.stubGlobal('fetch', async () => {
      asked += 1;
      return up
        ? Response.json({ status: 'OK', result: [{ handle: 'cached_cf', rating: 2100 }] })
        : Response.json({ status: 'FAILED' }, { status: 503 });
    });
    const ctx = { env: { OJ_CODEFORCES_API: 'http://cf.invalid/api' } } as unknown as AppContext;
    expect(await cfRating(ctx, 'cached_cf')).toBe(2100);
    await vi.advanceTimersByTimeAsync(CF_RATING_TTL_MS - 1000);
    expect(await cfRating(ctx, 'Cached_CF')).toBe(2100);
    expect(asked).toBe(1);
    up = false;
    await vi.advanceTimersByTimeAsync(2000);
    expect(await cfRating(ctx, 'cached_cf')).toBe(2100);
    expect(asked).toBe(2);
    await vi.advanceTimersByTimeAsync(CF_RATING_RETRY_MS - 1000);
    expect(await cfRating(ctx, 'cached_cf')).toBe(2100);
    expect(asked).toBe(2);
    up = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(await cfRating(ctx, 'cached_cf')).toBe(2100);
    expect(asked).toBe(3);
  });
});
