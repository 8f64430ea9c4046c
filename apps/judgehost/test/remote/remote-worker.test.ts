/**
 * The judgehost's remote judging (issue 27) against a scripted judge-protocol server and the sites' local replicas:
 * leases with `remote: true`, judges remote jobs beside the sandbox workers without the sandbox, maps verdicts,
 * compile messages, Submitted Failed (submit refused, no verdict in time), re-login after an expired session, two
 * jobs on one account at once, a POJ rejudge reading the old run, and no password in any log line or result.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adapterFor } from '@oj/remote-judge';
import { type Replicas, startReplicas } from '@oj/remote-judge/testing';
import { type JudgeResult, JudgeStatus, type JudgeTask, type RemoteOjName } from '@oj/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { judgehostLogger, logTo } from '../../src/log.js';
import { createRemoteJudge } from '../../src/remote/remote-judge.js';
import { type JudgeFn, Judgehost } from '../../src/worker.js';
import { baseProblem } from '../pipeline/harness.js';
import { type FakeServer, startFakeServer } from '../worker/fake-server.js';

const PASSWORD = 'pool-pass-Zq81';
const PROBLEM: Record<RemoteOjName, { id: string; language: string }> = {
  HDU: { id: '1000', language: 'G++' },
  POJ: { id: '1000', language: 'G++' },
  CF: { id: '1A', language: 'GNU G++17 7.3.0' },
  GYM: { id: '100001A', language: 'GNU G++17 7.3.0' },
  AC: { id: 'abc001_a', language: 'C++ 20 (gcc 12.2)' },
  SPOJ: { id: 'TEST', language: 'C++14 (gcc 8.3)' },
};

let replicas: Replicas;
const logLines: string[] = [];
beforeAll(async () => {
  replicas = await startReplicas();
  for (const oj of Object.keys(PROBLEM) as RemoteOjName[]) replicas.addAccount(oj, 'pooluser', PASSWORD);
});
afterAll(async () => {
  await replicas?.close();
  // No password in any log line of any test of this file.
  expect(logLines.length).toBeGreaterThan(0);
  for (const line of logLines) expect(line).not.toContain(PASSWORD);
});

let nextJob = 1;
function remoteTask(
  oj: RemoteOjName,
  extra: Partial<JudgeTask> = {},
  previousRunId: string | null = null,
): JudgeTask {
  const jobId = nextJob++;
  return {
    jobId,
    kind: 'judge',
    submitId: jobId,
    testKey: null,
    version: 0,
    language: PROBLEM[oj].language,
    code: `int main(){return ${jobId};}`,
    problem: baseProblem({ problemId: `${oj}-${PROBLEM[oj].id}`, caseVersion: 'remote' }),
    testcases: [],
    userInput: null,
    expectedOutput: null,
    remote: {
      oj,
      problemId: PROBLEM[oj].id,
      account: { id: 42, username: 'pooluser', password: PASSWORD },
      previousRunId,
    },
    ...extra,
  };
}

const servers: FakeServer[] = [];
const hosts: Judgehost[] = [];
afterEach(async () => {
  for (const h of hosts.splice(0)) await h.stop(5000);
  for (const s of servers.splice(0)) await s.close();
});

const until = async (cond: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A sandbox pipeline that must never run for a remote job. */
let sandboxCalls = 0;
const sandboxJudge: JudgeFn = async () => {
  sandboxCalls++;
  throw new Error('the sandbox pipeline ran for a remote job');
};

/** A judgehost with remote judging on a fake server that leases `tasks` (then nothing); results collected. */
async function run(
  tasks: JudgeTask[],
  opts: { maxPolls?: number; max?: number; remote?: boolean; lanes?: ('judge' | 'test')[] } = {},
) {
  const fake = await startFakeServer();
  servers.push(fake);
  const queue = [...tasks];
  const results: JudgeResult[] = [];
  const leases: { remote?: boolean }[] = [];
  fake.handlers.lease = (b) => {
    leases.push(b);
    return { data: { task: b.remote ? (queue.shift() ?? null) : null } };
  };
  fake.handlers.result = (b) => {
    results.push(b);
    return { data: { accepted: true } };
  };
  // The judgehost's own logger (pino, JSON lines), its output kept.
  const keep = { write: (s: string) => logLines.push(s) };
  const log = logTo(judgehostLogger('remote-unit', 'json', { out: keep, err: keep }));
  const h = new Judgehost({
    server: fake.url,
    token: 'tok',
    workers: 1,
    name: 'remote-unit',
    cacheDir: mkdtempSync(join(tmpdir(), 'oj-remote-')),
    judge: sandboxJudge,
    languages: async () => [{ name: 'C++', version: '12', available: true }],
    heartbeatMs: 100,
    waitSeconds: 0,
    log,
    ...(opts.lanes ? { lanes: opts.lanes } : {}),
    ...(opts.remote === false
      ? {}
      : {
          remote: {
            max: opts.max ?? 4,
            judge: createRemoteJudge({
              pollIntervalMs: 10,
              maxPolls: opts.maxPolls ?? 30,
              adapterFor: (oj) => adapterFor(oj, { baseUrl: replicas.urls[oj] }),
              log,
            }),
          },
        }),
  });
  hosts.push(h);
  await h.start();
  return { fake, results, leases, host: h };
}

describe('remote judging on the judgehost', () => {
  it('leases with remote: true (up to max at once) and judges a job of each OJ on its site, never in the sandbox', async () => {
    for (const oj of Object.keys(PROBLEM) as RemoteOjName[])
      replicas.setVerdictScript(oj, { verdict: 'AC', time: 46, memory: 3072 });
    const tasks = (Object.keys(PROBLEM) as RemoteOjName[]).map((oj) => remoteTask(oj));
    const { results, leases, fake } = await run(tasks);
    await until(() => results.length === tasks.length);
    // At most 4 remote jobs at once (max): past that the workers lease local jobs only.
    expect(leases[0].remote).toBe(true);
    expect(leases.some((l) => l.remote === false)).toBe(true);
    expect(sandboxCalls).toBe(0);
    // Each submission is shown as Judging once the site holds its code.
    const judging = fake.calls
      .filter((c) => c.path === 'progress')
      .map((c) => c.body as { jobId: number; status: number });
    for (const t of tasks)
      expect(judging).toContainEqual(
        expect.objectContaining({ jobId: t.jobId, status: JudgeStatus.JUDGING }),
      );
    for (const t of tasks) {
      const r = results.find((x) => x.jobId === t.jobId);
      const oj = t.remote?.oj as RemoteOjName;
      expect({ oj, status: r?.status }).toEqual({ oj, status: JudgeStatus.ACCEPTED });
      expect(r?.time).toBe(oj === 'SPOJ' ? 50 : 46);
      expect(r?.memory).toBe(3072);
      expect(r?.remote?.accountId).toBe(42);
      const site = replicas.submissions(oj).find((s) => String(s.runId) === r?.remote?.runId);
      expect(site?.code).toBe(t.code);
      expect(site?.user).toBe('pooluser');
    }
  });

  it('maps a wrong answer and a compile error with its message; OI problems score 100 or 0', async () => {
    replicas.setVerdictScript('CF', (s) =>
      s.code.includes('ce')
        ? { verdict: 'CE', compileError: 'error: expected ; before }' }
        : { verdict: 'WA' },
    );
    const wa = remoteTask('CF', { code: 'wa' });
    const ce = remoteTask('CF', { code: 'ce' });
    const oi = remoteTask('CF', {
      code: 'oi wa',
      problem: baseProblem({ problemId: 'CF-1A', caseVersion: 'r', type: 1 }),
    });
    const { results } = await run([wa, ce, oi]);
    await until(() => results.length === 3);
    const by = (t: JudgeTask) => results.find((r) => r.jobId === t.jobId);
    expect(by(wa)?.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(by(wa)?.score).toBeNull();
    expect(by(ce)?.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(by(ce)?.errorMessage).toBe('error: expected ; before }');
    expect(by(oi)?.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(by(oi)?.score).toBe(0);
  });

  it('Submitted Failed when the site refuses the code, and when no verdict comes within the polls', async () => {
    replicas.setVerdictScript('HDU', { verdict: 'AC', pendingReads: 1000 });
    replicas.failNextSubmit('HDU', 'error');
    const refused = remoteTask('HDU');
    const { results } = await run([refused], { maxPolls: 3 });
    await until(() => results.length === 1);
    expect(results[0].status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(results[0].remote).toEqual({ runId: null, accountId: 42 });
    expect(results[0].errorMessage).toMatch(/Could not submit to HDU: submit-failed/);

    const slow = remoteTask('HDU');
    const second = await run([slow], { maxPolls: 3 });
    await until(() => second.results.length === 1);
    expect(second.results[0].status).toBe(JudgeStatus.SUBMITTED_FAILED);
    expect(second.results[0].remote?.runId).toMatch(/^\d+$/);
    expect(second.results[0].errorMessage).toMatch(/No verdict from HDU after 3 polls/);
  });

  it('logs in again when the site expired the session, and serializes two jobs on one account', async () => {
    replicas.setVerdictScript('AC', { verdict: 'AC' });
    const first = remoteTask('AC');
    const { results, fake } = await run([first]);
    await until(() => results.length === 1);
    expect(results[0].status).toBe(JudgeStatus.ACCEPTED);
    const loginsBefore = replicas.logins('AC');
    replicas.expireSessions('AC');
    replicas.setSubmitDelay('AC', 100);
    const queue = [remoteTask('AC'), remoteTask('AC')];
    const leased = [...queue];
    fake.handlers.lease = (b) => ({ data: { task: b.remote ? (leased.shift() ?? null) : null } });
    await until(() => results.length === 3);
    replicas.setSubmitDelay('AC', 0);
    for (const t of queue)
      expect(results.find((r) => r.jobId === t.jobId)?.status).toBe(JudgeStatus.ACCEPTED);
    // One new login (the pool's session reused by both jobs), and the site never saw two calls of the account at once.
    expect(replicas.logins('AC')).toBe(loginsBefore + 1);
    expect(replicas.maxConcurrent('AC', 'pooluser')).toBe(1);
    const runIds = results.map((r) => r.remote?.runId);
    expect(new Set(runIds).size).toBe(3);
  });

  it('a POJ rejudge with the previous run id reads that run again instead of submitting', async () => {
    replicas.setVerdictScript('POJ', { verdict: 'TLE', time: 1000, memory: 500 });
    const original = remoteTask('POJ');
    const { results, fake } = await run([original]);
    await until(() => results.length === 1);
    const runId = results[0].remote?.runId ?? '';
    const count = replicas.submissions('POJ').length;
    const rejudge = remoteTask('POJ', {}, runId);
    let sent = false;
    fake.handlers.lease = (b) => {
      if (!b.remote || sent) return { data: { task: null } };
      sent = true;
      return { data: { task: rejudge } };
    };
    await until(() => results.length === 2);
    expect(results[1]).toMatchObject({
      status: JudgeStatus.TIME_LIMIT_EXCEEDED,
      time: 1000,
      memory: 500,
      remote: { runId, accountId: 42 },
    });
    expect(replicas.submissions('POJ').length).toBe(count);
  });

  it('a judgehost stopping lets its remote jobs poll on within the grace period', async () => {
    replicas.setVerdictScript('SPOJ', { verdict: 'WA', pendingReads: 8 });
    const before = replicas.submissions('SPOJ').length;
    const task = remoteTask('SPOJ');
    const { results, host } = await run([task]);
    await until(() => replicas.submissions('SPOJ').length > before);
    await host.stop(10_000);
    expect(results).toEqual([
      expect.objectContaining({ jobId: task.jobId, status: JudgeStatus.WRONG_ANSWER }),
    ]);
  });

  it('a judgehost of the test lane only takes no remote job (they are submissions)', async () => {
    const { leases } = await run([remoteTask('HDU')], { lanes: ['test'] });
    await until(() => leases.length > 2);
    expect(leases.every((l) => l.remote === false)).toBe(true);
  });

  it('without OJ_REMOTE_JUDGE the judgehost leases without remote', async () => {
    const { leases, fake } = await run([], { remote: false });
    await until(() => leases.length > 2);
    expect(leases.every((l) => l.remote === undefined)).toBe(true);
    expect(fake.calls.some((c) => JSON.stringify(c.body).includes(PASSWORD))).toBe(false);
  });
});
