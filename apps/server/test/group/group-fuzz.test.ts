import { GroupAuth, Role } from '@oj/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contestPayload } from '../contest/contest-fixtures.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeUser, problemBody } from '../problem/fixtures.js';
import { describeRequest, type FuzzRequest, type FuzzRoute, requestArb } from '../security/fuzz-gen.js';
import { groupBody, makeGroup, req } from './group-fixtures.js';

// Fuzzes the group routes (issue 13) the way test/security/fuzz.test.ts fuzzes every route, but aimed at a real
// group: half the generated ids are swapped for the seeded group's (its gid, problem, training, contest), and the
// signed-in caller is the group's owner, so hostile values reach the code behind the group rules. No 5xx allowed.

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const RUNS = Number(process.env.GROUP_FUZZ_RUNS ?? 2000);
const GROUP_ROUTE = /^\/api\/(group|get-group|admin\/group-problem|file\/upload-group-avatar)/;

let t: TestApp;
const routes: FuzzRoute[] = [];
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp(
    { OJ_TRUST_PROXY: 'true' },
    {
      onRoute: (r) => {
        for (const m of [r.method].flat()) {
          if (m !== 'HEAD' && GROUP_ROUTE.test(r.url)) {
            routes.push({ method: m, url: r.url, schema: (r as FuzzRoute).schema });
          }
        }
      },
    },
  );
  await t.ctx.config.set('switch', { defaultCreateGroupACInitValue: 0, defaultCreateGroupDailyLimit: 1000 });
  tokens.user = (await makeUser(t.ctx, 'fz_owner', Role.USER)).token;
  tokens.root = (await makeUser(t.ctx, 'fz_root', Role.ROOT)).token;
  const g = await makeGroup(t.app, tokens.user, groupBody(GroupAuth.PROTECTED));
  ids.gid = g.id;
  const p = await req(t.app, 'POST', '/api/group/problem', {
    token: tokens.user,
    payload: problemBody('1001', { gid: g.id }),
  });
  ids.pid = p.body.data.pid;
  const cat = await req(t.app, 'POST', '/api/admin/training/category', {
    token: tokens.root,
    payload: { name: 'Fuzz' },
  });
  const tr = await req(t.app, 'POST', '/api/group/training', {
    token: tokens.user,
    payload: {
      gid: g.id,
      training: { title: 'T', description: 'D', auth: 'Public' },
      trainingCategory: { id: cat.body.data.id },
    },
  });
  ids.tid = tr.body.data.tid;
  const c = await req(t.app, 'POST', '/api/group/contest', {
    token: tokens.user,
    payload: { ...contestPayload(), gid: g.id },
  });
  ids.cid = c.body.data.cid;
});
afterAll(async () => t?.close());

/** Swaps numeric ids named gid / pid / tid / cid / id / aid in the query and a JSON body for the seeded ones. */
function aimed(r: FuzzRequest, flip: boolean[]): FuzzRequest {
  const pick = (key: string) => (key === 'id' || key === 'aid' ? ids.pid : ids[key]);
  let i = 0;
  const url = r.url.replace(/([?&])(gid|pid|tid|cid|id|aid)=([^&]*)/g, (m, sep, key) =>
    flip[i++ % flip.length] ? `${sep}${key}=${pick(key)}` : m,
  );
  let body = r.body;
  if (typeof body === 'string' && body.startsWith('{')) {
    try {
      const obj = JSON.parse(body) as Record<string, unknown>;
      for (const key of ['gid', 'pid', 'tid', 'cid', 'id']) {
        if (key in obj && flip[i++ % flip.length]) obj[key] = pick(key);
      }
      body = JSON.stringify(obj);
    } catch {
      /* keep a broken body broken */
    }
  }
  return { ...r, url, body };
}

describe('fuzzing the group routes on a real group', () => {
  it(`answers ${RUNS} hostile requests (seed ${SEED}) without a 5xx`, async () => {
    expect(routes.length).toBeGreaterThan(60);
    const arb = fc.tuple(requestArb(routes), fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }));
    const failures: string[] = [];
    const byStatus: Record<number, number> = {};
    for (const [raw, flip] of fc.sample(arb, { seed: SEED, numRuns: RUNS })) {
      if (raw.role === 'judge') continue;
      const r = aimed(raw, flip);
      const headers = { ...r.headers };
      if (r.role !== 'anonymous') headers.authorization = tokens[r.role];
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url, headers, payload: r.body });
      byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500)
        failures.push(`${describeRequest(r)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    console.log(
      `group fuzz: ${RUNS} requests over ${routes.length} routes; by status ${JSON.stringify(byStatus)}`,
    );
    expect(failures).toEqual([]);
  });
});
