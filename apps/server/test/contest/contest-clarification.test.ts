import { CLARIFICATION_LIMITS, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { ageQuestions, clarificationCalls, idsOf, keyOf } from './clarification-fixtures.js';
import { addProblem, createContest, newProblem, WINDOWS } from './contest-fixtures.js';

// Contest clarifications, the participant side (issue 10 §3): who may ask, the limits, who sees what, unread
// counts and read marks. On PGlite or PostgreSQL (TEST_DATABASE_URL).

let t: TestApp;
const tok = {} as Record<'creator' | 'a' | 'b' | 'c' | 'stranger' | 'root', string>;
let cid: number; // private, running, problems A and B; a, b, c registered
const api = clarificationCalls(() => t);

beforeAll(async () => {
  t = await createTestApp();
  tok.creator = (await makeUser(t.ctx, 'cl_creator', Role.PROBLEM_ADMIN)).token;
  tok.root = (await makeUser(t.ctx, 'cl_root', Role.ROOT)).token;
  for (const who of ['a', 'b', 'c', 'stranger'] as const) {
    tok[who] = (await makeUser(t.ctx, `cl_${who}`, Role.USER)).token;
  }
  cid = await createContest(t.app, tok.creator, { auth: 1, pwd: 'pw' });
  await addProblem(t.app, tok.creator, cid, await newProblem(t.app, tok.creator, 'CL-1'), 'A');
  await addProblem(t.app, tok.creator, cid, await newProblem(t.app, tok.creator, 'CL-2'), 'B');
  for (const who of ['a', 'b', 'c'] as const) {
    const r = await api.req('POST', '/api/register-contest', tok[who], { cid, password: 'pw' });
    expect(r.code).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('asking (POST /api/submit-contest-clarification)', () => {
  it('takes a question about a problem (display id in any case) or general, then 429 within 30 s', async () => {
    const first = await api.ask(tok.a, cid, '  Is n at most 10^5?  ', 'a');
    expect(first.code).toBe(200);
    const again = await api.ask(tok.a, cid, 'And m?', null);
    expect(again.code).toBe(429);
    expect(keyOf(again)).toBe('contest.clarificationTooFrequent');
    expect((await api.ask(tok.b, cid, 'Is the input one line?')).code).toBe(200); // per participant
    const [mine] = (await api.list(tok.a, cid)).body.data.records;
    expect(mine).toMatchObject({ displayId: 'A', question: 'Is n at most 10^5?', answer: null, mine: true });
    expect(mine.username).toBe('cl_a');
    await ageQuestions(t.ctx, cid);
    const general = await api.ask(tok.a, cid, 'When is the break?');
    expect(general.code).toBe(200);
  });

  it('refuses an empty or over-long question (400 naming content) and an unknown problem (400)', async () => {
    await ageQuestions(t.ctx, cid);
    const blank = await api.ask(tok.c, cid, '   \n ');
    expect(blank.code).toBe(400);
    expect(blank.body.msg).toContain('content');
    const long = await api.ask(tok.c, cid, 'x'.repeat(CLARIFICATION_LIMITS.questionMax + 1));
    expect(long.code).toBe(400);
    expect(long.body.msg).toContain('content');
    const unknown = await api.ask(tok.c, cid, 'About Z?', 'Z');
    expect(unknown.code).toBe(400);
    expect(keyOf(unknown)).toBe('contest.clarificationUnknownProblem');
    const limit = await api.ask(tok.c, cid, ` ${'y'.repeat(CLARIFICATION_LIMITS.questionMax)} `);
    expect(limit.code).toBe(200);
  });

  it('refuses anonymous callers (401), non-participants (403), unknown contests (404)', async () => {
    expect((await api.ask(undefined, cid, 'Q')).code).toBe(401);
    const s = await api.ask(tok.stranger, cid, 'Q');
    expect(s.code).toBe(403);
    expect(keyOf(s)).toBe('contest.privateRegisterFirst');
    expect((await api.ask(tok.a, 999_999, 'Q')).code).toBe(404);
    // Not a participant: none of the participant calls answer either.
    expect((await api.list(tok.stranger, cid)).code).toBe(403);
    expect((await api.unread(tok.stranger, cid)).code).toBe(403);
    expect((await api.markRead(tok.stranger, cid)).code).toBe(403);
  });

  it('refuses questions before the start (403 not started) and after the end (403 closed)', async () => {
    const soon = await createContest(t.app, tok.creator, WINDOWS.scheduled);
    const before = await api.ask(tok.a, soon, 'Q');
    expect(before.code).toBe(403);
    expect(keyOf(before)).toBe('contest.notStarted');
    const over = await createContest(t.app, tok.creator, WINDOWS.ended);
    const after = await api.ask(tok.a, over, 'Q');
    expect(after.code).toBe(403);
    expect(keyOf(after)).toBe('contest.clarificationClosed');
    expect((await api.list(tok.a, over)).code).toBe(200); // reading stays open
  });

  it('keeps at most 10 unanswered questions per participant; an answer frees a place', async () => {
    const other = await createContest(t.app, tok.creator);
    const ids: number[] = [];
    for (let i = 0; i < CLARIFICATION_LIMITS.unansweredMax; i++) {
      const r = await api.ask(tok.c, other, `Question ${i}`);
      expect(r.code, `question ${i}`).toBe(200);
      ids.push(r.body.data.id);
      await ageQuestions(t.ctx, other);
    }
    const full = await api.ask(tok.c, other, 'One more');
    expect(full.code).toBe(429);
    expect(keyOf(full)).toBe('contest.clarificationTooManyOpen');
    expect(full.body.msg).toContain('10');
    expect((await api.ask(tok.a, other, 'Someone else')).code).toBe(200); // per participant
    const ans = await api.answer(tok.creator, { id: ids[0], cid: other, answer: 'Yes.', public: false });
    expect(ans.code).toBe(200);
    expect((await api.ask(tok.c, other, 'One more')).code).toBe(200);
  });

  it('lets one of two simultaneous questions through and answers 429 to the other', async () => {
    const other = await createContest(t.app, tok.creator);
    const codes = (await Promise.all([api.ask(tok.b, other, 'Q1'), api.ask(tok.b, other, 'Q2')])).map(
      (r) => r.code,
    );
    expect(codes.sort()).toEqual([200, 429]);
  });
});

describe('who sees what', () => {
  let qa: number; // a's question about A
  let qb: number; // b's general question
  it('never shows one participant the private question of another', async () => {
    const a = (await api.list(tok.a, cid)).body.data.records as { id: number; mine: boolean }[];
    const b = (await api.list(tok.b, cid)).body.data.records as { id: number; mine: boolean }[];
    expect(a.every((x) => x.mine)).toBe(true);
    expect(b.every((x) => x.mine)).toBe(true);
    expect(a.length).toBe(2);
    expect(b.length).toBe(1);
    qa = a.find((x) => (x as unknown as { displayId: string }).displayId === 'A')?.id as number;
    qb = b[0].id;
    // A private answer still shows to its asker only.
    expect((await api.answer(tok.creator, { id: qa, cid, answer: 'Yes, 10^5.', public: false })).code).toBe(
      200,
    );
    expect(idsOf(await api.list(tok.b, cid))).toEqual([qb]);
    expect((await api.list(tok.a, cid)).body.data.records[0]).toMatchObject({
      id: qa,
      answer: 'Yes, 10^5.',
      public: false,
      answerUsername: null,
    });
  });

  it('shows a public answer to every participant, with the question but without the asker', async () => {
    expect((await api.answer(tok.root, { id: qb, cid, answer: 'Yes, one line.', public: true })).code).toBe(
      200,
    );
    const seen = (await api.list(tok.a, cid)).body.data.records;
    expect(seen[0]).toMatchObject({
      id: qb,
      question: 'Is the input one line?',
      answer: 'Yes, one line.',
      public: true,
      mine: false,
      username: null,
    });
    expect(idsOf(await api.list(tok.c, cid))).toContain(qb);
    expect(idsOf(await api.list(tok.c, cid))).not.toContain(qa);
    // The asker sees their own name; a contest admin's participant view names nobody else's private question.
    expect((await api.list(tok.b, cid)).body.data.records[0]).toMatchObject({ id: qb, mine: true });
  });

  it('counts unread answers per user and marks them read by id or all at once', async () => {
    const a = (await api.unread(tok.a, cid)).body.data;
    expect(a).toMatchObject({ count: 2, unanswered: null });
    expect(a.ids.sort()).toEqual([qa, qb].sort());
    expect(a.records[0]).toMatchObject({ unread: true });
    const c = (await api.unread(tok.c, cid)).body.data;
    expect(c).toMatchObject({ count: 1, ids: [qb] });
    const marked = await api.markRead(tok.a, cid, [qa, 999_999]);
    expect(marked.body.data).toEqual({ count: 1 });
    expect((await api.unread(tok.a, cid)).body.data).toMatchObject({ count: 1, ids: [qb] });
    expect((await api.markRead(tok.a, cid)).body.data).toEqual({ count: 1 });
    expect((await api.unread(tok.a, cid)).body.data).toMatchObject({ count: 0, ids: [] });
    expect((await api.list(tok.a, cid)).body.data.records.every((x: { unread: boolean }) => !x.unread)).toBe(
      true,
    );
    // Marking another participant's private answer read does nothing.
    expect((await api.markRead(tok.c, cid, [qa])).body.data).toEqual({ count: 0 });
    expect((await api.unread(tok.c, cid)).body.data.count).toBe(1);
  });

  it('shows an edited answer as unread again', async () => {
    expect(
      (await api.answer(tok.creator, { id: qb, cid, answer: 'Yes: one line.', public: true })).code,
    ).toBe(200);
    expect((await api.unread(tok.a, cid)).body.data).toMatchObject({ count: 1, ids: [qb] });
    expect((await api.list(tok.a, cid)).body.data.records[0]).toMatchObject({
      id: qb,
      answer: 'Yes: one line.',
      unread: true,
    });
  });

  it('tells contest admins how many questions wait for an answer', async () => {
    const r = await api.unread(tok.creator, cid);
    expect(r.code).toBe(200);
    expect(r.body.data.unanswered).toBeGreaterThanOrEqual(2); // a's general question and c's long one
    const queue = (await api.queue(tok.creator, cid, '&onlyUnanswered=true')).body.data;
    expect(queue.total).toBe(r.body.data.unanswered);
  });
});
