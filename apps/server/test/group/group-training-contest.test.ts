import { GroupAuth, GroupMemberAuth, JudgeStatus, Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestPayload } from '../contest/contest-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { aPlusB, judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { makeUser, problemBody } from '../problem/fixtures.js';
import { groupBody, join, makeGroup, req, setLevel } from './group-fixtures.js';

// Issue 13: a group's trainings and contests are the training and contest areas scoped by gid: members only,
// the group's admins and roots in the place of site admins, submissions carrying the group's gid, and the group
// rank counting them. A refused applicant and outsiders see none of it.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};
let gid = 0;
let shortName = '';
let categoryId = 0;
let groupPid = 0;
let groupProblemId = '';
let sitePid = 0;
let tid = 0;
let cid = 0;
const CODE = 'int main(){}';
const OUTSIDERS = ['stranger', 'refused', 'siteAdmin'] as const;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', {
    defaultSubmitInterval: 0,
    defaultCreateGroupACInitValue: 0,
    defaultCreateGroupDailyLimit: 100,
  });
  for (const n of ['teacher', 'ann', 'assistant', 'stranger', 'refused'])
    u[n] = await makeUser(t.ctx, n, Role.USER);
  u.siteAdmin = await makeUser(t.ctx, 'siteadm', Role.ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
  await registerJudgehost(t.app, t.ctx, 'jh');
  const g = await makeGroup(t.app, u.teacher.token, groupBody(GroupAuth.PROTECTED));
  gid = g.id;
  shortName = g.shortName;
  for (const n of ['ann', 'assistant', 'refused'])
    await join(t.app, u[n].token, gid, { reason: 'Please let me in' });
  await setLevel(t.app, u.teacher.token, gid, u.ann.uid, GroupMemberAuth.MEMBER);
  await setLevel(t.app, u.teacher.token, gid, u.assistant.uid, GroupMemberAuth.ADMIN);
  await setLevel(t.app, u.teacher.token, gid, u.refused.uid, GroupMemberAuth.REFUSED);
  const cat = await req(t.app, 'POST', '/api/admin/training/category', {
    token: u.boss.token,
    payload: { name: 'Basics', color: '#123456' },
  });
  categoryId = cat.body.data.id;
  const p = await req(t.app, 'POST', '/api/group/problem', {
    token: u.teacher.token,
    payload: problemBody('1001', { gid, auth: 1 }),
  });
  groupPid = p.body.data.pid;
  groupProblemId = p.body.data.problemId;
  sitePid = (await aPlusB(t.ctx, 'SITE1')).id;
});
afterAll(async () => t?.close());

const trainingPayload = (over: Record<string, unknown> = {}) => ({
  gid,
  training: { title: 'Week 1', description: 'Warm up', auth: 'Public', ...over },
  trainingCategory: { id: categoryId },
});

describe('group trainings', () => {
  it('group admins create; the teacher adds a group problem and a public one', async () => {
    expect(
      (await req(t.app, 'POST', '/api/group/training', { token: u.ann.token, payload: trainingPayload() }))
        .code,
    ).toBe(403);
    const r = await req(t.app, 'POST', '/api/group/training', {
      token: u.teacher.token,
      payload: trainingPayload(),
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    tid = r.body.data.tid;
    const fromGroup = await req(t.app, 'POST', '/api/group/add-training-problem-from-group', {
      token: u.teacher.token,
      payload: { problemId: '1001'.replace(/^/, shortName), tid, displayId: 'A' },
    });
    expect(fromGroup.code, JSON.stringify(fromGroup.body)).toBe(200);
    const fromPublic = await req(t.app, 'POST', '/api/group/add-training-problem-from-public', {
      token: u.teacher.token,
      payload: { pid: sitePid, tid, displayId: 'B' },
    });
    expect(fromPublic.code).toBe(200);
    // The group's training problem list tells the group's own problem from the site's (its row actions need it).
    const rows = await req(
      t.app,
      'GET',
      `/api/group/get-training-problem-list?tid=${tid}&queryExisted=true&currentPage=1&limit=10`,
      { token: u.teacher.token },
    );
    expect(rows.code, JSON.stringify(rows.body)).toBe(200);
    expect(
      rows.body.data.problemList.records.map((p: { displayId: string; gid: number | null }) => [
        p.displayId,
        p.gid,
      ]),
    ).toEqual([
      ['A', gid],
      ['B', null],
    ]);
    // The site's training back office adds no group problem to a site training.
    const site = await req(t.app, 'POST', '/api/admin/training', {
      token: u.boss.token,
      payload: {
        training: { title: 'Site', description: 'x', auth: 'Public' },
        trainingCategory: { id: categoryId },
      },
    });
    const leak = await req(t.app, 'POST', '/api/admin/training/add-problem-from-public', {
      token: u.boss.token,
      payload: { pid: groupPid, tid: site.body.data.tid, displayId: 'A' },
    });
    expect(leak.code).toBe(400);
  });

  it('members open it, list its problems and submit; the submission carries the gid and stays in the group', async () => {
    const list = await req(t.app, 'GET', `/api/group/get-training-list?gid=${gid}`, { token: u.ann.token });
    expect(list.body.data.records.map((r: { id: number }) => r.id)).toEqual([tid]);
    expect(
      (await req(t.app, 'GET', `/api/get-training-detail?tid=${tid}`, { token: u.ann.token })).code,
    ).toBe(200);
    const probs = await req(t.app, 'GET', `/api/get-training-problem-list?tid=${tid}`, {
      token: u.ann.token,
    });
    expect(probs.body.data.map((p: { displayId: string }) => p.displayId)).toEqual(['A', 'B']);
    const s = await req(t.app, 'POST', '/api/submit-problem-judge', {
      token: u.ann.token,
      payload: { pid: 'A', language: 'C++', code: CODE, tid },
    });
    expect(s.code, JSON.stringify(s.body)).toBe(200);
    const submitId = s.body.data.submitId;
    await judgeNext(t.app, t.ctx, JudgeStatus.WRONG_ANSWER);
    const mine = await req(t.app, 'GET', `/api/get-submission-list?gid=${gid}`, { token: u.ann.token });
    expect(mine.body.data.records.map((r: { submitId: number }) => r.submitId)).toContain(submitId);
    const pub = await req(t.app, 'GET', '/api/get-submission-list', { token: u.stranger.token });
    expect(pub.body.data.records.map((r: { submitId: number }) => r.submitId)).not.toContain(submitId);
    const site = await req(t.app, 'GET', '/api/get-training-list', { token: u.ann.token });
    expect(site.body.data.records.map((r: { id: number }) => r.id)).not.toContain(tid);
  });

  it('outsiders and the refused applicant are refused everywhere', async () => {
    for (const who of OUTSIDERS) {
      const token = u[who].token;
      for (const url of [
        `/api/group/get-training-list?gid=${gid}`,
        `/api/get-training-detail?tid=${tid}`,
        `/api/get-training-problem-list?tid=${tid}`,
        `/api/get-training-problem-details?tid=${tid}&displayId=A`,
        `/api/get-training-rank?tid=${tid}`,
        `/api/get-training-access?tid=${tid}`,
      ]) {
        expect((await req(t.app, 'GET', url, { token })).code, `${who} ${url}`).toBe(403);
      }
      const s = await req(t.app, 'POST', '/api/submit-problem-judge', {
        token,
        payload: { pid: 'SITE1', language: 'C++', code: CODE, tid },
      });
      expect(s.code, who).toBe(403);
    }
  });

  it('the group root and the author manage a training; another group admin only lists it', async () => {
    const admin = await req(t.app, 'GET', `/api/group/get-admin-training-list?gid=${gid}`, {
      token: u.assistant.token,
    });
    expect(admin.body.data.records.map((r: { id: number }) => r.id)).toEqual([tid]);
    const put = (who: string) =>
      req(t.app, 'PUT', '/api/group/training', {
        token: u[who].token,
        payload: {
          training: { id: tid, title: 'Week 1b', description: 'x', auth: 'Public' },
          trainingCategory: { id: categoryId },
        },
      });
    expect((await put('assistant')).code).toBe(403);
    expect((await put('ann')).code).toBe(403);
    expect((await put('teacher')).code).toBe(200);
    const own = await req(t.app, 'POST', '/api/group/training', {
      token: u.assistant.token,
      payload: trainingPayload({ title: 'Extra', auth: 'Private', privatePwd: 'pw' }),
    });
    const hidden = await req(
      t.app,
      'PUT',
      `/api/group/change-training-status?tid=${own.body.data.tid}&status=false`,
      {
        token: u.assistant.token,
      },
    );
    expect(hidden.code).toBe(200);
    expect(
      (await req(t.app, 'GET', `/api/get-training-detail?tid=${own.body.data.tid}`, { token: u.ann.token }))
        .code,
    ).toBe(404);
    // A private group training: group admins enter without the password, members need it.
    await req(t.app, 'PUT', `/api/group/change-training-status?tid=${own.body.data.tid}&status=true`, {
      token: u.assistant.token,
    });
    const probs = (who: string) =>
      req(t.app, 'GET', `/api/get-training-problem-list?tid=${own.body.data.tid}`, { token: u[who].token });
    expect((await probs('ann')).code).toBe(403);
    expect((await probs('teacher')).code).toBe(200);
    expect(
      (await req(t.app, 'DELETE', `/api/group/training?tid=${own.body.data.tid}`, { token: u.ann.token }))
        .code,
    ).toBe(403);
    expect(
      (
        await req(t.app, 'DELETE', `/api/group/training?tid=${own.body.data.tid}`, {
          token: u.assistant.token,
        })
      ).code,
    ).toBe(200);
  });
});

describe('group contests', () => {
  it('group admins create; a contest-only group problem is added; members enter and submit', async () => {
    const denied = await req(t.app, 'POST', '/api/group/contest', {
      token: u.ann.token,
      payload: { ...contestPayload(), gid },
    });
    expect(denied.code).toBe(403);
    const r = await req(t.app, 'POST', '/api/group/contest', {
      token: u.teacher.token,
      payload: { ...contestPayload({ title: 'Class contest', openRank: true }), gid },
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    cid = r.body.data.cid;
    const p = await req(t.app, 'POST', '/api/group/contest-problem', {
      token: u.teacher.token,
      payload: { ...problemBody('C1', { auth: 3 }), cid, displayId: 'A' },
    });
    expect(p.code, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data.problemId).toBe(`${shortName}C1`);
    const fromGroup = await req(t.app, 'POST', '/api/group/add-contest-problem-from-group', {
      token: u.teacher.token,
      payload: { problemId: groupProblemId, cid, displayId: 'B' },
    });
    expect(fromGroup.code).toBe(200);
    const list = await req(t.app, 'GET', `/api/group/get-contest-list?gid=${gid}`, { token: u.ann.token });
    expect(list.body.data.records.map((c: { id: number }) => c.id)).toEqual([cid]);
    const site = await req(t.app, 'GET', '/api/get-contest-list');
    expect(site.body.data.records.map((c: { id: number }) => c.id)).not.toContain(cid);
    expect(
      (await req(t.app, 'GET', `/api/get-contest-problem?cid=${cid}`, { token: u.ann.token })).code,
    ).toBe(200);
    const s = await req(t.app, 'POST', '/api/submit-problem-judge', {
      token: u.ann.token,
      payload: { pid: 'A', language: 'C++', code: CODE, cid },
    });
    expect(s.code, JSON.stringify(s.body)).toBe(200);
    await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED);
    // The contest-only problem stays out of the group's problem list for members.
    const probs = await req(t.app, 'GET', `/api/group/get-problem-list?gid=${gid}`, { token: u.ann.token });
    expect(probs.body.data.records.map((r: { problemId: string }) => r.problemId)).not.toContain(
      `${shortName}C1`,
    );
  });

  it('outsiders and the refused applicant see nothing of it, the open board included', async () => {
    for (const who of OUTSIDERS) {
      const token = u[who].token;
      for (const url of [
        `/api/get-contest-info?cid=${cid}`,
        `/api/get-contest-access?cid=${cid}`,
        `/api/get-contest-problem?cid=${cid}`,
        `/api/get-contest-announcement?cid=${cid}`,
        `/api/group/get-contest-list?gid=${gid}`,
        `/api/get-contest-outsize-info?cid=${cid}`,
      ]) {
        expect((await req(t.app, 'GET', url, { token })).code, `${who} ${url}`).toBe(403);
      }
      const board = await req(t.app, 'POST', '/api/get-contest-outside-scoreboard', {
        token,
        payload: { cid, currentPage: 1, limit: 30 },
      });
      expect(board.code, who).toBe(403);
      const s = await req(t.app, 'POST', '/api/submit-problem-judge', {
        token,
        payload: { pid: 'A', language: 'C++', code: CODE, cid },
      });
      expect(s.code, who).toBe(403);
    }
    const anon = await req(t.app, 'POST', '/api/get-contest-outside-scoreboard', {
      payload: { cid, currentPage: 1, limit: 30 },
    });
    expect(anon.code).toBe(403);
  });

  it('the group root and the creator administer it; another group admin does not', async () => {
    const access = async (who: string) =>
      (await req(t.app, 'GET', `/api/get-contest-access?cid=${cid}`, { token: u[who].token })).body.data;
    expect((await access('teacher')).isAdmin).toBe(true);
    expect((await access('assistant')).isAdmin).toBe(false);
    expect((await access('ann')).isAdmin).toBe(false);
    const vis = (who: string) =>
      req(t.app, 'PUT', `/api/group/change-contest-visible?cid=${cid}&visible=true`, { token: u[who].token });
    expect((await vis('assistant')).code).toBe(403);
    expect((await vis('teacher')).code).toBe(200);
    const admin = await req(t.app, 'GET', `/api/group/get-admin-contest-list?gid=${gid}`, {
      token: u.assistant.token,
    });
    expect(admin.body.data.records.map((c: { id: number }) => c.id)).toEqual([cid]);
    const own = await req(t.app, 'POST', '/api/group/contest', {
      token: u.assistant.token,
      payload: { ...contestPayload({ title: 'TA contest' }), gid },
    });
    expect(
      (await req(t.app, 'GET', `/api/group/contest?cid=${own.body.data.cid}`, { token: u.assistant.token }))
        .code,
    ).toBe(200);
    // The group routes never reach a site contest.
    const siteCid = (
      await req(t.app, 'POST', '/api/admin/contest', { token: u.boss.token, payload: contestPayload() })
    ).body.data.cid;
    expect((await req(t.app, 'GET', `/api/group/contest?cid=${siteCid}`, { token: u.boss.token })).code).toBe(
      404,
    );
  });
});

describe('the group rank', () => {
  it("counts the group's submissions of its members: ann solved the contest problem", async () => {
    const rank = await req(t.app, 'GET', `/api/get-group-rank-list?gid=${gid}&type=0`, {
      token: u.ann.token,
    });
    expect(rank.code).toBe(200);
    const rows = rank.body.data.records.map((r: { username: string; ac: number; total: number }) => [
      r.username,
      r.ac,
      r.total,
    ]);
    expect(rows).toEqual([['ann', 1, 2]]);
    const oi = await req(t.app, 'GET', `/api/get-group-rank-list?gid=${gid}&type=1&searchUser=nobody`, {
      token: u.ann.token,
    });
    expect(oi.body.data.records).toEqual([]);
    for (const who of OUTSIDERS) {
      expect(
        (await req(t.app, 'GET', `/api/get-group-rank-list?gid=${gid}&type=0`, { token: u[who].token })).code,
      ).toBe(403);
    }
  });
});
