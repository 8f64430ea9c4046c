import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { EventHub, type EventMap, newExtensionPoints } from '../src/app-events.js';
import { createTestApp, type TestApp } from './helpers.js';

// The app's extension points (src/app-events.ts, ARCHITECTURE "Extensions attach on the app context"): every area
// registers its listeners and submission-scope rules from its own plugin on its app's context.

/**
 * Who must listen to what, as `<phase>:<area>` (the area's name in modules/index.ts). A listener an area forgets to
 * register (or registers in the wrong phase) fails here, not in a contest.
 */
function expectedListeners(dbKind: string): Record<keyof EventMap, string[]> {
  return {
    'submission/queued': ['apply:contest-board', 'apply:training', 'publish:judge', 'publish:events'],
    'submission/judged': ['apply:contest', 'apply:rank', 'apply:training', 'publish:judge', 'publish:events'],
    'submission/reset': ['apply:contest', 'apply:training', 'publish:judge', 'publish:events'],
    'submission/progress': ['publish:events'],
    'contest/verdict': ['apply:contest-board', 'apply:contest', 'publish:events'],
    'contest/changed': ['apply:contest-board', 'apply:contest', 'apply:clics', 'publish:events'],
    'clarification/answered': ['apply:contest', 'publish:events'],
    // Only instances on one PostgreSQL tell each other (plugins/session-sync.ts); PGlite is one process.
    'session/forgotten': dbKind === 'postgres' ? ['publish:session-sync'] : [],
  };
}

const sorted = (l: string[] | undefined) => [...(l ?? [])].sort();

describe('event hub', () => {
  it('runs every apply listener before every publish listener, whatever the registration order', async () => {
    const hub = new EventHub<{ e: [log: string[]] }>();
    hub.on('e', (log) => void log.push('events'), { area: 'events', phase: 'publish' });
    hub.on('e', (log) => void log.push('board'), { area: 'contest-board' });
    hub.on('e', (log) => void log.push('ac'), { area: 'contest', phase: 'apply' });
    const log: string[] = [];
    await hub.emit('e', log);
    expect(log).toEqual(['board', 'ac', 'events']);
    expect(hub.registered().e).toEqual(['apply:contest-board', 'apply:contest', 'publish:events']);
  });

  it('emit stops at the first error (the transaction rolls back); settle reports it and runs the rest', async () => {
    const hub = new EventHub<{ e: [n: number] }>();
    const ran: string[] = [];
    const reported: string[] = [];
    hub.onListenerError((err, name, area) =>
      reported.push(`${String(name)}:${area}:${(err as Error).message}`),
    );
    hub.on(
      'e',
      () => {
        ran.push('a');
        throw new Error('boom');
      },
      { area: 'a' },
    );
    const off = hub.on('e', () => void ran.push('b'), { area: 'b' });
    await expect(hub.emit('e', 1)).rejects.toThrow('boom');
    expect(ran).toEqual(['a']);
    await hub.settle('e', 1);
    expect(ran).toEqual(['a', 'a', 'b']);
    expect(reported).toEqual(['e:a:boom']);
    off();
    expect(hub.registered().e).toEqual(['apply:a']);
  });
});

describe('extension points of a real app', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('every area registers its listeners, in its phase', () => {
    const want = expectedListeners(a.ctx.dbKind);
    const got = a.ctx.events.registered();
    for (const name of Object.keys(want) as (keyof EventMap)[]) {
      expect({ name, listeners: sorted(got[name]) }).toEqual({ name, listeners: sorted(want[name]) });
    }
    expect(Object.keys(got).filter((n) => !(n in want))).toEqual([]);
  });

  it('the contest, training and group areas register their submission scopes', () => {
    expect(a.ctx.scopes.registered()).toEqual({
      contest: { area: 'contest', admit: true, view: true },
      training: { area: 'training', admit: true, view: false },
      group: { area: 'group', admit: true, view: true },
    });
  });

  it('two apps in one process share no listeners', async () => {
    expect(a.ctx.events).not.toBe(b.ctx.events);
    expect(a.ctx.scopes).not.toBe(b.ctx.scopes);
    // Each app has exactly its own set (a shared, process-wide list would hold both apps' listeners).
    expect(a.ctx.events.registered()).toEqual(b.ctx.events.registered());
    expect(a.ctx.events.size).toBe(Object.values(expectedListeners(a.ctx.dbKind)).flat().length);
    const heard: string[] = [];
    const off = a.ctx.events.on('clarification/answered', () => void heard.push('a'), { area: 'test' });
    try {
      const e = { cid: 1, clarificationId: 1, public: true, askerUid: null, pid: null };
      await b.ctx.events.settle('clarification/answered', e);
      expect(heard).toEqual([]);
      await a.ctx.events.settle('clarification/answered', e);
      expect(heard).toEqual(['a']);
    } finally {
      off();
    }
  });

  it('refuses to build a second app on a context whose extension points already serve one', async () => {
    await expect(buildApp({ ctx: a.ctx })).rejects.toThrow(/newExtensionPoints/);
    await expect(
      buildApp({ ctx: { ...a.ctx, ...newExtensionPoints(), events: a.ctx.events } }),
    ).rejects.toThrow(/already serve an app/);
  });
});
