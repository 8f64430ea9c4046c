import { formatMessage, isMessageKey, type MessageParams, Role } from '@oj/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectStream, STREAM_ROUTES } from '../events/live-client.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { judgeHeaders } from '../judge/judge-helpers.js';
import { makeUser } from '../problem/fixtures.js';
import { describeRequest, type FuzzRequest, type FuzzRoute, requestArb } from './fuzz-gen.js';

// Fuzzes every registered route (issue 8): about 10,000 hostile requests as anonymous, user and super admin (the
// judge protocol with its token), none of which may get a 5xx. Seeded: FUZZ_SEED and FUZZ_RUNS override the
// fixed seed and count, and a failure prints the seed and the requests that got a 5xx.

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const BATCH = 500;

let t: TestApp;
const routes: FuzzRoute[] = [];
const tokens: Record<string, string> = {};
const uids: Record<string, string> = {};

beforeAll(async () => {
  // Behind a trusted proxy, each request comes from its own address: the per-IP limits do not hide the routes.
  t = await createTestApp(
    { OJ_TRUST_PROXY: 'true' },
    {
      onRoute: (r) => {
        for (const m of [r.method].flat()) {
          if (m !== 'HEAD') routes.push({ method: m, url: r.url, schema: (r as FuzzRoute).schema });
        }
      },
    },
  );
  for (const [name, role] of [
    ['user', Role.USER],
    ['root', Role.ROOT],
  ] as const) {
    const u = await makeUser(t.ctx, `fz_${name}`, role);
    tokens[name] = u.token;
    uids[name] = u.uid;
  }
  tokens.judge = (await judgeHeaders(t.ctx))['x-judge-token'];
});
afterAll(async () => {
  await t?.close();
});

async function send(r: FuzzRequest) {
  const headers = { ...r.headers };
  if (r.role === 'judge') headers['x-judge-token'] = tokens.judge;
  else if (r.role !== 'anonymous') headers.authorization = tokens[r.role];
  // A lease may be held up to 30 s waiting for a job: the fuzzer asks for an answer at once.
  let body = r.body;
  if (r.url.startsWith('/api/judge/lease') && typeof body === 'string' && body.startsWith('{"'))
    body = body.replace(/^\{/, '{"waitSeconds":0,');
  if (STREAM_ROUTES.has(r.url.split('?')[0])) {
    // The live stream never ends: read its head (and a refusal's body); a hostile resume id now and then.
    headers['last-event-id'] = HOSTILE_EVENT_IDS[streams++ % HOSTILE_EVENT_IDS.length];
    const s = await injectStream(t.app, { method: r.method, url: r.url, headers, payload: body });
    return { statusCode: s.code, body: JSON.stringify(s.body), json: () => s.body };
  }
  return t.app.inject({ method: r.method as 'GET', url: r.url, headers, payload: body });
}

/** Last-Event-ID values sent with the stream requests, in turn. */
const HOSTILE_EVENT_IDS = [
  '0',
  '-1',
  '1e308',
  '99999999999999999999',
  'NaN',
  '\u00ff',
  ' 7 ',
  'x'.repeat(4000),
];
let streams = 0;

describe('fuzzing every route', () => {
  it(`answers ${RUNS} hostile requests (seed ${SEED}) without a 5xx`, async () => {
    expect(routes.length).toBeGreaterThan(50);
    const arb = requestArb(routes);
    // Generated in batches of BATCH (batch b from seed SEED + b): the same requests every run, without holding
    // 10,000 bodies (some of 1 MB) in memory at once.
    function* requests() {
      for (let b = 0; b * BATCH < RUNS; b++) {
        yield* fc.sample(arb, { seed: SEED + b, numRuns: Math.min(BATCH, RUNS - b * BATCH) });
      }
    }
    let i = -1;
    const failures: string[] = [];
    const untranslated: string[] = [];
    const byStatus: Record<number, number> = {};
    const started = Date.now();
    for (const r of requests()) {
      i += 1;
      const res = await send(r);
      byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) {
        failures.push(`#${i} ${describeRequest(r)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      } else if (res.statusCode >= 400) {
        // Every refusal carries a catalogue key whose English template is the message (issue 14, defect 3).
        const body = res.json() as { msg: string; msgKey?: string; msgParams?: MessageParams };
        if (!isMessageKey(body.msgKey) || formatMessage(body.msgKey, body.msgParams) !== body.msg)
          untranslated.push(`#${i} ${describeRequest(r)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      // Routes that end the caller's session: give the role a new one.
      if (/\/logout|change-password|change-email/.test(r.url) && res.statusCode === 200 && r.role in uids) {
        tokens[r.role] = (
          await makeUser(t.ctx, `fz_${r.role}_${i}`, r.role === 'root' ? Role.ROOT : Role.USER)
        ).token;
      }
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `fuzz: ${i + 1} requests over ${routes.length} routes in ${seconds.toFixed(1)} s (seed ${SEED}); by status ${JSON.stringify(byStatus)}; ${streams} of them to streaming routes`,
    );
    expect(failures, `5xx answers (replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS})`).toEqual([]);
    expect(untranslated.slice(0, 5), 'refusals without a catalogue msgKey').toEqual([]);
    // 10,000 requests take about 50 s on an idle machine; a loaded one (parallel test files) needs more.
  }, 300_000);
});
