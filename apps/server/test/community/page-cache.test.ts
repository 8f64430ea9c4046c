import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionCategories, users } from '../../src/db/schema/index.js';
import { rowsOf } from '../../src/lib/sql-rows.js';
import { discussionListStats } from '../../src/modules/discussion/discussion.list.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  callAny as call,
  makePeople,
  type People,
  type Person,
  postDiscussion,
  setSwitch,
} from './community-fixtures.js';

// The community's kept pages (docs/community.md "Speed"): the discussion list's rows are kept per version
// (cache_versions 'discussion_list' + 'community_epoch', moved by triggers) and each request reads only the version,
// the counts and the caller's own contents. Every change a page shows must appear on the very next call, whatever
// path made it (the API, SQL by hand); counts must never rebuild a page. PGlite, or PostgreSQL with
// TEST_DATABASE_URL.

let t: TestApp;
let p: People;
beforeAll(async () => {
  t = await createTestApp();
  p = await makePeople(t.ctx, 'pc');
  await setSwitch(t.app, p.root, { defaultCreateDiscussionDailyLimit: 0 });
});
afterAll(async () => t?.close());

interface Row {
  id: number;
  title: string;
  content: string | null;
  likeNum: number;
  viewNum: number;
  commentNum: number;
  categoryName: string | null;
  avatar: string | null;
  topPriority: boolean;
}

async function list(who: Person | null, query = 'limit=10'): Promise<{ records: Row[]; total: number }> {
  const r = await call(t.app, { method: 'GET', url: `/api/get-discussion-list?${query}`, token: who?.token });
  expect(r.code).toBe(200);
  return r.body.data;
}
const find = (page: { records: Row[] }, id: number) => page.records.find((r) => r.id === id);

describe('the discussion list cache', () => {
  it('shows a new, an edited, a pinned and a removed discussion on the next call', async () => {
    const a = await postDiscussion(t.app, p.ann, { title: 'Cached first' });
    expect(find(await list(p.bob), a)?.title).toBe('Cached first');
    const b = await postDiscussion(t.app, p.bob, { title: 'Cached second' });
    const page = await list(p.bob);
    expect(page.records[0].id).toBe(b);
    const total = page.total;

    await call(t.app, {
      method: 'PUT',
      url: '/api/discussion',
      token: p.ann.token,
      payload: { id: a, title: 'Cached first, edited', description: 'd', content: 'c', categoryId: 1 },
    });
    expect(find(await list(p.bob), a)?.title).toBe('Cached first, edited');

    await call(t.app, {
      method: 'PUT',
      url: '/api/admin/discussion',
      token: p.root.token,
      payload: { id: a, topPriority: true },
    });
    const pinned = await list(p.bob);
    expect(pinned.records[0]).toMatchObject({ id: a, topPriority: true });

    // By hand, as an operator would: the triggers move the version all the same.
    await t.ctx.db.execute(sql`DELETE FROM discussions WHERE id = ${b}`);
    const after = await list(p.bob);
    expect(find(after, b)).toBeUndefined();
    expect(after.records[0].id).toBe(a);
    expect(after.total).toBeLessThanOrEqual(total); // the total may lag by the count cache's 2 s
  });

  it('reads counts with every request without building the page again, and content only for its author', async () => {
    const d = await postDiscussion(t.app, p.ann, { title: 'Counted', content: 'Only **mine**' });
    await list(p.ann);
    const builds = discussionListStats.builds;
    await call(t.app, {
      method: 'GET',
      url: `/api/discussion-like?did=${d}&toLike=true`,
      token: p.bob.token,
    });
    await call(t.app, { method: 'GET', url: `/api/get-discussion-detail?did=${d}`, token: p.bob.token });
    await t.ctx.db.execute(sql`UPDATE discussions SET comment_num = comment_num + 5 WHERE id = ${d}`);
    const mine = find(await list(p.ann), d);
    expect(mine).toMatchObject({ likeNum: 1, viewNum: 1, commentNum: 5, content: 'Only **mine**' });
    expect(find(await list(p.bob), d)?.content).toBeNull();
    expect(find(await list(null), d)?.content).toBeNull();
    expect(discussionListStats.builds).toBe(builds);
  });

  it('shows a renamed category and an author’s new avatar', async () => {
    const d = await postDiscussion(t.app, p.bob, { title: 'Renamed around' });
    expect(find(await list(null), d)?.categoryName).toBeTruthy();
    await t.ctx.db
      .update(discussionCategories)
      .set({ name: 'Renamed category' })
      .where(eq(discussionCategories.id, 1));
    expect(find(await list(null), d)?.categoryName).toBe('Renamed category');
    await t.ctx.db
      .update(users)
      .set({ avatar: '/api/public/avatar/new.png' })
      .where(eq(users.uid, p.bob.uid));
    expect(find(await list(null), d)?.avatar).toBe('/api/public/avatar/new.png');
  });

  it('answers concurrent callers with one statement for many requests', async () => {
    await list(null);
    const reads = discussionListStats.reads;
    const who = [p.ann, p.bob, null];
    const pages = await Promise.all(Array.from({ length: 30 }, (_, i) => list(who[i % 3])));
    for (const page of pages) expect(page.records.length).toBeGreaterThan(0);
    expect(discussionListStats.reads - reads).toBeLessThan(30);
  });
});

describe('the comment page cache', () => {
  const comments = async (who: Person | null, did: number) => {
    const r = await call(t.app, {
      method: 'GET',
      url: `/api/comments?did=${did}&limit=10`,
      token: who?.token,
    });
    return r;
  };
  const say = async (who: Person, did: number, content: string): Promise<number> => {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/comment',
      token: who.token,
      payload: { did, content },
    });
    expect(r.code).toBe(200);
    return r.body.data.id;
  };

  it('shows new comments, replies, likes and removals on the next call, and each caller its own likes', async () => {
    const did = await postDiscussion(t.app, p.ann, { title: 'Thread' });
    const first = await say(p.bob, did, 'First comment');
    expect(
      (await comments(p.ann, did)).body.data.commentList.records.map((c: { id: number }) => c.id),
    ).toEqual([first]);
    const second = await say(p.ann, did, 'Second comment');
    const page = (await comments(null, did)).body.data;
    expect(page.commentList.records.map((c: { id: number }) => c.id)).toEqual([second, first]);
    expect(page.commentList.total).toBe(2);
    const past = await call(t.app, { method: 'GET', url: `/api/comments?did=${did}&limit=10&currentPage=5` });
    expect(past.body.data.commentList).toMatchObject({ records: [], total: 2, current: 5 });

    const reply = await call(t.app, {
      method: 'POST',
      url: '/api/reply',
      token: p.ann.token,
      payload: { did, reply: { commentId: first, content: 'A reply', toUid: p.bob.uid } },
    });
    expect(reply.code).toBe(200);
    const withReply = (await comments(p.bob, did)).body.data.commentList.records.find(
      (c: { id: number }) => c.id === first,
    );
    expect(withReply).toMatchObject({ totalReplyNum: 1, replyList: [{ content: 'A reply' }] });

    // A like puts the older comment first (by likes, then newest) and only the liker's map holds it.
    expect(
      (
        await call(t.app, {
          method: 'GET',
          url: `/api/comment-like?cid=${first}&toLike=true`,
          token: p.ann.token,
        })
      ).code,
    ).toBe(200);
    const annView = (await comments(p.ann, did)).body.data;
    expect(annView.commentList.records[0]).toMatchObject({ id: first, likeNum: 1 });
    expect(annView.commentLikeMap).toEqual({ [first]: true });
    expect((await comments(p.bob, did)).body.data.commentLikeMap).toEqual({});
    // A page nobody built yet (another page size): the likes come with the first read, over the whole thread.
    const cold = await call(t.app, {
      method: 'GET',
      url: `/api/comments?did=${did}&limit=5`,
      token: p.ann.token,
    });
    expect(cold.body.data.commentLikeMap).toEqual({ [first]: true });
    const coldBob = await call(t.app, {
      method: 'GET',
      url: `/api/comments?did=${did}&limit=7`,
      token: p.bob.token,
    });
    expect(coldBob.body.data.commentLikeMap).toEqual({});

    await t.ctx.db.execute(sql`DELETE FROM comments WHERE id = ${second}`);
    expect(
      (await comments(null, did)).body.data.commentList.records.map((c: { id: number }) => c.id),
    ).toEqual([first]);
  });

  it('applies the access rules on every call, even to a kept page', async () => {
    const did = await postDiscussion(t.app, p.ann, { title: 'Soon disabled' });
    await say(p.bob, did, 'A comment');
    expect((await comments(p.bob, did)).code).toBe(200);
    const builds = (await import('../../src/modules/comment/comment.page.js')).commentPageStats.builds;
    expect((await comments(p.bob, did)).code).toBe(200);
    expect((await import('../../src/modules/comment/comment.page.js')).commentPageStats.builds).toBe(builds);
    await call(t.app, {
      method: 'PUT',
      url: '/api/admin/discussion',
      token: p.root.token,
      payload: { id: did, status: 1 },
    });
    expect((await comments(p.bob, did)).code).toBe(403);
    expect((await comments(p.root, did)).code).toBe(200);
    await t.ctx.db.execute(sql`DELETE FROM discussions WHERE id = ${did}`);
    expect((await comments(p.root, did)).code).toBe(404);
  });
});

describe('the detail read and view counts, batched', () => {
  it('counts concurrent views once per viewer, in as few statements as the batches need', async () => {
    const did = await postDiscussion(t.app, p.ann, { title: 'Busy detail' });
    const detail = (token: string | undefined, ip = '127.0.0.1') =>
      t.app.inject({
        method: 'GET',
        url: `/api/get-discussion-detail?did=${did}`,
        headers: token ? { authorization: token } : {},
        remoteAddress: ip,
      });
    // The same signed-in viewer ten times at once: one view.
    const same = await Promise.all(Array.from({ length: 10 }, () => detail(p.bob.token)));
    for (const r of same) expect(r.statusCode).toBe(200);
    // Twenty signed-out viewers from twenty addresses at once: twenty views.
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) => detail(undefined, `10.0.0.${i + 1}`)),
    );
    for (const r of many) expect(r.statusCode).toBe(200);
    const [row] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`SELECT view_num AS n FROM discussions WHERE id = ${did}`),
    );
    expect(Number(row.n)).toBe(21);
    // Each answer shows a count that includes its own view; the highest is the total.
    const shown = many.map((r) => (r.json() as { data: { viewNum: number } }).data.viewNum);
    expect(Math.max(...shown)).toBe(21);
    // A view counted within the hour is not counted again.
    expect(((await detail(p.bob.token)).json() as { data: { viewNum: number } }).data.viewNum).toBe(21);
  });
});

describe('the unread counts kept per user', () => {
  const unread = async (who: Person) => {
    const r = await call(t.app, { method: 'GET', url: '/api/msg/unread', token: who.token });
    expect(r.code).toBe(200);
    return r.body.data as { comment: number; reply: number; like: number; sys: number; mine: number };
  };

  it('answers from memory until a change, and shows every change on the next call', async () => {
    const { unreadStats } = await import('../../src/modules/message/message.unread.js');
    const { deliverNotices } = await import('../../src/modules/message/notice.service.js');
    const before = await unread(p.ann);
    const reads = unreadStats.reads;
    await unread(p.ann);
    await unread(p.ann);
    expect(unreadStats.reads).toBe(reads);

    // Bob comments on Ann's discussion: Ann's count moves at once.
    const did = await postDiscussion(t.app, p.ann, { title: 'Tell me' });
    await call(t.app, {
      method: 'POST',
      url: '/api/comment',
      token: p.bob.token,
      payload: { did, content: 'Hi' },
    });
    expect((await unread(p.ann)).comment).toBe(before.comment + 1);

    // Reading the list marks it read.
    await call(t.app, { method: 'GET', url: '/api/msg/comment', token: p.ann.token });
    expect((await unread(p.ann)).comment).toBe(0);

    // A notice to everyone, delivered by the job.
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/msg/notice',
      token: p.root.token,
      payload: { title: 'All of you', content: 'Hello', type: 'All' },
    });
    await deliverNotices(t.ctx);
    expect((await unread(p.ann)).sys).toBe(before.sys + 1);

    // Cleaning the system messages.
    await call(t.app, { method: 'DELETE', url: '/api/msg/clean?type=Sys', token: p.ann.token });
    expect((await unread(p.ann)).sys).toBe(0);
  });

  it('hears a change made by SQL by hand (the triggers notify every process at commit)', async () => {
    const { forgetUnread } = await import('../../src/modules/message/message.unread.js');
    await unread(p.bob);
    const base = (await unread(p.bob)).reply;
    await t.ctx.db.execute(sql`INSERT INTO user_messages (recipient_uid, sender_uid, kind, action, source_id,
      source_type, url, state) VALUES (${p.bob.uid}, ${p.ann.uid}, 'Reply', 'Reply', 1, 'Discussion', '/', false)`);
    // Not through forgetUnread: only the notification can drop Bob's kept counts.
    expect(forgetUnread).toBeTypeOf('function');
    await expect
      .poll(async () => (await unread(p.bob)).reply, { timeout: 5000, interval: 50 })
      .toBe(base + 1);
  });
});
