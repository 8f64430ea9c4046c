import { Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedHooksIdle, queuedHooksIdleFor } from '../../src/modules/judge/hooks.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { board } from './board-fixtures.js';
import { addProblem, contestSubmit, createContest, newProblem } from './contest-fixtures.js';

// Issue 22 (board reads while judging): a new submission's board work (its pending try) runs after the submit's
// answer (judge/hooks.ts afterQueued). A contestant's board read waits for their own new submissions' board work,
// so they see their own pending try at once, but never for everybody else's: during a burst of 300 submits the
// readers were held behind the whole burst's board work (board p99 1.9 s at idle). A contest admin's read still
// waits for all of it. The board work is held here by a hook that waits for a gate, so nothing depends on timing.

let t: TestApp;
let admin: string;
const u: Record<'ann' | 'bob', { uid: string; token: string }> = {} as never;
let cid: number;
let gate: { open: () => void; opened: Promise<void> } | null = null;
let offGate: (() => void) | undefined;
const gateHook = async () => {
  await gate?.opened;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await makeUser(t.ctx, 'bw_root', Role.ROOT)).token;
  u.ann = await makeUser(t.ctx, 'bw_ann', Role.USER);
  u.bob = await makeUser(t.ctx, 'bw_bob', Role.USER);
  const pid = await newProblem(t.app, admin, 'BW-A');
  cid = await createContest(t.app, admin);
  await addProblem(t.app, admin, cid, pid, 'A');
  offGate = t.ctx.events.on('submission/queued', gateHook, { area: 'test' });
});
afterAll(async () => {
  gate?.open();
  offGate?.();
  await t?.close();
});

/** Whether `p` has settled after the event loop has run everything it can now (a few turns). */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  return done;
}

describe('board reads and the submit burst (issue 22)', () => {
  it("another contestant's read is not held by a submission's board work; the submitter's and the admin's wait for it", async () => {
    let open = () => {};
    const opened = new Promise<void>((r) => {
      open = r;
    });
    gate = { open, opened };
    expect((await contestSubmit(t.app, u.ann.token, cid, 'A')).code).toBe(200);

    // What Bob's board read waits for is done already: nothing of his is queued (it waited for Ann's before). His
    // read itself is not sent here: on PGlite the held hooks' transaction holds the one connection.
    expect(await settled(queuedHooksIdleFor(t.ctx.db, (e) => e.uid === u.bob.uid))).toBe(true);
    expect(await settled(queuedHooksIdleFor(t.ctx.db, (e) => e.uid === u.ann.uid))).toBe(false);

    // Ann's and the admin's reads wait for it, then show her pending try.
    const ann = board(t.app, u.ann.token, { cid, currentPage: 1, limit: 30 });
    const boss = board(t.app, admin, { cid, currentPage: 1, limit: 30 });
    expect(await settled(Promise.race([ann, boss]))).toBe(false);
    open();
    for (const r of [await ann, await boss]) {
      expect(r.code).toBe(200);
      expect(r.page.records.map((x) => x.username)).toContain('bw_ann');
    }
    await queuedHooksIdle(t.ctx.db);
    gate = null;
  });
});
