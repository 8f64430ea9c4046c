/**
 * SPOJ (www.spoj.com), as HOJ talks to it: the login form (`/login/`: login_user, password), the submit form
 * (`/submit/complete/`: file, lang, problemcode; the answer carries `newSubmissionId`), the status answer
 * (`POST /status/ajax=1,ajaxdiff=1` with `ids`: JSON rows with a numeric `status`, `final`, `time` in seconds,
 * `mem`), the compile message (`/error/<id>`) and the problem page (`/problems/<code>/`). All of SPOJ's markup
 * knowledge is in this file.
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
import { fetchText, parseMemoryKb, parseTimeMs, toMarkdown } from './support.js';

/** SPOJ's `lang` ids. */
const LANGUAGES: RemoteLanguage[] = [
  { name: 'C++14 (gcc 8.3)', key: '44' },
  { name: 'C++ (g++ 4.3.2)', key: '41' },
  { name: 'C (gcc 8.3)', key: '11' },
  { name: 'Java (HotSpot 12)', key: '10' },
  { name: 'Python 3 (python 3.7.3)', key: '116' },
  { name: 'Python (cpython 2.7.16)', key: '4' },
  { name: 'PyPy (PyPy 2.7)', key: '99' },
  { name: 'Pascal (fpc 3.0.4)', key: '22' },
  { name: 'Rust (rust 1.33.0)', key: '93' },
  { name: 'Go (go 1.12.1)', key: '114' },
];

/** SPOJ's numeric `status` to ours (the final ones); below 11 the run is still waiting, compiling or running. */
const FINAL: Record<number, JudgeStatusCode> = {
  11: JudgeStatus.COMPILE_ERROR,
  12: JudgeStatus.RUNTIME_ERROR,
  13: JudgeStatus.TIME_LIMIT_EXCEEDED,
  14: JudgeStatus.WRONG_ANSWER,
  15: JudgeStatus.ACCEPTED,
  20: JudgeStatus.SYSTEM_ERROR,
};

/** SPOJ's codes of a run not yet judged: waiting in the queue, compiling (others below 11: running). */
const SPOJ_WAITING = 0;
const SPOJ_COMPILING = 1;

/** A SPOJ status row mapped to ours. `final` is SPOJ's own flag ("1" when the verdict is final). */
export function mapSpojVerdict(siteCode: number, final: boolean): { status: JudgeStatusCode; done: boolean } {
  const mapped = FINAL[siteCode];
  if (mapped !== undefined) return { status: mapped, done: true };
  if (final) return { status: JudgeStatus.SYSTEM_ERROR, done: true };
  if (siteCode === SPOJ_WAITING) return { status: JudgeStatus.PENDING, done: false };
  if (siteCode === SPOJ_COMPILING) return { status: JudgeStatus.COMPILING, done: false };
  return { status: JudgeStatus.JUDGING, done: false };
}

function isLoginPage(html: string): boolean {
  return /name=["']?login_user/i.test(html);
}

interface SpojStatusRow {
  id: number | string;
  status: number | string;
  final: string | number;
  status_description?: string;
  time?: string;
  mem?: string;
}

/** SPOJ: forms, the status JSON. */
export class SpojAdapter implements RemoteJudgeAdapter {
  readonly oj = 'SPOJ' as const;
  constructor(readonly baseUrl: string) {}

  languages(): RemoteLanguage[] {
    return LANGUAGES;
  }

  async login(account: RemoteAccount, http: RemoteHttp): Promise<RemoteSession> {
    const { text } = await fetchText(http, `${this.baseUrl}/login/`, {
      method: 'POST',
      ...form({ next_raw: '/', autologin: '1', login_user: account.username, password: account.password }),
    });
    if (/Authentication failed/i.test(text) || isLoginPage(text)) {
      throw new RemoteJudgeError('login-failed', `SPOJ refused the login of account ${account.id}`);
    }
    return { oj: this.oj, account, http, state: {}, loggedInAt: Date.now() };
  }

  async submit(session: RemoteSession, s: RemoteSubmission): Promise<string> {
    const language = resolveLanguage(this, s.language);
    const { text } = await fetchText(session.http, `${this.baseUrl}/submit/complete/`, {
      method: 'POST',
      ...form({
        subm_file: '',
        file: s.code,
        lang: language.key,
        problemcode: s.problemId,
        submit: 'Submit!',
      }),
    });
    const id = cheerio.load(text)('input[name="newSubmissionId"]').attr('value');
    if (id && /^\d+$/.test(id)) return id;
    if (isLoginPage(text)) throw new RemoteJudgeError('session-expired', 'SPOJ asked to log in again');
    const why = /Wrong problem code!?|Wrong language!?|Submission limit reached[^<]*/i.exec(text)?.[0];
    throw new RemoteJudgeError('submit-failed', `SPOJ refused the submission${why ? `: ${why}` : ''}`);
  }

  async poll(session: RemoteSession, runId: string): Promise<RemotePoll> {
    const res = await session.http.fetch(`${this.baseUrl}/status/ajax=1,ajaxdiff=1`, {
      method: 'POST',
      ...form({ ids: runId }),
    });
    const text = await res.text();
    if (isLoginPage(text)) throw new RemoteJudgeError('session-expired', 'SPOJ asked to log in again');
    let rows: SpojStatusRow[];
    try {
      rows = JSON.parse(text) as SpojStatusRow[];
    } catch {
      throw new RemoteJudgeError('site-error', `SPOJ status answer is not JSON (HTTP ${res.status})`);
    }
    const row = Array.isArray(rows) ? rows.find((r) => String(r.id) === runId) : undefined;
    if (!row) throw new RemoteJudgeError('not-found', `SPOJ lists no run ${runId}`);
    const { status, done } = mapSpojVerdict(Number(row.status), String(row.final) === '1');
    let compileError: string | null = null;
    if (status === JudgeStatus.COMPILE_ERROR) {
      const ce = await fetchText(session.http, `${this.baseUrl}/error/${runId}`);
      compileError = cheerio.load(ce.text)('pre').first().text().trim() || null;
    }
    const time = row.time && /\d/.test(row.time) ? parseTimeMs(row.time, 's') : null;
    const memory = row.mem && /\d/.test(row.mem) ? parseMemoryKb(row.mem, 'mb') : null;
    return {
      done,
      status,
      time,
      memory,
      compileError,
      siteStatus:
        cheerio
          .load(row.status_description ?? '')
          .text()
          .trim() || String(row.status),
    };
  }

  async importProblem(problemId: string): Promise<RemoteProblem> {
    const code = problemId.toUpperCase();
    const url = `${this.baseUrl}/problems/${encodeURIComponent(code)}/`;
    const { text } = await fetchText(createHttpClient(), url);
    const $ = cheerio.load(text);
    const name = $('#problem-name').first().text().trim();
    if (!name) throw new RemoteJudgeError('not-found', `SPOJ has no problem ${code}`);
    const meta = (label: string) =>
      $('#problem-meta tr')
        .filter((_, tr) => $(tr).find('td').first().text().trim().toLowerCase() === label)
        .first()
        .find('td')
        .eq(1)
        .text()
        .trim();
    // #problem-body: the statement, then <h3>Input</h3>, <h3>Output</h3>, <h3>Example</h3> sections.
    const parts = new Map<string, string>([['', '']]);
    let current = '';
    $('#problem-body')
      .contents()
      .each((_, node) => {
        if (node.type === 'tag' && node.name === 'h3') {
          current = $(node).text().trim().toLowerCase();
          parts.set(current, '');
          return;
        }
        parts.set(current, (parts.get(current) ?? '') + $.html(node));
      });
    const example = cheerio
      .load(parts.get('example') ?? '')('pre')
      .first()
      .text()
      .replace(/\r/g, '');
    const ex = /Input:?\s*\n([\s\S]*?)\n\s*Output:?\s*\n([\s\S]*)$/i.exec(example);
    return {
      oj: this.oj,
      problemId: code,
      title: name.replace(new RegExp(`^${code}\\s*-\\s*`), ''),
      description: toMarkdown(parts.get('')),
      input: toMarkdown(parts.get('input')),
      output: toMarkdown(parts.get('output')),
      samples: ex ? [{ input: ex[1].trim(), output: ex[2].trim() }] : [],
      hint: toMarkdown(parts.get('explanation') ?? parts.get('notes')),
      source: meta('resource:'),
      timeLimit: parseTimeMs(meta('time limit:'), 's') ?? 1000,
      memoryLimit: Math.max(1, Math.round((parseMemoryKb(meta('memory limit:'), 'mb') ?? 262_144) / 1024)),
      rawLimits: null,
      url,
    };
  }
}
