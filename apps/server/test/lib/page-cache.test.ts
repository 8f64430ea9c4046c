import { describe, expect, it } from 'vitest';
import { RecentReads, VersionedCache } from '../../src/lib/page-cache.js';

// The two in-process caches of lib/page-cache.ts (on lru-cache): what the board, the training rank and
// contest.reads.ts rely on.

describe('VersionedCache', () => {
  it('serves a value at its version, rebuilds an older one, drops the least recently used past its bound', async () => {
    const c = new VersionedCache<string>(2);
    const build = (v: string) => () => Promise.resolve(v);
    expect(await c.get('a', 1, build('a1'))).toBe('a1');
    expect(await c.get('a', 1, build('other'))).toBe('a1');
    expect(await c.get('a', 2, build('a2'), async (old) => `${old}+`)).toBe('a1+');
    expect(c.stats).toEqual({ builds: 1, patches: 1 });
    await c.get('b', 1, build('b1'));
    await c.get('a', 1, build('other')); // a is now the most recent
    await c.get('c', 1, build('c1')); // b goes
    expect(await c.get('a', 1, build('again'))).toBe('a1+');
    expect(await c.get('b', 1, build('b again'))).toBe('b again');
  });

  it('does not keep a failed build', async () => {
    const c = new VersionedCache<string>();
    await expect(c.get('a', 1, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await c.get('a', 1, () => Promise.resolve('ok'))).toBe('ok');
  });
});

describe('RecentReads', () => {
  it('shares one load per key within the TTL, forgets by prefix, keeps no failure', async () => {
    const r = new RecentReads(60_000);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await r.get('contest:1:row', load)).toBe(1);
    expect(await r.get('contest:1:row', load)).toBe(1);
    expect(await r.get('contest:12:row', load)).toBe(2);
    expect(await r.get('contest:1:row', load, true)).toBe(3);
    r.forget('contest:1:');
    expect(await r.get('contest:1:row', load)).toBe(4);
    expect(await r.get('contest:12:row', load)).toBe(2);
    await expect(r.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await r.get('x', load)).toBe(5);
  });

  it('reuses nothing with a TTL of 0', async () => {
    const r = new RecentReads(0);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await r.get('k', load);
    expect(await r.get('k', load)).toBe(2);
  });
});
