import { randomBytes } from 'node:crypto';
import { Role, JudgeStatus as S } from '@oj/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions, users } from '../../src/db/schema/index.js';
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

describe('a large AC download (issue 23 §2b: the zip blocked the server 1.4 s per 20 MB)', () => {
  it('streams 20 MB of code while the server keeps answering, and the zip holds every file', async () => {
    const big = await makeContest(t.ctx, { creatorUid: u.cre.uid, startAgoMin: 60, endInMin: 60 });
    const p = await addProblems(t.ctx, big.cid, ['A', 'B']);
    const people = await t.ctx.db
      .insert(users)
      .values(
        Array.from({ length: 160 }, (_, i) => ({
          username: `big_${i}`,
          passwordHash: 'x',
          nickname: `b${i}`,
        })),
      )
      .returning({ uid: users.uid, username: users.username });
    const expected: Record<string, string> = {};
    for (const [i, who] of people.entries()) {
      const rows = (['A', 'B'] as const).map((d) => {
        // Base64 of random bytes: text that deflates slowly and hardly shrinks (64 KiB, the code limit).
        const code = randomBytes(48 * 1024).toString('base64');
        expected[`${who.username}/${d}.cpp`] = code;
        return {
          pid: p[d],
          displayPid: d,
          uid: who.uid,
          username: who.username,
          cid: big.cid,
          code,
          language: 'C++',
          length: code.length,
          status: S.ACCEPTED,
          submitTime: new Date(big.start.getTime() + (i + 1) * 1000),
        };
      });
      await t.ctx.db.insert(submissions).values(rows);
    }
    // The longest wait of a 5 ms timer while the download runs: the event loop's longest stall.
    const started = Date.now();
    let last = started;
    let stall = 0;
    const ticker = setInterval(() => {
      const now = Date.now();
      stall = Math.max(stall, now - last);
      last = now;
    }, 5);
    let health = 0;
    let done = false;
    const download = t.app
      .inject({
        method: 'GET',
        url: `/api/file/download-contest-ac-submission?cid=${big.cid}`,
        headers: { authorization: u.cre.token },
      })
      .finally(() => {
        done = true;
      });
    // While the zip is produced, health checks keep being answered.
    const probes = (async () => {
      while (!done) {
        const h = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(h.statusCode).toBeLessThan(500);
        if (!done) health += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const r = await download;
    const took = Date.now() - started;
    clearInterval(ticker);
    await probes;
    expect(r.statusCode).toBe(200);
    const codeBytes = Object.values(expected).reduce((n, c) => n + c.length, 0);
    expect(codeBytes).toBeGreaterThanOrEqual(20 * 1024 * 1024);
    expect(r.rawPayload.length).toBeGreaterThan(15 * 1024 * 1024);
    const got = files(r.rawPayload);
    expect(Object.keys(got).length).toBe(320);
    expect(got).toEqual(expected);
    expect(health, 'health checks answered while zipping').toBeGreaterThan(2);
    // No turn of the event loop waited for the whole zip (one synchronous zipSync was most of the download's
    // time): the longest stall is a small part of it, however loaded the machine is.
    expect(stall, `longest event-loop stall (ms) of a ${took} ms download`).toBeLessThan(took * 0.2);
  }, 120_000);
});
