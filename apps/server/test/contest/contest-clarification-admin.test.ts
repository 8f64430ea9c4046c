import { Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestClarificationReads, contestClarifications } from '../../src/db/schema/index.js';
import type { ClarificationAnsweredEvent } from '../../src/modules/contest/clarification/clarification.events.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { ageQuestions, clarificationCalls, idsOf, keyOf } from './clarification-fixtures.js';
import { addProblem, createContest, newProblem } from './contest-fixtures.js';

// Contest clarifications, the contest-admin side (issue 10 §3): the queue order, answering privately or to
// everyone, the announcement made from an answer, editing, posting unprompted, deleting, the answered hook (after
// commit) and the cleanup with the contest. On PGlite or PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
const tok = {} as Record<'creator' | 'otherAdmin' | 'a' | 'b' | 'root', string>;
const uid = {} as Record<'a' | 'b', string>;
let cid: number; // public, running, problem A
let pidA: number;
const api = clarificationCalls(() => t);
const events: ClarificationAnsweredEvent[] = [];
let seenAnswer: (string | null)[] = [];

beforeAll(async () => {
  t = await createTestApp();
  tok.creator = (await makeUser(t.ctx, 'ca_creator', Role.PROBLEM_ADMIN)).token;
  tok.otherAdmin = (await makeUser(t.ctx, 'ca_admin', Role.ADMIN)).token;
  tok.root = (await makeUser(t.ctx, 'ca_root', Role.ROOT)).token;
  for (const who of ['a', 'b'] as const) {
    const u = await makeUser(t.ctx, `ca_${who}`, Role.USER);
    tok[who] = u.token;
    uid[who] = u.uid;
  }
  cid = await createContest(t.app, tok.creator);
  pidA = await newProblem(t.app, tok.creator, 'CA-1');
  await addProblem(t.app, tok.creator, cid, pidA, 'A');
  // The hook must run after the commit: what a listener reads through the pool is the stored answer.
  t.ctx.events.on(
    'clarification/answered',
    async (e) => {
      events.push(e);
      const [row] = await t.ctx.db
        .select({ answer: contestClarifications.answer })
        .from(contestClarifications)
        .where(eq(contestClarifications.id, e.clarificationId));
      seenAnswer.push(row?.answer ?? null);
    },
    { area: 'test' },
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the queue (GET /api/admin/contest/clarification)', () => {
  let q1: number;
  let q2: number;
  let q3: number;
  it('lists unanswered first, then newest first, with the askers named', async () => {
    q1 = (await api.ask(tok.a, cid, 'First?', 'A')).body.data.id;
    q2 = (await api.ask(tok.b, cid, 'Second?')).body.data.id;
    await ageQuestions(t.ctx, cid);
    q3 = (await api.ask(tok.a, cid, 'Third?')).body.data.id;
    expect((await api.answer(tok.creator, { id: q2, cid, answer: 'Done.', public: false })).code).toBe(200);
    const r = await api.queue(tok.creator, cid);
    expect(r.code).toBe(200);
    expect(idsOf(r)).toEqual([q3, q1, q2]);
    expect(r.body.data.records[1]).toMatchObject({ username: 'ca_a', displayId: 'A', pid: pidA });
    expect(r.body.data.records[2]).toMatchObject({ answerUsername: 'ca_creator', answer: 'Done.' });
    expect(idsOf(await api.queue(tok.root, cid, '&onlyUnanswered=1'))).toEqual([q3, q1]);
    expect(r.body.data.size).toBe(20);
  });

  it('is the contest admins’ only: other admins and participants 403, anonymous 401, unknown contest 404', async () => {
    const other = await api.queue(tok.otherAdmin, cid);
    expect(other.code).toBe(403);
    expect(keyOf(other)).toBe('contest.manageOwnerOnly');
    expect((await api.queue(tok.a, cid)).code).toBe(403);
    expect((await api.queue(undefined, cid)).code).toBe(401);
    expect((await api.queue(tok.creator, 999_999)).code).toBe(404);
    for (const token of [tok.otherAdmin, tok.a]) {
      expect((await api.answer(token, { id: q1, cid, answer: 'x', public: true })).code).toBe(403);
      expect((await api.post(token, { cid, answer: 'x' })).code).toBe(403);
      expect((await api.remove(token, q1)).code).toBe(403);
    }
    // Nothing changed.
    expect(
      (await api.list(tok.a, cid)).body.data.records.find((x: { id: number }) => x.id === q1).answer,
    ).toBe(null);
  });

  it('answers after the commit hook: private and public answers tell the listeners once each', async () => {
    events.length = 0;
    seenAnswer = [];
    expect((await api.answer(tok.creator, { id: q1, cid, answer: 'Private.', public: false })).code).toBe(
      200,
    );
    expect((await api.answer(tok.root, { id: q3, cid, answer: 'Public.', public: true })).code).toBe(200);
    expect(events).toEqual([
      { cid, clarificationId: q1, public: false, askerUid: uid.a, pid: pidA },
      { cid, clarificationId: q3, public: true, askerUid: uid.a, pid: null },
    ]);
    expect(seenAnswer).toEqual(['Private.', 'Public.']);
    expect(idsOf(await api.list(tok.b, cid))).toEqual([q3, q2]);
  });

  it('refuses a clarification of another contest (404) and a body without an answer (400)', async () => {
    const other = await createContest(t.app, tok.creator);
    const r = await api.answer(tok.creator, { id: q1, cid: other, answer: 'x', public: true });
    expect(r.code).toBe(404);
    expect(keyOf(r)).toBe('contest.clarificationNotFound');
    const blank = await api.answer(tok.creator, { id: q1, cid, answer: '  ', public: true });
    expect(blank.code).toBe(400);
    expect(blank.body.msg).toContain('answer');
  });
});

describe('answers as announcements, edits, posts', () => {
  it('makes an announcement from a public answer (question quoted) and updates it on a later edit', async () => {
    const q = (await api.ask(tok.b, cid, 'Is 0 a valid n?', 'A')).body.data.id;
    const r = await api.answer(tok.creator, {
      id: q,
      cid,
      answer: 'No: n >= 1.',
      public: true,
      announce: true,
      announceTitle: 'About n',
    });
    expect(r.code).toBe(200);
    const aid = r.body.data.announcementId as number;
    expect(aid).toBeGreaterThan(0);
    const list = (await api.req('GET', `/api/get-contest-announcement?cid=${cid}`, tok.a)).body.data.records;
    expect(list[0]).toMatchObject({ id: aid, title: 'About n', content: '> Is 0 a valid n?\n\nNo: n >= 1.' });
    const edit = await api.answer(tok.creator, {
      id: q,
      cid,
      answer: 'No: n is at least 1.',
      question: 'Can n be 0?',
      public: true,
      announce: true,
    });
    expect(edit.body.data.announcementId).toBe(aid);
    const after = (await api.req('GET', `/api/get-contest-announcement?cid=${cid}`, tok.a)).body.data;
    expect(after.total).toBe(1);
    expect(after.records[0]).toMatchObject({
      title: 'Clarification (A)',
      content: '> Can n be 0?\n\nNo: n is at least 1.',
    });
    // The public reads the reworded question.
    const seen = (await api.list(tok.a, cid)).body.data.records.find((x: { id: number }) => x.id === q);
    expect(seen).toMatchObject({
      question: 'Can n be 0?',
      answer: 'No: n is at least 1.',
      announcementId: aid,
    });
  });

  it('refuses an announcement from a private answer (400 naming announce)', async () => {
    const [row] = await t.ctx.db.select().from(contestClarifications).limit(1);
    const r = await api.answer(tok.creator, { id: row.id, cid, answer: 'x', public: false, announce: true });
    expect(r.code).toBe(400);
    expect(r.body.msg).toContain('announce');
  });

  it('posts a clarification to everyone unprompted: unread for participants, not for its author', async () => {
    events.length = 0;
    const r = await api.post(tok.creator, { cid, displayId: 'a', answer: 'Problem A: read the note.' });
    expect(r.code).toBe(200);
    const id = r.body.data.id as number;
    expect(r.body.data.announcementId).toBe(null);
    expect(events).toEqual([{ cid, clarificationId: id, public: true, askerUid: null, pid: pidA }]);
    for (const who of ['a', 'b'] as const) {
      expect((await api.unread(tok[who], cid)).body.data.ids, who).toContain(id);
      const mine = (await api.list(tok[who], cid)).body.data.records.find((x: { id: number }) => x.id === id);
      expect(mine, who).toMatchObject({ question: null, displayId: 'A', public: true, mine: false });
    }
    expect((await api.unread(tok.creator, cid)).body.data.ids).not.toContain(id);
    // A post has no question to reword and stays public.
    const reword = await api.answer(tok.creator, { id, cid, answer: 'x', public: true, question: 'Q?' });
    expect(keyOf(reword)).toBe('contest.clarificationNoQuestion');
    expect((await api.answer(tok.creator, { id, cid, answer: 'x', public: false })).code).toBe(400);
    const unknown = await api.post(tok.creator, { cid, displayId: 'Q', answer: 'x' });
    expect(keyOf(unknown)).toBe('contest.clarificationUnknownProblem');
    const announced = await api.post(tok.root, { cid, answer: 'Ten minutes left.', announce: true });
    expect(announced.body.data.announcementId).toBeGreaterThan(0);
  });

  it('deletes a clarification with its read marks (404 unknown)', async () => {
    const id = (await api.post(tok.creator, { cid, answer: 'Oops.' })).body.data.id as number;
    await api.markRead(tok.a, cid, [id]);
    expect((await api.remove(tok.creator, id)).code).toBe(200);
    expect(idsOf(await api.list(tok.a, cid))).not.toContain(id);
    const marks = await t.ctx.db
      .select()
      .from(contestClarificationReads)
      .where(eq(contestClarificationReads.clarificationId, id));
    expect(marks).toEqual([]);
    expect((await api.remove(tok.creator, id)).code).toBe(404);
  });
});

describe('deleting the contest', () => {
  it('removes its clarifications and their read marks', async () => {
    const other = await createContest(t.app, tok.creator);
    const q = (await api.ask(tok.a, other, 'Q?')).body.data.id as number;
    await api.answer(tok.creator, { id: q, cid: other, answer: 'A.', public: true });
    await api.markRead(tok.b, other);
    expect((await t.ctx.db.select().from(contestClarificationReads)).length).toBeGreaterThan(0);
    const del = await api.req('DELETE', `/api/admin/contest?cid=${other}`, tok.creator);
    expect(del.code).toBe(200);
    const left = await t.ctx.db
      .select()
      .from(contestClarifications)
      .where(eq(contestClarifications.cid, other));
    expect(left).toEqual([]);
    const marks = await t.ctx.db
      .select()
      .from(contestClarificationReads)
      .where(eq(contestClarificationReads.clarificationId, q));
    expect(marks).toEqual([]);
  });
});
