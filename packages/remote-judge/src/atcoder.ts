/**
 * AtCoder (atcoder.jp), as HOJ talks to it: the login form with its CSRF token (`/login`), the submit form
 * (`/contests/<contest>/submit`: data.TaskScreenName, data.LanguageId, sourceCode), the account's submissions
 * (`/contests/<contest>/submissions/me`) and one submission's page (`/contests/<contest>/submissions/<id>`: status,
 * exec time, memory, compile error), the task page (`/contests/<contest>/tasks/<id>`) and the upcoming contests
 * (`/contests/`). A problem id is the task's screen name (`abc001_a`); its contest is what precedes the last `_`.
 * All of AtCoder's markup knowledge is in this file.
 */
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
import { fetchText, parseMemoryKb, parseTimeMs, toMarkdown } from './support.js';

/** AtCoder's `data.LanguageId`s (the 2023 language update). */
const LANGUAGES: RemoteLanguage[] = [
  { name: 'C++ 20 (gcc 12.2)', key: '5001' },
  { name: 'C++ 17 (gcc 12.2)', key: '5053' },
  { name: 'C (gcc 12.2.0)', key: '5017' },
  { name: 'Python (CPython 3.11.4)', key: '5055' },
  { name: 'Python (PyPy 3.10-v7.3.12)', key: '5078' },
  { name: 'Java (OpenJDK 17)', key: '5005' },
  { name: 'Kotlin (Kotlin/JVM 1.8.20)', key: '5004' },
  { name: 'Rust (rustc 1.70.0)', key: '5054' },
  { name: 'Go (go 1.20.6)', key: '5002' },
  { name: 'C# 11.0 (.NET 7.0.7)', key: '5003' },
  { name: 'JavaScript (Node.js 18.16.1)', key: '5009' },
];

/** The status label's text to ours (final or not); `3/12` or `Judging` while running. */
const VERDICTS: Record<string, [JudgeStatusCode, boolean]> = {
  AC: [JudgeStatus.ACCEPTED, true],
  WA: [JudgeStatus.WRONG_ANSWER, true],
  TLE: [JudgeStatus.TIME_LIMIT_EXCEEDED, true],
  MLE: [JudgeStatus.MEMORY_LIMIT_EXCEEDED, true],
  RE: [JudgeStatus.RUNTIME_ERROR, true],
  CE: [JudgeStatus.COMPILE_ERROR, true],
  OLE: [JudgeStatus.WRONG_ANSWER, true],
  IE: [JudgeStatus.SYSTEM_ERROR, true],
  WJ: [JudgeStatus.PENDING, false],
  WR: [JudgeStatus.PENDING, false],
};

/** An AtCoder status label mapped to ours; anything else (`3/12`, `Judging`) is still running. */
export function mapAtCoderVerdict(label: string): { status: JudgeStatusCode; done: boolean } {
  const hit = VERDICTS[label.trim().toUpperCase()];
  return hit ? { status: hit[0], done: hit[1] } : { status: JudgeStatus.JUDGING, done: false };
}

/** `abc001_a` -> `abc001` (a task id is letters, digits, `_` and `-` only: it goes into URL paths). */
function contestOf(problemId: string): string {
  const i = problemId.lastIndexOf('_');
  if (i <= 0 || !/^[A-Za-z0-9_-]+$/.test(problemId))
    throw new RemoteJudgeError('not-found', `not an AtCoder task id: ${problemId}`);
  return problemId.slice(0, i);
}

function csrfOf(html: string): string | null {
  return cheerio.load(html)('input[name="csrf_token"]').attr('value') ?? null;
}

/** A page holding the login form (username + password): the session is gone. */
function isLoginPage(html: string): boolean {
  const $ = cheerio.load(html);
  return $('form input[name="password"]').length > 0 && $('form input[name="username"]').length > 0;
}

/** AtCoder: CSRF forms and submission pages. */
export class AtCoderAdapter implements RemoteJudgeAdapter {
  readonly oj = 'AC' as const;
  constructor(readonly baseUrl: string) {}

  languages(): RemoteLanguage[] {
    return LANGUAGES;
  }

  async login(account: RemoteAccount, http: RemoteHttp): Promise<RemoteSession> {
    const page = await fetchText(http, `${this.baseUrl}/login`);
    const csrf = csrfOf(page.text);
    if (!csrf) throw new RemoteJudgeError('site-error', 'AtCoder login page without a CSRF token');
    const { text } = await fetchText(http, `${this.baseUrl}/login`, {
      method: 'POST',
      ...form({ username: account.username, password: account.password, csrf_token: csrf }),
    });
    if (isLoginPage(text))
      throw new RemoteJudgeError('login-failed', `AtCoder refused the login of account ${account.id}`);
    return { oj: this.oj, account, http, state: { csrf: csrfOf(text) ?? csrf }, loggedInAt: Date.now() };
  }

  async submit(session: RemoteSession, s: RemoteSubmission): Promise<string> {
    const language = resolveLanguage(this, s.language);
    const contest = contestOf(s.problemId);
    const url = `${this.baseUrl}/contests/${contest}/submit`;
    const page = await fetchText(session.http, url);
    if (isLoginPage(page.text))
      throw new RemoteJudgeError('session-expired', 'AtCoder asked to sign in again');
    // The run id is the account's newest submission of the task after submitting: remember the one before.
    const before = await this.latestRun(session, contest, s.problemId);
    const csrf = csrfOf(page.text);
    if (!csrf) throw new RemoteJudgeError('submit-failed', 'AtCoder submit page without a CSRF token');
    const { text } = await fetchText(session.http, url, {
      method: 'POST',
      ...form({
        'data.TaskScreenName': s.problemId,
        'data.LanguageId': language.key,
        sourceCode: s.code,
        csrf_token: csrf,
      }),
    });
    if (isLoginPage(text)) throw new RemoteJudgeError('session-expired', 'AtCoder asked to sign in again');
    const $ = cheerio.load(text);
    const alert = $('.alert-danger')
      .first()
      .text()
      .replace(/[×\s]+/g, ' ')
      .trim();
    if (alert) throw new RemoteJudgeError('submit-failed', `AtCoder refused the submission: ${alert}`);
    const runId = await this.latestRun(session, contest, s.problemId);
    if (!runId || runId === before) {
      throw new RemoteJudgeError(
        'submit-failed',
        'AtCoder lists no new submission of this account for the task',
      );
    }
    return runId;
  }

  /** The newest submission id of the task on the account's `submissions/me` list, or null. */
  private async latestRun(session: RemoteSession, contest: string, taskId: string): Promise<string | null> {
    const { text } = await fetchText(session.http, `${this.baseUrl}/contests/${contest}/submissions/me`);
    if (isLoginPage(text)) throw new RemoteJudgeError('session-expired', 'AtCoder asked to sign in again');
    const $ = cheerio.load(text);
    let runId: string | null = null;
    $('table tbody tr').each((_, tr) => {
      if (runId) return;
      const row = $(tr);
      if (!row.find(`a[href$="/tasks/${taskId}"]`).length) return;
      const m = /\/submissions\/(\d+)$/.exec(row.find('a[href*="/submissions/"]').last().attr('href') ?? '');
      if (m) runId = m[1];
    });
    return runId;
  }

  async poll(session: RemoteSession, runId: string, problemId: string): Promise<RemotePoll> {
    const url = `${this.baseUrl}/contests/${contestOf(problemId)}/submissions/${runId}`;
    const { text } = await fetchText(session.http, url);
    if (isLoginPage(text)) throw new RemoteJudgeError('session-expired', 'AtCoder asked to sign in again');
    const $ = cheerio.load(text);
    const field = (name: string) =>
      $('table tr')
        .filter((_, tr) => $(tr).find('th').first().text().trim() === name)
        .first()
        .find('td')
        .first()
        .text()
        .trim();
    const label = $('#judge-status span').first().text().trim() || field('Status');
    if (!label) throw new RemoteJudgeError('not-found', `AtCoder shows no submission ${runId}`);
    const { status, done } = mapAtCoderVerdict(label);
    let compileError: string | null = null;
    if (status === JudgeStatus.COMPILE_ERROR) {
      const h = $('h4')
        .filter((_, el) => /Compile Error/i.test($(el).text()))
        .first();
      compileError = h.nextAll('pre').first().text().trim() || null;
    }
    return {
      done,
      status,
      time: parseTimeMs(field('Exec Time')),
      memory: parseMemoryKb(field('Memory')),
      compileError,
      siteStatus: label,
    };
  }

  async importProblem(problemId: string): Promise<RemoteProblem> {
    const url = `${this.baseUrl}/contests/${contestOf(problemId)}/tasks/${problemId}`;
    const { text } = await fetchText(createHttpClient(), url);
    // <var>N</var> is AtCoder's math.
    const $ = cheerio.load(text.replace(/<var>([\s\S]*?)<\/var>/g, (_, tex: string) => `$${tex}$`));
    const heading = $('span.h2').first().clone();
    heading.children().remove();
    const title = heading
      .text()
      .trim()
      .replace(/^[A-Za-z0-9]+\s+-\s+/, '');
    if (!title) throw new RemoteJudgeError('not-found', `AtCoder has no task ${problemId}`);
    const limits = $('#main-container p, #main-div p')
      .filter((_, p) => /Time Limit/i.test($(p).text()))
      .first()
      .text();
    const time = /Time Limit:\s*([\d.]+\s*\w+)/i.exec(limits);
    const memory = /Memory Limit:\s*([\d.]+\s*\w+)/i.exec(limits);
    const statement = $('#task-statement .lang-en').length
      ? $('#task-statement .lang-en')
      : $('#task-statement');
    const sections = new Map<string, string>();
    statement.find('section').each((_, sec) => {
      const h = $(sec).children('h3').first();
      const name = h.text().trim();
      const body = $(sec).clone();
      body.children('h3').first().remove();
      sections.set(name, name.startsWith('Sample') ? body.find('pre').first().text() : (body.html() ?? ''));
    });
    const samples: { input: string; output: string }[] = [];
    for (let i = 1; sections.has(`Sample Input ${i}`); i++) {
      const clean = (s: string | undefined) => (s ?? '').replace(/\r/g, '').trimEnd();
      samples.push({
        input: clean(sections.get(`Sample Input ${i}`)),
        output: clean(sections.get(`Sample Output ${i}`)),
      });
    }
    const constraints = sections.get('Constraints');
    return {
      oj: this.oj,
      problemId,
      title,
      description: toMarkdown(
        (sections.get('Problem Statement') ?? '') + (constraints ? `<h3>Constraints</h3>${constraints}` : ''),
      ),
      input: toMarkdown(sections.get('Input')),
      output: toMarkdown(sections.get('Output')),
      samples,
      hint: '',
      source: $('a.contest-title').first().text().trim() || contestOf(problemId),
      timeLimit: parseTimeMs(time?.[1]) ?? 2000,
      memoryLimit: Math.max(1, Math.round((parseMemoryKb(memory?.[1]) ?? 1_048_576) / 1024)),
      rawLimits: null,
      url,
    };
  }

  /** Upcoming contests: the `#contest-table-upcoming` table of `/contests/` (start `YYYY-MM-DD HH:mm:ss+0900`, duration `HH:MM`). */
  async recentContests(): Promise<RemoteContest[]> {
    const { text } = await fetchText(createHttpClient(), `${this.baseUrl}/contests/`);
    const $ = cheerio.load(text);
    const out: RemoteContest[] = [];
    $('#contest-table-upcoming tbody tr').each((_, tr) => {
      const td = $(tr).find('td');
      const start = td.eq(0).find('time').text().trim();
      const link = td.eq(1).find('a[href^="/contests/"]').last();
      const dur = /^(\d+):(\d{2})$/.exec(td.eq(2).text().trim());
      const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})([+-]\d{2})(\d{2})$/.exec(start);
      if (!m || !link.length || !dur) return;
      const begin = new Date(`${m[1]}T${m[2]}${m[3]}:${m[4]}`);
      const end = new Date(begin.getTime() + (Number(dur[1]) * 60 + Number(dur[2])) * 60_000);
      out.push({
        oj: this.oj,
        title: link.text().trim(),
        beginTime: begin.toISOString(),
        endTime: end.toISOString(),
        url: `${this.baseUrl}${link.attr('href')}`,
      });
    });
    return out;
  }
}
