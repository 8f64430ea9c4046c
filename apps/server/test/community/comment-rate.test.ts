import { LIMITS } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, replies } from '../../src/db/schema/index.js';
import { createContest, WINDOWS } from '../contest/contest-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call } from '../problem/fixtures.js';
import {
  commentOn,
  makePeople,
  type People,
  type Person,
  postDiscussion,
  setSwitch,
} from './community-fixtures.js';

// Issue 23 §2b item 3: comments and replies had no rate limit (40 contest replies put 40 messages in one inbox in
// 0.7 s). An ordinary user now writes at most LIMITS.commentsPerTargetPerWindow per discussion or contest and
// LIMITS.commentsPerWindow in all per LIMITS.commentWindowSeconds (comment.throttle.ts).

let t: TestApp;
let p: People;
let cid: number;
beforeAll(async () => {
  t = await createTestApp();
  p = await makePeople(t.ctx, 'cr_');
  await setSwitch(t.app, p.root, { defaultCreateDiscussionDailyLimit: 0 });
  // Ended: every participant sees and may answer every comment.
  cid = await createContest(t.app, p.admin.token, { title: 'Rate Cup', ...WINDOWS.ended });
});
afterAll(async () => t?.close());

const reply = (who: Person, commentId: number, content = 'spam') =>
  call(t.app, {
    method: 'POST',
    url: '/api/reply',
    token: who.token,
    payload: { reply: { commentId, content } },
  });
const inbox = async (who: Person) =>
  (await call(t.app, { method: 'GET', url: '/api/msg/reply?limit=100', token: who.token })).body.data.total;
/** Moves every comment and reply of the test back out of the window (as if a minute had passed). */
const age = async () => {
  const past = new Date(Date.now() - (LIMITS.commentWindowSeconds + 1) * 1000);
  await t.ctx.db.update(comments).set({ gmtCreate: past }).where(sql`true`);
  await t.ctx.db.update(replies).set({ gmtCreate: past }).where(sql`true`);
};

describe('comment rate limit', () => {
  it('40 parallel contest replies put at most the limit in the inbox; the rest get 429 with Retry-After', async () => {
    const annC = await commentOn(t.app, p.ann, { cid }, 'a question');
    const before = await inbox(p.ann);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => reply(p.bob, annC, `r${i}`)));
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 200).length).toBe(LIMITS.commentsPerTargetPerWindow);
    expect(codes.filter((c) => c === 429).length).toBe(40 - LIMITS.commentsPerTargetPerWindow);
    const refused = answers.find((a) => a.code === 429);
    expect(refused?.body).toMatchObject({ msgKey: 'comment.tooFrequent' });
    const wait = Number(refused?.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LIMITS.commentWindowSeconds);
    expect((await inbox(p.ann)) - before).toBe(LIMITS.commentsPerTargetPerWindow);
    // Comments count too: bob may not start a new comment in this contest either.
    const c = await call(t.app, {
      method: 'POST',
      url: '/api/comment',
      token: p.bob.token,
      payload: { cid, content: 'x' },
    });
    expect(c.code).toBe(429);
    // Another user is not limited; the contest's admin answering is not limited.
    expect((await reply(p.ann, annC)).code).toBe(200);
    for (let i = 0; i < LIMITS.commentsPerTargetPerWindow + 2; i++) {
      expect((await reply(p.admin, annC, `answer ${i}`)).code).toBe(200);
    }
    // Once the window has passed, bob may write again.
    await age();
    expect((await reply(p.bob, annC)).code).toBe(200);
  });

  it('limits one user across discussions to LIMITS.commentsPerWindow', async () => {
    await age();
    const threads: number[] = [];
    const per = LIMITS.commentsPerTargetPerWindow;
    for (let i = 0; i * per < LIMITS.commentsPerWindow + per; i++)
      threads.push(await postDiscussion(t.app, p.ann));
    let written = 0;
    let refused = 0;
    for (const did of threads) {
      for (let i = 0; i < per; i++) {
        const r = await call(t.app, {
          method: 'POST',
          url: '/api/comment',
          token: p.bob.token,
          payload: { did, content: 'hi' },
        });
        if (r.code === 200) written += 1;
        else {
          expect(r.code).toBe(429);
          refused += 1;
        }
      }
    }
    expect(written).toBe(LIMITS.commentsPerWindow);
    expect(refused).toBe(per);
    // Admin roles are not limited.
    for (let i = 0; i < per + 1; i++) {
      expect(
        (
          await call(t.app, {
            method: 'POST',
            url: '/api/comment',
            token: p.root.token,
            payload: { did: threads[0], content: 'mod' },
          })
        ).code,
      ).toBe(200);
    }
  });

  it('follows the limits set in System Config (switch section), and refuses a limit below 1 naming the field', async () => {
    await age();
    const bad = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/switch/update',
      token: p.root.token,
      payload: { commentLimitPerThreadPerMinute: 0 },
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('commentLimitPerThreadPerMinute');
    await setSwitch(t.app, p.root, { commentLimitPerThreadPerMinute: 2, commentLimitPerMinute: 100 });
    const annC = await commentOn(t.app, p.ann, { cid }, 'another question');
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await reply(p.bob, annC, `s${i}`)).code);
    expect(codes).toEqual([200, 200, 429, 429]);
    await age();
    await setSwitch(t.app, p.root, { commentLimitPerThreadPerMinute: 50 });
    for (let i = 0; i < LIMITS.commentsPerTargetPerWindow + 5; i++) {
      expect((await reply(p.bob, annC, `t${i}`)).code).toBe(200);
    }
    await setSwitch(t.app, p.root, {
      commentLimitPerThreadPerMinute: LIMITS.commentsPerTargetPerWindow,
      commentLimitPerMinute: LIMITS.commentsPerWindow,
    });
  });
});
