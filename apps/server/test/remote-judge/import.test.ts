import { type Replicas, startReplicas } from '@oj/remote-judge/testing';
import { type RemoteOjName, Role } from '@oj/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problems } from '../../src/db/schema/index.js';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { call, userWithRole } from '../judge/judge-helpers.js';

/** The catalogue key of an error answer. */
const msgKey = (r: { body: unknown }) => (r.body as { msgKey?: string }).msgKey;

/**
 * HOJ's import-remote-problem and the home page's other OJs' contests through the real app, against the local
 * replicas of the six sites (@oj/remote-judge/testing; OJ_REMOTE_<OJ>_URL points each adapter at its replica).
 * Checked against the replicas only, not the live sites (docs/remote-judges.md).
 */
let t: TestApp;
let replicas: Replicas;
let root: string;

/** Per OJ: the problem each replica serves and its title there. */
const PROBLEMS: Record<RemoteOjName, { id: string; title: string }> = {
  HDU: { id: '1000', title: 'A + B Problem' },
  POJ: { id: '1000', title: 'A+B Problem' },
  CF: { id: '1A', title: 'Theatre Square' },
  GYM: { id: '100001A', title: 'Gym Square' },
  AC: { id: 'abc001_a', title: '積雪深差' },
  SPOJ: { id: 'TEST', title: 'Life, the Universe, and Everything' },
};

beforeAll(async () => {
  replicas = await startReplicas();
  for (const [oj, url] of Object.entries(replicas.urls)) process.env[`OJ_REMOTE_${oj}_URL`] = url;
  t = await createTestApp();
  root = await login(t.app, 'root', ROOT_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await replicas?.close();
});

describe('GET /api/admin/import-remote-problem', () => {
  for (const [oj, want] of Object.entries(PROBLEMS) as [RemoteOjName, { id: string; title: string }][]) {
    it(`imports ${oj}-${want.id} with statement, samples, limits and the link to the original`, async () => {
      const r = await call(
        t.app,
        'GET',
        `/api/admin/import-remote-problem?name=${oj.toLowerCase()}&problemId=${encodeURIComponent(want.id)}`,
        { token: root },
      );
      expect(r.code, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ problemId: `${oj}-${want.id}`, title: want.title });
      if (oj === 'CF' || oj === 'GYM') expect(r.body.data.rawLimits).not.toBeNull();
      const [p] = await t.ctx.db.select().from(problems).where(eq(problems.id, r.body.data.pid));
      expect(p).toMatchObject({ isRemote: true, remoteOj: oj, remoteProblemId: want.id, auth: 1 });
      expect(p.remoteUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(p.description.length).toBeGreaterThan(0);
      expect(p.examples.length).toBeGreaterThan(0);
      expect(p.timeLimit).toBeGreaterThan(0);
      expect(p.memoryLimit).toBeGreaterThan(0);

      // The problem page: the original's link; its languages are the OJ's (seeded from the adapter).
      const d = await call(t.app, 'GET', `/api/get-problem-detail?problemId=${p.problemId}`, { token: root });
      expect(d.code).toBe(200);
      expect(d.body.data.problem).toMatchObject({ isRemote: true, remoteOj: oj, remoteUrl: p.remoteUrl });
      const langs = await call(t.app, 'GET', `/api/get-problem-languages?pid=${p.id}`, { token: root });
      expect(langs.body.data.length).toBeGreaterThan(0);
      for (const l of langs.body.data) expect(l.oj).toBe(oj);
    });
  }

  it('refuses a second import, an unknown problem, an unknown OJ; users may not import', async () => {
    const again = await call(t.app, 'GET', '/api/admin/import-remote-problem?name=HDU&problemId=1000', {
      token: root,
    });
    expect(again.code).toBe(400);
    expect(msgKey(again)).toBe('remoteJudge.problemExists');
    const missing = await call(t.app, 'GET', '/api/admin/import-remote-problem?name=HDU&problemId=9999', {
      token: root,
    });
    expect(missing.code).toBe(400);
    expect(msgKey(missing)).toBe('remoteJudge.problemNotFound');
    const bad = await call(t.app, 'GET', '/api/admin/import-remote-problem?name=UVA&problemId=100', {
      token: root,
    });
    expect(bad.code).toBe(400);
    const user = await userWithRole(t.app, t.ctx, 'importer', Role.USER);
    const refused = await call(t.app, 'GET', '/api/admin/import-remote-problem?name=CF&problemId=2A', {
      token: user,
    });
    expect(refused.code).toBe(403);
    const pa = await userWithRole(t.app, t.ctx, 'padmin', Role.PROBLEM_ADMIN);
    const missingPa = await call(t.app, 'GET', '/api/admin/import-remote-problem?name=CF&problemId=99Z', {
      token: pa,
    });
    expect(msgKey(missingPa)).toBe('remoteJudge.problemNotFound');
  });
});

describe('GET /api/get-recent-other-contest', () => {
  it("lists Codeforces' and AtCoder's upcoming contests by start time", async () => {
    const r = await call(t.app, 'GET', '/api/get-recent-other-contest');
    expect(r.code).toBe(200);
    const list = r.body.data as { oj: string; title: string; beginTime: string; url: string }[];
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((c) => c.oj))).toEqual(new Set(['CF', 'AC']));
    const begins = list.map((c) => Date.parse(c.beginTime));
    expect([...begins].sort((a, b) => a - b)).toEqual(begins);
  });

  it('answers an empty list, not an error, when the sites cannot be reached', async () => {
    const saved = { cf: process.env.OJ_REMOTE_CF_URL, ac: process.env.OJ_REMOTE_AC_URL };
    process.env.OJ_REMOTE_CF_URL = 'http://127.0.0.1:9';
    process.env.OJ_REMOTE_AC_URL = 'http://127.0.0.1:9';
    const other = await createTestApp();
    try {
      const r = await call(other.app, 'GET', '/api/get-recent-other-contest');
      expect(r.code).toBe(200);
      expect(r.body.data).toEqual([]);
    } finally {
      process.env.OJ_REMOTE_CF_URL = saved.cf;
      process.env.OJ_REMOTE_AC_URL = saved.ac;
      await other.close();
    }
  });
});
