import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  api,
  buildBundles,
  loginRoot,
  type Proc,
  problemPid,
  startJudgehost,
  startServer,
  statuses,
} from './proc.js';

// The README's scaled set-up as a test (issue 15): one PostgreSQL, two server instances (own ports, same database
// and files directory), two judgehosts with their own sandbox uid ranges; 200 submissions spread over both servers;
// half-way one server and one judgehost are killed with SIGKILL. Every submission must end judged exactly once
// (no verdict lost, none counted twice) by the survivors. Then the same load on one server, for comparison.
// Everything talks to 127.0.0.1 only.
const N = Number(process.env.OJ_SCALED_SUBMISSIONS ?? 200);
const PASSWORD = 'scaled-secret';
const TOKEN = 'scaled-judge-token-0123456789';
const PG_URL = process.env.OJ_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FINAL = (s: number | undefined) => s !== undefined && ![5, 6, 7].includes(s);
const UID_BASE = Number(process.env.OJ_TEST_UID_OFFSET ?? 0) + 77_000 + (process.pid % 50) * 32;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-scaled-'));
// The sandbox runs programs under other uids: they must traverse into the judgehosts' work roots.
fs.chmodSync(tmp, 0o711);
const procs: Proc[] = [];
const databases: string[] = [];

const pyAplusB = (right: boolean) => `a, b = map(int, input().split())\nprint(a + b${right ? '' : ' + 1'})\n`;

function dbUrl(name: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(q: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

async function freshDatabase(tag: string): Promise<string> {
  const name = `oj_scaled_${tag}_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  databases.push(name);
  return dbUrl(name);
}

afterAll(async () => {
  for (const p of procs) await p.stop('SIGKILL', 5000);
  for (const d of databases) await admin(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`).catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Submits `n` Python A+B (every fourth wrong) round-robin over `urls`; returns ids and the expected statuses. */
async function submitAll(urls: string[], tokens: string[], pid: number, n: number) {
  const ids: number[] = [];
  const expected = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const k = i % urls.length;
    const right = i % 4 !== 3;
    const r = await api(urls[k], 'POST', '/api/submit-problem-judge', {
      token: tokens[k],
      body: { pid, language: 'Python3', code: pyAplusB(right), cid: 0 },
    });
    expect(r.code, r.body.msg).toBe(200);
    ids.push(r.body.data.submitId);
    expected.set(r.body.data.submitId, right ? 0 : -1);
  }
  return { ids, expected };
}

/** Polls `url` until every id is final (or the deadline); calls `onProgress` with the number final. */
async function waitAll(
  url: string,
  token: string,
  ids: number[],
  ms: number,
  onProgress?: (done: number) => Promise<void>,
) {
  const deadline = Date.now() + ms;
  let s = new Map<number, number>();
  while (Date.now() < deadline) {
    s = await statuses(url, token, ids);
    const done = ids.filter((id) => FINAL(s.get(id))).length;
    await onProgress?.(done);
    if (done === ids.length) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return s;
}

/** Accepted `judged` lines per submit id, over the judgehosts' outputs. */
function acceptedJudgements(outputs: string[]): Map<number, number> {
  const n = new Map<number, number>();
  for (const line of outputs.join('\n').split('\n')) {
    if (!line.includes('"judged"')) continue;
    try {
      const o = JSON.parse(line) as { msg?: string; submitId?: number; accepted?: boolean };
      if (o.msg === 'judged' && o.accepted && o.submitId) n.set(o.submitId, (n.get(o.submitId) ?? 0) + 1);
    } catch {
      // not JSON
    }
  }
  return n;
}

async function dbCheck(url: string, ids: number[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const jobs = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM judge_jobs WHERE state = 'done' GROUP BY submit_id`,
    );
    const open = await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM judge_jobs WHERE state <> 'done'`,
    );
    const p = await c.query<{ total: number }>(
      `SELECT count_total::int AS total FROM problems WHERE problem_id = '1000'`,
    );
    return {
      doneJobs: jobs.rows.length,
      maxPerSubmission: Math.max(...jobs.rows.map((r) => r.n)),
      open: open.rows[0].n,
      counted: p.rows[0].total,
      submissions: ids.length,
    };
  } finally {
    await c.end();
  }
}

// Processes of their own, independent of TEST_DATABASE_URL: run once in CI (the PGlite pass), not again on the
// PostgreSQL pass.
describe.skipIf(!!process.env.TEST_DATABASE_URL)(
  'scaled set-up: PostgreSQL, two servers, two judgehosts',
  () => {
    it(`judges ${N} submissions exactly once when a server and a judgehost are SIGKILLed half-way`, async () => {
      buildBundles();
      // --- two servers, two judgehosts
      const url = await freshDatabase('two');
      const filesDir = path.join(tmp, 'shared-data');
      const common = {
        DATABASE_URL: url,
        OJ_DATA_DIR: filesDir,
        OJ_ADMIN_PASSWORD: PASSWORD,
        OJ_JUDGE_TOKEN: TOKEN,
        OJ_EMBEDDED_JUDGE_WORKERS: '0',
      };
      const a = await startServer(common);
      procs.push(a);
      const b = await startServer(common);
      procs.push(b);
      const ja = startJudgehost({
        server: a.url,
        token: TOKEN,
        name: 'jh-a',
        cacheDir: path.join(tmp, 'jh-a'),
        workers: 2,
        uidBase: UID_BASE,
      });
      const jb = startJudgehost({
        server: b.url,
        token: TOKEN,
        name: 'jh-b',
        cacheDir: path.join(tmp, 'jh-b'),
        workers: 2,
        uidBase: UID_BASE + 16,
      });
      procs.push(ja, jb);
      const tokens = [await loginRoot(a.url, PASSWORD), await loginRoot(b.url, PASSWORD)];
      const pid = await problemPid(a.url, tokens[0]);
      const started = Date.now();
      const { ids, expected } = await submitAll([a.url, b.url], tokens, pid, N);
      let killedAt = -1;
      const s = await waitAll(b.url, tokens[1], ids, 420_000, async (done) => {
        if (killedAt < 0 && done >= N / 2) {
          killedAt = done;
          a.child.kill('SIGKILL');
          ja.child.kill('SIGKILL');
          await Promise.all([a.exited, ja.exited]);
        }
      });
      const scaledMs = Date.now() - started;
      expect(killedAt).toBeGreaterThan(0);
      expect(ids.filter((id) => !FINAL(s.get(id)))).toEqual([]);
      expect(
        ids.filter((id) => s.get(id) !== expected.get(id)),
        await errors(url),
      ).toEqual([]);
      // Exactly once: one accepted result per submission over both judgehosts, one finished job each, counted once.
      const judged = acceptedJudgements([ja.output(), jb.output()]);
      expect(ids.filter((id) => judged.get(id) !== 1)).toEqual([]);
      expect(await dbCheck(url, ids)).toEqual({
        doneJobs: N,
        maxPerSubmission: 1,
        open: 0,
        counted: N,
        submissions: N,
      });
      // The survivors carry on: the surviving server still takes and judges a submission.
      const after = await submitAll([b.url], [tokens[1]], pid, 1);
      expect((await waitAll(b.url, tokens[1], after.ids, 120_000)).get(after.ids[0])).toBe(0);
      expect(await health(b.url)).toMatchObject({
        database: { ok: true },
        migrations: { current: true },
        judgehosts: { online: 1 },
      });
      for (const p of [b, jb]) await p.stop('SIGTERM');

      // --- the same load on one server and one judgehost
      const url1 = await freshDatabase('one');
      const one = await startServer({
        ...common,
        DATABASE_URL: url1,
        OJ_DATA_DIR: path.join(tmp, 'one-data'),
      });
      procs.push(one);
      const j1 = startJudgehost({
        server: one.url,
        token: TOKEN,
        name: 'jh-one',
        cacheDir: path.join(tmp, 'jh-one'),
        workers: 2,
        uidBase: UID_BASE,
      });
      procs.push(j1);
      const token1 = await loginRoot(one.url, PASSWORD);
      const started1 = Date.now();
      const single = await submitAll([one.url], [token1], await problemPid(one.url, token1), N);
      const s1 = await waitAll(one.url, token1, single.ids, 420_000);
      const singleMs = Date.now() - started1;
      expect(single.ids.filter((id) => s1.get(id) !== single.expected.get(id))).toEqual([]);
      for (const p of [one, j1]) await p.stop('SIGTERM');
      console.log(
        `scaled: ${N} submissions on 2 servers + 2 judgehosts (2 workers each), one of each SIGKILLed after ${killedAt} were judged: ${(scaledMs / 1000).toFixed(1)} s; ` +
          `the same load on 1 server + 1 judgehost (2 workers): ${(singleMs / 1000).toFixed(1)} s; ${os.availableParallelism()} cores, load average ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
      );
    }, 900_000);
  },
);

async function health(url: string) {
  return (await api(url, 'GET', '/api/health')).body.data;
}

/** The first few error messages of unexpected verdicts (for a failing assertion's message). */
async function errors(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      `SELECT id, status, error_message FROM submissions WHERE status NOT IN (0, -1) LIMIT 3`,
    );
    return JSON.stringify(r.rows);
  } finally {
    await c.end();
  }
}
