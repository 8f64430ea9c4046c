import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JudgeResult, JudgeTask } from '@oj/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { TestdataCache } from '../../src/cache.js';
import { type JudgeFn, Judgehost } from '../../src/worker.js';
import { baseProblem } from '../pipeline/harness.js';
import { type FakeServer, startFakeServer } from './fake-server.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const until = async (cond: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const task = (jobId: number, hash: string): JudgeTask => ({
  jobId,
  kind: 'judge',
  submitId: jobId,
  testKey: null,
  version: 0,
  language: 'C++',
  code: 'x',
  problem: baseProblem({ problemId: 'P1000', caseVersion: 'v' }),

  testcases: [
    {
      index: 1,
      inputName: '1.in',
      outputName: '1.out',
      inputHash: hash,
      outputHash: hash,
      inputSize: 4,
      outputSize: 4,
      score: 0,
      groupNum: 1,
    },
  ],
  userInput: null,
  expectedOutput: null,
});

/** A stand-in pipeline: reads the test file through the cache and answers Accepted. */
const fakeJudge: JudgeFn = async (t, deps) => {
  deps.onStatus?.(6, 0, 1);
  const path = await deps.getTestcase(t.testcases[0].inputHash);
  deps.onStatus?.(7, 0, 1);
  return {
    judgehostId: deps.judgehostId,
    jobId: t.jobId,
    version: t.version,
    status: readFileSync(path, 'utf8') === 'data' ? 0 : -1,
    score: null,
    oiRankScore: null,
    time: 1,
    memory: 100,
    errorMessage: null,
    cases: [],
    userOutput: null,
    stderr: null,
  } satisfies JudgeResult;
};

const servers: FakeServer[] = [];
const hosts: Judgehost[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.stop(1000);
  for (const s of servers.splice(0)) await s.close();
});

function host(url: string, extra: Partial<ConstructorParameters<typeof Judgehost>[0]> = {}) {
  const h = new Judgehost({
    server: url,
    token: 'tok',
    workers: 1,
    name: 'unit',
    cacheDir: mkdtempSync(join(tmpdir(), 'oj-worker-')),
    judge: fakeJudge,
    languages: async () => [{ name: 'C++', version: '12', available: true }],
    heartbeatMs: 100,
    waitSeconds: 0,
    log: () => {},
    ...extra,
  });
  hosts.push(h);
  return h;
}

describe('test data cache', () => {
  it('downloads once, verifies sha256, and refuses corrupt data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oj-cache-'));
    let fetches = 0;
    const cache = new TestdataCache(dir, async (h) => {
      fetches++;
      return Buffer.from(h === sha('good') ? 'good' : 'evil');
    });
    const [a, b] = await Promise.all([cache.get(sha('good')), cache.get(sha('good'))]);
    expect(a).toBe(b);
    expect(readFileSync(a, 'utf8')).toBe('good');
    // Root only: not readable by the sandbox uids or anyone else.
    expect(statSync(a).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, sha('good').slice(0, 2))).mode & 0o777).toBe(0o700);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    await cache.get(sha('good'));
    expect(fetches).toBe(1);
    await expect(cache.get(sha('other'))).rejects.toThrow(/corrupt/);
    const sub = join(dir, sha('other').slice(0, 2));
    const left = existsSync(sub) ? readdirSync(sub).filter((n) => n.startsWith(sha('other'))) : [];
    expect(left).toEqual([]);
    await expect(cache.get('../etc/passwd')).rejects.toThrow(/bad test data hash/);
  });
});

describe('judgehost worker', () => {
  it('registers, leases, streams progress, fetches test data and posts the result', async () => {
    const s = await startFakeServer();
    servers.push(s);
    let given = false;
    s.handlers.lease = () => {
      if (given) return { data: { task: null } };
      given = true;
      return { data: { task: task(7, sha('data')) } };
    };
    s.handlers.blob = () => ({ raw: Buffer.from('data') });
    const h = host(s.url);
    await h.start();
    await until(() => s.calls.some((c) => c.path === 'result'));
    const paths = s.calls.map((c) => c.path);
    expect(paths[0]).toBe('register');
    expect(paths).toContain(`blob/${sha('data')}`);
    // Judging with the case counts (a change of status is never held back); Compiling is not sent: the lease
    // marked the job Compiling on the server already.
    expect(
      s.calls
        .filter((c) => c.path === 'progress')
        .map((c) => c.body as { status: number; judged: number; total: number })
        .map(({ status, judged, total }) => [status, judged, total]),
    ).toEqual([[7, 0, 1]]);
    const res = s.calls.find((c) => c.path === 'result')?.body as JudgeResult;
    expect(res).toMatchObject({ jobId: 7, status: 0, judgehostId: h.judgehostId });
  });

  it('keeps a finished result until the server takes it (a 5xx answer is retried)', async () => {
    const s = await startFakeServer();
    servers.push(s);
    let given = false;
    s.handlers.lease = () => {
      if (given) return { data: { task: null } };
      given = true;
      return { data: { task: task(9, sha('data')) } };
    };
    s.handlers.blob = () => ({ raw: Buffer.from('data') });
    let tries = 0;
    s.handlers.result = () => (++tries < 2 ? { status: 503 } : { data: { accepted: true } });
    await host(s.url).start();
    await until(() => tries >= 2, 15_000);
    expect(s.calls.filter((c) => c.path === 'result')).toHaveLength(2);
  }, 30_000);

  it('waits for a server that is down, and registers again when the server forgot it', async () => {
    const probe = await startFakeServer();
    const url = probe.url;
    const port = Number(new URL(url).port);
    await probe.close();
    const h = host(url);
    const started = h.start();
    await new Promise((r) => setTimeout(r, 700));
    const s = await startFakeServer(port);
    servers.push(s);
    await started;
    expect(s.calls[0].path).toBe('register');
    let forgot = true;
    s.handlers.heartbeat = () => (forgot ? { status: 404 } : { data: { ok: true } });
    await until(() => s.calls.filter((c) => c.path === 'register').length >= 2);
    forgot = false;
    await h.stop(1000);
    const n = s.calls.length;
    await new Promise((r) => setTimeout(r, 300));
    // Stopped: no more leases or heartbeats.
    expect(s.calls.length).toBe(n);
  });

  it("posts a result while the task's clean-up runs, and starts the next task only after that clean-up", async () => {
    const s = await startFakeServer();
    servers.push(s);
    const queue = [task(1, sha('data')), task(2, sha('data'))];
    s.handlers.lease = () => ({ data: { task: queue.shift() ?? null } });
    s.handlers.blob = () => ({ raw: Buffer.from('data') });
    const events: string[] = [];
    let finishCleanup: () => void = () => {};
    const judge: JudgeFn = async (t, deps) => {
      events.push(`judge ${t.jobId}`);
      const result = await fakeJudge(t, deps);
      deps.cleanup?.(
        t.jobId === 1
          ? new Promise<void>((r) => {
              finishCleanup = () => {
                events.push('cleaned 1');
                r();
              };
            })
          : Promise.resolve(),
      );
      return result;
    };
    s.handlers.result = async (b) => {
      events.push(`result ${b.jobId}`);
      if (b.jobId === 1) setTimeout(() => finishCleanup(), 200);
      return { data: { accepted: true } };
    };
    await host(s.url, { judge }).start();
    await until(() => events.includes('result 2'));
    expect(events).toEqual(['judge 1', 'result 1', 'cleaned 1', 'judge 2', 'result 2']);
  });

  it('posts a result in the background and already judges the next job meanwhile', async () => {
    const s = await startFakeServer();
    servers.push(s);
    const queue = [task(1, sha('data')), task(2, sha('data'))];
    s.handlers.lease = () => ({ data: { task: queue.shift() ?? null } });
    s.handlers.blob = () => ({ raw: Buffer.from('data') });
    const judging: number[] = [];
    let secondStarted: () => void = () => {};
    const second = new Promise<void>((r) => {
      secondStarted = r;
    });
    // The server answers the first result only once the second job is being judged.
    s.handlers.result = async (b) => {
      if (b.jobId === 1) await Promise.race([second, new Promise((r) => setTimeout(r, 5000))]);
      return { data: { accepted: true } };
    };
    const judge: JudgeFn = async (t, deps) => {
      judging.push(t.jobId);
      if (t.jobId === 2) secondStarted();
      return fakeJudge(t, deps);
    };
    const started = Date.now();
    await host(s.url, { judge }).start();
    await until(() => s.calls.filter((c) => c.path === 'result').length === 2);
    expect(judging).toEqual([1, 2]);
    // Had the worker waited for the first answer, the server would have held it for 5 s.
    expect(Date.now() - started).toBeLessThan(4000);
    const leases = s.calls.filter((c) => c.path === 'lease').map((c) => c.body as { waitSeconds: number });
    // The next job is asked for without waiting, while the result is on its way.
    expect(leases[1].waitSeconds).toBe(0);
  });

  it('releases a job that arrives as the judgehost stops, instead of judging it', async () => {
    const s = await startFakeServer();
    servers.push(s);
    const judged: number[] = [];
    const judge: JudgeFn = async (t, deps) => {
      judged.push(t.jobId);
      return fakeJudge(t, deps);
    };
    const h = host(s.url, { waitSeconds: 20, judge });
    const queue = [task(1, sha('data')), task(2, sha('data'))];
    let stopped: Promise<void> | null = null;
    s.handlers.lease = (b) => {
      // The lease that follows the first job: the judgehost is told to stop while the answer travels.
      if (queue.length === 1 && b.waitSeconds === 0) stopped = h.stop(5000);
      return { data: { task: queue.shift() ?? null } };
    };
    s.handlers.blob = () => ({ raw: Buffer.from('data') });
    await h.start();
    await until(() => stopped !== null);
    await stopped;
    expect(judged).toEqual([1]);
    const released = s.calls.filter((c) => c.path === 'release').map((c) => c.body);
    expect(released).toEqual([{ judgehostId: h.judgehostId, jobIds: [2] }]);
    expect(s.calls.filter((c) => c.path === 'result')).toHaveLength(1);
    expect(h.runningJobs).toEqual([]);
  });

  it('reports a task past its deadline as System Error and frees the slot for the next task', async () => {
    const s = await startFakeServer();
    servers.push(s);
    let leased = 0;
    s.handlers.lease = () => {
      leased += 1;
      if (leased > 2) return { data: { task: null } };
      return { data: { task: task(20 + leased, sha('data')) } };
    };
    s.handlers.blob = () => ({ raw: Buffer.from('data') });
    let abandoned: AbortSignal | undefined;
    const hanging: JudgeFn = (t, deps) => {
      if (t.jobId !== 21) return fakeJudge(t, deps);
      abandoned = deps.signal;
      return new Promise(() => {});
    };
    await host(s.url, { judge: hanging, deadlineMs: () => 300 }).start();
    await until(() => s.calls.filter((c) => c.path === 'result').length >= 2);
    const results = s.calls.filter((c) => c.path === 'result').map((c) => c.body as JudgeResult);
    expect(results.map((r) => [r.jobId, r.status, r.errorMessage])).toEqual([
      [21, 4, 'The judge did not finish within 1 s'],
      [22, 0, null],
    ]);
    // the abandoned pipeline is told, so that it cancels its runs and closes its box sessions
    expect(abandoned?.aborted).toBe(true);
  });

  it('a System Error with a failing machine check gives the job back, stops leasing and reports the problem until the check passes', async () => {
    // Issue 22 item 5 (the real sandbox: apps/server/test/ops/judge-machines.test.ts).
    const s = await startFakeServer();
    servers.push(s);
    let leased = 0;
    s.handlers.lease = () => {
      leased += 1;
      return { data: { task: leased <= 3 ? task(40 + leased, sha('data')) : null } };
    };
    s.handlers.blob = () => ({ raw: Buffer.from('data') });
    let broken = false;
    const judge: JudgeFn = async (t, deps) => {
      // job 41: the submission's own System Error (the machine is fine); job 42: the machine broke.
      if (t.jobId === 42) broken = true;
      const r = await fakeJudge(t, deps);
      return t.jobId === 43 ? r : { ...r, status: 4, errorMessage: 'sandbox: supervisor failed' };
    };
    const machineCheck = async () => (broken ? 'sandbox check failed: bwrap exited 1' : null);
    await host(s.url, { judge, machineCheck, recheckMs: 200 }).start();
    await until(() => s.calls.some((c) => c.path === 'release'));
    expect(s.calls.filter((c) => c.path === 'result').map((c) => (c.body as JudgeResult).jobId)).toEqual([
      41,
    ]);
    expect(s.calls.find((c) => c.path === 'release')?.body).toMatchObject({ jobIds: [42] });
    await until(() =>
      s.calls.some(
        (c) =>
          c.path === 'heartbeat' &&
          (c.body as { problem: unknown }).problem === 'sandbox check failed: bwrap exited 1',
      ),
    );
    const leasesWhileBroken = leased;
    await new Promise((r) => setTimeout(r, 500));
    expect(leased).toBe(leasesWhileBroken); // nothing leased while broken
    broken = false; // fixed: the next re-check passes, the problem is cleared and leasing resumes
    await until(() => s.calls.some((c) => c.path === 'result' && (c.body as JudgeResult).jobId === 43));
    const beats = s.calls.filter((c) => c.path === 'heartbeat');
    expect(beats.map((c) => (c.body as { problem: unknown }).problem).at(-1)).toBeNull();
  });

  it('reports a malformed task as System Error without crashing, and goes on with the next', async () => {
    const s = await startFakeServer();
    servers.push(s);
    let leased = 0;
    s.handlers.lease = () => {
      leased += 1;
      if (leased === 1)
        return { data: { task: { ...task(31, sha('data')), problem: { timeLimitMs: 'soon' } } } };
      if (leased === 2) return { data: { task: task(32, sha('data')) } };
      return { data: { task: null } };
    };
    s.handlers.blob = () => ({ raw: Buffer.from('data') });
    await host(s.url).start();
    await until(() => s.calls.filter((c) => c.path === 'result').length >= 2);
    const results = s.calls.filter((c) => c.path === 'result').map((c) => c.body as JudgeResult);
    expect(results.map((r) => [r.jobId, r.status])).toEqual([
      [31, 4],
      [32, 0],
    ]);
    expect(results[0].errorMessage).toMatch(/^Malformed task from the server: problem\./);
  });
});
