import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { newExtensionPoints } from '../../src/app-events.js';
import type { AppContext } from '../../src/context.js';
import { openDb } from '../../src/db/client.js';
import { discussionViews, userNotices, users } from '../../src/db/schema/index.js';
import { rowsOf } from '../../src/lib/sql-rows.js';
import { ConfigService } from '../../src/modules/config/config.service.js';
import { noticeJobSettings, runNoticeJob } from '../../src/modules/message/notice.job.js';
import { deliverNotices, sendPersonalMessage } from '../../src/modules/message/notice.service.js';
import { listening, openLive, settle } from '../events/live-client.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  callAny as call,
  commentOn,
  makePeople,
  type People,
  type Person,
  postDiscussion,
  setSwitch,
} from './community-fixtures.js';

// The message centre and notices (issue 12; doc 1 §2.8, §9; doc 3 "Notification"): unread counts, read marking
// on load, cleaning, notice CRUD for the super admin, and delivery exactly once, also with two server instances
// on one PostgreSQL.

let t: TestApp;
let p: People;
beforeAll(async () => {
  t = await createTestApp();
  p = await makePeople(t.ctx);
  await setSwitch(t.app, p.root, { defaultCreateDiscussionDailyLimit: 0 });
});
afterAll(async () => t?.close());

const as = (
  who: Person | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => call(t.app, { method, url, token: who?.token, payload: payload as object });
const unread = async (who: Person) => (await as(who, 'GET', '/api/msg/unread')).body.data;
const notice = (over: Record<string, unknown> = {}) => ({
  title: 'Maintenance',
  content: 'At **noon**',
  ...over,
});
const sysMessagesOf = async (ctx: AppContext, uid: string) =>
  rowsOf<{ notice_id: number }>(
    await ctx.db.execute(
      sql`SELECT notice_id FROM ${userNotices} WHERE recipient_uid = ${uid} ORDER BY notice_id`,
    ),
  ).map((r) => Number(r.notice_id));

describe('comment, reply and like messages', () => {
  it('count unread per list, mark a list read when loaded, and never message one’s own actions', async () => {
    expect(await unread(p.ann)).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });
    const did = await postDiscussion(t.app, p.ann, { title: 'Messages' });
    await commentOn(t.app, p.ann, { did }, 'my own comment');
    expect((await unread(p.ann)).comment).toBe(0);
    for (let i = 0; i < 8; i++) await commentOn(t.app, p.bob, { did }, `bob ${i}`);
    const c = await commentOn(t.app, p.bob, { did }, 'bob asks');
    await as(p.ann, 'POST', '/api/reply', { reply: { commentId: c, content: 'ann answers' } });
    await as(p.bob, 'GET', `/api/discussion-like?did=${did}`);
    expect(await unread(p.ann)).toEqual({ comment: 9, reply: 0, like: 1, sys: 0, mine: 0 });
    expect(await unread(p.bob)).toMatchObject({ reply: 1 });
    // Page 1 of 6: the records show their state before, and the whole list becomes read.
    const page = await as(p.ann, 'GET', '/api/msg/comment');
    expect(page.body.data).toMatchObject({ total: 9, size: 6, current: 1 });
    expect(page.body.data.records).toHaveLength(6);
    expect(page.body.data.records[0]).toMatchObject({
      action: 'Discuss',
      sourceContent: 'bob asks',
      sourceTitle: 'Messages',
      senderUsername: p.bob.username,
      state: false,
    });
    expect(await unread(p.ann)).toMatchObject({ comment: 0, like: 1 });
    const again = await as(p.ann, 'GET', '/api/msg/comment?currentPage=2');
    expect(again.body.data.records).toHaveLength(3);
    expect(again.body.data.records.every((m: { state: boolean }) => m.state)).toBe(true);
    await as(p.ann, 'GET', '/api/msg/like');
    expect((await unread(p.ann)).like).toBe(0);
  });

  it('signal the recipient’s live stream (unread-messages) when a message is made, not the actor’s', async () => {
    const events = async (uid: string) =>
      Number(
        rowsOf<{ n: number }>(
          await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM live_events
            WHERE type = 'unread-messages' AND audience = 'user' AND uid = ${uid}`),
        )[0].n,
      );
    const did = await postDiscussion(t.app, p.admin, { title: 'Live' });
    const before = { author: await events(p.admin.uid), actor: await events(p.bob.uid) };
    await commentOn(t.app, p.bob, { did }, 'ping');
    await commentOn(t.app, p.admin, { did }, 'own thread, no message');
    expect(await events(p.admin.uid)).toBe(before.author + 1);
    expect(await events(p.bob.uid)).toBe(before.actor);
  });

  it('tell the user’s other tabs when loading a list reads something or clean deletes an unread one, never else', async () => {
    const tab = await openLive(await listening(t.app), { token: p.problemAdmin.token });
    try {
      const heard = () => tab.all('unread-messages').length;
      const hears = (n: number) => expect.poll(heard, { timeout: 5000 }).toBe(n);
      const quiet = async (n: number) => {
        await settle();
        expect(heard()).toBe(n);
      };
      const did = await postDiscussion(t.app, p.problemAdmin, { title: 'Two tabs' });
      await commentOn(t.app, p.ann, { did }, 'one');
      await hears(1);
      expect((await as(p.problemAdmin, 'GET', '/api/msg/comment')).code).toBe(200);
      await hears(2);
      expect(await unread(p.problemAdmin)).toMatchObject({ comment: 0 });
      // Loading an already-read list, or another empty one, changes nothing and sends nothing.
      await as(p.problemAdmin, 'GET', '/api/msg/comment');
      await as(p.problemAdmin, 'GET', '/api/msg/reply');
      await as(p.problemAdmin, 'GET', '/api/msg/sys');
      await quiet(2);
      // Cleaning read messages sends nothing; cleaning an unread one does.
      expect((await as(p.problemAdmin, 'DELETE', '/api/msg/clean?type=Discuss')).code).toBe(200);
      await quiet(2);
      await commentOn(t.app, p.ann, { did }, 'two');
      await hears(3);
      expect((await as(p.problemAdmin, 'DELETE', '/api/msg/clean?type=Discuss')).code).toBe(200);
      await hears(4);
      expect(await unread(p.problemAdmin)).toMatchObject({ comment: 0 });
      // Personal notices ("Mine"): read on load and cleaned unread alike.
      await sendPersonalMessage(t.ctx.db, { uids: [p.problemAdmin.uid], title: 'Hi', content: 'x' });
      await hears(5);
      await as(p.problemAdmin, 'GET', '/api/msg/mine');
      await hears(6);
      await sendPersonalMessage(t.ctx.db, { uids: [p.problemAdmin.uid], title: 'Again', content: 'y' });
      await hears(7);
      expect((await as(p.problemAdmin, 'DELETE', '/api/msg/clean?type=Mine')).code).toBe(200);
      await hears(8);
      await as(p.problemAdmin, 'GET', '/api/msg/mine');
      await quiet(8);
    } finally {
      tab.close();
    }
  });

  it('keep a long comment to 200 characters and say when the discussion is gone', async () => {
    const did = await postDiscussion(t.app, p.bob, { title: 'Short lived' });
    await commentOn(t.app, p.ann, { did }, 'é'.repeat(250));
    await as(p.bob, 'DELETE', `/api/discussion?did=${did}`);
    const [m] = (await as(p.bob, 'GET', '/api/msg/comment')).body.data.records;
    expect(m.sourceContent).toBe(`${'é'.repeat(200)}...`);
    expect(m.sourceTitle).toBeNull();
  });

  it('clean one message of one’s own or all of a type', async () => {
    const did = await postDiscussion(t.app, p.noSubmit, { title: 'Clean' });
    for (let i = 0; i < 3; i++) await commentOn(t.app, p.ann, { did }, `c${i}`);
    const ids = (await as(p.noSubmit, 'GET', '/api/msg/comment')).body.data.records.map(
      (m: { id: number }) => m.id,
    );
    expect((await as(p.ann, 'DELETE', `/api/msg/clean?type=Discuss&id=${ids[0]}`)).code).toBe(404);
    expect((await as(p.noSubmit, 'DELETE', `/api/msg/clean?type=Reply&id=${ids[0]}`)).code).toBe(404);
    expect((await as(p.noSubmit, 'DELETE', `/api/msg/clean?type=Discuss&id=${ids[0]}`)).code).toBe(200);
    expect((await as(p.noSubmit, 'GET', '/api/msg/comment')).body.data.total).toBe(2);
    expect((await as(p.noSubmit, 'DELETE', '/api/msg/clean?type=Discuss')).code).toBe(200);
    expect((await as(p.noSubmit, 'GET', '/api/msg/comment')).body.data.total).toBe(0);
    expect((await as(p.noSubmit, 'DELETE', '/api/msg/clean?type=Nope')).code).toBe(400);
  });
});

describe('notices', () => {
  it('are written by the super admin only, with recipients checked', async () => {
    for (const who of [p.ann, p.admin, p.problemAdmin]) {
      expect((await as(who, 'POST', '/api/admin/msg/notice', notice())).code, who.username).toBe(403);
      expect((await as(who, 'GET', '/api/admin/msg/notice')).code).toBe(403);
    }
    const none = await as(p.root, 'POST', '/api/admin/msg/notice', notice({ type: 'Single' }));
    expect(none.body.msgKey).toBe('notice.recipientsRequired');
    const ghost = await as(
      p.root,
      'POST',
      '/api/admin/msg/notice',
      notice({ type: 'Single', recipients: ['ghost'] }),
    );
    expect(ghost.body).toMatchObject({
      msgKey: 'notice.unknownRecipients',
      msgParams: { usernames: 'ghost' },
    });
    expect((await as(p.root, 'POST', '/api/admin/msg/notice', notice({ title: '' }))).code).toBe(400);
  });

  it('reach all users, named users or the admin roles once at the next delivery; edits show, recipients stay', async () => {
    const all = (await as(p.root, 'POST', '/api/admin/msg/notice', notice({ title: 'To all' }))).body.data.id;
    const named = (
      await as(p.root, 'POST', '/api/admin/msg/notice', {
        ...notice({ title: 'To two' }),
        type: 'Single',
        recipients: [p.ann.username.toUpperCase(), p.bob.username],
      })
    ).body.data.id;
    const admins = (
      await as(p.root, 'POST', '/api/admin/msg/notice', notice({ title: 'To admins', type: 'Admin' }))
    ).body.data.id;
    expect((await unread(p.ann)).sys).toBe(0);
    const listed = (await as(p.root, 'GET', '/api/admin/msg/notice')).body.data.records;
    expect(listed.find((n: { id: number }) => n.id === named)).toMatchObject({
      state: false,
      type: 'Single',
      recipients: expect.arrayContaining([p.ann.username, p.bob.username]),
      adminUsername: p.root.username,
    });
    const [{ n: userCount }] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ${users}`),
    );
    const first = await deliverNotices(t.ctx);
    expect(first.notices).toBe(3);
    const adminCount = 4; // root (seeded), pa, adm, boss
    expect(first.messages).toBe(Number(userCount) + 2 + adminCount);
    expect(await deliverNotices(t.ctx)).toEqual({ notices: 0, messages: 0 });
    expect(await sysMessagesOf(t.ctx, p.ann.uid)).toEqual([all, named]);
    expect(await sysMessagesOf(t.ctx, p.newbie.uid)).toEqual([all]);
    expect(await sysMessagesOf(t.ctx, p.admin.uid)).toEqual([all, admins]);
    expect((await unread(p.ann)).sys).toBe(2);
    // Edit after delivery: the new text shows; the recipients can no longer change.
    const edit = await as(p.root, 'PUT', '/api/admin/msg/notice', {
      ...notice({ title: 'To two, edited' }),
      id: named,
      type: 'Single',
      recipients: [p.bob.username, p.ann.username],
    });
    expect(edit.code).toBe(200);
    const moved = await as(p.root, 'PUT', '/api/admin/msg/notice', { ...notice(), id: named, type: 'All' });
    expect(moved.body.msgKey).toBe('notice.pushedFixed');
    const sys = (await as(p.ann, 'GET', '/api/msg/sys')).body.data;
    expect(sys.records.map((m: { title: string }) => m.title)).toEqual(['To two, edited', 'To all']);
    expect(sys.records[0]).toMatchObject({ type: 'Sys', state: false, adminUsername: p.root.username });
    expect((await unread(p.ann)).sys).toBe(0);
    // Deleting a notice takes its delivered copies.
    expect((await as(p.root, 'DELETE', `/api/admin/msg/notice?id=${all}`)).code).toBe(200);
    expect(await sysMessagesOf(t.ctx, p.newbie.uid)).toEqual([]);
    expect((await as(p.root, 'DELETE', `/api/admin/msg/notice?id=${all}`)).code).toBe(404);
  });

  it('an undelivered notice may still change its recipients; the filter by type works', async () => {
    const id = (await as(p.root, 'POST', '/api/admin/msg/notice', notice({ title: 'Draft' }))).body.data.id;
    const r = await as(p.root, 'PUT', '/api/admin/msg/notice', {
      ...notice({ title: 'Draft' }),
      id,
      type: 'Single',
      recipients: [p.bob.username],
    });
    expect(r.code).toBe(200);
    const singles = (await as(p.root, 'GET', '/api/admin/msg/notice?type=Single')).body.data.records;
    expect(singles.every((n: { type: string }) => n.type === 'Single')).toBe(true);
    expect(singles.map((n: { id: number }) => n.id)).toContain(id);
    await deliverNotices(t.ctx);
    expect(await sysMessagesOf(t.ctx, p.bob.uid)).toContain(id);
    expect(await sysMessagesOf(t.ctx, p.ann.uid)).not.toContain(id);
  });

  it('personal messages of other areas land in Mine, delivered at once', async () => {
    await sendPersonalMessage(t.ctx.db, {
      uids: [p.bob.uid],
      title: 'Welcome to the group',
      content: 'You joined.',
    });
    expect((await unread(p.bob)).mine).toBe(1);
    const mine = (await as(p.bob, 'GET', '/api/msg/mine')).body.data;
    expect(mine.records[0]).toMatchObject({ type: 'Mine', title: 'Welcome to the group', adminId: null });
    expect((await unread(p.bob)).mine).toBe(0);
    // Not in the back office list.
    const listed = (await as(p.root, 'GET', '/api/admin/msg/notice?limit=100')).body.data.records;
    expect(listed.some((n: { title: string }) => n.title === 'Welcome to the group')).toBe(false);
    expect((await as(p.bob, 'DELETE', '/api/msg/clean?type=Mine')).code).toBe(200);
    expect((await as(p.bob, 'GET', '/api/msg/mine')).body.data.total).toBe(0);
  });

  it('the hourly job also drops view marks older than an hour', async () => {
    const did = await postDiscussion(t.app, p.ann);
    await as(p.bob, 'GET', `/api/get-discussion-detail?did=${did}`);
    await as(p.ann, 'GET', `/api/get-discussion-detail?did=${did}`);
    await t.ctx.db.execute(
      sql`UPDATE ${discussionViews} SET viewed_at = now() - interval '2 hours' WHERE viewer = ${p.bob.uid}`,
    );
    await runNoticeJob(t.ctx);
    const left = rowsOf<{ viewer: string }>(
      await t.ctx.db.execute(sql`SELECT viewer FROM ${discussionViews} WHERE did = ${did}`),
    );
    expect(left.map((r) => r.viewer)).toEqual([p.ann.uid]);
  });
});

const PG = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG)('two server instances on one PostgreSQL', () => {
  it('deliver every notice exactly once, by their timers and when run at the same moment', async () => {
    const [{ db: name }] = rowsOf<{ db: string }>(
      await t.ctx.db.execute(sql`SELECT current_database() AS db`),
    );
    const url = new URL(PG as string);
    url.pathname = `/${name}`;
    const handles = [
      await openDb({ url: url.toString(), poolSize: 4 }),
      await openDb({ url: url.toString(), poolSize: 4 }),
    ];
    const ctxs: AppContext[] = handles.map((h) => ({
      ...t.ctx,
      db: h.db,
      config: new ConfigService(h.db),
      ...newExtensionPoints(),
    }));
    const period = noticeJobSettings.periodMs;
    noticeJobSettings.periodMs = 400;
    const apps = await Promise.all(ctxs.map((ctx) => buildApp({ ctx })));
    try {
      const recipients = rowsOf<{ n: number }>(
        await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM ${users}`),
      )[0].n;
      // 1. Both instances' timers fire every 400 ms at the same multiples: 12 notices written meanwhile.
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await call(apps[i % 2], {
          method: 'POST',
          url: '/api/admin/msg/notice',
          token: p.root.token,
          payload: notice({ title: `Timer ${i}` }),
        });
        ids.push(r.body.data.id);
        if (i % 4 === 3) await new Promise((res) => setTimeout(res, 450));
      }
      await new Promise((res) => setTimeout(res, 1500));
      const delivered = rowsOf<{ n: number }>(
        await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM admin_notices
          WHERE state AND id = ANY(${`{${ids.join(',')}}`}::bigint[])`),
      );
      expect(delivered[0].n, 'the timers delivered every notice').toBe(12);
      // 2. Timers stopped; four runs (two per instance) at the same moment over 20 new notices: each notice is
      // claimed by exactly one run.
      for (const a of apps.splice(0)) await a.close();
      for (let i = 0; i < 20; i++) {
        const r = await call(t.app, {
          method: 'POST',
          url: '/api/admin/msg/notice',
          token: p.root.token,
          payload: notice({ title: `Race ${i}` }),
        });
        ids.push(r.body.data.id);
      }
      const raced = await Promise.all([...ctxs, ...ctxs].map((ctx) => deliverNotices(ctx)));
      expect(raced.reduce((s, r) => s + r.notices, 0)).toBe(20);
      expect(raced.reduce((s, r) => s + r.messages, 0)).toBe(20 * Number(recipients));
      const counts = rowsOf<{ notice_id: number; n: number }>(
        await t.ctx.db.execute(sql`SELECT notice_id, count(*)::int AS n FROM ${userNotices}
          WHERE notice_id = ANY(${`{${ids.join(',')}}`}::bigint[]) GROUP BY notice_id`),
      );
      expect(counts).toHaveLength(ids.length);
      for (const c of counts) expect(Number(c.n), `notice ${c.notice_id}`).toBe(Number(recipients));
      const pending = rowsOf<{ n: number }>(
        await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM admin_notices WHERE NOT state`),
      );
      expect(pending[0].n).toBe(0);
      expect((await unread(p.newbie)).sys).toBeGreaterThanOrEqual(ids.length);
    } finally {
      noticeJobSettings.periodMs = period;
      for (const a of apps) await a.close();
      for (const h of handles) await h.close();
    }
  });
});
