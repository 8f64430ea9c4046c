import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems, submissions } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeRoleUsers, problemBody, type RoleTokens } from './fixtures.js';

let t: TestApp;
let tok: RoleTokens & { uids: Record<keyof RoleTokens, string> };
const pids: Record<string, number> = {};

let make: (problemId: string, over?: Record<string, unknown>, top?: Record<string, unknown>) => Promise<void>;

beforeAll(async () => {
  t = await createTestApp();
  tok = await makeRoleUsers(t.ctx);
  make = async (problemId: string, over: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => {
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: tok.root,
      payload: problemBody(problemId, over, top),
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    pids[problemId] = r.body.data.pid;
  };
  await make('A100', { title: 'Sum of two', difficulty: 45 }, { tags: [{ name: 'math' }, { name: 'easy' }] });
  await make('A101', { title: 'Strings reversed', difficulty: 95 }, { tags: [{ name: 'strings' }] });
  await make('A102', { title: 'Hidden private', auth: 2 });
  await make('A103', { title: 'Contest only', auth: 3 });
  await make('A104', { title: 'percent_100% literal', difficulty: 45 });
  await t.ctx.db
    .update(problems)
    .set({ countTotal: 10, countAc: 4, countWa: 6 })
    .where((await import('drizzle-orm')).eq(problems.id, pids.A100));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/get-problem-list', () => {
  it('lists only public problems, sorted by id, with tags and counts', async () => {
    const r = await call(t.app, { method: 'GET', url: '/api/get-problem-list' });
    expect(r.code).toBe(200);
    const ids = r.body.data.records.map((x: { problemId: string }) => x.problemId);
    expect(ids).toEqual(['A100', 'A101', 'A104']);
    expect(r.body.data.total).toBe(3);
    expect(r.body.data.size).toBe(30);
    const a = r.body.data.records[0];
    expect(a).toMatchObject({
      pid: pids.A100,
      title: 'Sum of two',
      difficulty: 45,
      type: 0,
      total: 10,
      ac: 4,
      wa: 6,
      tle: 0,
    });
    expect(a.tags.map((x: { name: string }) => x.name).sort()).toEqual(['easy', 'math']);
    expect(a.tags[0]).toHaveProperty('color');
  });
  it('filters by keyword (problemId or title, literal %), difficulty, tag and oj', async () => {
    const kw = await call(t.app, { method: 'GET', url: '/api/get-problem-list?keyword=strings' });
    expect(kw.body.data.records.map((x: { problemId: string }) => x.problemId)).toEqual(['A101']);
    const byId = await call(t.app, { method: 'GET', url: '/api/get-problem-list?keyword=a10' });
    expect(byId.body.data.total).toBe(3);
    const pct = await call(t.app, {
      method: 'GET',
      url: `/api/get-problem-list?keyword=${encodeURIComponent('100%')}`,
    });
    expect(pct.body.data.records.map((x: { problemId: string }) => x.problemId)).toEqual(['A104']);
    const diff = await call(t.app, { method: 'GET', url: '/api/get-problem-list?difficulty=45' });
    expect(diff.body.data.total).toBe(2);
    const tags = await call(t.app, { method: 'GET', url: '/api/get-all-problem-tags?oj=ME' });
    const strings = tags.body.data.find((x: { name: string }) => x.name === 'strings');
    const byTag = await call(t.app, { method: 'GET', url: `/api/get-problem-list?tagId=${strings.id}` });
    expect(byTag.body.data.records.map((x: { problemId: string }) => x.problemId)).toEqual(['A101']);
    const remote = await call(t.app, { method: 'GET', url: '/api/get-problem-list?oj=CF' });
    expect(remote.body.data.total).toBe(0);
    const local = await call(t.app, { method: 'GET', url: '/api/get-problem-list?oj=ME&difficulty=' });
    expect(local.body.data.total).toBe(3);
  });
  it('pages with currentPage and limit, and refuses a bad difficulty with 400', async () => {
    const p2 = await call(t.app, { method: 'GET', url: '/api/get-problem-list?currentPage=2&limit=2' });
    expect(p2.body.data).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(p2.body.data.records.map((x: { problemId: string }) => x.problemId)).toEqual(['A104']);
    const bad = await call(t.app, { method: 'GET', url: '/api/get-problem-list?difficulty=hard' });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('difficulty');
  });
});

describe('GET /api/get-problem-detail', () => {
  it('gives a public problem to anyone with tags, languages, counts and myStatus -10', async () => {
    const r = await call(t.app, { method: 'GET', url: '/api/get-problem-detail?problemId=a100' });
    expect(r.code).toBe(200);
    const d = r.body.data;
    expect(d.problem).toMatchObject({
      problemId: 'A100',
      timeLimit: 1000,
      memoryLimit: 256,
      type: 0,
      isFileIO: false,
    });
    expect(d.problem.examples).toEqual([{ input: '1 2', output: '3' }]);
    expect(d.problem).not.toHaveProperty('spjCode');
    expect(d.languages.sort()).toEqual(['C', 'C++']);
    expect(d.problemCount).toMatchObject({ total: 10, ac: 4, wa: 6 });
    expect(d.myStatus).toBe(-10);
  });
  it('sends the statement rendered to safe HTML: markdown, math as MathML, hostile HTML gone', async () => {
    await make('A105', {
      title: 'Rendered',
      auth: 2, // private: the other tests' public lists stay as they are
      description:
        '## Task\n\nAdd $a_i \\le 10^9$ <b>fast</b>.<img src="x.png" onerror="alert(1)"><script>alert(2)</script>',
      input: '<p>Two numbers <a href="javascript:alert(3)">here</a>.</p>',
      output: 'The sum.',
      hint: '[x](javascript:alert(4))',
      source: '',
    });
    const r = await call(t.app, {
      method: 'GET',
      url: '/api/get-problem-detail?problemId=A105',
      token: tok.root,
    });
    expect(r.code).toBe(200);
    const h = r.body.data.statementHtml;
    expect(h.description).toContain('<h2>Task</h2>');
    expect(h.description).toContain('<b>fast</b>');
    expect(h.description).toMatch(/<math[^>]*><semantics><mrow><msub><mi>a<\/mi>/);
    expect(h.input).toContain('Two numbers');
    expect(h.output).toBe('<p>The sum.</p>');
    for (const html of Object.values(h) as string[])
      expect(html).not.toMatch(/onerror|<script|javascript:|alert\(/);
    // The source stays as written for the admin form.
    expect(r.body.data.problem.description).toContain('<script>');
  });
  it('hides private and contest problems from users (403) and shows them to every admin role', async () => {
    for (const id of ['A102', 'A103']) {
      const anon = await call(t.app, { method: 'GET', url: `/api/get-problem-detail?problemId=${id}` });
      expect(anon.code).toBe(403);
      const user = await call(t.app, {
        method: 'GET',
        url: `/api/get-problem-detail?problemId=${id}`,
        token: tok.user,
      });
      expect(user.code).toBe(403);
      for (const role of ['problemAdmin', 'admin', 'root'] as const) {
        const ok = await call(t.app, {
          method: 'GET',
          url: `/api/get-problem-detail?problemId=${id}`,
          token: tok[role],
        });
        expect(ok.code, role).toBe(200);
      }
    }
  });
  it('answers 404 for an unknown problem and 400 without problemId', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/get-problem-detail?problemId=NOPE' })).code).toBe(
      404,
    );
    const r = await call(t.app, { method: 'GET', url: '/api/get-problem-detail' });
    expect(r.code).toBe(400);
    expect(r.body.msg).toContain('problemId');
  });
});

describe('status, last AC code, random, templates', () => {
  it('get-user-problem-status: AC wins over later tries, else latest status; -10 when never; login needed', async () => {
    const base = { uid: tok.uids.user, username: 'alice', code: 'int main(){}', language: 'C++', length: 12 };
    await t.ctx.db.insert(submissions).values([
      { ...base, pid: pids.A100, displayPid: 'A100', status: -1 },
      { ...base, pid: pids.A100, displayPid: 'A100', status: 0, score: 100 },
      { ...base, pid: pids.A100, displayPid: 'A100', status: 1 },
      { ...base, pid: pids.A101, displayPid: 'A101', status: 0 },
      { ...base, pid: pids.A101, displayPid: 'A101', status: -2 },
      { ...base, pid: pids.A104, displayPid: 'A104', status: 0, cid: 7 },
    ]);
    const anon = await call(t.app, {
      method: 'POST',
      url: '/api/get-user-problem-status',
      payload: { pidList: [pids.A100] },
    });
    expect(anon.code).toBe(401);
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/get-user-problem-status',
      token: tok.user,
      payload: { pidList: [pids.A100, pids.A101, pids.A104], isContestProblemList: false },
    });
    expect(r.code).toBe(200);
    expect(r.body.data[pids.A100]).toEqual({ status: 0, score: 100 });
    expect(r.body.data[pids.A101].status).toBe(0);
    expect(r.body.data[pids.A104].status).toBe(-10);
    const c = await call(t.app, {
      method: 'POST',
      url: '/api/get-user-problem-status',
      token: tok.user,
      payload: { pidList: [pids.A104], isContestProblemList: true, cid: 7 },
    });
    // A contest list asks the contest area (test/contest/contest-seal.test.ts); contest 7 does not exist.
    expect(c.code).toBe(404);
    const bad = await call(t.app, {
      method: 'POST',
      url: '/api/get-user-problem-status',
      token: tok.user,
      payload: {},
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('pidList');
    const detail = await call(t.app, {
      method: 'GET',
      url: '/api/get-problem-detail?problemId=A100',
      token: tok.user,
    });
    expect(detail.body.data.myStatus).toBe(0);
  });
  it('get-last-ac-code gives the latest accepted code, or the spec error', async () => {
    const r = await call(t.app, {
      method: 'GET',
      url: `/api/get-last-ac-code?pid=${pids.A100}`,
      token: tok.user,
    });
    expect(r.code).toBe(200);
    expect(r.body.data).toEqual({ code: 'int main(){}', language: 'C++' });
    const none = await call(t.app, {
      method: 'GET',
      url: `/api/get-last-ac-code?pid=${pids.A102}`,
      token: tok.user,
    });
    expect(none.code).toBe(400);
    expect(none.body.msg).toBe('You have not passed the problem so you cannot get the code passed recently');
    expect((await call(t.app, { method: 'GET', url: `/api/get-last-ac-code?pid=${pids.A100}` })).code).toBe(
      401,
    );
  });
  it('get-random-problem returns a public problem id', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++)
      seen.add((await call(t.app, { method: 'GET', url: '/api/get-random-problem' })).body.data.problemId);
    for (const s of seen) expect(['A100', 'A101', 'A104']).toContain(s);
  });
  it('get-problem-code-template gives enabled templates to users, all to admins; private problems 403', async () => {
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/problem',
      token: tok.admin,
      payload: problemBody(
        'A101',
        { id: pids.A101, title: 'Strings reversed' },
        {
          codeTemplates: [
            { language: 'C++', code: '// cpp start', status: true },
            { language: 'C', code: '/* c */', status: false },
          ],
        },
      ),
    });
    expect(put.code, JSON.stringify(put.body)).toBe(200);
    const user = await call(t.app, { method: 'GET', url: `/api/get-problem-code-template?pid=${pids.A101}` });
    expect(user.body.data.map((x: { language: string }) => x.language)).toEqual(['C++']);
    const adm = await call(t.app, {
      method: 'GET',
      url: `/api/get-problem-code-template?pid=${pids.A101}`,
      token: tok.problemAdmin,
    });
    expect(adm.body.data).toHaveLength(2);
    const detail = await call(t.app, { method: 'GET', url: '/api/get-problem-detail?problemId=A101' });
    expect(detail.body.data.codeTemplate).toEqual({ 'C++': '// cpp start' });
    expect(
      (await call(t.app, { method: 'GET', url: `/api/get-problem-code-template?pid=${pids.A102}` })).code,
    ).toBe(403);
  });
});
