import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection, throttled } from './events.js';
import { session } from './session.js';

/** A script chunk that keeps the stream open after the others. */
const HOLD = '<hold>';

/** A fake `/api/events`: each request answers the next script (SSE text chunks, or a status). */
function fakeStreams(scripts: (string[] | number)[]) {
  const seen: Headers[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit = {}) => {
    seen.push(new Headers(init.headers));
    const script = scripts.shift() ?? [];
    if (typeof script === 'number') return new Response('{}', { status: script });
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of script) if (chunk !== HOLD) c.enqueue(enc.encode(chunk));
        if (!script.includes(HOLD)) c.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return seen;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('the live stream client', () => {
  it('reads events by name, says live after ready, and resumes with the last id after the stream ends', async () => {
    session.setToken('token-of-ann-1234567890');
    const seen = fakeStreams([
      [
        'retry: 1000\n\nid: 4\nevent: ready\ndata: {"resumed":false}\n\n',
        'id: 6\nevent: verdict\nda',
        'ta: {"submitId":9}\n\n',
      ],
      ['event: ready\ndata: {"resumed":true}\n\n', HOLD],
    ]);
    const live = new LiveConnection();
    const verdicts: unknown[] = [];
    const resyncs: unknown[] = [];
    const statuses: string[] = [];
    live.onStatus(() => statuses.push(live.status()));
    live.subscribe('verdict', (d) => verdicts.push(d));
    live.subscribe('__resync', (d) => resyncs.push(d));
    await wait(50);
    expect(verdicts).toEqual([{ submitId: 9 }]);
    expect(statuses).toContain('live');
    expect(resyncs).toHaveLength(1); // a fresh ready: pages refetch once
    expect(seen[0].get('authorization')).toBe('token-of-ann-1234567890');
    expect(seen[0].get('last-event-id')).toBeNull();
    // The stream ended at once (as a broken proxy would): it retries after about a second, resuming from id 6.
    await wait(1600);
    expect(seen).toHaveLength(2);
    expect(seen[1].get('last-event-id')).toBe('6');
    expect(live.status()).toBe('live');
    expect(resyncs).toHaveLength(1); // resumed: nothing to refetch
  });

  it('is not live while the answer is not an event stream (a proxy), and forgets a refused token (401)', async () => {
    session.setToken('stale-token-1234567890');
    fakeStreams([401, ['event: ready\ndata: {"resumed":false}\n\n']]);
    const live = new LiveConnection();
    live.subscribe('board', () => undefined);
    await wait(50);
    expect(live.status()).not.toBe('live');
    expect(session.get().token).toBeNull();
  });
});

describe('throttled', () => {
  it('runs at once, then at most once per period with the last call of a burst at its end', async () => {
    let n = 0;
    const f = throttled(() => {
      n += 1;
    }, 100);
    f();
    await wait(10);
    expect(n).toBe(1);
    f();
    f();
    f();
    await wait(30);
    expect(n).toBe(1);
    await wait(120);
    expect(n).toBe(2);
  });
});
