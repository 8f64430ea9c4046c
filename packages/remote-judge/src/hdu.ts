/**
 * HDU (acm.hdu.edu.cn), as HOJ talks to it: the login form (`/userloginex.php?action=login`), the submit form
 * (`/submit.php?action=submit`, the code also as `_usercode` = base64 of its URL-encoding), the status list
 * (`/status.php?user=&pid=` and `?first=<runId>`), the compile message (`/viewerror.php?rid=`) and the problem page
 * (`/showproblem.php?pid=`). All of HDU's markup knowledge is in this file.
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

/** HDU's language select (`language` field) as HOJ seeds it. */
const LANGUAGES: RemoteLanguage[] = [
  { name: 'G++', key: '0' },
  { name: 'GCC', key: '1' },
  { name: 'C++', key: '2' },
  { name: 'C', key: '3' },
  { name: 'Pascal', key: '4' },
  { name: 'Java', key: '5' },
  { name: 'C#', key: '6' },
];

/** HDU's "Judge Status" column, lower-cased, to ours; a prefix match covers "Runtime Error<br>(ACCESS_VIOLATION)". */
const VERDICTS: [string, JudgeStatusCode, boolean][] = [
  ['accepted', JudgeStatus.ACCEPTED, true],
  ['wrong answer', JudgeStatus.WRONG_ANSWER, true],
  ['presentation error', JudgeStatus.PRESENTATION_ERROR, true],
  ['compilation error', JudgeStatus.COMPILE_ERROR, true],
  ['runtime error', JudgeStatus.RUNTIME_ERROR, true],
  ['time limit exceeded', JudgeStatus.TIME_LIMIT_EXCEEDED, true],
  ['memory limit exceeded', JudgeStatus.MEMORY_LIMIT_EXCEEDED, true],
  ['output limit exceeded', JudgeStatus.WRONG_ANSWER, true],
  ['system error', JudgeStatus.SYSTEM_ERROR, true],
  ['queuing', JudgeStatus.PENDING, false],
  ['compiling', JudgeStatus.COMPILING, false],
  ['running', JudgeStatus.JUDGING, false],
  ['judging', JudgeStatus.JUDGING, false],
];

/** HDU's verdict text mapped to ours; unknown text: still judging (the poll gives up in the end). */
export function mapHduVerdict(text: string): { status: JudgeStatusCode; done: boolean } {
  const t = text.trim().toLowerCase();
  const hit = VERDICTS.find(([k]) => t.startsWith(k));
  return hit ? { status: hit[1], done: hit[2] } : { status: JudgeStatus.JUDGING, done: false };
}

/** A page that is HDU's sign-in form: the session is gone. */
function isLoginPage(html: string): boolean {
  return /name=["']?userpass/i.test(html);
}

interface StatusRow {
  runId: string;
  verdict: string;
  problemId: string;
  time: string;
  memory: string;
}

/** The rows of a status list (`table.table_text`; cells: Run ID, Time, Status, Pro.ID, Exe.Time, Exe.Memory, ...). */
function statusRows(html: string): StatusRow[] {
  const $ = cheerio.load(html);
  const rows: StatusRow[] = [];
  $('table.table_text tr').each((_, tr) => {
    const td = $(tr).find('td');
    const runId = td.eq(0).text().trim();
    if (!/^\d+$/.test(runId)) return;
    rows.push({
      runId,
      verdict: td.eq(2).text().replace(/\s+/g, ' ').trim(),
      problemId: td.eq(3).text().trim(),
      time: td.eq(4).text().trim(),
      memory: td.eq(5).text().trim(),
    });
  });
  return rows;
}

/** The `panel_content` after the `panel_title` named `title`, as HTML ('' when absent). */
function panel($: cheerio.CheerioAPI, title: string): string {
  const t = $('.panel_title')
    .filter((_, el) => $(el).text().trim().toLowerCase() === title.toLowerCase())
    .first();
  return t.length ? (t.next('.panel_content').html() ?? '') : '';
}

/** HDU (HOJ's HDUJudge): forms and status pages. */
export class HduAdapter implements RemoteJudgeAdapter {
  readonly oj = 'HDU' as const;
  constructor(readonly baseUrl: string) {}

  languages(): RemoteLanguage[] {
    return LANGUAGES;
  }

  async login(account: RemoteAccount, http: RemoteHttp): Promise<RemoteSession> {
    const { text } = await fetchText(http, `${this.baseUrl}/userloginex.php?action=login`, {
      method: 'POST',
      ...form({ username: account.username, userpass: account.password, login: 'Sign In' }),
    });
    if (/No such user or wrong password/i.test(text) || isLoginPage(text)) {
      throw new RemoteJudgeError('login-failed', `HDU refused the login of account ${account.id}`);
    }
    return { oj: this.oj, account, http, state: {}, loggedInAt: Date.now() };
  }

  async submit(session: RemoteSession, s: RemoteSubmission): Promise<string> {
    const language = resolveLanguage(this, s.language);
    const listUrl = withQuery(`${this.baseUrl}/status.php`, {
      user: session.account.username,
      pid: s.problemId,
    });
    // The run id is the account's newest run of the problem after submitting: remember the one before.
    const before = statusRows((await fetchText(session.http, listUrl)).text)[0]?.runId ?? null;
    const { text } = await fetchText(session.http, `${this.baseUrl}/submit.php?action=submit`, {
      method: 'POST',
      ...form({
        check: '0',
        _usercode: Buffer.from(encodeURIComponent(s.code)).toString('base64'),
        problemid: s.problemId,
        language: language.key,
        usercode: s.code,
      }),
    });
    if (isLoginPage(text)) throw new RemoteJudgeError('session-expired', 'HDU asked to sign in again');
    const err = /<div[^>]*class=["']?error_text[^>]*>([\s\S]*?)<\/div>/i.exec(text);
    if (err)
      throw new RemoteJudgeError(
        'submit-failed',
        `HDU refused the submission: ${cheerio.load(err[1]).text().trim()}`,
      );
    const list = await fetchText(session.http, listUrl);
    const row = statusRows(list.text)[0];
    if (!row || row.runId === before)
      throw new RemoteJudgeError('submit-failed', 'HDU lists no run of this account for the problem');
    return row.runId;
  }

  async poll(session: RemoteSession, runId: string): Promise<RemotePoll> {
    const { text } = await fetchText(
      session.http,
      withQuery(`${this.baseUrl}/status.php`, { first: runId, user: session.account.username }),
    );
    const row = statusRows(text).find((r) => r.runId === runId);
    if (!row) throw new RemoteJudgeError('not-found', `HDU lists no run ${runId}`);
    const { status, done } = mapHduVerdict(row.verdict);
    let compileError: string | null = null;
    if (status === JudgeStatus.COMPILE_ERROR) {
      const ce = await fetchText(session.http, withQuery(`${this.baseUrl}/viewerror.php`, { rid: runId }));
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
    const url = withQuery(`${this.baseUrl}/showproblem.php`, { pid: problemId });
    const { text } = await fetchText(createHttpClient(), url);
    const $ = cheerio.load(text);
    const title = $('h1').first().text().trim();
    if (!title || /No such problem/i.test(text))
      throw new RemoteJudgeError('not-found', `HDU has no problem ${problemId}`);
    // "Time Limit: 2000/1000 MS (Java/Others)    Memory Limit: 65536/32768 K (Java/Others)": the second figure is C/C++'s.
    const limits = $('body').text();
    const time = /Time Limit:\s*(\d+)\s*\/\s*(\d+)\s*MS/i.exec(limits);
    const memory = /Memory Limit:\s*(\d+)\s*\/\s*(\d+)\s*K/i.exec(limits);
    const samples = [
      { input: $(panelPre($, 'Sample Input')).text(), output: $(panelPre($, 'Sample Output')).text() },
    ]
      .map((x) => ({
        input: x.input.replace(/\r/g, '').trimEnd(),
        output: x.output.replace(/\r/g, '').trimEnd(),
      }))
      .filter((x) => x.input || x.output);
    return {
      oj: this.oj,
      problemId,
      title,
      description: toMarkdown(panel($, 'Problem Description')),
      input: toMarkdown(panel($, 'Input')),
      output: toMarkdown(panel($, 'Output')),
      samples,
      hint: toMarkdown(panel($, 'Hint')),
      source: cheerio.load(panel($, 'Source')).text().trim(),
      timeLimit: time ? Number(time[2]) : 1000,
      memoryLimit: memory ? Math.max(1, Math.round(Number(memory[2]) / 1024)) : 64,
      rawLimits: null,
      url,
    };
  }
}

/** The `<pre>` of a sample panel. */
function panelPre($: cheerio.CheerioAPI, title: string) {
  const t = $('.panel_title')
    .filter((_, el) => $(el).text().trim().toLowerCase() === title.toLowerCase())
    .first();
  return t.next('.panel_content').find('pre').first();
}
