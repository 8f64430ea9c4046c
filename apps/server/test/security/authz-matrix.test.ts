import { JudgeStatus, Role } from '@oj/shared';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { createSession } from '../../src/plugins/auth.js';
import { injectStream } from '../events/live-client.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { judgeHeaders, judgeNext, registerJudgehost } from '../judge/judge-helpers.js';
import { call } from '../problem/fixtures.js';
import { MATRIX, problemPayload, ROLES, type RoleKey, type Seed } from './authz-matrix.js';

// Runs the route × role matrix of authz-matrix.ts against the real app (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): one app and one seed for the whole file.

const ROLE_CODES: Record<Exclude<RoleKey, 'anonymous'>, number> = {
  user: Role.USER,
  other: Role.USER,
  noSubmit: Role.NO_SUBMIT,
  problemAdmin: Role.PROBLEM_ADMIN,
  admin: Role.ADMIN,
  root: Role.ROOT,
};

let t: TestApp;
const registered = new Set<string>();
const uids = {} as Record<Exclude<RoleKey, 'anonymous'>, string>;
const tokens = {} as Record<RoleKey, string | undefined>;
let seed: Seed;

const newSession = (uid: string) =>
  createSession(t.ctx, uid, { ip: '127.0.0.1', headers: {} } as FastifyRequest);

async function ok200(what: string, res: { code: number; body: { data: unknown; msg: string } }) {
  if (res.code !== 200) throw new Error(`seeding ${what}: ${res.code} ${res.body?.msg}`);
  return res.body.data as Record<string, unknown>;
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (r) => {
        for (const m of [r.method].flat()) if (m !== 'HEAD') registered.add(`${m} ${r.url}`);
      },
    },
  );
  for (const role of Object.keys(ROLE_CODES) as (keyof typeof ROLE_CODES)[]) {
    const [row] = await t.ctx.db
      .insert(users)
      .values({
        username: `mx_${role}`,
        passwordHash: 'x',
        role: ROLE_CODES[role],
        email: `mx_${role}@example.com`,
      })
      .returning({ uid: users.uid });
    uids[role] = row.uid;
    tokens[role] = await newSession(row.uid);
  }
  tokens.anonymous = undefined;
  const root = tokens.root;
  await ok200(
    'switch',
    await call(t.app, {
      method: 'PUT',
      url: '/api/admin/switch/update',
      token: root,
      payload: { defaultSubmitInterval: 0 },
    }),
  );
  const pub = await ok200(
    'public problem',
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: root,
      payload: problemPayload('MX-PUB'),
    }),
  );
  const priv = await ok200(
    'private problem',
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem',
      token: root,
      payload: problemPayload('MX-PRIV', 2),
    }),
  );
  await registerJudgehost(t.app, t.ctx, 'mx-judge');
  const submit = async (role: RoleKey, pid = 'MX-PUB') =>
    (
      await ok200(
        `submission of ${role}`,
        await call(t.app, {
          method: 'POST',
          url: '/api/submit-problem-judge',
          token: tokens[role],
          payload: { pid, language: 'C', code: 'int main(){return 0;}' },
        }),
      )
    ).submitId as number;
  const userSubmitId = await submit('user');
  await judgeNext(t.app, t.ctx, JudgeStatus.WRONG_ANSWER, {
    caseStatuses: [
      JudgeStatus.ACCEPTED,
      JudgeStatus.WRONG_ANSWER,
      JudgeStatus.ACCEPTED,
      JudgeStatus.ACCEPTED,
    ],
    judgehostId: 'mx-judge',
  });
  const privateSubmitId = await submit('root', 'MX-PRIV');
  await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED, { judgehostId: 'mx-judge' });
  const otherSubmitId = await submit('other');
  const userTestKey = (await ok200(
    'test run',
    await call(t.app, {
      method: 'POST',
      url: '/api/submit-problem-test-judge',
      token: tokens.user,
      payload: { pid: 'MX-PUB', language: 'C', code: 'int main(){return 0;}', userInput: '1 2' },
    }),
  )) as unknown as string;
  // Judged at once, so that the user has no unfinished test run (one at a time per user, issue 8 finding 4).
  await judgeNext(t.app, t.ctx, JudgeStatus.ACCEPTED, { judgehostId: 'mx-judge' });
  const compileKey = (await ok200(
    'compile check',
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/problem/compile-spj',
      token: tokens.problemAdmin,
      payload: { code: 'int main(){return 0;}', language: 'C++' },
    }),
  )) as unknown as string;
  const ann = await ok200(
    'announcement',
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/announcement',
      token: root,
      payload: { title: 'Seeded', content: 'Seeded announcement' },
    }),
  );
  const tag = await ok200(
    'tag',
    await call(t.app, { method: 'POST', url: '/api/admin/tag', token: root, payload: { name: 'mx-seeded' } }),
  );
  const cls = await ok200(
    'classification',
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/tag/classification',
      token: root,
      payload: { name: 'mx-seeded-class' },
    }),
  );
  const contest = async (auth: number) => {
    const c = await ok200(
      `contest (auth ${auth})`,
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/contest',
        token: root,
        payload: {
          title: `Matrix ${auth}`,
          description: 'Seeded contest',
          type: 0,
          auth,
          pwd: auth ? 'mx-pwd' : null,
          startTime: new Date(Date.now() - 3600_000).toISOString(),
          endTime: new Date(Date.now() + 24 * 3600_000).toISOString(),
        },
      }),
    );
    await ok200(
      'contest problem',
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/contest/add-problem-from-public',
        token: root,
        payload: { cid: c.cid, pid: pub.pid, displayId: 'A' },
      }),
    );
    return c.cid as number;
  };
  const contestId = await contest(0);
  const privateContestId = await contest(1);
  const category = await ok200(
    'training category',
    await call(t.app, {
      method: 'POST',
      url: '/api/admin/training/category',
      token: root,
      payload: { name: 'mx-category', color: '#123456' },
    }),
  );
  const training = async (auth: string) => {
    const tr = await ok200(
      `training (${auth})`,
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/training',
        token: root,
        payload: {
          training: { title: `Matrix ${auth}`, description: 'Seeded training', auth, privatePwd: 'mx-pwd' },
          trainingCategory: { id: category.id },
        },
      }),
    );
    await ok200(
      'training problem',
      await call(t.app, {
        method: 'POST',
        url: '/api/admin/training/add-problem-from-public',
        token: root,
        payload: { tid: tr.tid, pid: pub.pid, displayId: 'A' },
      }),
    );
    return tr.tid as number;
  };
  const trainingId = await training('Public');
  const privateTrainingId = await training('Private');
  seed = {
    trainingId,
    privateTrainingId,
    trainingCategoryId: category.id as number,
    contestId,
    privateContestId,
    publicPid: pub.pid as number,
    publicProblemId: 'MX-PUB',
    privatePid: priv.pid as number,
    privateProblemId: 'MX-PRIV',
    userSubmitId,
    privateSubmitId,
    otherSubmitId,
    userTestKey,
    compileKey,
    announcementId: ann.id as number,
    tagId: tag.id as number,
    classificationId: cls.id as number,
    judgeToken: (await judgeHeaders(t.ctx))['x-judge-token'],
  };
});
afterAll(async () => {
  await t?.close();
});

describe('authorization matrix', () => {
  it('has at least one row for every registered route', () => {
    const covered = new Set(MATRIX.map((r) => `${r.method} ${r.route}`));
    const missing = [...registered].filter((k) => !covered.has(k)).sort();
    expect(missing, 'routes without a row in authz-matrix.ts').toEqual([]);
    const stale = [...covered].filter((k) => !registered.has(k)).sort();
    expect(stale, 'rows for routes that are not registered').toEqual([]);
  });

  it('gives every role the status its row expects', async () => {
    const wrong: string[] = [];
    for (const row of MATRIX) {
      for (const role of ROLES) {
        const req = row.request(seed, role);
        let token = tokens[role];
        if (row.freshSession && role !== 'anonymous') token = await newSession(uids[role]);
        const res = row.stream
          ? await injectStream(t.app, {
              method: row.method,
              url: req.url ?? row.route,
              payload: req.payload,
              headers: { ...req.headers, ...(token ? { authorization: token } : {}) },
            })
          : await call(t.app, {
              method: row.method,
              url: req.url ?? row.route,
              payload: req.payload as never,
              headers: req.headers,
              token,
            });
        if (res.code !== row.expect[role]) {
          wrong.push(
            `${row.method} ${req.url ?? row.route} ${row.what ? `(${row.what}) ` : ''}as ${role}: ` +
              `${res.code} (expected ${row.expect[role]}) ${res.body?.msg ?? ''}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000); // thousands of requests: minutes on a loaded 2-core machine (CI runs three lanes at once)

  it('refuses callers without the role before reading the body (a malformed body still gets 401 / 403)', async () => {
    const wrong: string[] = [];
    for (const row of MATRIX) {
      if (row.method === 'GET' || row.method === 'DELETE') continue;
      for (const role of ['anonymous', 'user'] as const) {
        const want = row.expect[role];
        if (want !== 401 && want !== 403) continue;
        if (role !== 'anonymous' && row.refusedByTarget) continue;
        const req = row.request(seed, role);
        const res = await call(t.app, {
          method: row.method,
          url: req.url ?? row.route,
          payload: '{"not json',
          headers: { ...req.headers, 'content-type': 'application/json' },
          token: tokens[role],
        });
        if (res.code !== want)
          wrong.push(`${row.method} ${row.route} as ${role}: ${res.code} (expected ${want})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
