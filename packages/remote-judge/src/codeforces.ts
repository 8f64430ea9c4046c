/**
 * Codeforces and its gym (codeforces.com), as HOJ talks to them: the official JSON API where it exists
 * (`/api/problemset.problems`, `/api/user.status`, `/api/contest.list`), and the
 * site's forms for login (`/enter`) and submit (`/contest/<id>/submit`, `/gym/<id>/submit`) with their CSRF token
 * and, when the site asks for it, the RCPC cookie its "Redirecting..." page computes (AES-128-CBC of the page's three
 * hex strings). The compile message comes from `/data/submitSource`. Problem ids: `1A` (CF), `100001A` (GYM).
 * All of Codeforces' markup and API knowledge is in this file.
 */
import { createDecipheriv, randomBytes } from 'node:crypto';
import type { JudgeStatusCode } from '@oj/shared';
import { JudgeStatus } from '@oj/shared';
import * as cheerio from 'cheerio';
import {
  type RemoteAccount,
  type RemoteContest,
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

/** Codeforces' `programTypeId`s (the submit form's language select). */
const LANGUAGES: RemoteLanguage[] = [
  { name: 'GNU G++17 7.3.0', key: '54' },
  { name: 'GNU G++20 13.2 (64 bit, winlibs)', key: '89' },
  { name: 'GNU G++23 14.2 (64 bit, msys2)', key: '91' },
  { name: 'GNU GCC C11 5.1.0', key: '43' },
  { name: 'Clang++20 Diagnostics', key: '80' },
  { name: 'Java 8 32bit', key: '36' },
  { name: 'Java 21 64bit', key: '87' },
  { name: 'Kotlin 1.9.21', key: '88' },
  { name: 'Python 3.8.10', key: '31' },
  { name: 'PyPy 3.10 (7.3.15, 64bit)', key: '70' },
  { name: 'Python 2.7.18', key: '7' },
  { name: 'Go 1.22.2', key: '32' },
  { name: 'Rust 1.75.0 (2021)', key: '75' },
  { name: 'C# 10, .NET SDK 6.0', key: '79' },
  { name: 'Node.js 15.8.0 (64bit)', key: '55' },
  { name: 'Free Pascal 3.2.2', key: '4' },
  { name: 'Haskell GHC 8.10.1', key: '12' },
];

/** The API's `verdict` to ours. Absent or TESTING: not done. */
const VERDICTS: Record<string, JudgeStatusCode> = {
  OK: JudgeStatus.ACCEPTED,
  WRONG_ANSWER: JudgeStatus.WRONG_ANSWER,
  PRESENTATION_ERROR: JudgeStatus.PRESENTATION_ERROR,
  COMPILATION_ERROR: JudgeStatus.COMPILE_ERROR,
  RUNTIME_ERROR: JudgeStatus.RUNTIME_ERROR,
  TIME_LIMIT_EXCEEDED: JudgeStatus.TIME_LIMIT_EXCEEDED,
  IDLENESS_LIMIT_EXCEEDED: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MEMORY_LIMIT_EXCEEDED: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  SECURITY_VIOLATED: JudgeStatus.RUNTIME_ERROR,
  CHALLENGED: JudgeStatus.WRONG_ANSWER,
  PARTIAL: JudgeStatus.PARTIAL_ACCEPTED,
  SKIPPED: JudgeStatus.CANCELLED,
  REJECTED: JudgeStatus.SYSTEM_ERROR,
  FAILED: JudgeStatus.SYSTEM_ERROR,
  CRASHED: JudgeStatus.SYSTEM_ERROR,
  INPUT_PREPARATION_CRASHED: JudgeStatus.SYSTEM_ERROR,
};

/** A Codeforces API verdict mapped to ours. */
export function mapCodeforcesVerdict(verdict: string | undefined): {
  status: JudgeStatusCode;
  done: boolean;
} {
  if (!verdict || verdict === 'TESTING') return { status: JudgeStatus.JUDGING, done: false };
  const status = VERDICTS[verdict];
  return status === undefined ? { status: JudgeStatus.JUDGING, done: false } : { status, done: true };
}

/** `1A` -> contest 1, index A; `100001B1` -> 100001, B1. */
function splitProblemId(problemId: string): { contestId: string; index: string } {
  const m = /^(\d+)([A-Za-z][A-Za-z0-9]*)$/.exec(problemId.trim());
  if (!m) throw new RemoteJudgeError('not-found', `not a Codeforces problem id: ${problemId}`);
  return { contestId: m[1], index: m[2].toUpperCase() };
}

/** The RCPC cookie the "Redirecting..." page's script sets: AES-128-CBC decrypt of c with key a, iv b (hex). */
export function rcpcFromChallenge(html: string): string | null {
  const m =
    /a=toNumbers\("([0-9a-f]+)"\),\s*b=toNumbers\("([0-9a-f]+)"\),\s*c=toNumbers\("([0-9a-f]+)"\)/i.exec(
      html,
    );
  if (!m) return null;
  const d = createDecipheriv('aes-128-cbc', Buffer.from(m[1], 'hex'), Buffer.from(m[2], 'hex'));
  d.setAutoPadding(false);
  return Buffer.concat([d.update(Buffer.from(m[3], 'hex')), d.final()]).toString('hex');
}

/** `$$$x$$$` (inline) and `$$$$$$x$$$$$$` (display), Codeforces' math marks, as `$x$` / `$$x$$`. */
function cfMath(html: string): string {
  return html.replace(/\${6}/g, '$$$$').replace(/\${3}/g, '$');
}

interface ApiSubmission {
  id: number;
  contestId?: number;
  problem: { contestId?: number; index: string };
  verdict?: string;
  timeConsumedMillis?: number;
  memoryConsumedBytes?: number;
}

/** Codeforces (CF) and its gym (GYM): the API and the forms. */
export class CodeforcesAdapter implements RemoteJudgeAdapter {
  /** CF only: upcoming rounds from `contest.list`. */
  readonly recentContests?: () => Promise<RemoteContest[]>;

  constructor(
    readonly oj: 'CF' | 'GYM',
    readonly baseUrl: string,
  ) {
    if (oj === 'CF') this.recentContests = () => this.upcoming();
  }

  languages(): RemoteLanguage[] {
    return LANGUAGES;
  }

  /** GET a page, answering the RCPC challenge once when the site shows it. */
  private async page(http: RemoteHttp, url: string): Promise<string> {
    let { text } = await fetchText(http, url);
    const rcpc = rcpcFromChallenge(text);
    if (rcpc) {
      await http.setCookie(`RCPC=${rcpc}; Path=/`, this.baseUrl);
      ({ text } = await fetchText(http, url));
      if (rcpcFromChallenge(text))
        throw new RemoteJudgeError('site-error', 'Codeforces kept asking for RCPC');
    }
    return text;
  }

  /** An API call's `result`; `FAILED` answers throw (not-found for an unknown handle or contest). */
  private async api<T>(http: RemoteHttp, method: string, query: Record<string, string | number>): Promise<T> {
    const res = await http.fetch(withQuery(`${this.baseUrl}/api/${method}`, query));
    const body = (await res.json().catch(() => null)) as {
      status?: string;
      comment?: string;
      result?: T;
    } | null;
    if (body?.status !== 'OK') {
      const comment = body?.comment ?? `HTTP ${res.status}`;
      throw new RemoteJudgeError(
        /not found/i.test(comment) ? 'not-found' : 'site-error',
        `Codeforces API ${method}: ${comment}`,
      );
    }
    return body.result as T;
  }

  private csrf(html: string): string | null {
    const $ = cheerio.load(html);
    return (
      $('meta[name="X-Csrf-Token"]').attr('content') ?? $('input[name="csrf_token"]').attr('value') ?? null
    );
  }

  private contestPath(contestId: string): string {
    return `${this.baseUrl}/${this.oj === 'GYM' ? 'gym' : 'contest'}/${contestId}`;
  }

  async login(account: RemoteAccount, http: RemoteHttp): Promise<RemoteSession> {
    const enter = await this.page(http, `${this.baseUrl}/enter`);
    const csrf = this.csrf(enter);
    if (!csrf) throw new RemoteJudgeError('site-error', 'Codeforces login page without a CSRF token');
    const { text } = await fetchText(http, `${this.baseUrl}/enter`, {
      method: 'POST',
      ...form({
        csrf_token: csrf,
        action: 'enter',
        ftaa: randomBytes(9).toString('hex'),
        bfaa: randomBytes(16).toString('hex'),
        handleOrEmail: account.username,
        password: account.password,
        _tta: '176',
        remember: 'on',
      }),
    });
    if (/Invalid handle\/email or password/i.test(text) || /name=["']?handleOrEmail/i.test(text)) {
      throw new RemoteJudgeError('login-failed', `Codeforces refused the login of account ${account.id}`);
    }
    return { oj: this.oj, account, http, state: { csrf: this.csrf(text) ?? csrf }, loggedInAt: Date.now() };
  }

  async submit(session: RemoteSession, s: RemoteSubmission): Promise<string> {
    const language = resolveLanguage(this, s.language);
    const { contestId, index } = splitProblemId(s.problemId);
    const url = `${this.contestPath(contestId)}/submit`;
    const mineOf = (r: ApiSubmission) =>
      String(r.problem.contestId ?? r.contestId) === contestId && r.problem.index === index;
    // The run id is the account's newest run of the problem after submitting: remember the one before.
    const before = (await this.runs(session)).find(mineOf)?.id ?? null;
    const formPage = await this.page(session.http, url);
    if (/name=["']?handleOrEmail/i.test(formPage))
      throw new RemoteJudgeError('session-expired', 'Codeforces asked to enter again');
    const csrf = this.csrf(formPage);
    if (!csrf) throw new RemoteJudgeError('submit-failed', 'Codeforces submit page without a CSRF token');
    session.state.csrf = csrf;
    const { text } = await fetchText(session.http, withQuery(url, { csrf_token: csrf }), {
      method: 'POST',
      ...form({
        csrf_token: csrf,
        ftaa: randomBytes(9).toString('hex'),
        bfaa: randomBytes(16).toString('hex'),
        action: 'submitSolutionFormSubmitted',
        contestId,
        submittedProblemIndex: index,
        programTypeId: language.key,
        source: s.code,
        tabSize: '4',
        sourceFile: '',
        _tta: '176',
      }),
    });
    if (/name=["']?handleOrEmail/i.test(text))
      throw new RemoteJudgeError('session-expired', 'Codeforces asked to enter again');
    const $ = cheerio.load(text);
    const error = $('span.error')
      .map((_, el) => $(el).text().trim())
      .get()
      .filter(Boolean)
      .join('; ');
    if (error) throw new RemoteJudgeError('submit-failed', `Codeforces refused the submission: ${error}`);
    const run = (await this.runs(session)).find(mineOf);
    if (!run || run.id === before)
      throw new RemoteJudgeError('submit-failed', 'Codeforces lists no run of this account for the problem');
    return String(run.id);
  }

  /** The account's latest runs (`user.status`: gym runs are listed there too). */
  private runs(session: RemoteSession, count = 20): Promise<ApiSubmission[]> {
    return this.api<ApiSubmission[]>(session.http, 'user.status', {
      handle: session.account.username,
      from: 1,
      count,
    });
  }

  async poll(session: RemoteSession, runId: string): Promise<RemotePoll> {
    const runs = await this.runs(session, 50);
    const run = runs.find((r) => String(r.id) === runId);
    if (!run) throw new RemoteJudgeError('not-found', `Codeforces lists no run ${runId}`);
    const { status, done } = mapCodeforcesVerdict(run.verdict);
    let compileError: string | null = null;
    if (status === JudgeStatus.COMPILE_ERROR) compileError = await this.compileMessage(session, runId);
    return {
      done,
      status,
      time: run.timeConsumedMillis ?? null,
      memory: run.memoryConsumedBytes === undefined ? null : Math.round(run.memoryConsumedBytes / 1024),
      compileError,
      siteStatus: run.verdict ?? 'TESTING',
    };
  }

  /** `/data/submitSource`'s `checkerStdoutAndStderr#1` (what HOJ reads); null when the site gives none. */
  private async compileMessage(session: RemoteSession, runId: string): Promise<string | null> {
    const res = await session.http.fetch(`${this.baseUrl}/data/submitSource`, {
      method: 'POST',
      ...form({ submissionId: runId, csrf_token: session.state.csrf ?? '' }),
    });
    const body = (await res.json().catch(() => null)) as Record<string, string> | null;
    return body?.['checkerStdoutAndStderr#1']?.trim() || null;
  }

  async importProblem(problemId: string): Promise<RemoteProblem> {
    const { contestId, index } = splitProblemId(problemId);
    const http = createHttpClient();
    if (this.oj === 'CF') {
      const all = await this.api<{ problems: { contestId: number; index: string }[] }>(
        http,
        'problemset.problems',
        {},
      );
      if (!all.problems.some((p) => String(p.contestId) === contestId && p.index === index)) {
        throw new RemoteJudgeError('not-found', `Codeforces has no problem ${problemId}`);
      }
    }
    const url =
      this.oj === 'CF'
        ? `${this.baseUrl}/problemset/problem/${contestId}/${index}`
        : `${this.contestPath(contestId)}/problem/${index}`;
    const $ = cheerio.load(cfMath(await this.page(http, url)));
    const st = $('.problem-statement').first();
    if (!st.length) throw new RemoteJudgeError('not-found', `Codeforces has no problem ${problemId}`);
    const limit = (cls: string) => {
      const el = st.find(`.header .${cls}`).first().clone();
      el.find('.property-title').remove();
      return el.text().trim();
    };
    const section = (cls: string) => {
      const el = st.find(`.${cls}`).first().clone();
      el.find('.section-title').remove();
      return el.html() ?? '';
    };
    const legend = st.children('div').eq(1).html() ?? '';
    const samples = st
      .find('.sample-test .input pre')
      .map((i, pre) => ({
        input: preText($, pre),
        output: preText($, st.find('.sample-test .output pre').get(i)),
      }))
      .get();
    const rawTime = limit('time-limit');
    const rawMemory = limit('memory-limit');
    const source =
      $('table.rtable th a').first().text().trim() ||
      `${this.oj === 'GYM' ? 'Gym' : 'Codeforces'} ${contestId}`;
    return {
      oj: this.oj,
      problemId: `${contestId}${index}`,
      title: st
        .find('.header .title')
        .first()
        .text()
        .trim()
        .replace(/^[A-Z][0-9]*\.\s*/, ''),
      description: toMarkdown(legend),
      input: toMarkdown(section('input-specification')),
      output: toMarkdown(section('output-specification')),
      samples,
      hint: toMarkdown(section('note')),
      source,
      timeLimit: parseTimeMs(rawTime) ?? 1000,
      memoryLimit: Math.max(1, Math.round((parseMemoryKb(rawMemory) ?? 262_144) / 1024)),
      rawLimits: { time: rawTime, memory: rawMemory },
      url,
    };
  }

  private async upcoming(): Promise<RemoteContest[]> {
    const list = await this.api<
      { id: number; name: string; phase: string; startTimeSeconds?: number; durationSeconds: number }[]
    >(createHttpClient(), 'contest.list', { gym: 'false' });
    return list
      .filter((c) => c.phase === 'BEFORE' && c.startTimeSeconds !== undefined)
      .map((c) => ({
        oj: 'CF' as const,
        title: c.name,
        beginTime: new Date((c.startTimeSeconds ?? 0) * 1000).toISOString(),
        endTime: new Date(((c.startTimeSeconds ?? 0) + c.durationSeconds) * 1000).toISOString(),
        url: `${this.baseUrl}/contests/${c.id}`,
      }))
      .sort((a, b) => a.beginTime.localeCompare(b.beginTime));
  }
}

/** A sample `<pre>`'s text: Codeforces writes lines as `<div class="test-example-line">` or with `<br>`. */
function preText($: cheerio.CheerioAPI, pre: Parameters<cheerio.CheerioAPI>[0] | undefined): string {
  if (!pre) return '';
  const el = $(pre).clone();
  const lines = el.find('div.test-example-line');
  if (lines.length)
    return lines
      .map((_, d) => $(d).text())
      .get()
      .join('\n')
      .trimEnd();
  el.find('br').replaceWith('\n');
  return el.text().replace(/\r/g, '').trimEnd();
}
