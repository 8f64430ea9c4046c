/**
 * POJ (poj.org), as HOJ talks to it: the login form (`/login`: user_id1, password1), the submit form (`/submit`: the
 * source base64 with `encoded=1`), the status list (`/status?user_id=&problem_id=`, then `?top=<runId+1>` to read one
 * run), the compile message (`/showcompileinfo?solution_id=`) and the problem page (`/problem?id=`). A rejudge
 * re-reads the run with the account that made it (task.remote.previousRunId). All of POJ's markup knowledge is here.
 */
import type { JudgeStatusCode } from '@oj/shared';
import { JudgeStatus } from '@oj/shared';
import * as cheerio from 'cheerio';
import {
  type RemoteAccount,
  type RemoteHttp,
  type RemoteJudgeAdapter,
  RemoteJudgeError,
  type RemoteLanguage,
  type RemotePoll,
  type RemoteProblem,
  type RemoteSession,
  type RemoteSubmission,
  resolveLanguage,
} from './adapter.js';
import { createHttpClient, form } from './http.js';
import { fetchText, parseMemoryKb, parseTimeMs, toMarkdown, withQuery } from './support.js';

/** POJ's language select as HOJ seeds it. */
const LANGUAGES: RemoteLanguage[] = [
  { name: 'G++', key: '0' },
  { name: 'GCC', key: '1' },
  { name: 'Java', key: '2' },
  { name: 'Pascal', key: '3' },
  { name: 'C++', key: '4' },
  { name: 'C', key: '5' },
  { name: 'Fortran', key: '6' },
];

/** POJ's Result column, lower-cased, to ours (final or not). */
const VERDICTS: [string, JudgeStatusCode, boolean][] = [
  ['accepted', JudgeStatus.ACCEPTED, true],
  ['wrong answer', JudgeStatus.WRONG_ANSWER, true],
  ['presentation error', JudgeStatus.PRESENTATION_ERROR, true],
  ['compile error', JudgeStatus.COMPILE_ERROR, true],
  ['runtime error', JudgeStatus.RUNTIME_ERROR, true],
  ['time limit exceeded', JudgeStatus.TIME_LIMIT_EXCEEDED, true],
  ['memory limit exceeded', JudgeStatus.MEMORY_LIMIT_EXCEEDED, true],
  ['output limit exceeded', JudgeStatus.WRONG_ANSWER, true],
  ['system error', JudgeStatus.SYSTEM_ERROR, true],
  ['validator error', JudgeStatus.SYSTEM_ERROR, true],
  ['waiting', JudgeStatus.PENDING, false],
  ['compiling', JudgeStatus.COMPILING, false],
  ['running', JudgeStatus.JUDGING, false],
];

/** POJ's verdict text mapped to ours; unknown text: still judging. */
export function mapPojVerdict(text: string): { status: JudgeStatusCode; done: boolean } {
  const t = text.trim().toLowerCase();
  const hit = VERDICTS.find(([k]) => t.startsWith(k));
  return hit ? { status: hit[1], done: hit[2] } : { status: JudgeStatus.JUDGING, done: false };
}

interface StatusRow {
  runId: string;
  verdict: string;
  memory: string;
  time: string;
}

/** Rows of `/status` (table.a; cells: Run ID, User, Problem, Result, Memory, Time, Language, Code Length, Time). */
function statusRows(html: string): StatusRow[] {
  const $ = cheerio.load(html);
  const rows: StatusRow[] = [];
  $('table.a tr').each((_, tr) => {
    const td = $(tr).find('td');
    const runId = td.eq(0).text().trim();
    if (!/^\d+$/.test(runId)) return;
    rows.push({
      runId,
      verdict: td.eq(3).text().replace(/\s+/g, ' ').trim(),
      memory: td.eq(4).text().trim(),
      time: td.eq(5).text().trim(),
    });
  });
  return rows;
}

/** A POJ answer that asks to log in: the session is gone. */
function asksLogin(html: string): boolean {
  return /Please login first/i.test(html) || /name=["']?password1/i.test(html);
}

/** POJ (HOJ's POJJudge): forms and status pages. */
export class PojAdapter implements RemoteJudgeAdapter {
  readonly oj = 'POJ' as const;
  constructor(readonly baseUrl: string) {}

  languages(): RemoteLanguage[] {
    return LANGUAGES;
  }

  async login(account: RemoteAccount, http: RemoteHttp): Promise<RemoteSession> {
    const { text } = await fetchText(http, `${this.baseUrl}/login`, {
      method: 'POST',
      ...form({ user_id1: account.username, password1: account.password, B1: 'login', url: '/' }),
    });
    if (/Login failed|alert\(/i.test(text) || /name=["']?password1/i.test(text)) {
      throw new RemoteJudgeError('login-failed', `POJ refused the login of account ${account.id}`);
    }
    return { oj: this.oj, account, http, state: {}, loggedInAt: Date.now() };
  }

  async submit(session: RemoteSession, s: RemoteSubmission): Promise<string> {
    const language = resolveLanguage(this, s.language);
    const listUrl = withQuery(`${this.baseUrl}/status`, {
      problem_id: s.problemId,
      user_id: session.account.username,
    });
    // The run id is the account's newest run of the problem after submitting: remember the one before.
    const before = statusRows((await fetchText(session.http, listUrl)).text)[0]?.runId ?? null;
    const { text } = await fetchText(session.http, `${this.baseUrl}/submit`, {
      method: 'POST',
      ...form({
        problem_id: s.problemId,
        language: language.key,
        source: Buffer.from(s.code).toString('base64'),
        submit: 'Submit',
        encoded: '1',
      }),
    });
    if (asksLogin(text)) throw new RemoteJudgeError('session-expired', 'POJ asked to log in again');
    if (/Error Occurred/i.test(text)) {
      const why = cheerio.load(text)('li').first().text().trim();
      throw new RemoteJudgeError('submit-failed', `POJ refused the submission${why ? `: ${why}` : ''}`);
    }
    const row = statusRows((await fetchText(session.http, listUrl)).text)[0];
    if (!row || row.runId === before)
      throw new RemoteJudgeError('submit-failed', 'POJ lists no run of this account for the problem');
    return row.runId;
  }

  async poll(session: RemoteSession, runId: string): Promise<RemotePoll> {
    const { text } = await fetchText(
      session.http,
      withQuery(`${this.baseUrl}/status`, { user_id: session.account.username, top: Number(runId) + 1 }),
    );
    const row = statusRows(text).find((r) => r.runId === runId);
    if (!row) throw new RemoteJudgeError('not-found', `POJ lists no run ${runId}`);
    const { status, done } = mapPojVerdict(row.verdict);
    let compileError: string | null = null;
    if (status === JudgeStatus.COMPILE_ERROR) {
      const ce = await fetchText(
        session.http,
        withQuery(`${this.baseUrl}/showcompileinfo`, { solution_id: runId }),
      );
      compileError = cheerio.load(ce.text)('pre').first().text().trim() || null;
    }
    return {
      done,
      status,
      time: parseTimeMs(row.time),
      memory: parseMemoryKb(row.memory),
      compileError,
      siteStatus: row.verdict,
    };
  }

  async importProblem(problemId: string): Promise<RemoteProblem> {
    const url = withQuery(`${this.baseUrl}/problem`, { id: problemId });
    const { text } = await fetchText(createHttpClient(), url);
    const $ = cheerio.load(text);
    const title = $('.ptt').first().text().trim();
    if (!title || /Can not find problem/i.test(text))
      throw new RemoteJudgeError('not-found', `POJ has no problem ${problemId}`);
    const limits = $('.plm').text();
    const time = /Time Limit:\s*(\d+)\s*MS/i.exec(limits);
    const memory = /Memory Limit:\s*(\d+)\s*K/i.exec(limits);
    /** The `.ptx` (or `pre.sio`) after the `p.pst` heading `name`. */
    const section = (name: string) => {
      const h = $('p.pst')
        .filter((_, el) => $(el).text().trim().toLowerCase() === name.toLowerCase())
        .first();
      return h.length ? h.next() : null;
    };
    const html = (name: string) => section(name)?.html() ?? '';
    const pre = (name: string) => (section(name)?.text() ?? '').replace(/\r/g, '').trimEnd();
    const sample = { input: pre('Sample Input'), output: pre('Sample Output') };
    return {
      oj: this.oj,
      problemId,
      title,
      description: toMarkdown(html('Description')),
      input: toMarkdown(html('Input')),
      output: toMarkdown(html('Output')),
      samples: sample.input || sample.output ? [sample] : [],
      hint: toMarkdown(html('Hint')),
      source: section('Source')?.text().trim() ?? '',
      timeLimit: time ? Number(time[1]) : 1000,
      memoryLimit: memory ? Math.max(1, Math.round(Number(memory[1]) / 1024)) : 64,
      rawLimits: null,
      url,
    };
  }
}
