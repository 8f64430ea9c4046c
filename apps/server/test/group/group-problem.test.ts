import { ApplyPublicProgress, GroupAuth, GroupMemberAuth, JudgeStatus, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerJudgehost } from '../judge/judge-helpers.js';
import { makeUser, problemBody } from '../problem/fixtures.js';
import { type FakeCase, judgeWithData } from '../security/security-helpers.js';
import { groupBody, join, makeGroup, req, setLevel } from './group-fixtures.js';

// Issue 13: a group problem, its test data, code and submissions never show outside its group through any list,
// detail or download route (the checks of test/security/private-problem.test.ts and case-data.test.ts, extended
// to group problems); inside, members see the public ones and admins all; apply-public both outcomes.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};
let gid = 0;
let shortName = '';
/** The group's public (auth 1) and private (auth 2) problems: numeric ids and problem ids. */
const pub = { pid: 0, problemId: '' };
const priv = { pid: 0, problemId: '' };
/** ann's wrong answer (case 3 of 4 fails) on the public group problem. */
let annWa = 0;

const AC = JudgeStatus.ACCEPTED;
const WA = JudgeStatus.WRONG_ANSWER;
const CASES: FakeCase[] = [1, 2, 3, 4].map((i) => ({
  status: i === 3 ? WA : AC,
  inputData: `secret input ${i}`,
  outputData: `secret answer ${i}`,
  userOutput: `user output ${i}`,
  message: `checker says ${i}`,
}));
const CODE = 'int main(){ /* the secret solution */ }';

/** Everyone outside the group: no token, a stranger, a problem admin, a plain site admin, an applicant. */
const OUTSIDERS = ['anonymous', 'stranger', 'pa', 'siteAdmin', 'applicant'] as const;
const tokenOf = (who: string) => (who === 'anonymous' ? undefined : u[who].token);

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', {
    defaultSubmitInterval: 0,
    defaultCreateGroupACInitValue: 0,
    defaultCreateGroupDailyLimit: 100,
  });
  for (const n of ['teacher', 'ann', 'ben', 'stranger', 'applicant'])
    u[n] = await makeUser(t.ctx, n, Role.USER);
  u.pa = await makeUser(t.ctx, 'pa', Role.PROBLEM_ADMIN);
  u.siteAdmin = await makeUser(t.ctx, 'siteadm', Role.ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
  u.assistant = await makeUser(t.ctx, 'assistant', Role.USER);
  await registerJudgehost(t.app, t.ctx, 'jh');
  const g = await makeGroup(t.app, u.teacher.token, groupBody(GroupAuth.PROTECTED));
  gid = g.id;
  shortName = g.shortName;
  for (const n of ['ann', 'ben', 'assistant', 'applicant']) {
    await join(t.app, u[n].token, gid, { reason: 'I am in the class' });
  }
  for (const n of ['ann', 'ben', 'assistant']) await setLevel(t.app, u.teacher.token, gid, u[n].uid, 3);
  await setLevel(t.app, u.teacher.token, gid, u.assistant.uid, GroupMemberAuth.ADMIN);
  const four = [1, 2, 3, 4].map((i) => ({ input: `in ${i}\n`, output: `out ${i}\n` }));
  const mk = async (id: string, auth: number) => {
    const r = await req(t.app, 'POST', '/api/group/problem', {
      token: u.teacher.token,
      payload: problemBody(
        id,
        { gid, auth, title: `Secret title ${id}`, openCaseResult: true },
        { samples: four },
      ),
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    return { pid: r.body.data.pid as number, problemId: r.body.data.problemId as string };
  };
  Object.assign(pub, await mk('1001', 1));
  Object.assign(priv, await mk('1002', 2));
  const s = await req(t.app, 'POST', '/api/submit-problem-judge', {
    token: u.ann.token,
    payload: { pid: pub.problemId, language: 'C++', code: CODE, gid },
  });
  expect(s.code, JSON.stringify(s.body)).toBe(200);
  annWa = await judgeWithData(t.app, t.ctx, WA, CASES);
});
afterAll(async () => t?.close());

describe('group problems: ids and who creates them', () => {
  it('prefixes problem ids with the short name; only group admins create', async () => {
    expect(pub.problemId).toBe(`${shortName}1001`);
    const again = await req(t.app, 'POST', '/api/group/problem', {
      token: u.assistant.token,
      payload: problemBody(`${shortName}2001`, { gid }),
    });
    expect(again.body.data.problemId).toBe(`${shortName}2001`);
    for (const who of ['ann', 'stranger', 'siteAdmin', 'pa']) {
      const r = await req(t.app, 'POST', '/api/group/problem', {
        token: u[who].token,
        payload: problemBody('3001', { gid }),
      });
      expect(r.code, who).toBe(403);
    }
    // The assistant (group admin) wrote 2001: they edit it; the root edits all; the assistant cannot edit 1001.
    const edit = (who: string, id: number, problemId: string) =>
      req(t.app, 'PUT', '/api/group/problem', {
        token: u[who].token,
        payload: problemBody(problemId, { id, gid, title: 'Edited' }),
      });
    expect((await edit('assistant', again.body.data.pid, '2001')).code).toBe(200);
    expect((await edit('assistant', pub.pid, '1001')).code).toBe(403);
    expect((await edit('teacher', again.body.data.pid, '2001')).code).toBe(200);
    // A site admin's problem edit never reaches a group problem.
    const site = await req(t.app, 'PUT', '/api/admin/problem', {
      token: u.siteAdmin.token,
      payload: problemBody(pub.problemId, { id: pub.pid }),
    });
    expect(site.code).toBe(403);
  });
});

describe('outside the group nothing shows (every list, detail and download route)', () => {
  it('lists: the main problem list, the status list, the admin problem list, check-submissions-status', async () => {
    for (const who of OUTSIDERS) {
      const token = tokenOf(who);
      const list = await req(t.app, 'GET', `/api/get-problem-list?limit=300&keyword=${shortName}`, { token });
      expect(list.body.data.records, who).toEqual([]);
      const status = await req(t.app, 'GET', '/api/get-submission-list?limit=100', { token });
      expect(
        status.body.data.records.map((r: { submitId: number }) => r.submitId),
        who,
      ).not.toContain(annWa);
      const groupStatus = await req(t.app, 'GET', `/api/get-submission-list?gid=${gid}`, { token });
      expect(groupStatus.code, who).toBe(who === 'anonymous' ? 401 : 403);
      const check = await req(t.app, 'POST', '/api/check-submissions-status', {
        token,
        payload: { submitIds: [annWa] },
      });
      expect(check.body.data, who).toEqual({});
      if (who === 'pa' || who === 'siteAdmin') {
        const admin = await req(
          t.app,
          'GET',
          `/api/admin/problem/get-problem-list?limit=300&keyword=${shortName}`,
          {
            token,
          },
        );
        expect(admin.body.data.records, who).toEqual([]);
      }
    }
  });

  it('details: problem, templates, languages, submission, case results; and submitting', async () => {
    for (const who of OUTSIDERS) {
      const token = tokenOf(who);
      const refused = (code: number) => expect([401, 403, 404], `${who}: ${code}`).toContain(code);
      for (const p of [pub, priv]) {
        refused(
          (await req(t.app, 'GET', `/api/get-problem-detail?problemId=${p.problemId}`, { token })).code,
        );
        refused(
          (await req(t.app, 'GET', `/api/get-problem-detail?problemId=${p.problemId}&gid=${gid}`, { token }))
            .code,
        );
        refused((await req(t.app, 'GET', `/api/get-problem-code-template?pid=${p.pid}`, { token })).code);
        refused((await req(t.app, 'GET', `/api/get-problem-languages?pid=${p.pid}`, { token })).code);
      }
      const detail = await req(t.app, 'GET', `/api/get-submission-detail?submitId=${annWa}`, { token });
      refused(detail.code);
      expect(JSON.stringify(detail.body)).not.toMatch(/Secret title|secret solution/);
      const cases = await req(t.app, 'GET', `/api/get-all-case-result?submitId=${annWa}`, { token });
      refused(cases.code);
      expect(JSON.stringify(cases.body)).not.toContain('secret');
      if (who !== 'anonymous') {
        const submit = await req(t.app, 'POST', '/api/submit-problem-judge', {
          token,
          payload: { pid: pub.problemId, language: 'C++', code: CODE, gid },
        });
        expect(submit.code, who).toBe(403);
        const practice = await req(t.app, 'POST', '/api/submit-problem-judge', {
          token,
          payload: { pid: pub.problemId, language: 'C++', code: CODE },
        });
        expect(practice.code, who).toBe(403);
        const test = await req(t.app, 'POST', '/api/submit-problem-test-judge', {
          token,
          payload: { pid: pub.problemId, language: 'C++', code: CODE, userInput: '1', type: 'group' },
        });
        expect(test.code, who).toBe(403);
      }
    }
  });

  it('test data: the case download, the wrong-case download, admin and group case lists, the admin editor', async () => {
    for (const who of OUTSIDERS) {
      const token = tokenOf(who);
      const refused = (code: number, what: string) =>
        expect([401, 403, 404], `${who} ${what}: ${code}`).toContain(code);
      const urls = [
        `/api/file/download-testcase?pid=${pub.pid}`,
        `/api/file/download-testcase-one?submitId=${annWa}`,
        `/api/file/export-problem?pid=${pub.pid}`,
        `/api/admin/problem?pid=${pub.pid}`,
        `/api/admin/problem/get-problem-cases?pid=${pub.pid}`,
        `/api/group/problem?pid=${pub.pid}`,
        `/api/group/get-problem-cases?pid=${pub.pid}`,
        `/api/group/get-problem-list?gid=${gid}`,
        `/api/group/get-admin-problem-list?gid=${gid}`,
      ];
      for (const url of urls) {
        const r = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
        refused(r.statusCode, url);
        expect(r.body).not.toMatch(/secret|in 1|out 1/);
      }
    }
  });

  it("the user home's solved list leaves the group problem out for outsiders", async () => {
    const s = await req(t.app, 'POST', '/api/submit-problem-judge', {
      token: u.ben.token,
      payload: { pid: pub.problemId, language: 'C++', code: CODE, gid },
    });
    expect(s.code).toBe(200);
    await judgeWithData(
      t.app,
      t.ctx,
      AC,
      CASES.map((c) => ({ ...c, status: AC })),
    );
    const home = (token?: string) => req(t.app, 'GET', '/api/get-user-home-info?username=ben', { token });
    for (const who of OUTSIDERS) expect((await home(tokenOf(who))).body.data.solvedList, who).toEqual([]);
    expect((await home(u.ann.token)).body.data.solvedList).toEqual([pub.problemId]);
  });
});

describe('inside the group', () => {
  it('members see the public problem, not the private one; admins see both', async () => {
    const detail = (who: string, p: { problemId: string }) =>
      req(t.app, 'GET', `/api/get-problem-detail?problemId=${p.problemId}&gid=${gid}`, {
        token: u[who].token,
      });
    expect((await detail('ben', pub)).code).toBe(200);
    expect((await detail('ben', priv)).code).toBe(403);
    for (const who of ['assistant', 'teacher', 'boss']) expect((await detail(who, priv)).code, who).toBe(200);
    const list = await req(t.app, 'GET', `/api/group/get-problem-list?gid=${gid}`, { token: u.ben.token });
    const shown = list.body.data.records.map((r: { problemId: string }) => r.problemId);
    expect(shown).toContain(pub.problemId);
    expect(shown).not.toContain(priv.problemId);
    const admin = await req(t.app, 'GET', `/api/group/get-admin-problem-list?gid=${gid}`, {
      token: u.assistant.token,
    });
    expect(admin.body.data.records.map((r: { problemId: string }) => r.problemId)).toContain(priv.problemId);
    expect(
      (await req(t.app, 'GET', `/api/group/get-admin-problem-list?gid=${gid}`, { token: u.ben.token })).code,
    ).toBe(403);
  });

  it("the group's status list; code for the owner and the group's admins; case data as doc 2 §6 says", async () => {
    const list = await req(t.app, 'GET', `/api/get-submission-list?gid=${gid}`, { token: u.ben.token });
    expect(list.code).toBe(200);
    expect(list.body.data.records.map((r: { submitId: number }) => r.submitId)).toContain(annWa);
    const code = async (who: string) =>
      (await req(t.app, 'GET', `/api/get-submission-detail?submitId=${annWa}`, { token: u[who].token })).body
        .data.submission.code;
    expect(await code('ann')).toBe(CODE);
    expect(await code('assistant')).toBe(CODE);
    expect(await code('ben')).toBeNull();
    const data = async (who: string) =>
      (
        await req(t.app, 'GET', `/api/get-all-case-result?submitId=${annWa}`, { token: u[who].token })
      ).body.data.judgeCaseList.filter((c: { inputData: string | null }) => c.inputData != null).length;
    expect(await data('ben')).toBe(0);
    expect(await data('ann')).toBe(1);
    expect(await data('assistant')).toBe(4);
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/file/download-testcase?pid=${pub.pid}`,
      headers: { authorization: u.assistant.token },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
  });

  it('a kicked member loses it all', async () => {
    const kid = await makeUser(t.ctx, 'kid', Role.USER);
    await join(t.app, kid.token, gid, { reason: 'I am in the class' });
    await setLevel(t.app, u.teacher.token, gid, kid.uid, 3);
    const url = `/api/get-problem-detail?problemId=${pub.problemId}&gid=${gid}`;
    expect((await req(t.app, 'GET', url, { token: kid.token })).code).toBe(200);
    await req(t.app, 'DELETE', `/api/group/member?gid=${gid}&uid=${kid.uid}`, { token: u.teacher.token });
    expect((await req(t.app, 'GET', url, { token: kid.token })).code).toBe(403);
  });
});

describe('apply public (doc 3 §4)', () => {
  const progress = async (pid: number) =>
    (await req(t.app, 'GET', `/api/group/problem?pid=${pid}`, { token: u.teacher.token })).body.data
      .applyPublicProgress;
  const decide = (token: string, pid: number, p: number) =>
    req(t.app, 'PUT', '/api/admin/group-problem/change-progress', { token, payload: { pid, progress: p } });
  const apply = (token: string, pid: number, isApplied: boolean) =>
    req(t.app, 'PUT', '/api/group/apply-public', { token, payload: { pid, isApplied } });
  const mainList = async () =>
    (await req(t.app, 'GET', `/api/get-problem-list?limit=300&keyword=${shortName}`)).body.data.records.map(
      (r: { problemId: string }) => r.problemId,
    );

  it('refused: the problem stays in its group', async () => {
    expect((await apply(u.ben.token, priv.pid, true)).code).toBe(403);
    expect((await decide(u.siteAdmin.token, priv.pid, ApplyPublicProgress.REFUSED)).code).toBe(400);
    expect((await apply(u.teacher.token, priv.pid, true)).code).toBe(200);
    expect(await progress(priv.pid)).toBe(ApplyPublicProgress.APPLYING);
    expect((await apply(u.teacher.token, priv.pid, true)).code).toBe(400);
    const list = await req(t.app, 'GET', '/api/admin/group-problem/list', { token: u.siteAdmin.token });
    expect(list.body.data.records.map((r: { id: number }) => r.id)).toContain(priv.pid);
    expect((await req(t.app, 'GET', '/api/admin/group-problem/list', { token: u.ann.token })).code).toBe(403);
    // The reviewers read the statement of an application, never its test data.
    const detail = await req(t.app, 'GET', `/api/get-problem-detail?problemId=${priv.problemId}`, {
      token: u.siteAdmin.token,
    });
    expect(detail.code).toBe(200);
    const cases = await req(t.app, 'GET', `/api/admin/problem/get-problem-cases?pid=${priv.pid}`, {
      token: u.pa.token,
    });
    expect(cases.code).toBe(403);
    expect((await decide(u.ann.token, priv.pid, ApplyPublicProgress.REFUSED)).code).toBe(403);
    expect((await decide(u.siteAdmin.token, priv.pid, ApplyPublicProgress.REFUSED)).code).toBe(200);
    expect(await progress(priv.pid)).toBe(ApplyPublicProgress.REFUSED);
    expect(await mainList()).toEqual([]);
    expect(
      (
        await req(t.app, 'GET', `/api/get-problem-detail?problemId=${priv.problemId}`, {
          token: u.siteAdmin.token,
        })
      ).code,
    ).toBe(403);
  });

  it('approved: the problem joins the main problem list; the group still manages it; old group submissions stay in the group', async () => {
    expect((await apply(u.teacher.token, pub.pid, true)).code).toBe(200);
    expect((await apply(u.teacher.token, pub.pid, false)).code).toBe(200);
    expect(await progress(pub.pid)).toBeNull();
    expect((await apply(u.teacher.token, pub.pid, true)).code).toBe(200);
    expect((await decide(u.pa.token, pub.pid, ApplyPublicProgress.PUBLIC)).code).toBe(200);
    expect(await progress(pub.pid)).toBe(ApplyPublicProgress.PUBLIC);
    expect(await mainList()).toEqual([pub.problemId]);
    expect((await req(t.app, 'GET', `/api/get-problem-detail?problemId=${pub.problemId}`)).code).toBe(200);
    expect((await apply(u.teacher.token, pub.pid, true)).code).toBe(400);
    const status = await req(t.app, 'GET', '/api/get-submission-list?limit=100', { token: u.stranger.token });
    expect(status.body.data.records.map((r: { submitId: number }) => r.submitId)).not.toContain(annWa);
    // Anyone may now practise it outside the group.
    const s = await req(t.app, 'POST', '/api/submit-problem-judge', {
      token: u.stranger.token,
      payload: { pid: pub.problemId, language: 'C++', code: CODE },
    });
    expect(s.code).toBe(200);
  });
});
