/**
 * The one interface every remote judge's adapter implements (issue 27, docs/remote-judges.md). An adapter holds all
 * of its site's parsing (one file per OJ: hdu.ts, poj.ts, codeforces.ts for CF and GYM, atcoder.ts, spoj.ts), so a
 * change on a site is a one-file fix. Adapters talk HTTP through a cookie-jar client (http.ts); they never log a
 * password and never put one in an error message.
 */
import type { JudgeStatusCode, RemoteOjName } from '@oj/shared';

/** A pool account as the server hands it to a judgehost (task.remote.account). */
export interface RemoteAccount {
  id: number;
  username: string;
  password: string;
}

/** A fetch with its own cookie jar (http.ts `createHttpClient`): one per account, kept with the session. */
export interface RemoteHttp {
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Puts a cookie in the jar as a page's script would (Codeforces' RCPC): `cookie` is a Set-Cookie value. */
  setCookie(cookie: string, url: string): Promise<void>;
}

/** A logged-in session on a site: the account, its cookie jar and what the site gave at login (CSRF tokens...). */
export interface RemoteSession {
  readonly oj: RemoteOjName;
  readonly account: RemoteAccount;
  readonly http: RemoteHttp;
  /** Site-specific values kept from login (e.g. Codeforces' and AtCoder's CSRF token). Never the password. */
  state: Record<string, string>;
  /** Epoch ms of the login. */
  loggedInAt: number;
}

/** One submission to a site: the site's problem id (`1000`, `1A`, `abc001_a`), a language name or key, the code. */
export interface RemoteSubmission {
  problemId: string;
  /** A name from the adapter's `languages()` (as seeded into the language table) or that entry's key. */
  language: string;
  code: string;
}

/** One look at a run on the site. */
export interface RemotePoll {
  /** True when the site's verdict is final. */
  done: boolean;
  /** The verdict mapped to ours (never a bare number). PENDING/JUDGING/COMPILING while not done. */
  status: JudgeStatusCode;
  /** Run time in ms, null when the site shows none. */
  time: number | null;
  /** Memory in KB, null when the site shows none. */
  memory: number | null;
  /** The site's compile message when status is COMPILE_ERROR (null when it shows none). */
  compileError: string | null;
  /** The site's own verdict text, for logs and the docs' mapping table. */
  siteStatus: string;
}

/** A problem read from a site's problem page (or API), for the admin's import (HOJ's import-remote-problem). */
export interface RemoteProblem {
  oj: RemoteOjName;
  /** The site's id (`1000`, `1A`, `100001A`, `abc001_a`, `TEST`); the server prefixes it (`HDU-1000`). */
  problemId: string;
  title: string;
  /** Markdown (HTML turned to markdown; math kept as `$...$`). */
  description: string;
  input: string;
  output: string;
  samples: { input: string; output: string }[];
  hint: string;
  source: string;
  /** ms */
  timeLimit: number;
  /** MB */
  memoryLimit: number;
  /** CF/GYM only: the limits as the site writes them ("2 seconds", "256 megabytes"), shown raw (doc 2). */
  rawLimits: { time: string; memory: string } | null;
  /** The problem's page on the site. */
  url: string;
}

/** A language the site accepts: the name seeded into our language table and the site's own id for it. */
export interface RemoteLanguage {
  name: string;
  key: string;
}

/** An upcoming contest on a site (`GET /api/get-recent-other-contest`). */
export interface RemoteContest {
  oj: RemoteOjName;
  title: string;
  /** ISO 8601 */
  beginTime: string;
  /** ISO 8601 */
  endTime: string;
  url: string;
}

/** Why a remote call failed. `session-expired`: log in again and retry. Messages never hold a password. */
export type RemoteJudgeErrorKind =
  | 'login-failed'
  | 'session-expired'
  | 'submit-failed'
  | 'not-found'
  | 'unsupported-language'
  | 'site-error';

export class RemoteJudgeError extends Error {
  constructor(
    readonly kind: RemoteJudgeErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteJudgeError';
  }
}

/**
 * A remote judge. Every method throws `RemoteJudgeError` for what the site answered (and lets network errors
 * through as they are).
 */
export interface RemoteJudgeAdapter {
  readonly oj: RemoteOjName;
  /** The site's base URL in use (`OJ_REMOTE_<OJ>_URL` or the real site). */
  readonly baseUrl: string;
  /** Logs `account` in with `http` (a fresh jar from createHttpClient). Errors: login-failed. */
  login(account: RemoteAccount, http: RemoteHttp): Promise<RemoteSession>;
  /**
   * Submits and returns the site's run id (found on the account's status list right after submitting, as HOJ does).
   * Errors: session-expired (log in again), submit-failed, unsupported-language.
   */
  submit(session: RemoteSession, submission: RemoteSubmission): Promise<string>;
  /**
   * Reads the run's current verdict (`problemId`: the site's id the run was made for; AtCoder's pages need its
   * contest). Errors: session-expired, not-found, site-error.
   */
  poll(session: RemoteSession, runId: string, problemId: string): Promise<RemotePoll>;
  /** Reads a problem without logging in. Errors: not-found. */
  importProblem(problemId: string): Promise<RemoteProblem>;
  /** The languages the site takes, in the site's order (the first is the default). */
  languages(): RemoteLanguage[];
  /** Upcoming contests (CF, AtCoder); absent where the site has no such list. */
  recentContests?(): Promise<RemoteContest[]>;
}

/** Finds a language by name (case-insensitive) or by key; throws unsupported-language. */
export function resolveLanguage(adapter: Pick<RemoteJudgeAdapter, 'oj' | 'languages'>, language: string) {
  const all = adapter.languages();
  const found =
    all.find((l) => l.name === language) ??
    all.find((l) => l.name.toLowerCase() === language.toLowerCase()) ??
    all.find((l) => l.key === language);
  if (!found)
    throw new RemoteJudgeError('unsupported-language', `${adapter.oj} takes no language '${language}'`);
  return found;
}
