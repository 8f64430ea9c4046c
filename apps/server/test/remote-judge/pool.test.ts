import { Writable } from 'node:stream';
import { JudgeStatus, Role } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { newExtensionPoints } from '../../src/app-events.js';
import { judgeJobs, languages, remoteJudgeAccounts, submissions } from '../../src/db/schema/index.js';
import { sealingKey, unseal } from '../../src/lib/secret-box.js';
import { sweepExpiredLeases } from '../../src/modules/judge/queue.js';
import { createProblem } from '../../src/modules/problem/problem.store.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { call, judgeHeaders, registerJudgehost, userWithRole } from '../judge/judge-helpers.js';

/** The catalogue key of an error answer. */
const msgKey = (r: { body: unknown }) => (r.body as { msgKey?: string }).msgKey;

/**
 * The remote-judge account pool and remote jobs through the real app and database (issue 27): accounts CRUD with
 * the password in no answer and no log line and sealed at rest, the 400 without accounts, remote jobs leased only by
 * remote-capable judgehosts with a claimed account, one submission per account at a time, release on result and on
 * a lapsed lease, Submitted Failed and resubmit, the POJ rejudge on its original account, test runs refused.
 */
let t: TestApp;
let logged: FastifyInstance | null = null;
const logLines: string[] = [];
let root: string;

const SECRET_A = 'Pa55-word-Alpha!';
const SECRET_B = 'Pa55-word-Bravo!';
const SECRET_C = 'Pa55-word-Charlie!';

beforeEach(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  root = await login(t.app, 'root', ROOT_PASSWORD);
  await registerJudgehost(t.app, t.ctx, 'jh-local');
  await registerJudgehost(t.app, t.ctx, 'jh-remote');
});
afterEach(async () => {
  await logged?.close();
  logged = null;
  await t.close();
});

/** A second app on the same database whose logger writes every request (trace level) into logLines. */
async function loggedApp(): Promise<FastifyInstance> {
  logLines.length = 0;
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  const app = await buildApp({
    ctx: { ...t.ctx, ...newExtensionPoints() },
    logger: { level: 'trace', stream: sink },
  });
  await app.ready();
  logged = app;
  return app;
}

/** A remote problem of `oj` (no test data) and the name of one of that OJ's languages. */
async function remoteProblem(oj: string, siteId: string) {
  const [lang] = await t.ctx.db.select().from(languages).where(eq(languages.oj, oj)).limit(1);
  const language =
    lang?.name ??
    (
      await t.ctx.db
        .insert(languages)
        .values({ name: `${oj} C++`, oj, compileCommand: '1' })
        .returning()
    )[0].name;
  const p = await createProblem(t.ctx.db, {
    problem: {
      title: `${oj} ${siteId}`,
      problemId: `${oj}-${siteId}`,
      isRemote: true,
      remoteOj: oj,
      remoteProblemId: siteId,
      isUploadCase: false,
    },
    testcases: [],
  });
  return { ...p, language };
}

const addAccount = async (oj: string, username: string, password: string, app = t.app) =>
  call(app, 'POST', '/api/admin/remote-judge/account', { token: root, payload: { oj, username, password } });

const submit = async (pid: string, language: string, token = root) =>
  call(t.app, 'POST', '/api/submit-problem-judge', {
    token,
    payload: { pid, language, code: 'int main(){return 0;}', cid: 0, isRemote: true },
  });

async function lease(judgehostId: string, remote: boolean) {
  const r = await call(t.app, 'POST', '/api/judge/lease', {
    headers: await judgeHeaders(t.ctx),
    payload: { judgehostId, waitSeconds: 0, ...(remote ? { remote: true } : {}) },
  });
  expect(r.code).toBe(200);
  return r.body.data.task;
}

async function report(
  judgehostId: string,
  task: { jobId: number; version: number; remote: { account: { id: number } } },
  status: number,
  runId: string | null,
) {
  const r = await call(t.app, 'POST', '/api/judge/result', {
    headers: await judgeHeaders(t.ctx),
    payload: {
      judgehostId,
      jobId: task.jobId,
      version: task.version,
      status,
      score: null,
      oiRankScore: null,
      time: status === 0 ? 15 : 0,
      memory: status === 0 ? 1024 : 0,
      errorMessage: status === JudgeStatus.SUBMITTED_FAILED ? 'the site refused the submission' : null,
      cases: [],
      remote: { runId, accountId: task.remote.account.id },
    },
  });
  expect(r.body).toMatchObject({ status: 200, data: { accepted: true } });
}

const accountRow = async (id: number) =>
  (await t.ctx.db.select().from(remoteJudgeAccounts).where(eq(remoteJudgeAccounts.id, id)))[0];

describe('judging accounts (System Config)', () => {
  it('adds, lists, edits and deletes; the password is in no answer, no log line, and sealed at rest', async () => {
    const logged = await loggedApp();
    const bodies: string[] = [];
    const added = await addAccount('HDU', 'hdu-bot', SECRET_A, logged);
    bodies.push(JSON.stringify(added.body));
    expect(added.code).toBe(200);
    const id = added.body.data.id as number;
    expect(added.body.data).toMatchObject({ oj: 'HDU', username: 'hdu-bot', enabled: true, busy: false });

    const dup = await addAccount('HDU', 'hdu-bot', SECRET_B, logged);
    expect(msgKey(dup)).toBe('remoteJudge.accountExists');
    expect(dup.code).toBe(400);
    bodies.push(JSON.stringify(dup.body));

    const edited = await call(logged, 'PUT', '/api/admin/remote-judge/account', {
      token: root,
      payload: { id, password: SECRET_B, enabled: false },
    });
    expect(edited.code).toBe(200);
    expect(edited.body.data.enabled).toBe(false);
    bodies.push(JSON.stringify(edited.body));
    const list = await call(logged, 'GET', '/api/admin/remote-judge/accounts?oj=HDU', { token: root });
    expect(list.body.data).toHaveLength(1);
    bodies.push(JSON.stringify(list.body));

    // At rest: the column holds neither password, and opens to the new one with the data dir's key.
    const row = await accountRow(id);
    expect(row.passwordEnc).not.toContain(SECRET_A);
    expect(row.passwordEnc).not.toContain(SECRET_B);
    expect(row.passwordEnc).not.toContain(Buffer.from(SECRET_B).toString('base64'));
    expect(unseal(sealingKey(t.ctx), row.passwordEnc)).toBe(SECRET_B);

    // Not even in the sealed form, nor under any name, in any answer; nor in the trace log of the requests.
    for (const b of bodies) {
      expect(b).not.toContain(SECRET_A);
      expect(b).not.toContain(SECRET_B);
      expect(b).not.toContain(row.passwordEnc);
      expect(b).not.toMatch(/password/i);
    }
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      expect(line).not.toContain(SECRET_A);
      expect(line).not.toContain(SECRET_B);
    }

    const del = await call(logged, 'DELETE' as 'GET', `/api/admin/remote-judge/account?id=${id}`, {
      token: root,
    });
    expect(del.code).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/remote-judge/accounts', { token: root })).body.data).toEqual(
      [],
    );
    const again = await call(t.app, 'DELETE' as 'GET', `/api/admin/remote-judge/account?id=${id}`, {
      token: root,
    });
    expect(again.code).toBe(404);
  });

  it('is for the super admin only', async () => {
    const admin = await userWithRole(t.app, t.ctx, 'an-admin', Role.ADMIN);
    const r = await call(t.app, 'GET', '/api/admin/remote-judge/accounts', { token: admin });
    expect(r.code).toBe(403);
    const add = await call(t.app, 'POST', '/api/admin/remote-judge/account', {
      token: admin,
      payload: { oj: 'CF', username: 'x', password: 'y' },
    });
    expect(add.code).toBe(403);
    expect(await t.ctx.db.select().from(remoteJudgeAccounts)).toEqual([]);
  });
});

describe('remote submissions', () => {
  it('is a clear 400 at submit time when the OJ has no enabled account', async () => {
    const p = await remoteProblem('HDU', '1000');
    const none = await submit(p.problemId, p.language);
    expect(none.code).toBe(400);
    expect(msgKey(none)).toBe('remoteJudge.noAccount');
    const acc = await addAccount('HDU', 'hdu-off', SECRET_A);
    await call(t.app, 'PUT', '/api/admin/remote-judge/account', {
      token: root,
      payload: { id: acc.body.data.id, enabled: false },
    });
    expect(msgKey(await submit(p.problemId, p.language))).toBe('remoteJudge.noAccount');
    expect(await t.ctx.db.select().from(submissions)).toEqual([]);
  });

  it('goes only to remote-capable judgehosts, with a claimed account; GYM takes a CF account', async () => {
    const p = await remoteProblem('GYM', '100001A');
    const acc = (await addAccount('CF', 'cf-bot', SECRET_C)).body.data;
    const s = await submit(p.problemId, p.language);
    expect(s.code).toBe(200);
    const [row] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, s.body.data.submitId));
    expect(row.isRemote).toBe(true);

    expect(await lease('jh-local', false)).toBeNull();
    const task = await lease('jh-remote', true);
    expect(task.submitId).toBe(row.id);
    expect(task.testcases).toEqual([]);
    expect(task.remote).toEqual({
      oj: 'GYM',
      problemId: '100001A',
      account: { id: acc.id, username: 'cf-bot', password: SECRET_C },
      previousRunId: null,
    });
    const held = await accountRow(acc.id);
    expect(held.busyJobId).toBe(task.jobId);
    expect(held.busySubmitId).toBe(row.id);
    // The account list shows it busy, still without the password.
    const list = await call(t.app, 'GET', '/api/admin/remote-judge/accounts', { token: root });
    expect(list.body.data[0].busy).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain(SECRET_C);

    await report('jh-remote', task, JudgeStatus.ACCEPTED, '987654');
    const [done] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, row.id));
    expect(done).toMatchObject({
      status: JudgeStatus.ACCEPTED,
      remoteRunId: '987654',
      remoteAccountId: acc.id,
    });
    expect((await accountRow(acc.id)).busyJobId).toBeNull();
  });

  it('never gives one account to two submissions at once: the second waits in the queue', async () => {
    const p = await remoteProblem('HDU', '1001');
    const acc = (await addAccount('HDU', 'hdu-one', SECRET_A)).body.data;
    const s1 = (await submit(p.problemId, p.language)).body.data.submitId;
    const s2 = (await submit(p.problemId, p.language)).body.data.submitId;
    const first = await lease('jh-remote', true);
    expect(first.submitId).toBe(s1);
    expect(await lease('jh-local', true)).toBeNull();
    const [queued] = await t.ctx.db.select().from(judgeJobs).where(eq(judgeJobs.submitId, s2));
    expect(queued.state).toBe('queued');

    await report('jh-remote', first, JudgeStatus.WRONG_ANSWER, '1');
    const second = await lease('jh-local', true);
    expect(second.submitId).toBe(s2);
    expect(second.remote.account.id).toBe(acc.id);
  });

  it('frees the account when the lease lapses (the sweeper) and the job is leased again', async () => {
    const p = await remoteProblem('SPOJ', 'TEST');
    const acc = (await addAccount('SPOJ', 'spoj-bot', SECRET_A)).body.data;
    await submit(p.problemId, p.language);
    const task = await lease('jh-remote', true);
    expect((await accountRow(acc.id)).busyJobId).toBe(task.jobId);
    await t.ctx.db.execute(
      sql`UPDATE judge_jobs SET lease_expires = now() - interval '1 second' WHERE id = ${task.jobId}`,
    );
    const swept = await sweepExpiredLeases(t.ctx.db);
    expect(swept.requeued).toBe(1);
    expect((await accountRow(acc.id)).busyJobId).toBeNull();
    const again = await lease('jh-local', true);
    expect(again.jobId).toBe(task.jobId);
    expect(again.remote.account.id).toBe(acc.id);
  });

  it('Submitted Failed: the owner resubmits, the job is queued for a remote judgehost again', async () => {
    const p = await remoteProblem('AC', 'abc001_a');
    await addAccount('AC', 'ac-bot', SECRET_A);
    const owner = await userWithRole(t.app, t.ctx, 'owner1', Role.USER);
    const other = await userWithRole(t.app, t.ctx, 'other1', Role.USER);
    const id = (await submit(p.problemId, p.language, owner)).body.data.submitId;
    const task = await lease('jh-remote', true);
    await report('jh-remote', task, JudgeStatus.SUBMITTED_FAILED, null);
    const [failed] = await t.ctx.db.select().from(submissions).where(eq(submissions.id, id));
    expect(failed.status).toBe(JudgeStatus.SUBMITTED_FAILED);

    expect((await call(t.app, 'GET', `/api/resubmit?submitId=${id}`, { token: other })).code).toBe(403);
    const r = await call(t.app, 'GET', `/api/resubmit?submitId=${id}`, { token: owner });
    expect(r.code).toBe(200);
    expect(r.body.data.status).toBe(JudgeStatus.PENDING);
    expect(await lease('jh-local', false)).toBeNull();
    const again = await lease('jh-remote', true);
    expect(again.submitId).toBe(id);
    expect(again.version).toBe(task.version + 1);
    expect(again.remote.previousRunId).toBeNull();
  });

  it('a POJ rejudge waits for the original account and carries the run id', async () => {
    const p = await remoteProblem('POJ', '1000');
    const a = (await addAccount('POJ', 'poj-a', SECRET_A)).body.data;
    const id = (await submit(p.problemId, p.language)).body.data.submitId;
    const task = await lease('jh-remote', true);
    expect(task.remote.account.id).toBe(a.id);
    await report('jh-remote', task, JudgeStatus.WRONG_ANSWER, 'r-77');
    // A second account, never used: the least recently used one a fresh submission would get.
    const b = (await addAccount('POJ', 'poj-b', SECRET_B)).body.data;
    const rj = await call(t.app, 'POST', `/api/admin/judge/rejudge?submitId=${id}`, { token: root });
    expect(rj.code).toBe(200);
    const again = await lease('jh-remote', true);
    expect(again.remote).toMatchObject({ oj: 'POJ', previousRunId: 'r-77', account: { id: a.id } });
    expect((await accountRow(b.id)).busyJobId).toBeNull();
  });

  it('a remote problem cannot be test-run, whatever isRemoteJudge says', async () => {
    const p = await remoteProblem('HDU', '1002');
    await addAccount('HDU', 'hdu-t', SECRET_A);
    const r = await call(t.app, 'POST', '/api/submit-problem-test-judge', {
      token: root,
      payload: {
        pid: p.problemId,
        language: p.language,
        code: 'x',
        type: 'public',
        userInput: '1',
        isRemoteJudge: false,
      },
    });
    expect(r.code).toBe(400);
    expect(msgKey(r)).toBe('submission.testRunRemote');
  });
});
