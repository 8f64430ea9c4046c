import { Role } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reuseContestReadsFor } from '../../src/modules/contest/contest.reads.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { statementsOf } from '../statements.js';
import { addProblem, contestSubmit, createContest, newProblem } from './contest-fixtures.js';

// Issue 22 (contest day at scale): the contest pages' read-mostly answers (contest row, registration, problem list,
// problem detail, languages, announcements, "any clarification answered") are reused by the process
// (modules/contest/contest.reads.ts). Here they are reused for a whole minute, so that the test does not depend on
// timing: every change made through the API must show on the very next call all the same, and the reuse must
// really spare the database.

let t: TestApp;
let admin: string;
let user: string;
let other: string;
let pa: number;
let pb: number;

beforeAll(async () => {
  t = await createTestApp();
  reuseContestReadsFor(t.ctx, 60_000);
  admin = (await makeUser(t.ctx, 'cr_admin', Role.ROOT)).token;
  user = (await makeUser(t.ctx, 'cr_user', Role.USER)).token;
  other = (await makeUser(t.ctx, 'cr_other', Role.USER)).token;
  pa = await newProblem(t.app, admin, 'CR-A');
  pb = await newProblem(t.app, admin, 'CR-B');
});
afterAll(async () => t?.close());

const get = (url: string, token: string) => call(t.app, { method: 'GET', url, token });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  call(t.app, { method, url, token, payload });
const problemIds = async (cid: number, token = user) =>
  ((await get(`/api/get-contest-problem?cid=${cid}`, token)).body.data as { displayId: string }[]).map(
    (p) => p.displayId,
  );

describe('contest reads reused by the process (issue 22)', () => {
  it('a second contestant opening the same pages reads no contest, problem list or problem from the database', async () => {
    const cid = await createContest(t.app, admin);
    await addProblem(t.app, admin, cid, pa, 'A');
    const page = (token: string) =>
      Promise.all([
        get(`/api/get-contest-info?cid=${cid}`, token),
        get(`/api/get-contest-access?cid=${cid}`, token),
        get(`/api/get-contest-problem?cid=${cid}`, token),
        get(`/api/get-contest-problem-details?cid=${cid}&displayId=A`, token),
        get(`/api/get-problem-languages?cid=${cid}&pid=${pa}`, token),
        send('POST', '/api/get-contest-not-read-announcement', token, { cid, readAnnouncementList: [] }),
        get(`/api/get-contest-not-read-clarification?cid=${cid}`, token),
      ]);
    expect((await page(user)).map((r) => r.code)).toEqual(Array(7).fill(200));
    const seen = await statementsOf(
      t.ctx.db,
      async () => expect((await page(other)).map((r) => r.code)).toEqual(Array(7).fill(200)),
      Number.POSITIVE_INFINITY,
    );
    const shared = seen.filter((s) =>
      /from "(contests|contest_problems|contest_announcements|contest_clarifications|problem_languages|problem_tag)"/i.test(
        s,
      ),
    );
    expect(shared, shared.join('\n')).toEqual([]);
  });

  it('hiding the contest, adding, renaming and removing its problems show on the next call', async () => {
    const cid = await createContest(t.app, admin);
    await addProblem(t.app, admin, cid, pa, 'A');
    expect(await problemIds(cid)).toEqual(['A']);
    await addProblem(t.app, admin, cid, pb, 'B');
    expect(await problemIds(cid)).toEqual(['A', 'B']);

    const detail = await get(`/api/admin/contest/contest-problem?cid=${cid}&pid=${pb}`, admin);
    const renamed = await send('PUT', '/api/admin/contest/contest-problem', admin, {
      id: detail.body.data.id,
      displayId: 'C',
      displayTitle: 'Renamed',
    });
    expect(renamed.code).toBe(200);
    expect(await problemIds(cid)).toEqual(['A', 'C']);
    const c = await get(`/api/get-contest-problem-details?cid=${cid}&displayId=C`, user);
    expect(c.body.data.problem.title).toBe('Renamed');
    expect((await get(`/api/get-contest-problem-details?cid=${cid}&displayId=B`, user)).code).toBe(404);

    expect((await send('DELETE', `/api/admin/contest/problem?cid=${cid}&pid=${pb}`, admin)).code).toBe(200);
    expect(await problemIds(cid)).toEqual(['A']);
    expect((await get(`/api/get-problem-languages?cid=${cid}&pid=${pb}`, user)).code).toBe(404);

    expect(
      (await send('PUT', `/api/admin/contest/change-contest-visible?cid=${cid}&visible=false`, admin)).code,
    ).toBe(200);
    expect((await get(`/api/get-contest-info?cid=${cid}`, user)).code).toBe(404);
    expect((await contestSubmit(t.app, user, cid, 'A')).code).toBe(404);
  });

  it('a registration shows at once, and a new password takes it away at once', async () => {
    const cid = await createContest(t.app, admin, { auth: 1, pwd: 'pw' });
    await addProblem(t.app, admin, cid, pa, 'A');
    const access = async () => (await get(`/api/get-contest-access?cid=${cid}`, user)).body.data;
    expect(await access()).toMatchObject({ registered: false });
    expect((await contestSubmit(t.app, user, cid, 'A')).code).toBe(403);
    expect((await send('POST', '/api/register-contest', user, { cid, password: 'pw' })).code).toBe(200);
    expect(await access()).toMatchObject({ registered: true, access: true });
    expect((await get(`/api/get-contest-info?cid=${cid}`, user)).body.data.count).toBe(1);

    const info = (await get(`/api/admin/contest?cid=${cid}`, admin)).body.data;
    const edit = await send('PUT', '/api/admin/contest', admin, { ...info, pwd: 'new-pw' });
    expect(edit.code, edit.body?.msg).toBe(200);
    expect(await access()).toMatchObject({ registered: false, access: false });
    expect((await get(`/api/get-contest-problem?cid=${cid}`, user)).code).toBe(403);
  });

  it('announcements and answered clarifications show on the next call', async () => {
    const cid = await createContest(t.app, admin);
    await addProblem(t.app, admin, cid, pa, 'A');
    const unreadAnnouncements = async (read: number[] = []) =>
      (
        (
          await send('POST', '/api/get-contest-not-read-announcement', user, {
            cid,
            readAnnouncementList: read,
          })
        ).body.data as { id: number; title: string }[]
      ).map((a) => a.title);
    const unreadClarifications = async () =>
      (await get(`/api/get-contest-not-read-clarification?cid=${cid}`, user)).body.data.count;
    expect(await unreadAnnouncements()).toEqual([]);
    expect(await unreadClarifications()).toBe(0);

    const a = await send('POST', '/api/admin/contest/announcement', admin, {
      cid,
      announcement: { title: 'First', content: 'x' },
    });
    expect(await unreadAnnouncements()).toEqual(['First']);
    expect(await unreadAnnouncements([a.body.data.id])).toEqual([]);
    await send('PUT', '/api/admin/contest/announcement', admin, {
      cid,
      announcement: { id: a.body.data.id, title: 'First (edited)', content: 'y' },
    });
    expect(await unreadAnnouncements()).toEqual(['First (edited)']);
    await send('DELETE', `/api/admin/contest/announcement?aid=${a.body.data.id}`, admin);
    expect(await unreadAnnouncements()).toEqual([]);

    const posted = await send('POST', '/api/admin/contest/clarification', admin, {
      cid,
      answer: 'Read A again.',
    });
    expect(posted.code, posted.body?.msg).toBe(200);
    expect(await unreadClarifications()).toBe(1);
  });
});
