import { GroupAuth, JudgeStatus, Role } from '@oj/shared';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, PNG_1X1 } from '../account/fixtures.js';
import { addProblem, createContest } from '../contest/contest-fixtures.js';
import { groupBody, makeGroup } from '../group/group-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { aPlusB, judgeNext, registerJudgehost, submitAs } from '../judge/judge-helpers.js';
import { call, makeUser, multipart, problemBody } from '../problem/fixtures.js';

// Issue 23 §4: HOJ's own clients work unchanged. Each call here is made exactly as HOJ's Vue client
// (hoj-vue/src/common/api.js) makes it: method, path, query parameters and body; the answer's shape is what that
// client reads. docs/api-admin.md "HOJ client compatibility" lists the aliases.

let t: TestApp;
const u: Record<string, { uid: string; token: string }> = {};
let category = 0;
const pids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', {
    defaultSubmitInterval: 0,
    defaultCreateGroupACInitValue: 0,
    defaultCreateGroupDailyLimit: 100,
  });
  await registerJudgehost(t.app, t.ctx, 'jh');
  u.ann = await makeUser(t.ctx, 'ann', Role.USER);
  u.teacher = await makeUser(t.ctx, 'teacher', Role.USER);
  u.adm = await makeUser(t.ctx, 'adm', Role.ADMIN);
  u.boss = await makeUser(t.ctx, 'boss', Role.ROOT);
  for (const id of ['HOJ-1', 'HOJ-2', 'HOJ-3']) pids.push((await aPlusB(t.ctx, id)).id);
  const c = await call(t.app, {
    method: 'POST',
    url: '/api/admin/training/category',
    token: u.boss.token,
    payload: { name: 'Basics', color: '#ff0000' },
  });
  category = c.body.data.id;
});
afterAll(async () => {
  await t?.close();
});

/** A training (site, or the group's with `gid`) holding `problems` as A, B, …; returns its tid. */
async function makeTraining(token: string, problems: number[], gid?: number) {
  const r = await call(t.app, {
    method: 'POST',
    url: gid ? '/api/group/training' : '/api/admin/training',
    token,
    payload: {
      ...(gid ? { gid } : {}),
      training: { title: 'Week 1', description: 'Warm up', auth: 'Public' },
      trainingCategory: { id: category },
    },
  });
  expect(r.code, JSON.stringify(r.body)).toBe(200);
  const tid = r.body.data.tid as number;
  for (const [i, pid] of problems.entries()) {
    const a = await call(t.app, {
      method: 'POST',
      url: gid
        ? '/api/group/add-training-problem-from-public'
        : '/api/admin/training/add-problem-from-public',
      token,
      payload: { tid, pid, displayId: String.fromCharCode(65 + i) },
    });
    expect(a.code, JSON.stringify(a.body)).toBe(200);
  }
  return tid;
}

describe('training back office at HOJ paths', () => {
  it('GET /api/admin/training/get-training-list?currentPage&limit&keyword answers the same page as /list', async () => {
    const tid = await makeTraining(u.boss.token, [pids[0]]);
    const q = 'currentPage=1&limit=10&keyword=Week';
    const hoj = await call(t.app, {
      method: 'GET',
      url: `/api/admin/training/get-training-list?${q}`,
      token: u.adm.token,
    });
    expect(hoj.code, JSON.stringify(hoj.body)).toBe(200);
    expect(hoj.body.data).toMatchObject({ total: 1, current: 1, size: 10 });
    expect(hoj.body.data.records.map((r: { id: number }) => r.id)).toEqual([tid]);
    const ours = await call(t.app, {
      method: 'GET',
      url: `/api/admin/training/list?${q}`,
      token: u.adm.token,
    });
    expect(hoj.body.data).toEqual(ours.body.data);
    // Same guard: a plain user is refused, an anonymous caller asked to log in.
    const refused = await call(t.app, {
      method: 'GET',
      url: '/api/admin/training/get-training-list',
      token: u.ann.token,
    });
    expect(refused.code).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/training/get-training-list' })).code).toBe(
      401,
    );
  });

  it('the training problem lists answer {problemList, trainingProblemMap}, the order edit goes through the map', async () => {
    const tid = await makeTraining(u.boss.token, [pids[1], pids[0]]);
    // admin_getTrainingProblemList(params): {currentPage, limit, tid, queryExisted: true}
    const r = await call(t.app, {
      method: 'GET',
      url: `/api/admin/training/get-problem-list?currentPage=1&limit=10&tid=${tid}&queryExisted=true`,
      token: u.boss.token,
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    const { problemList, trainingProblemMap } = r.body.data;
    expect(problemList).toMatchObject({ total: 2, current: 1, size: 10 });
    // Each row is the problem (its id), in the training's order.
    expect(problemList.records.map((p: { id: number; displayId: string }) => [p.id, p.displayId])).toEqual([
      [pids[1], 'A'],
      [pids[0], 'B'],
    ]);
    expect(Object.keys(trainingProblemMap).sort()).toEqual([String(pids[0]), String(pids[1])].sort());
    expect(trainingProblemMap[pids[0]]).toMatchObject({ tid, pid: pids[0], displayId: 'B' });
    const link = trainingProblemMap[pids[1]];
    expect(link).toMatchObject({ tid, pid: pids[1], displayId: 'A' });
    // handleChangeRank(trainingProblemMap[row.id]): PUT the map's object with the new rank.
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/admin/training/problem',
      token: u.boss.token,
      payload: { ...link, rank: 5000 },
    });
    expect(put.code, JSON.stringify(put.body)).toBe(200);
    const again = await call(t.app, {
      method: 'GET',
      url: `/api/admin/training/get-problem-list?tid=${tid}&queryExisted=true`,
      token: u.boss.token,
    });
    expect(again.body.data.problemList.records.map((p: { id: number }) => p.id)).toEqual([pids[0], pids[1]]);
    expect(again.body.data.trainingProblemMap[pids[1]].rank).toBe(5000);
    // The add-from-public dialog (queryExisted false): public problems not in the training yet, with the map.
    const add = await call(t.app, {
      method: 'GET',
      url: `/api/admin/training/get-problem-list?currentPage=1&limit=10&keyword=&tid=${tid}&queryExisted=false`,
      token: u.boss.token,
    });
    expect(add.body.data.problemList.records.map((p: { id: number }) => p.id)).toEqual([pids[2]]);
    expect(Object.keys(add.body.data.trainingProblemMap)).toHaveLength(2);
  });

  it("the group's get-training-problem-list answers the same shape; HOJ's group client omits queryExisted", async () => {
    const g = await makeGroup(t.app, u.teacher.token, groupBody(GroupAuth.PUBLIC));
    const tid = await makeTraining(u.teacher.token, [pids[2], pids[0]], g.id);
    // addGroupTraining(trainingDto): the gid inside `training` (a route parameter, so a string), plus its author.
    const hojTraining = await call(t.app, {
      method: 'POST',
      url: '/api/group/training',
      token: u.teacher.token,
      payload: {
        training: {
          title: 'HOJ form',
          description: 'Made as HOJ makes it',
          auth: 'Public',
          rank: 1000,
          status: true,
          gid: String(g.id),
          author: 'teacher',
        },
        trainingCategory: { id: category },
      },
    });
    expect(hojTraining.code, JSON.stringify(hojTraining.body)).toBe(200);
    const listed = await call(t.app, {
      method: 'GET',
      url: `/api/group/get-admin-training-list?currentPage=1&limit=10&gid=${g.id}`,
      token: u.teacher.token,
    });
    expect(listed.body.data.records.map((r: { id: number }) => r.id)).toContain(hojTraining.body.data.tid);
    // getGroupTrainingProblemList(currentPage, limit, {tid}): no queryExisted, meaning the training's problems.
    const r = await call(t.app, {
      method: 'GET',
      url: `/api/group/get-training-problem-list?currentPage=1&limit=10&tid=${tid}`,
      token: u.teacher.token,
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.problemList.total).toBe(2);
    expect(r.body.data.problemList.records.map((p: { id: number }) => p.id)).toEqual([pids[2], pids[0]]);
    const map = r.body.data.trainingProblemMap;
    expect(map[pids[2]]).toMatchObject({ tid, pid: pids[2], displayId: 'A' });
    // updateGroupTrainingProblem(trainingProblemMap[row.id] with a new rank)
    const put = await call(t.app, {
      method: 'PUT',
      url: '/api/group/training-problem',
      token: u.teacher.token,
      payload: { ...map[pids[0]], rank: 1 },
    });
    expect(put.code, JSON.stringify(put.body)).toBe(200);
    // AddPublicProblem.vue: {keyword, tid, queryExisted: false} -> problemList of public problems to add.
    const add = await call(t.app, {
      method: 'GET',
      url: `/api/group/get-training-problem-list?currentPage=1&limit=10&keyword=&tid=${tid}&queryExisted=false`,
      token: u.teacher.token,
    });
    expect(add.body.data.problemList.records.map((p: { id: number }) => p.id)).toEqual([pids[1]]);
    // addGroupTrainingProblemFromGroup(problemId, tid): POST, both as query parameters, an empty JSON body.
    const own = await call(t.app, {
      method: 'POST',
      url: '/api/group/problem',
      token: u.teacher.token,
      payload: problemBody('77', { gid: g.id, auth: 1 }),
    });
    expect(own.code, JSON.stringify(own.body)).toBe(200);
    const fromGroup = await call(t.app, {
      method: 'POST',
      url: `/api/group/add-training-problem-from-group?problemId=${own.body.data.problemId}&tid=${tid}`,
      token: u.teacher.token,
      payload: {},
    });
    expect(fromGroup.code, JSON.stringify(fromGroup.body)).toBe(200);
    const after = await call(t.app, {
      method: 'GET',
      url: `/api/group/get-training-problem-list?tid=${tid}`,
      token: u.teacher.token,
    });
    expect(after.body.data.problemList.records.map((p: { id: number }) => p.id)).toContain(own.body.data.pid);
    // Neither in the body nor in the query: 400 naming the field.
    const none = await call(t.app, {
      method: 'POST',
      url: `/api/group/add-training-problem-from-group?tid=${tid}`,
      token: u.teacher.token,
      payload: {},
    });
    expect(none.code).toBe(400);
    expect(none.body.msg).toContain('problemId');
    // Still the training's author or the group's root only.
    const ann = await call(t.app, {
      method: 'GET',
      url: `/api/group/get-training-problem-list?tid=${tid}`,
      token: u.ann.token,
    });
    expect(ann.code).toBe(403);
  });
});

describe('judge admin with GET, dashboard sessions with POST', () => {
  it('GET rejudge, cancel-judge and manual-judge with query parameters act as the POST / PUT ones', async () => {
    const id = await submitAs(t.app, u.ann.token, 'HOJ-1');
    await judgeNext(t.app, t.ctx, JudgeStatus.WRONG_ANSWER);
    const get = (url: string, token = u.boss.token) => call(t.app, { method: 'GET', url, token });
    // admin_rejudge(submitId): admin roles, as the POST.
    expect((await get(`/api/admin/judge/rejudge?submitId=${id}`, u.ann.token)).code).toBe(403);
    const re = await get(`/api/admin/judge/rejudge?submitId=${id}`, u.adm.token);
    expect(re.code, JSON.stringify(re.body)).toBe(200);
    expect(re.body.data).toMatchObject({ submitId: id, status: JudgeStatus.PENDING });
    // admin_cancelJudge(submitId): super admin.
    expect((await get(`/api/admin/judge/cancel-judge?submitId=${id}`, u.adm.token)).code).toBe(403);
    const cancel = await get(`/api/admin/judge/cancel-judge?submitId=${id}`);
    expect(cancel.code, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.data).toMatchObject({ submitId: id, status: JudgeStatus.CANCELLED });
    // admin_manualJudge(submitId, status, score): super admin, the fields in the query.
    const url = `/api/admin/judge/manual-judge?submitId=${id}&status=${JudgeStatus.ACCEPTED}&score=100`;
    expect((await get(url, u.adm.token)).code).toBe(403);
    const manual = await get(url);
    expect(manual.code, JSON.stringify(manual.body)).toBe(200);
    expect(manual.body.data).toMatchObject({ submitId: id, status: JudgeStatus.ACCEPTED, isManual: true });
    // score is optional (axios drops an undefined parameter); a bad field is a 400 naming it.
    const noScore = await get(
      `/api/admin/judge/manual-judge?submitId=${id}&status=${JudgeStatus.WRONG_ANSWER}`,
    );
    expect(noScore.code, JSON.stringify(noScore.body)).toBe(200);
    const bad = await get(`/api/admin/judge/manual-judge?submitId=${id}&status=x`);
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('status');
  });

  it('GET rejudge-contest-problem?cid&pid: super admin, {count}', async () => {
    const cid = await createContest(t.app, u.boss.token);
    await addProblem(t.app, u.boss.token, cid, pids[1], 'A');
    const url = `/api/admin/judge/rejudge-contest-problem?cid=${cid}&pid=${pids[1]}`;
    expect((await call(t.app, { method: 'GET', url, token: u.adm.token })).code).toBe(403);
    const r = await call(t.app, { method: 'GET', url, token: u.boss.token });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ count: 0 });
    const gone = await call(t.app, {
      method: 'GET',
      url: `/api/admin/judge/rejudge-contest-problem?cid=999999&pid=${pids[1]}`,
      token: u.boss.token,
    });
    expect(gone.code).toBe(404);
  });

  it("POST /api/admin/dashboard/get-sessions with HOJ's body (the uid, form-encoded) lists the caller's sessions", async () => {
    const hoj = await call(t.app, {
      method: 'POST',
      url: '/api/admin/dashboard/get-sessions',
      token: u.adm.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: u.adm.uid,
    });
    expect(hoj.code, JSON.stringify(hoj.body)).toBe(200);
    const ours = await call(t.app, {
      method: 'GET',
      url: '/api/admin/dashboard/get-sessions',
      token: u.adm.token,
    });
    expect(hoj.body.data).toEqual(ours.body.data);
    expect(Array.isArray(hoj.body.data)).toBe(true);
    // No body, or a JSON one, alike; the guard is the GET's.
    const empty = await call(t.app, {
      method: 'POST',
      url: '/api/admin/dashboard/get-sessions',
      token: u.adm.token,
    });
    expect(empty.code).toBe(200);
    const json = await call(t.app, {
      method: 'POST',
      url: '/api/admin/dashboard/get-sessions',
      token: u.adm.token,
      payload: { uid: u.adm.uid },
    });
    expect(json.code).toBe(200);
    const user = await call(t.app, {
      method: 'POST',
      url: '/api/admin/dashboard/get-sessions',
      token: u.ann.token,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: u.ann.uid,
    });
    expect(user.code).toBe(403);
  });
});

describe('dashboard service info at HOJ paths', () => {
  it("GET get-service-info and get-judge-service-info answer the fields HOJ's dashboard reads (admin roles)", async () => {
    const get = (url: string, token: string) => call(t.app, { method: 'GET', url, token });
    const svc = await get('/api/admin/config/get-service-info', u.adm.token);
    expect(svc.code, JSON.stringify(svc.body)).toBe(200);
    expect(svc.body.data).toMatchObject({
      backupCores: expect.any(Number),
      backupPercentCpuLoad: expect.stringMatching(/^\d+\.\d\d%$/),
      backupPercentMemoryLoad: expect.stringMatching(/^\d+\.\d\d%$/),
    });
    // refreshGeneralSystemInfo() writes into backupService[0].
    expect(svc.body.data.backupService).toHaveLength(1);
    const judges = await get('/api/admin/config/get-judge-service-info', u.adm.token);
    expect(judges.code, JSON.stringify(judges.body)).toBe(200);
    // Its table reads row.service.metadata.judgeName, row.service.host, row.cpuCores, row.percentCpuLoad.
    expect(judges.body.data).toEqual([
      expect.objectContaining({
        service: expect.objectContaining({
          metadata: { judgeName: 'jh', 'nacos.healthy': 'true' },
          host: expect.any(String),
        }),
        cpuCores: expect.any(Number),
        percentCpuLoad: expect.stringMatching(/%$/),
      }),
    ]);
    expect((await get('/api/admin/config/get-service-info', u.ann.token)).code).toBe(403);
    expect((await get('/api/admin/config/get-judge-service-info', u.ann.token)).code).toBe(403);
  });
});

describe('home carousel at HOJ paths', () => {
  it('POST /api/file/upload-carouse-img (field file) adds an image; DELETE /api/admin/config/home-carousel?id removes it', async () => {
    const upload = async (token: string) => {
      const m = await multipartFile('file', 'slide.png', PNG_1X1, 'image/png');
      return call(t.app, {
        method: 'POST',
        url: '/api/file/upload-carouse-img',
        token,
        payload: m.payload,
        headers: m.headers,
      });
    };
    expect((await upload(u.adm.token)).code).toBe(403);
    const up = await upload(u.boss.token);
    expect(up.code, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({
      id: expect.any(Number),
      url: expect.stringMatching(/^\/api\/public\//),
    });
    const list = await call(t.app, { method: 'GET', url: '/api/home-carousel' });
    expect(list.body.data).toEqual([up.body.data]);
    // admin_deleteHomeCarousel(id)
    const del = (token: string) =>
      call(t.app, { method: 'DELETE', url: `/api/admin/config/home-carousel?id=${up.body.data.id}`, token });
    expect((await del(u.adm.token)).code).toBe(403);
    expect((await del(u.boss.token)).code).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/home-carousel' })).body.data).toEqual([]);
    expect((await del(u.boss.token)).code).toBe(404);
  });
});

describe('multi-problem export', () => {
  it('GET /api/file/export-problem?pid=1&pid=2 answers one zip holding both problems', async () => {
    const r = await call(t.app, {
      method: 'GET',
      url: `/api/file/export-problem?pid=${pids[0]}&pid=${pids[1]}`,
      token: u.boss.token,
    });
    expect(r.code, r.raw.toString()).toBe(200);
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toBe('attachment; filename="problem_export.zip"');
    const names = Object.keys(unzipSync(new Uint8Array(r.raw))).sort();
    expect(names.filter((n) => n.endsWith('.json'))).toEqual(['problem_HOJ-1.json', 'problem_HOJ-2.json']);
    expect(names).toContain('problem_HOJ-2/1.in');
    // Today's single form is unchanged.
    const one = await call(t.app, {
      method: 'GET',
      url: `/api/file/export-problem?pid=${pids[0]}`,
      token: u.boss.token,
    });
    expect(one.headers['content-disposition']).toBe('attachment; filename="problem_HOJ-1.zip"');
    // A bad or unknown pid among them: 400 naming pid, 404.
    const bad = await call(t.app, {
      method: 'GET',
      url: `/api/file/export-problem?pid=${pids[0]}&pid=x`,
      token: u.boss.token,
    });
    expect(bad.code).toBe(400);
    expect(bad.body.msg).toContain('pid');
    const gone = await call(t.app, {
      method: 'GET',
      url: `/api/file/export-problem?pid=${pids[0]}&pid=999999`,
      token: u.boss.token,
    });
    expect(gone.code).toBe(404);
  });

  it('the zip of several problems imports back whole through POST /api/file/import-problem', async () => {
    const ex = await call(t.app, {
      method: 'GET',
      url: `/api/file/export-problem?pid=${pids[1]}&pid=${pids[2]}`,
      token: u.boss.token,
    });
    // Under new problem ids (the originals still exist): each json's problemId renamed.
    const files = unzipSync(new Uint8Array(ex.raw));
    for (const name of Object.keys(files).filter((n) => n.endsWith('.json'))) {
      const json = JSON.parse(strFromU8(files[name]));
      json.problem.problemId = `${json.problem.problemId}-COPY`;
      files[name] = strToU8(JSON.stringify(json));
    }
    const m = multipart('file', 'export.zip', zipSync(files));
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/file/import-problem',
      token: u.boss.token,
      payload: m.payload,
      headers: m.headers,
    });
    expect(r.code, JSON.stringify(r.body)).toBe(200);
    expect(
      r.body.data.map((x: { problemId: string; imported: boolean }) => [x.problemId, x.imported]).sort(),
    ).toEqual([
      ['HOJ-2-COPY', true],
      ['HOJ-3-COPY', true],
    ]);
  });
});
