import { GroupMemberAuth } from '@oj/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentLikes, contests, replies } from '../../src/db/schema/index.js';
import { contestPayload, createContest, fromNow, HOUR } from '../contest/contest-fixtures.js';
import { join, makeGroup, req, setLevel } from '../group/group-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  callAny as call,
  commentOn,
  makePeople,
  type People,
  type Person,
  postDiscussion,
  setSwitch,
  setWebsite,
} from './community-fixtures.js';

// Comments and replies (issue 12; doc 1 §2.7, §5-§7): on discussions and in contests, with their rules (AC count,
// muted roles, switches, contest visibility), likes, deleting rights and the messages they make.

let t: TestApp;
let p: People;
let did: number;
beforeAll(async () => {
  t = await createTestApp();
  p = await makePeople(t.ctx);
  await setSwitch(t.app, p.root, { defaultCreateDiscussionDailyLimit: 0 });
  did = await postDiscussion(t.app, p.ann, { title: 'Thread' });
});
afterAll(async () => t?.close());

const as = (
  who: Person | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => call(t.app, { method, url, token: who?.token, payload: payload as object });
const discussionOf = async (id: number) =>
  (await as(p.root, 'GET', `/api/get-discussion-detail?did=${id}`)).body.data;

describe('comments on a discussion', () => {
  it('need login, no muted role and 10 accepted problems for ordinary users', async () => {
    const body = { did, content: 'hello' };
    expect((await as(undefined, 'POST', '/api/comment', body)).code).toBe(401);
    for (const who of [p.muted, p.noSubmitMuted]) {
      const r = await as(who, 'POST', '/api/comment', body);
      expect(r.code, who.username).toBe(403);
      expect(r.body.msgKey).toBe('discussion.mutedRole');
    }
    const newbie = await as(p.newbie, 'POST', '/api/comment', body);
    expect(newbie.code).toBe(403);
    expect(newbie.body).toMatchObject({ msgKey: 'comment.acRequired', msgParams: { count: 10 } });
    // No-posting roles may still comment; admin roles need no AC.
    for (const who of [p.noDiscuss, p.noSubmitNoDiscuss, p.noSubmit, p.problemAdmin, p.admin, p.root]) {
      expect((await as(who, 'POST', '/api/comment', body)).code, who.username).toBe(200);
    }
    await setSwitch(t.app, p.root, { defaultCreateCommentACInitValue: 0 });
    try {
      expect((await as(p.newbie, 'POST', '/api/comment', body)).code).toBe(200);
    } finally {
      await setSwitch(t.app, p.root, { defaultCreateCommentACInitValue: 10 });
    }
  });

  it('checks content: not blank, at most 10000 characters, one target', async () => {
    const blank = await as(p.ann, 'POST', '/api/comment', { did, content: '   ' });
    expect(blank.code).toBe(400);
    expect(blank.body.msgKey).toBe('comment.empty');
    const long = await as(p.ann, 'POST', '/api/comment', { did, content: 'x'.repeat(10_001) });
    expect(long.code).toBe(400);
    expect(long.body).toMatchObject({ msgKey: 'comment.tooLong', msgParams: { max: 10_000 } });
    expect((await as(p.ann, 'POST', '/api/comment', { did, content: 'x'.repeat(10_000) })).code).toBe(200);
    const both = await as(p.ann, 'POST', '/api/comment', { did, cid: 1, content: 'x' });
    expect(both.body.msgKey).toBe('comment.target');
    expect((await as(p.ann, 'POST', '/api/comment', { content: 'x' })).body.msgKey).toBe('comment.target');
    expect((await as(p.ann, 'POST', '/api/comment', { did: 999_999, content: 'x' })).code).toBe(404);
  });

  it('stores the text as written and counts comments plus replies on the discussion', async () => {
    const d = await postDiscussion(t.app, p.ann, { title: 'Counting' });
    const xss = '<img src=x onerror=alert(1)> **bold** $x^2$';
    const c = await as(p.bob, 'POST', '/api/comment', { did: d, content: xss });
    expect(c.body.data).toMatchObject({
      content: xss,
      fromName: p.bob.username,
      fromRole: 'user',
      likeNum: 0,
    });
    const r = await as(p.ann, 'POST', '/api/reply', {
      reply: { commentId: c.body.data.id, content: 'thanks' },
      did: d,
    });
    expect(r.code).toBe(200);
    expect((await discussionOf(d)).commentNum).toBe(2);
    expect((await as(p.ann, 'DELETE', '/api/reply', { reply: { id: r.body.data.id } })).code).toBe(200);
    expect((await discussionOf(d)).commentNum).toBe(1);
    await as(p.ann, 'POST', '/api/reply', { reply: { commentId: c.body.data.id, content: 'again' } });
    await as(p.root, 'POST', '/api/reply', { reply: { commentId: c.body.data.id, content: 'and again' } });
    expect((await discussionOf(d)).commentNum).toBe(3);
    expect((await as(p.bob, 'DELETE', '/api/comment', { id: c.body.data.id })).code).toBe(200);
    expect((await discussionOf(d)).commentNum).toBe(0);
  });

  it('lists by likes then newest, with the newest three replies, reply counts and my likes', async () => {
    const d = await postDiscussion(t.app, p.ann, { title: 'Listing' });
    const c1 = await commentOn(t.app, p.bob, { did: d }, 'first');
    const c2 = await commentOn(t.app, p.ann, { did: d }, 'second');
    for (let i = 1; i <= 5; i++) {
      await as(i % 2 ? p.ann : p.bob, 'POST', '/api/reply', { reply: { commentId: c1, content: `r${i}` } });
    }
    expect((await as(p.ann, 'GET', `/api/comment-like?cid=${c1}&toLike=true`)).code).toBe(200);
    const list = await as(p.ann, 'GET', `/api/comments?did=${d}&limit=10`);
    expect(list.code).toBe(200);
    const { commentList, commentLikeMap } = list.body.data;
    expect(commentList.total).toBe(2);
    expect(commentList.records.map((c: { id: number }) => c.id)).toEqual([c1, c2]);
    const first = commentList.records[0];
    expect(first).toMatchObject({ totalReplyNum: 5, likeNum: 1, fromName: p.bob.username });
    expect(first.replyList.map((r: { content: string }) => r.content)).toEqual(['r5', 'r4', 'r3']);
    expect(first.replyList[0]).toMatchObject({
      toUid: p.bob.uid,
      toName: p.bob.username,
      fromUid: p.ann.uid,
    });
    expect(commentLikeMap).toEqual({ [c1]: true });
    expect((await as(undefined, 'GET', `/api/comments?did=${d}`)).body.data.commentLikeMap).toEqual({});
    const all = await as(undefined, 'GET', `/api/reply?commentId=${c1}`);
    expect(all.body.data.map((r: { content: string }) => r.content)).toEqual(['r5', 'r4', 'r3', 'r2', 'r1']);
    const page2 = await as(undefined, 'GET', `/api/comments?did=${d}&limit=1&currentPage=2`);
    expect(page2.body.data.commentList.records.map((c: { id: number }) => c.id)).toEqual([c2]);
  });

  it('lets the author or admin roles delete a comment or reply; others get 403', async () => {
    const c = await commentOn(t.app, p.bob, { did }, 'to delete');
    const r = (await as(p.ann, 'POST', '/api/reply', { reply: { commentId: c, content: 'x' } })).body.data.id;
    expect((await as(p.newbie, 'DELETE', '/api/comment', { id: c })).code).toBe(403);
    expect((await as(p.bob, 'DELETE', '/api/reply', { reply: { id: r } })).code).toBe(403);
    expect((await as(p.problemAdmin, 'DELETE', '/api/reply', { reply: { id: r } })).code).toBe(200);
    expect((await as(p.admin, 'DELETE', '/api/comment', { id: c })).code).toBe(200);
    expect((await as(p.admin, 'DELETE', '/api/comment', { id: c })).code).toBe(404);
  });
});

describe('comment likes', () => {
  it('like once, no unlike, the gap between a user’s likes, a message to the author but not to oneself', async () => {
    const a = await commentOn(t.app, p.ann, { did }, 'like me');
    const b = await commentOn(t.app, p.ann, { did }, 'and me');
    const like = (who: Person, id: number, toLike = true) =>
      as(who, 'GET', `/api/comment-like?cid=${id}&toLike=${toLike}&sourceId=${did}&sourceType=Discussion`);
    expect((await like(p.bob, a, false)).body.msgKey).toBe('comment.likeUndo');
    await t.ctx.db.execute(sql`DELETE FROM comment_likes WHERE uid = ${p.bob.uid}`);
    expect((await like(p.bob, a)).code).toBe(200);
    expect((await like(p.bob, a)).code).toBe(200);
    const soon = await like(p.bob, b);
    expect(soon.code).toBe(429);
    expect(soon.body.msgKey).toBe('comment.likeTooFrequent');
    await t.ctx.db.execute(
      sql`UPDATE ${commentLikes} SET gmt_create = now() - interval '101 seconds' WHERE uid = ${p.bob.uid}`,
    );
    expect((await like(p.bob, b)).code).toBe(200);
    await t.ctx.db.execute(sql`DELETE FROM comment_likes WHERE uid = ${p.ann.uid}`);
    expect((await like(p.ann, a)).code).toBe(200);
    const list = await as(p.ann, 'GET', `/api/comments?did=${did}&limit=100`);
    const rec = list.body.data.commentList.records.find((c: { id: number }) => c.id === a);
    expect(rec.likeNum).toBe(2);
    const msgs = (await as(p.ann, 'GET', '/api/msg/like?limit=100')).body.data.records.filter(
      (m: { action: string }) => m.action === 'Like_Discuss',
    );
    expect(msgs.map((m: { senderId: string }) => m.senderId)).toEqual([p.bob.uid, p.bob.uid]);
    expect(msgs[0]).toMatchObject({ sourceType: 'Discussion', sourceId: did, sourceTitle: 'Thread' });
  });
});

describe('replies', () => {
  it('address the quoted reply’s author (never a client-chosen uid) and make Reply messages', async () => {
    const c = await commentOn(t.app, p.ann, { did }, 'question?');
    const r1 = await as(p.bob, 'POST', '/api/reply', {
      reply: { commentId: c, content: 'answer', toUid: p.root.uid, toName: 'root' },
      did,
    });
    expect(r1.body.data).toMatchObject({ toUid: p.ann.uid, toName: p.ann.username, fromRole: 'user' });
    const r2 = await as(p.ann, 'POST', '/api/reply', {
      reply: { commentId: c, content: 'follow-up' },
      did,
      quoteId: r1.body.data.id,
      quoteType: 'Reply',
    });
    expect(r2.body.data).toMatchObject({ toUid: p.bob.uid });
    const stray = await as(p.ann, 'POST', '/api/reply', {
      reply: { commentId: c, content: 'x' },
      quoteId: 999_999,
      quoteType: 'Reply',
    });
    expect(stray.body.msgKey).toBe('comment.quoteNotFound');
    const bobs = (await as(p.bob, 'GET', '/api/msg/reply')).body.data.records;
    expect(bobs[0]).toMatchObject({
      action: 'Reply',
      senderId: p.ann.uid,
      senderUsername: p.ann.username,
      sourceContent: 'follow-up',
      quoteType: 'Reply',
      quoteId: r1.body.data.id,
      quoteContent: `${p.bob.username} : answer`,
      sourceTitle: 'Thread',
      url: `/discussion-detail/${did}`,
    });
    const anns = (await as(p.ann, 'GET', '/api/msg/reply')).body.data.records;
    expect(anns[0]).toMatchObject({
      quoteType: 'Comment',
      quoteId: c,
      quoteContent: `${p.ann.username} : question?`,
    });
    // The root got nothing: the toUid it was sent was not who the reply answers.
    expect((await as(p.root, 'GET', '/api/msg/unread')).body.data.reply).toBe(0);
  });

  it('need the comment AC rule and no muted role', async () => {
    const c = await commentOn(t.app, p.ann, { did }, 'reply to me');
    expect((await as(p.muted, 'POST', '/api/reply', { reply: { commentId: c, content: 'x' } })).code).toBe(
      403,
    );
    const r = await as(p.newbie, 'POST', '/api/reply', { reply: { commentId: c, content: 'x' } });
    expect(r.body.msgKey).toBe('comment.acRequired');
  });
});

describe('contest comments', () => {
  let cid: number;
  beforeAll(async () => {
    cid = await createContest(t.app, p.admin.token, { title: 'Comment Cup' });
  });

  it('while running: a participant sees only their own and the contest admins’ comments and replies', async () => {
    const annC = await commentOn(t.app, p.ann, { cid }, 'ann asks');
    const bobC = await commentOn(t.app, p.bob, { cid }, 'bob asks');
    const adminC = await commentOn(t.app, p.admin, { cid }, 'creator says');
    const rootC = await commentOn(t.app, p.root, { cid }, 'root says');
    const seen = async (who: Person) =>
      (await as(who, 'GET', `/api/comments?cid=${cid}&limit=50`)).body.data.commentList.records.map(
        (c: { id: number }) => c.id,
      );
    expect((await seen(p.ann)).sort()).toEqual([annC, adminC, rootC].sort());
    expect((await seen(p.bob)).sort()).toEqual([bobC, adminC, rootC].sort());
    expect((await seen(p.admin)).sort()).toEqual([annC, bobC, adminC, rootC].sort());
    // A hidden comment is missing for others: its replies, likes and replying to it.
    expect((await as(p.bob, 'GET', `/api/reply?commentId=${annC}&cid=${cid}`)).code).toBe(404);
    expect((await as(p.bob, 'GET', `/api/comment-like?cid=${annC}`)).code).toBe(404);
    expect((await as(p.bob, 'POST', '/api/reply', { reply: { commentId: annC, content: 'x' } })).code).toBe(
      404,
    );
    // The contest admin answers ann: ann sees it, bob does not; bob may not reply to the creator or to root.
    const ans = await as(p.admin, 'POST', '/api/reply', {
      reply: { commentId: annC, content: 'see the statement' },
    });
    expect(ans.code).toBe(200);
    const annView = (await as(p.ann, 'GET', `/api/comments?cid=${cid}`)).body.data.commentList.records;
    expect(annView.find((c: { id: number }) => c.id === annC).replyList[0].content).toBe('see the statement');
    expect((await as(p.ann, 'GET', '/api/msg/reply')).body.data.records[0]).toMatchObject({
      sourceType: 'Contest',
      sourceId: cid,
      sourceTitle: 'Comment Cup',
      url: `/contest/${cid}/comment`,
    });
    for (const target of [adminC, rootC]) {
      const r = await as(p.bob, 'POST', '/api/reply', { reply: { commentId: target, content: 'x' } });
      expect(r.code).toBe(403);
      expect(r.body.msgKey).toBe('comment.replyDenied');
    }
    expect(
      (await as(p.bob, 'POST', '/api/reply', { reply: { commentId: bobC, content: 'me again' } })).code,
    ).toBe(200);
    // Deleting: the author or the contest's admins (the creator, super admins), not other admin roles.
    // (another admin role does not even see it while the contest runs)
    expect((await as(p.problemAdmin, 'DELETE', '/api/comment', { id: bobC })).code).toBe(404);
    expect((await as(p.admin, 'DELETE', '/api/comment', { id: bobC })).code).toBe(200);
    // After the end everyone sees every comment.
    await t.ctx.db
      .update(contests)
      .set({ startTime: new Date(fromNow(-3 * HOUR)), endTime: new Date(fromNow(-HOUR)) })
      .where(sql`${contests.id} = ${cid}`);
    expect((await seen(p.bob)).sort()).toEqual([annC, adminC, rootC].sort());
    expect(
      (await as(p.bob, 'POST', '/api/reply', { reply: { commentId: annC, content: 'after' } })).code,
    ).toBe(200);
    expect((await as(p.problemAdmin, 'DELETE', '/api/comment', { id: annC })).code).toBe(403);
  });

  it('while running: each visible comment carries only visible replies and counts only them; admins see all', async () => {
    const cup = await createContest(t.app, p.admin.token, { title: 'Reply Count Cup' });
    const annC = await commentOn(t.app, p.ann, { cid: cup }, 'ann asks');
    const bobC = await commentOn(t.app, p.bob, { cid: cup }, 'bob asks');
    const adminC = await commentOn(t.app, p.admin, { cid: cup }, 'creator says');
    // Replies as they stand after earlier phases (bob's could not be written on these while running): on ann's
    // comment ann x2, the creator, root and bob x2; on the creator's bob and ann; on bob's only bob.
    const reply = (commentId: number, who: Person, content: string) =>
      t.ctx.db.insert(replies).values({ commentId, fromUid: who.uid, toUid: null, content });
    for (const [c, who, text] of [
      [annC, p.ann, 'a1'],
      [annC, p.bob, 'b1'],
      [annC, p.admin, 'creator1'],
      [annC, p.ann, 'a2'],
      [annC, p.bob, 'b2'],
      [annC, p.root, 'root1'],
      [adminC, p.bob, 'b3'],
      [adminC, p.ann, 'a3'],
      [bobC, p.bob, 'b4'],
    ] as const) {
      await reply(c, who, text);
    }
    type Row = { id: number; totalReplyNum: number; replyList: { content: string }[] };
    const page = async (who: Person, q = 'limit=50') => {
      const r = await as(who, 'GET', `/api/comments?cid=${cup}&${q}`);
      expect(r.code).toBe(200);
      return r.body.data.commentList as { records: Row[]; total: number };
    };
    const shape = (rows: Row[]) =>
      Object.fromEntries(rows.map((c) => [c.id, [c.totalReplyNum, c.replyList.map((x) => x.content)]]));
    const ann = await page(p.ann);
    expect(ann.total).toBe(2);
    expect(shape(ann.records)).toEqual({
      [annC]: [4, ['root1', 'a2', 'creator1']],
      [adminC]: [1, ['a3']],
    });
    const bob = await page(p.bob);
    expect(bob.total).toBe(2);
    expect(shape(bob.records)).toEqual({ [bobC]: [1, ['b4']], [adminC]: [1, ['b3']] });
    // A page past the end counts only the visible comments too.
    expect((await page(p.ann, 'currentPage=3&limit=1')).total).toBe(2);
    // The creator and root (the contest's admins) see everything.
    for (const admin of [p.admin, p.root]) {
      const all = await page(admin);
      expect(all.total).toBe(3);
      expect(shape(all.records)).toEqual({
        [annC]: [6, ['root1', 'b2', 'a2']],
        [adminC]: [2, ['a3', 'b3']],
        [bobC]: [1, ['b4']],
      });
    }
    // After the end everyone does.
    await t.ctx.db
      .update(contests)
      .set({ startTime: new Date(fromNow(-3 * HOUR)), endTime: new Date(fromNow(-HOUR)) })
      .where(sql`${contests.id} = ${cup}`);
    expect(shape((await page(p.bob)).records)[annC]).toEqual([6, ['root1', 'b2', 'a2']]);
  });

  it('in a group contest the group’s roots are its admins: seen while running, moderate, not answered by participants', async () => {
    // p.admin owns the group and creates the contest; p.problemAdmin is a root of the group only (neither the
    // creator nor a super admin), ann and bob are members.
    const g = await makeGroup(t.app, p.admin.token);
    for (const who of [p.ann, p.bob, p.problemAdmin])
      expect((await join(t.app, who.token, g.id)).code).toBe(200);
    expect((await setLevel(t.app, p.admin.token, g.id, p.problemAdmin.uid, GroupMemberAuth.ROOT)).code).toBe(
      200,
    );
    const made = await req(t.app, 'POST', '/api/group/contest', {
      token: p.admin.token,
      payload: { ...contestPayload({ title: 'Group Cup' }), gid: g.id },
    });
    expect(made.code).toBe(200);
    const gcid = made.body.data.cid as number;
    const annC = await commentOn(t.app, p.ann, { cid: gcid }, 'ann asks');
    const bobC = await commentOn(t.app, p.bob, { cid: gcid }, 'bob asks');
    const teacherC = await commentOn(t.app, p.problemAdmin, { cid: gcid }, 'the group root says');
    const seen = async (who: Person) =>
      (await as(who, 'GET', `/api/comments?cid=${gcid}&limit=50`)).body.data.commentList.records
        .map((c: { id: number }) => c.id)
        .sort();
    expect(await seen(p.ann)).toEqual([annC, teacherC].sort());
    expect(await seen(p.problemAdmin)).toEqual([annC, bobC, teacherC].sort());
    // The group root's answer to ann reaches ann; bob may not answer the group root.
    const ans = await as(p.problemAdmin, 'POST', '/api/reply', {
      reply: { commentId: annC, content: 'read again' },
    });
    expect(ans.code).toBe(200);
    expect((await as(p.ann, 'GET', `/api/reply?commentId=${annC}&cid=${gcid}`)).body.data[0].content).toBe(
      'read again',
    );
    const denied = await as(p.bob, 'POST', '/api/reply', { reply: { commentId: teacherC, content: 'x' } });
    expect(denied.code).toBe(403);
    expect(denied.body.msgKey).toBe('comment.replyDenied');
    // The group root deletes a participant's comment and reply like the creator would; a member may not.
    expect((await as(p.ann, 'DELETE', '/api/comment', { id: bobC })).code).toBe(404);
    expect((await as(p.problemAdmin, 'DELETE', '/api/comment', { id: bobC })).code).toBe(200);
    expect((await as(p.problemAdmin, 'DELETE', '/api/reply', { reply: { id: ans.body.data.id } })).code).toBe(
      200,
    );
    // After the end participants see everything but still may not answer the group root, as with the creator.
    await t.ctx.db
      .update(contests)
      .set({ startTime: new Date(fromNow(-3 * HOUR)), endTime: new Date(fromNow(-HOUR)) })
      .where(sql`${contests.id} = ${gcid}`);
    const late = await as(p.bob, 'POST', '/api/reply', { reply: { commentId: teacherC, content: 'x' } });
    expect(late.code).toBe(403);
    expect(late.body.msgKey).toBe('comment.replyDenied');
    await t.ctx.db
      .update(contests)
      .set({ startTime: new Date(fromNow(-HOUR)), endTime: new Date(fromNow(HOUR)) })
      .where(sql`${contests.id} = ${gcid}`);
    // Once the group root is only a member again, their comments are hidden from participants while it runs.
    expect(
      (await setLevel(t.app, p.admin.token, g.id, p.problemAdmin.uid, GroupMemberAuth.MEMBER)).code,
    ).toBe(200);
    expect(await seen(p.ann)).toEqual([annC]);
  });

  it('need login and the contest access rule, take no AC count, and close with the contest-comment switch', async () => {
    const priv = await createContest(t.app, p.admin.token, { title: 'Private Cup', auth: 1, pwd: 'pw' });
    expect((await as(undefined, 'GET', `/api/comments?cid=${cid}`)).code).toBe(401);
    expect((await as(p.ann, 'GET', `/api/comments?cid=${priv}`)).code).toBe(403);
    expect((await as(p.ann, 'POST', '/api/comment', { cid: priv, content: 'x' })).code).toBe(403);
    expect((await as(p.newbie, 'POST', '/api/comment', { cid, content: 'no AC needed here' })).code).toBe(
      200,
    );
    expect((await as(p.muted, 'POST', '/api/comment', { cid, content: 'x' })).code).toBe(403);
    await setWebsite(t.app, p.root, { openContestComment: false });
    try {
      for (const [who, method, url, body] of [
        [p.ann, 'GET', `/api/comments?cid=${cid}`],
        [p.ann, 'POST', '/api/comment', { cid, content: 'x' }],
        [p.admin, 'POST', '/api/comment', { cid, content: 'x' }],
      ] as const) {
        const r = await as(who, method, url, body);
        expect(r.code, url).toBe(403);
        expect(r.body.msgKey).toBe('contest.commentClosed');
      }
      // Discussions are not affected.
      expect((await as(p.ann, 'GET', `/api/comments?did=${did}`)).code).toBe(200);
    } finally {
      await setWebsite(t.app, p.root, { openContestComment: true });
    }
  });
});
