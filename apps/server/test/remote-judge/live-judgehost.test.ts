import { adapterFor } from '@oj/remote-judge';
import { type Replicas, startReplicas } from '@oj/remote-judge/testing';
import { JudgeStatus, type RemoteOjName, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProblem, createContest } from '../contest/contest-fixtures.js';
import { join, makeGroup } from '../group/group-fixtures.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { call, userWithRole } from '../judge/judge-helpers.js';
import { type LiveJudgehost, listen, startJudgehost, tokenOf, waitJudged } from '../judge/live.js';

/**
 * Remote judging end to end (issue 27): the real app, a real judgehost process started with OJ_REMOTE_JUDGE=true,
 * and the local replicas of the six sites (OJ_REMOTE_<OJ>_URL). Accounts are added through the back-office API,
 * problems imported through import-remote-problem, submissions made through submit-problem-judge; the verdict comes
 * from the replica through the judgehost. Checked against the replicas only (docs/remote-judges.md).
 */
const SECRET = 'Pool-Secret-7f3Kq!';
const PROBLEMS: Record<RemoteOjName, string> = {
  HDU: '1000',
  POJ: '1000',
  CF: '1A',
  GYM: '100001A',
  AC: 'abc001_a',
  SPOJ: 'TEST',
};
const OJS = Object.keys(PROBLEMS) as RemoteOjName[];
const SET_ENV: Record<string, string> = {
  OJ_REMOTE_JUDGE: 'true',
  OJ_REMOTE_POLL_MS: '50',
  OJ_REMOTE_MAX_POLLS: '40',
};

let t: TestApp;
let replicas: Replicas;
let host: LiveJudgehost;
let root: string;
let user: string;
let user2: string;
const answers: string[] = [];
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  replicas = await startReplicas();
  const env: Record<string, string> = { ...SET_ENV };
  for (const [oj, url] of Object.entries(replicas.urls)) env[`OJ_REMOTE_${oj}_URL`] = url;
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  root = await login(t.app, 'root', ROOT_PASSWORD);
  user = await userWithRole(t.app, t.ctx, 'remote-user', Role.USER);
  // A user may have 5 submissions waiting: the six OJs' first submissions come from two users.
  user2 = await userWithRole(t.app, t.ctx, 'remote-user2', Role.USER);
  for (const oj of OJS) {
    replicas.addAccount(oj, 'bot', SECRET);
    if (oj === 'GYM') continue; // GYM uses CF's accounts
    const r = await call(t.app, 'POST', '/api/admin/remote-judge/account', {
      token: root,
      payload: { oj, username: 'bot', password: SECRET },
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    answers.push(JSON.stringify(r.body));
  }
  for (const oj of OJS) {
    const r = await call(
      t.app,
      'GET',
      `/api/admin/import-remote-problem?name=${oj}&problemId=${PROBLEMS[oj]}`,
      {
        token: root,
      },
    );
    expect(r.code, JSON.stringify(r.body)).toBe(200);
  }
  host = startJudgehost(await listen(t.app), await tokenOf(t), { workers: 1 });
}, 120_000);

afterAll(async () => {
  await host?.stop();
  await t?.close();
  await replicas?.close();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** Submits `code` to the OJ's imported problem (in the OJ's first language) as the user; returns the submit id. */
async function submit(oj: RemoteOjName, code: string, token = user): Promise<number> {
  const r = await call(t.app, 'POST', '/api/submit-problem-judge', {
    token,
    payload: {
      pid: `${oj}-${PROBLEMS[oj]}`,
      language: adapterFor(oj).languages()[0].name,
      code,
      cid: 0,
      isRemote: true,
    },
  });
  expect(r.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data.submitId;
}

describe('remote judging through the app and a real judgehost', () => {
  it('a submission to each of the six OJs gets the site verdict, time and memory', async () => {
    for (const oj of OJS) replicas.setVerdictScript(oj, { verdict: 'AC', time: 62, memory: 4096 });
    const ids = await Promise.all(
      OJS.map((oj, i) => submit(oj, `int main(){return ${i};}`, i % 2 ? user2 : user)),
    );
    for (const [i, id] of ids.entries()) {
      const s = await waitJudged(t.app, i % 2 ? user2 : user, id, 90_000).catch((e) => {
        throw new Error(`${e}\njudgehost: ${host.output().slice(-3000)} exit ${host.child.exitCode}`);
      });
      expect({ oj: OJS[i], status: s.status }).toEqual({ oj: OJS[i], status: JudgeStatus.ACCEPTED });
      expect(s.time).toBe(OJS[i] === 'SPOJ' ? 60 : 62);
      expect(s.memory).toBe(4096);
    }
    for (const oj of OJS) expect(replicas.submissions(oj).some((x) => x.user === 'bot')).toBe(true);
  });

  it('wrong answer, compile error with its message, and an expired session logged in again', async () => {
    replicas.setVerdictScript('HDU', (s) =>
      s.code.includes('ce') ? { verdict: 'CE', compileError: 'hdu: expected ;' } : { verdict: 'WA' },
    );
    replicas.expireSessions('HDU');
    const wa = await submit('HDU', 'wa');
    expect((await waitJudged(t.app, user, wa, 60_000)).status).toBe(JudgeStatus.WRONG_ANSWER);
    const ce = await submit('HDU', 'ce');
    const s = await waitJudged(t.app, user, ce, 60_000);
    expect(s.status).toBe(JudgeStatus.COMPILE_ERROR);
    const detail = await call(t.app, 'GET', `/api/get-submission-detail?submitId=${ce}`, { token: user });
    expect(JSON.stringify(detail.body)).toContain('hdu: expected ;');
    answers.push(JSON.stringify(detail.body));
  });

  it('Submitted Failed when the site refuses the code; the owner resubmits and gets the verdict', async () => {
    replicas.setVerdictScript('AC', { verdict: 'AC' });
    replicas.failNextSubmit('AC', 'error');
    const id = await submit('AC', 'refused once');
    expect((await waitJudged(t.app, user, id, 60_000)).status).toBe(JudgeStatus.SUBMITTED_FAILED);
    const r = await call(t.app, 'GET', `/api/resubmit?submitId=${id}`, { token: user });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    expect((await waitJudged(t.app, user, id, 60_000)).status).toBe(JudgeStatus.ACCEPTED);
  });

  it('from a contest page: an OI contest’s remote problem is judged on its site and scores 100 on the board', async () => {
    replicas.setVerdictScript('CF', { verdict: 'AC', time: 31, memory: 1024 });
    const cid = await createContest(t.app, root, { title: 'Remote OI', type: 1, openRank: true });
    const found = await call(t.app, 'GET', '/api/get-problem-list?keyword=CF-1A', { token: root });
    const pid = found.body.data.records.find((p: { problemId: string }) => p.problemId === 'CF-1A')?.pid;
    expect(pid, JSON.stringify(found.body)).toBeTypeOf('number');
    await addProblem(t.app, root, cid, pid, 'A');
    // As the contest's problem page sends it: the display id and the contest.
    const r = await call(t.app, 'POST', '/api/submit-problem-judge', {
      token: user,
      payload: { pid: 'A', cid, language: adapterFor('CF').languages()[0].name, code: 'int main(){}' },
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    const s = await waitJudged(t.app, user, r.body.data.submitId, 60_000);
    expect(s.status).toBe(JudgeStatus.ACCEPTED);
    expect(replicas.submissions('CF').some((x) => x.user === 'bot')).toBe(true);
    const board = await call(t.app, 'POST', '/api/get-contest-rank', {
      token: user,
      payload: { cid, currentPage: 1, limit: 50, forceRefresh: true },
    });
    expect(board.code, JSON.stringify(board.body)).toBe(200);
    const row = board.body.data.records.find((x: { username: string }) => x.username === 'remote-user');
    expect(row?.submissionInfo?.A, JSON.stringify(board.body.data.records)).toBe(100);
    expect(row?.totalScore).toBe(100);
  });

  it('from a group: a member submits to a group contest’s remote problem and gets the site’s verdict', async () => {
    replicas.setVerdictScript('POJ', { verdict: 'WA' });
    const group = await makeGroup(t.app, root);
    const joined = await join(t.app, user2, group.id);
    expect(joined.code, JSON.stringify(joined.body)).toBe(200);
    const c = await call(t.app, 'POST', '/api/group/contest', {
      token: root,
      payload: {
        title: 'Group remote',
        description: 'x',
        type: 0,
        auth: 0,
        startTime: new Date(Date.now() - 60_000).toISOString(),
        endTime: new Date(Date.now() + 3_600_000).toISOString(),
        gid: group.id,
      },
    });
    expect(c.code, JSON.stringify(c.body)).toBe(200);
    const cid = c.body.data.cid;
    const found = await call(t.app, 'GET', '/api/get-problem-list?keyword=POJ-1000', { token: root });
    const pid = found.body.data.records.find((p: { problemId: string }) => p.problemId === 'POJ-1000')?.pid;
    const add = await call(t.app, 'POST', '/api/group/add-contest-problem-from-public', {
      token: root,
      payload: { cid, pid, displayId: 'A' },
    });
    expect(add.code, JSON.stringify(add.body)).toBe(200);
    const r = await call(t.app, 'POST', '/api/submit-problem-judge', {
      token: user2,
      payload: { pid: 'A', cid, language: adapterFor('POJ').languages()[0].name, code: 'int main(){}' },
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    const s = await waitJudged(t.app, user2, r.body.data.submitId, 60_000);
    expect(s.status).toBe(JudgeStatus.WRONG_ANSWER);
  });

  it('the pool password is in no API answer and no judgehost log line', async () => {
    const list = await call(t.app, 'GET', '/api/admin/remote-judge/accounts', { token: root });
    answers.push(JSON.stringify(list.body));
    for (const a of answers) expect(a).not.toContain(SECRET);
    expect(host.output()).toContain('remote');
    expect(host.output()).not.toContain(SECRET);
  });
});
