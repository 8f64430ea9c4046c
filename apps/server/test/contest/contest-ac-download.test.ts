import { Role, JudgeStatus as S } from '@oj/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../../src/db/schema/index.js';
import { languageExtension } from '../../src/modules/contest/contest.ac-download.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeUser } from '../problem/fixtures.js';
import { addProblems, MIN, makeContest } from './board-fixtures.js';

// Download AC submissions (issue 10 §1; doc 3 contest admin list), on PGlite or PostgreSQL.

let t: TestApp;
const u = {} as Record<'ann' | 'bob' | 'cre' | 'admin' | 'root', { uid: string; token: string }>;
let cid: number;

const download = (token: string | undefined, q: string) =>
  call(t.app, { method: 'GET', url: `/api/file/download-contest-ac-submission?cid=${cid}${q}`, token });
const files = (raw: Buffer) =>
  Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(raw))).map(([k, v]) => [k, new TextDecoder().decode(v)]),
  );

beforeAll(async () => {
  t = await createTestApp();
  u.ann = await makeUser(t.ctx, 'dl_ann', Role.USER);
  u.bob = await makeUser(t.ctx, 'dl_bob', Role.USER);
  u.cre = await makeUser(t.ctx, 'dl_cre', Role.PROBLEM_ADMIN);
  u.admin = await makeUser(t.ctx, 'dl_admin', Role.ADMIN);
  u.root = await makeUser(t.ctx, 'dl_root', Role.ROOT);
  const c = await makeContest(t.ctx, { creatorUid: u.cre.uid, startAgoMin: 60, endInMin: 60 });
  cid = c.cid;
  const p = await addProblems(t.ctx, cid, ['A', 'B']);
  const sub = (
    who: keyof typeof u,
    pid: number,
    min: number,
    status: number,
    code: string,
    language = 'C++',
  ) =>
    t.ctx.db.insert(submissions).values({
      pid,
      displayPid: String(pid),
      uid: u[who].uid,
      username: `dl_${who}`,
      cid,
      code,
      language,
      length: code.length,
      status,
      submitTime: new Date(c.start.getTime() + min * MIN),
    });
  await sub('ann', p.A, 5, S.ACCEPTED, 'ann A first');
  await sub('ann', p.A, 9, S.ACCEPTED, 'ann A last');
  await sub('ann', p.A, 12, S.WRONG_ANSWER, 'ann A wrong');
  await sub('ann', p.B, 7, S.ACCEPTED, 'print(1)', 'Python3');
  await sub('bob', p.A, 8, S.WRONG_ANSWER, 'bob A wrong');
  await sub('cre', p.A, 1, S.ACCEPTED, 'creator A');
  await sub('root', p.B, 1, S.ACCEPTED, 'root B', 'Java');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/file/download-contest-ac-submission', () => {
  it('zips the last AC per participant and problem, by user, with display ids and extensions', async () => {
    const r = await download(u.cre.token, '&splitType=user');
    expect(r.code).toBe(200);
    expect(String(r.headers['content-type'])).toContain('application/zip');
    expect(files(r.raw)).toEqual({
      'dl_ann/A.cpp': 'ann A last',
      'dl_ann/B.py': 'print(1)',
      'dl_cre/A.cpp': 'creator A',
      'dl_root/B.java': 'root B',
    });
  });

  it('splits by problem and leaves the contest admins out with excludeAdmin', async () => {
    const r = await download(u.root.token, '&splitType=problem&excludeAdmin=true');
    expect(r.code).toBe(200);
    expect(files(r.raw)).toEqual({ 'A/dl_ann.cpp': 'ann A last', 'B/dl_ann.py': 'print(1)' });
  });

  it('refuses anonymous callers (401), participants and other admins (403); 400 bad splitType, 404 unknown', async () => {
    expect((await download(undefined, '')).code).toBe(401);
    expect((await download(u.ann.token, '')).code).toBe(403);
    expect((await download(u.admin.token, '')).code).toBe(403);
    expect((await download(u.cre.token, '&splitType=team')).code).toBe(400);
    const gone = await call(t.app, {
      method: 'GET',
      url: '/api/file/download-contest-ac-submission?cid=999999',
      token: u.root.token,
    });
    expect(gone.code).toBe(404);
  });

  it('maps language names to extensions', () => {
    expect(
      [
        'C',
        'C With O2',
        'C++ 17 With O2',
        'C#',
        'Java',
        'JavaScript Node',
        'PyPy3',
        'Golang',
        'Rust',
        'Pascal',
      ].map(languageExtension),
    ).toEqual(['c', 'c', 'cpp', 'cs', 'java', 'js', 'py', 'go', 'rs', 'txt']);
  });
});
