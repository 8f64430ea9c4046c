import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../src/context.js';
import { Audience, NO_SIGHT_TTL_MS, SIGHT_TTL_MS } from '../../src/modules/events/audience.js';

// The audience's sight cache (events/audience.ts, on lru-cache): a sight that shows nothing is asked again after
// NO_SIGHT_TTL_MS, not SIGHT_TTL_MS. The app here has no database: every sight is the empty one.

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Audience sights', () => {
  it('reuses an empty sight for NO_SIGHT_TTL_MS, then asks again', async () => {
    // lru-cache reads the clock through the performance object it found at import: its now() follows the fake Date.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.spyOn(performance, 'now').mockImplementation(() => Date.now());
    expect(NO_SIGHT_TTL_MS).toBeLessThan(SIGHT_TTL_MS);
    const audience = new Audience({} as AppContext);
    const first = audience.sight(null, 5);
    expect(await first).toMatchObject({ board: false, admin: false });
    await vi.advanceTimersByTimeAsync(NO_SIGHT_TTL_MS - 1000);
    expect(audience.sight(null, 5)).toBe(first);
    expect(audience.sight(null, 6)).not.toBe(first);
    await vi.advanceTimersByTimeAsync(2000);
    expect(audience.sight(null, 5)).not.toBe(first);
  });
});
