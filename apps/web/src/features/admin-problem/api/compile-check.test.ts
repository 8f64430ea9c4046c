import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../test/fake-fetch.js';
import { COMPILE_POLL_MS, COMPILE_WAIT_MS, compileSpjCode } from './compile-check.js';

/** A fake server: POST answers the key, each GET the next of `results` (the last one repeats). */
function fakeServer(results: { status: string; message: string }[]) {
  let i = 0;
  return fakeFetch((r) => ({
    status: 200,
    data: {
      status: 200,
      msg: 'success',
      data: r.method === 'POST' ? 'key-1' : results[Math.min(i++, results.length - 1)],
    },
  }));
}

describe('compiling checker code from the problem form (doc 3 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('posts to compile-spj and polls compile-result every second until the judgehost answered', async () => {
    const seen = fakeServer([
      { status: 'queued', message: '' },
      { status: 'queued', message: '' },
      { status: 'error', message: 'checker.cpp:1: error' },
    ]);
    const done = compileSpjCode('spj', { code: 'x', language: 'C++', extraFiles: { 'testlib.h': '//' } });
    await vi.advanceTimersByTimeAsync(COMPILE_POLL_MS * 2);
    expect(seen.filter((c) => c.method === 'GET')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(COMPILE_POLL_MS);
    expect(await done).toEqual({ status: 'error', message: 'checker.cpp:1: error' });
    expect(seen[0].path).toBe('/admin/problem/compile-spj');
    expect(seen[0].body).toEqual({
      code: 'x',
      language: 'C++',
      extraFiles: { 'testlib.h': '//' },
    });
    expect(seen[1].path).toBe('/admin/problem/compile-result');
    expect(seen[1].params).toEqual({ key: 'key-1' });
  });

  it('interactor code goes to compile-interactive; an ok answer ends the polling', async () => {
    const seen = fakeServer([{ status: 'ok', message: '' }]);
    const done = compileSpjCode('interactive', { code: 'x', language: 'C' });
    await vi.advanceTimersByTimeAsync(COMPILE_POLL_MS);
    expect(await done).toEqual({ status: 'ok', message: '' });
    expect(seen.map((c) => c.path)).toEqual([
      '/admin/problem/compile-interactive',
      '/admin/problem/compile-result',
    ]);
  });

  it('gives up as queued when no judgehost answers in time, or at once when the form is left', async () => {
    fakeServer([{ status: 'queued', message: '' }]);
    const waited = compileSpjCode('spj', { code: 'x', language: 'C++' });
    await vi.advanceTimersByTimeAsync(COMPILE_WAIT_MS + COMPILE_POLL_MS);
    expect((await waited).status).toBe('queued');
    const seen = fakeServer([{ status: 'ok', message: '' }]);
    const left = compileSpjCode('spj', { code: 'x', language: 'C++' }, () => true);
    await vi.advanceTimersByTimeAsync(COMPILE_POLL_MS);
    expect((await left).status).toBe('queued');
    expect(seen.filter((c) => c.method === 'GET')).toHaveLength(0);
  });
});
