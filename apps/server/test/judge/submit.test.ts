import { Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeJobs, problems, submissions } from '../../src/db/schema/index.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { aPlusB, call, judgeHeaders, registerJudgehost, userWithRole } from './judge-helpers.js';

let t: TestApp;
const tok: Record<string, string> = {};
let problemId: string;
let pid: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  tok.root = await login(t.app, 'root', ROOT_PASSWORD);
  for (const [name, role] of [
    ['alice', Role.USER],
    ['bob', Role.USER],
    // Own user for the admin actions: alice has reached the cap of unfinished submissions by then.
    ['carol', Role.USER],
    ['admin1', Role.ADMIN],
    ['padmin', Role.PROBLEM_ADMIN],
    ['nosub', Role.NO_SUBMIT],
    ['nosubdis', Role.NO_SUBMIT_NO_DISCUSS],
    ['nosubmute', Role.NO_SUBMIT_MUTED],
  ] as const) {
    tok[name] = await userWithRole(t.app, t.ctx, name, role);
  }
  ({ problemId, id: pid } = await aPlusB(t.ctx));
}, 180_000);
afterAll(async () => t.close());

const submit = (who: string, payload: Record<string, unknown>) =>
  call(t.app, 'POST', '/api/submit-problem-judge', {
    token: tok[who],
    payload: { pid: problemId, language: 'C++', code: 'int main(){}', cid: 0, ...payload },
  });

describe('submit-problem-judge', () => {
  it('needs login', async () => {
    const r = await call(t.app, 'POST', '/api/submit-problem-judge', {
      payload: { pid: problemId, language: 'C++', code: 'x', cid: 0 },
    });
    expect(r.code).toBe(401);
  });

  it('refuses empty and too long code with the spec messages', async () => {
    const empty = await submit('alice', { code: '  \n\t ' });
    expect([empty.code, empty.body.msg]).toEqual([400, 'Code can not be empty']);
    const long = await submit('alice', { code: 'a'.repeat(65536) });
    expect([long.code, long.body.msg]).toEqual([400, 'Code Length can not exceed 65535']);
  });

  it('gives 403 to no-submit roles 1003, 1006, 1007', async () => {
    for (const who of ['nosub', 'nosubdis', 'nosubmute']) expect((await submit(who, {})).code).toBe(403);
  });

  it('accepts the display id or the numeric id, answers submitId and queues a job', async () => {
    const a = await submit('alice', {});
    expect(a.code).toBe(200);
    expect(a.body.data).toMatchObject({
      status: 5,
      language: 'C++',
      username: 'alice',
      displayPid: problemId,
    });
    const b = await submit('alice', { pid });
    expect(b.code).toBe(200);
    const jobs = await t.ctx.db.select().from(judgeJobs).where(eq(judgeJobs.submitId, a.body.data.submitId));
    expect(jobs).toMatchObject([{ state: 'queued', kind: 'judge', language: 'C++' }]);
  });

  it('400 for an unknown language and a language the problem does not list, 404 for an unknown contest', async () => {
    expect((await submit('alice', { language: 'Brainfuck' })).code).toBe(400);
    const c = await submit('alice', { cid: 5 });
    expect(c.code).toBe(404);
    expect(c.body.msg).toBe('The contest does not exist');
    const own = await aPlusB(t.ctx, 'ONLYPY');
    await t.ctx.db.execute(
      `INSERT INTO problem_languages (pid, lid) SELECT ${own.id}, id FROM languages WHERE name = 'Python3'`,
    );
    expect((await submit('alice', { pid: 'ONLYPY', language: 'C++' })).code).toBe(400);
    expect((await submit('alice', { pid: 'ONLYPY', language: 'Python3', code: 'print(1)' })).code).toBe(200);
  });

  it('404 for an unknown problem, 403 for a private one unless admin', async () => {
    expect((await submit('alice', { pid: 'NOPE-1' })).code).toBe(404);
    const priv = await aPlusB(t.ctx, 'PRIV1');
    await t.ctx.db.update(problems).set({ auth: 2 }).where(eq(problems.id, priv.id));
    expect((await submit('alice', { pid: 'PRIV1' })).code).toBe(403);
    expect((await submit('admin1', { pid: 'PRIV1' })).code).toBe(200);
  });

  it('limits non-contest submission frequency (429) except for super admins', async () => {
    await t.ctx.config.set('switch', { defaultSubmitInterval: 60 });
    try {
      expect((await submit('bob', {})).code).toBe(200);
      const again = await submit('bob', {});
      expect(again.code).toBe(429);
      expect(again.body.msg).toMatch(/too frequently/i);
      expect((await submit('root', {})).code).toBe(200);
      expect((await submit('root', {})).code).toBe(200);
    } finally {
      await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
    }
  });

  it('shows code to the owner and the super admin (not plain admins), to others only when shared', async () => {
    const id = (await submit('alice', { code: 'int main(){return 0;}' })).body.data.submitId;
    const see = async (who?: string) =>
      (
        await call(t.app, 'GET', `/api/get-submission-detail?submitId=${id}`, {
          token: who ? tok[who] : undefined,
        })
      ).body.data.submission.code;
    expect(await see('alice')).toBe('int main(){return 0;}');
    expect(await see('root')).toBe('int main(){return 0;}');
    expect(await see('admin1')).toBeNull();
    expect(await see('bob')).toBeNull();
    expect(await see()).toBeNull();
    await t.ctx.db.update(submissions).set({ share: true }).where(eq(submissions.id, id));
    expect(await see('bob')).toBe('int main(){return 0;}');
    const missing = await call(t.app, 'GET', '/api/get-submission-detail?submitId=999999', {
      token: tok.alice,
    });
    expect(missing.code).toBe(404);
  });

  it('check-submissions-status maps ids to status', async () => {
    const id = (await submit('alice', {})).body.data.submitId;
    const r = await call(t.app, 'POST', '/api/check-submissions-status', {
      payload: { submitIds: [id], cid: 0 },
    });
    expect(r.body.data[id]).toMatchObject({ status: 5, score: null });
  });

  it('test runs: input at most 1000 characters, result only for the owner', async () => {
    const long = await call(t.app, 'POST', '/api/submit-problem-test-judge', {
      token: tok.alice,
      payload: {
        pid: problemId,
        language: 'C++',
        code: 'int main(){}',
        type: 'public',
        userInput: 'x'.repeat(1001),
      },
    });
    expect(long.code).toBe(400);
    const ok = await call(t.app, 'POST', '/api/submit-problem-test-judge', {
      token: tok.alice,
      payload: { pid: problemId, language: 'C++', code: 'int main(){}', type: 'public', userInput: '1 2' },
    });
    expect(ok.code).toBe(200);
    const key = ok.body.data as string;
    const mine = await call(t.app, 'GET', `/api/get-test-judge-result?testJudgeKey=${key}`, {
      token: tok.alice,
    });
    expect(mine.body.data).toMatchObject({ status: 5, userInput: '1 2' });
    const other = await call(t.app, 'GET', `/api/get-test-judge-result?testJudgeKey=${key}`, {
      token: tok.bob,
    });
    expect(other.code).toBe(403);
  });
});

describe('admin judge actions', () => {
  it('rejudge is for admin roles; manual judge and cancel for the super admin only', async () => {
    const id = (await submit('carol', {})).body.data.submitId;
    expect(
      (await call(t.app, 'POST', `/api/admin/judge/rejudge?submitId=${id}`, { token: tok.carol })).code,
    ).toBe(403);
    for (const who of ['admin1', 'padmin', 'root']) {
      expect(
        (await call(t.app, 'POST', `/api/admin/judge/rejudge?submitId=${id}`, { token: tok[who] })).code,
      ).toBe(200);
    }
    const manual = (who: string, status = 0) =>
      call(t.app, 'PUT', '/api/admin/judge/manual-judge', {
        token: tok[who],
        payload: { submitId: id, status, score: 100 },
      });
    expect((await manual('admin1')).code).toBe(403);
    // Still pending: refused until judged or cancelled.
    expect((await manual('root')).code).toBe(400);
    expect(
      (await call(t.app, 'PUT', `/api/admin/judge/cancel-judge?submitId=${id}`, { token: tok.admin1 })).code,
    ).toBe(403);
    const cancel = await call(t.app, 'PUT', `/api/admin/judge/cancel-judge?submitId=${id}`, {
      token: tok.root,
    });
    expect(cancel.body.data).toMatchObject({ status: -4, isManual: true });
    const jobs = await t.ctx.db.select().from(judgeJobs).where(eq(judgeJobs.submitId, id));
    expect(jobs.every((j) => j.state === 'done')).toBe(true);
    expect(
      (await call(t.app, 'PUT', `/api/admin/judge/cancel-judge?submitId=${id}`, { token: tok.root })).code,
    ).toBe(400);
    expect((await manual('root', -4)).code).toBe(400);
    const m = await manual('root', 0);
    expect(m.body.data).toMatchObject({ status: 0, score: 100, isManual: true, judger: 'root' });
    const [p] = await t.ctx.db.select().from(problems).where(eq(problems.id, pid));
    expect(p.countAc).toBeGreaterThanOrEqual(1);
  });

  it('judge server status lists judgehosts for admins only; languages follow what judgehosts report', async () => {
    await registerJudgehost(t.app, t.ctx, 'jh-status', [
      { name: 'C++', version: '12', available: true },
      { name: 'Python3', version: '', available: false },
    ]);
    const st = await call(t.app, 'GET', '/api/admin/judge/get-judge-server-status', { token: tok.padmin });
    expect(st.body.data.judgeServerList).toMatchObject([{ id: 'jh-status', online: true, workers: 2 }]);
    expect(
      (await call(t.app, 'GET', '/api/admin/judge/get-judge-server-status', { token: tok.alice })).code,
    ).toBe(403);
    const langs = await call(t.app, 'GET', '/api/languages');
    const names = langs.body.data.map((l: { name: string }) => l.name);
    expect(names).toContain('C++');
    expect(names).not.toContain('Python3');
    expect((await submit('alice', { language: 'Python3', code: 'print(1)' })).code).toBe(400);
    expect((await call(t.app, 'GET', '/api/get-problem-languages?pid=999999')).code).toBe(404);
    // A judgehost that does not offer Python3 never leases a Python3 job.
    const lease = await call(t.app, 'POST', '/api/judge/lease', {
      headers: await judgeHeaders(t.ctx),
      payload: { judgehostId: 'jh-status', waitSeconds: 0 },
    });
    if (lease.body.data.task) expect(lease.body.data.task.language).toBe('C++');
  });

  it('the super admin edits a language; others may not', async () => {
    const list = await call(t.app, 'GET', '/api/admin/language', { token: tok.root });
    const cpp = list.body.data.find((l: { name: string }) => l.name === 'C++');
    expect(cpp.contentType).toBe('text/x-c++src');
    const put = await call(t.app, 'PUT', '/api/admin/language', {
      token: tok.root,
      payload: { id: cpp.id, description: 'GNU G++ 12', seq: 3 },
    });
    expect(put.body.data).toMatchObject({ description: 'GNU G++ 12', seq: 3 });
    expect(
      (await call(t.app, 'PUT', '/api/admin/language', { token: tok.admin1, payload: { id: cpp.id } })).code,
    ).toBe(403);
  });
});
