/**
 * Each adapter against its site's local replica (src/testing): import, login, submit, every verdict mapping, the
 * compile message, an expired session (log in again), a failing submit, two submissions at once on one account.
 * These check the adapters against the replicas only, not against the live sites (docs/remote-judges.md).
 */
import { JudgeStatus, type JudgeStatusCode, type RemoteOjName } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adapterFor,
  createHttpClient,
  REMOTE_JUDGE_URL_VARIABLES,
  type RemoteJudgeAdapter,
  RemoteJudgeError,
  RemoteSessionPool,
  remoteJudgeBaseUrl,
} from '../src/index.js';
import { type Replicas, startReplicas } from '../src/testing/index.js';

const ALICE = { id: 7, username: 'alice', password: 'alice-secret' };

/** Per OJ: the problem the replica serves, a language name, and the site's own verdict words with our status. */
const CASES: Record<
  RemoteOjName,
  { problemId: string; language: string; title: string; raw: [string | number, JudgeStatusCode][] }
> = {
  HDU: {
    problemId: '1000',
    language: 'G++',
    title: 'A + B Problem',
    raw: [
      ['Accepted', JudgeStatus.ACCEPTED],
      ['Wrong Answer', JudgeStatus.WRONG_ANSWER],
      ['Presentation Error', JudgeStatus.PRESENTATION_ERROR],
      ['Compilation Error', JudgeStatus.COMPILE_ERROR],
      ['Runtime Error<br>(STACK_OVERFLOW)', JudgeStatus.RUNTIME_ERROR],
      ['Runtime Error<br>(INTEGER_DIVIDE_BY_ZERO)', JudgeStatus.RUNTIME_ERROR],
      ['Time Limit Exceeded', JudgeStatus.TIME_LIMIT_EXCEEDED],
      ['Memory Limit Exceeded', JudgeStatus.MEMORY_LIMIT_EXCEEDED],
      ['Output Limit Exceeded', JudgeStatus.WRONG_ANSWER],
      ['System Error', JudgeStatus.SYSTEM_ERROR],
    ],
  },
  POJ: {
    problemId: '1000',
    language: 'G++',
    title: 'A+B Problem',
    raw: [
      ['Accepted', JudgeStatus.ACCEPTED],
      ['Wrong Answer', JudgeStatus.WRONG_ANSWER],
      ['Presentation Error', JudgeStatus.PRESENTATION_ERROR],
      ['Compile Error', JudgeStatus.COMPILE_ERROR],
      ['Runtime Error', JudgeStatus.RUNTIME_ERROR],
      ['Time Limit Exceeded', JudgeStatus.TIME_LIMIT_EXCEEDED],
      ['Memory Limit Exceeded', JudgeStatus.MEMORY_LIMIT_EXCEEDED],
      ['Output Limit Exceeded', JudgeStatus.WRONG_ANSWER],
      ['System Error', JudgeStatus.SYSTEM_ERROR],
      ['Validator Error', JudgeStatus.SYSTEM_ERROR],
    ],
  },
  CF: {
    problemId: '1A',
    language: 'GNU G++17 7.3.0',
    title: 'Theatre Square',
    raw: [
      ['OK', JudgeStatus.ACCEPTED],
      ['WRONG_ANSWER', JudgeStatus.WRONG_ANSWER],
      ['PRESENTATION_ERROR', JudgeStatus.PRESENTATION_ERROR],
      ['COMPILATION_ERROR', JudgeStatus.COMPILE_ERROR],
      ['RUNTIME_ERROR', JudgeStatus.RUNTIME_ERROR],
      ['TIME_LIMIT_EXCEEDED', JudgeStatus.TIME_LIMIT_EXCEEDED],
      ['IDLENESS_LIMIT_EXCEEDED', JudgeStatus.TIME_LIMIT_EXCEEDED],
      ['MEMORY_LIMIT_EXCEEDED', JudgeStatus.MEMORY_LIMIT_EXCEEDED],
      ['SECURITY_VIOLATED', JudgeStatus.RUNTIME_ERROR],
      ['CHALLENGED', JudgeStatus.WRONG_ANSWER],
      ['PARTIAL', JudgeStatus.PARTIAL_ACCEPTED],
      ['SKIPPED', JudgeStatus.CANCELLED],
      ['REJECTED', JudgeStatus.SYSTEM_ERROR],
      ['FAILED', JudgeStatus.SYSTEM_ERROR],
      ['CRASHED', JudgeStatus.SYSTEM_ERROR],
      ['INPUT_PREPARATION_CRASHED', JudgeStatus.SYSTEM_ERROR],
    ],
  },
  GYM: {
    problemId: '100001A',
    language: '54',
    title: 'Gym Square',
    raw: [
      ['OK', JudgeStatus.ACCEPTED],
      ['WRONG_ANSWER', JudgeStatus.WRONG_ANSWER],
    ],
  },
  AC: {
    problemId: 'abc001_a',
    language: 'C++ 20 (gcc 12.2)',
    title: '積雪深差',
    raw: [
      ['AC', JudgeStatus.ACCEPTED],
      ['WA', JudgeStatus.WRONG_ANSWER],
      ['CE', JudgeStatus.COMPILE_ERROR],
      ['RE', JudgeStatus.RUNTIME_ERROR],
      ['TLE', JudgeStatus.TIME_LIMIT_EXCEEDED],
      ['MLE', JudgeStatus.MEMORY_LIMIT_EXCEEDED],
      ['OLE', JudgeStatus.WRONG_ANSWER],
      ['IE', JudgeStatus.SYSTEM_ERROR],
    ],
  },
  SPOJ: {
    problemId: 'TEST',
    language: 'C++14 (gcc 8.3)',
    title: 'Life, the Universe, and Everything',
    raw: [
      [15, JudgeStatus.ACCEPTED],
      [14, JudgeStatus.WRONG_ANSWER],
      [13, JudgeStatus.TIME_LIMIT_EXCEEDED],
      [12, JudgeStatus.RUNTIME_ERROR],
      [11, JudgeStatus.COMPILE_ERROR],
      [20, JudgeStatus.SYSTEM_ERROR],
    ],
  },
};

const OJS = Object.keys(CASES) as RemoteOjName[];

let replicas: Replicas;
beforeAll(async () => {
  replicas = await startReplicas();
});
afterAll(async () => {
  await replicas?.close();
});

/** Polls until done (each replica shows a run pending for its first read). */
async function pollDone(
  a: RemoteJudgeAdapter,
  session: Parameters<RemoteJudgeAdapter['poll']>[0],
  runId: string,
  problemId: string,
) {
  for (let i = 0; i < 10; i++) {
    const p = await a.poll(session, runId, problemId);
    if (p.done) return p;
  }
  throw new Error('never done');
}

describe.each(OJS)('%s adapter against its replica', (oj) => {
  const c = CASES[oj];
  const adapter = () => adapterFor(oj, { baseUrl: replicas.urls[oj] });

  it('imports the problem: title, statement, samples, limits, link', async () => {
    const p = await adapter().importProblem(c.problemId);
    expect(p.title).toBe(c.title);
    expect(p.description.length).toBeGreaterThan(5);
    expect(p.input.length).toBeGreaterThan(5);
    expect(p.output.length).toBeGreaterThan(5);
    expect(p.samples.length).toBeGreaterThan(0);
    expect(p.samples[0].input.length).toBeGreaterThan(0);
    expect(p.samples[0].output.length).toBeGreaterThan(0);
    expect(p.timeLimit).toBeGreaterThan(0);
    expect(p.memoryLimit).toBeGreaterThan(0);
    expect(p.url.startsWith(replicas.urls[oj])).toBe(true);
    if (oj === 'CF' || oj === 'GYM')
      expect(p.rawLimits).toEqual({ time: '1 second', memory: '256 megabytes' });
    else expect(p.rawLimits).toBeNull();
  });

  it('answers not-found for a problem the site does not have', async () => {
    const missing = {
      HDU: '99999',
      POJ: '99999',
      CF: '9999Z',
      GYM: '100001Z',
      AC: 'abc001_z',
      SPOJ: 'NOSUCH',
    }[oj];
    await expect(adapter().importProblem(missing)).rejects.toMatchObject({ kind: 'not-found' });
    // An id that would walk the site's paths is refused as not found (HDU/POJ/SPOJ put it in a query or escape it).
    if (oj === 'AC' || oj === 'CF' || oj === 'GYM') {
      await expect(adapter().importProblem('../../x_a')).rejects.toMatchObject({ kind: 'not-found' });
    }
  });

  it('refuses a wrong password with login-failed, the password in no message', async () => {
    const err = await adapter()
      .login({ ...ALICE, password: 'not-the-password' }, createHttpClient())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RemoteJudgeError);
    expect((err as RemoteJudgeError).kind).toBe('login-failed');
    expect((err as Error).message).not.toContain('not-the-password');
  });

  it('logs in, submits, polls to each of the site verdicts mapped to ours', async () => {
    const a = adapter();
    const session = await a.login(ALICE, createHttpClient());
    for (const [raw, status] of c.raw) {
      replicas.setVerdictScript(oj, {
        verdict: status === JudgeStatus.COMPILE_ERROR ? 'CE' : 'WA',
        raw,
        time: 31,
        memory: 2048,
      });
      const code = `int main(){/* ${raw} */}`;
      const runId = await a.submit(session, { problemId: c.problemId, language: c.language, code });
      const first = await a.poll(session, runId, c.problemId);
      if (!first.done)
        expect([JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING]).toContain(first.status);
      const p = first.done ? first : await pollDone(a, session, runId, c.problemId);
      expect({ raw, status: p.status }).toEqual({ raw, status });
      if (status !== JudgeStatus.COMPILE_ERROR) {
        expect(p.time).toBe(oj === 'SPOJ' ? 30 : 31);
        expect(p.memory).toBe(2048);
      }
      const sub = replicas.submissions(oj).find((s) => String(s.runId) === runId);
      expect(sub?.code).toBe(code);
      expect(sub?.language).toBe(
        a.languages().find((l) => l.name === c.language || l.key === c.language)?.key,
      );
    }
  });

  it('brings the compile message of a compile error', async () => {
    const a = adapter();
    const session = await a.login(ALICE, createHttpClient());
    replicas.setVerdictScript(oj, {
      verdict: 'CE',
      compileError: "main.cpp:1:1: error: 'foo' does not name a type",
    });
    const runId = await a.submit(session, { problemId: c.problemId, language: c.language, code: 'foo' });
    const p = await pollDone(a, session, runId, c.problemId);
    expect(p.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(p.compileError).toBe("main.cpp:1:1: error: 'foo' does not name a type");
  });

  it('a submit the site refuses, or takes without making a run, is submit-failed', async () => {
    const a = adapter();
    const session = await a.login(ALICE, createHttpClient());
    replicas.setVerdictScript(oj, { verdict: 'AC' });
    for (const mode of ['error', 'silent'] as const) {
      replicas.failNextSubmit(oj, mode);
      await expect(
        a.submit(session, { problemId: c.problemId, language: c.language, code: `x ${mode}` }),
      ).rejects.toMatchObject({
        kind: 'submit-failed',
      });
    }
  });

  it('an unknown language is unsupported-language, before anything is sent', async () => {
    const a = adapter();
    const session = await a.login(ALICE, createHttpClient());
    const before = replicas.submissions(oj).length;
    await expect(
      a.submit(session, { problemId: c.problemId, language: 'Brainfuck 9', code: 'x' }),
    ).rejects.toMatchObject({
      kind: 'unsupported-language',
    });
    expect(replicas.submissions(oj).length).toBe(before);
  });

  it('the pool reuses the session, logs in again when the site expired it, and serializes one account', async () => {
    replicas.addAccount(oj, `pool-${oj}`, 'pool-secret');
    const account = { id: 99, username: `pool-${oj}`, password: 'pool-secret' };
    const a = adapter();
    const logins: string[] = [];
    const pool = new RemoteSessionPool({ onLogin: (i) => logins.push(i.reason) });
    replicas.setVerdictScript(oj, { verdict: 'AC' });
    const submitOnce = (code: string) =>
      pool.run(a, account, (s) => a.submit(s, { problemId: c.problemId, language: c.language, code }));
    await submitOnce('one');
    await submitOnce('two');
    expect(logins).toEqual(['first']);
    replicas.expireSessions(oj);
    const runId = await submitOnce('three');
    expect(logins).toEqual(['first', 'expired']);
    expect(replicas.submissions(oj).find((s) => String(s.runId) === runId)?.code).toBe('three');
    // Two at once on one account: one after the other at the site, each gets its own run.
    replicas.setSubmitDelay(oj, 150);
    const [r1, r2] = await Promise.all([submitOnce('four'), submitOnce('five')]);
    replicas.setSubmitDelay(oj, 0);
    expect(r1).not.toBe(r2);
    const subs = replicas.submissions(oj);
    expect(subs.find((s) => String(s.runId) === r1)?.code).toBe('four');
    expect(subs.find((s) => String(s.runId) === r2)?.code).toBe('five');
    expect(replicas.maxConcurrent(oj, account.username)).toBe(1);
  });
});

describe('recent contests of other OJs', () => {
  it('Codeforces lists its upcoming rounds from contest.list; AtCoder from its contests page', async () => {
    const cf = await adapterFor('CF', { baseUrl: replicas.urls.CF }).recentContests?.();
    expect(cf).toEqual([expect.objectContaining({ oj: 'CF', title: 'Codeforces Round (Div. 2)' })]);
    expect(Date.parse(cf?.[0].beginTime ?? '')).toBeGreaterThan(Date.now());
    const ac = await adapterFor('AC', { baseUrl: replicas.urls.AC }).recentContests?.();
    expect(ac).toEqual([
      expect.objectContaining({
        oj: 'AC',
        title: 'AtCoder Beginner Contest 999',
        url: `${replicas.urls.AC}/contests/abc999`,
      }),
    ]);
    const ms = Date.parse(ac?.[0].endTime ?? '') - Date.parse(ac?.[0].beginTime ?? '');
    expect(ms).toBe(100 * 60_000);
    expect(adapterFor('HDU').recentContests).toBeUndefined();
  });
});

describe('base URLs', () => {
  it('come from OJ_REMOTE_<OJ>_URL, the real site by default', () => {
    expect(remoteJudgeBaseUrl('CF', {})).toBe('https://codeforces.com');
    expect(remoteJudgeBaseUrl('HDU', { OJ_REMOTE_HDU_URL: 'http://127.0.0.1:9/' })).toBe(
      'http://127.0.0.1:9',
    );
    expect(REMOTE_JUDGE_URL_VARIABLES).toEqual([
      'OJ_REMOTE_HDU_URL',
      'OJ_REMOTE_CF_URL',
      'OJ_REMOTE_POJ_URL',
      'OJ_REMOTE_GYM_URL',
      'OJ_REMOTE_AC_URL',
      'OJ_REMOTE_SPOJ_URL',
    ]);
  });
});

describe('documented settings', () => {
  it('README and .env.example name every OJ_REMOTE_<OJ>_URL', async () => {
    const { readFileSync } = await import('node:fs');
    const root = new URL('../../../', import.meta.url);
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const example = readFileSync(new URL('.env.example', root), 'utf8');
    for (const name of REMOTE_JUDGE_URL_VARIABLES) {
      expect(readme, name).toContain(`\`${name}\``);
      expect(example, name).toMatch(new RegExp(`^# ${name}=`, 'm'));
    }
  });
});
