/**
 * What every replica shares: a loopback HTTP server, cookies, accounts and sessions, runs with a scripted verdict,
 * failure switches and a count of calls running at once per account. The site-specific pages are in sites.ts.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A site-neutral verdict a replica renders in its site's words (`raw` overrides the words). */
export type ReplicaVerdict = 'AC' | 'WA' | 'PE' | 'CE' | 'RE' | 'TLE' | 'MLE' | 'OLE' | 'SE';

export interface VerdictScript {
  verdict: ReplicaVerdict;
  /** The site's own verdict text/code instead of the replica's rendering of `verdict` (to test each mapping). */
  raw?: string | number;
  /** How many reads of the run show it still queued/running before the verdict (default 1). */
  pendingReads?: number;
  /** ms (default 15) */
  time?: number;
  /** KB (default 1404) */
  memory?: number;
  /** The compile message for CE (default a gcc-like error). */
  compileError?: string;
}

export interface ReplicaSubmission {
  runId: number;
  user: string;
  problemId: string;
  language: string;
  code: string;
}

export interface Run extends ReplicaSubmission {
  script: VerdictScript;
  reads: number;
  createdAt: number;
}

export interface ReplicaRequest {
  method: string;
  url: URL;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  cookies: Record<string, string>;
  /** The logged-in user of the request's session cookie, or null. */
  user: string | null;
  raw: IncomingMessage;
}

export interface ReplicaReply {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string;
  json?: unknown;
}

/** State of one replica site. */
export class ReplicaState {
  readonly accounts = new Map<string, string>();
  /** session token -> user */
  readonly sessions = new Map<string, string>();
  readonly runs: Run[] = [];
  nextRunId: number;
  script: VerdictScript | ((s: ReplicaSubmission) => VerdictScript) = { verdict: 'AC' };
  /** Next submits to fail: 'error' (the site's error page) or 'silent' (accepted, no run made). */
  readonly failSubmits: ('error' | 'silent')[] = [];
  /** Delay of each submit, ms (tests of two submissions at once). */
  submitDelayMs = 0;
  /** Per user: requests being answered now, and the most seen at once. */
  private readonly inFlight = new Map<string, number>();
  readonly maxInFlight = new Map<string, number>();
  logins = 0;

  constructor(
    readonly cookieName: string,
    firstRunId: number,
  ) {
    this.nextRunId = firstRunId;
  }

  /** Logs `user` in when the password matches; returns the Set-Cookie value or null. */
  login(user: string, password: string): string | null {
    if (!user || this.accounts.get(user) !== password) return null;
    this.logins++;
    const token = randomBytes(12).toString('hex');
    this.sessions.set(token, user);
    return `${this.cookieName}=${token}; Path=/; HttpOnly`;
  }

  userOf(cookies: Record<string, string>): string | null {
    const token = cookies[this.cookieName];
    return token ? (this.sessions.get(token) ?? null) : null;
  }

  /** Makes a run with the current script (or nothing, when a silent failure was asked for). */
  submit(s: Omit<ReplicaSubmission, 'runId'>): Run | 'error' | 'silent' {
    const fail = this.failSubmits.shift();
    if (fail) return fail;
    const runId = this.nextRunId++;
    const sub = { ...s, runId };
    const script = typeof this.script === 'function' ? this.script(sub) : this.script;
    const run: Run = { ...sub, script, reads: 0, createdAt: Date.now() };
    this.runs.push(run);
    return run;
  }

  /** A run's state for one read: pending while `reads` <= pendingReads, then final. */
  read(run: Run): { final: boolean; script: VerdictScript } {
    run.reads++;
    return { final: run.reads > (run.script.pendingReads ?? 1), script: run.script };
  }

  /** The user's runs, newest first. */
  runsOf(user: string, problemId?: string): Run[] {
    return this.runs
      .filter((r) => r.user === user && (problemId === undefined || r.problemId === problemId))
      .reverse();
  }

  enter(user: string | null): void {
    if (!user) return;
    const n = (this.inFlight.get(user) ?? 0) + 1;
    this.inFlight.set(user, n);
    this.maxInFlight.set(user, Math.max(n, this.maxInFlight.get(user) ?? 0));
  }

  leave(user: string | null): void {
    if (user) this.inFlight.set(user, (this.inFlight.get(user) ?? 1) - 1);
  }
}

export type ReplicaHandler = (
  req: ReplicaRequest,
  state: ReplicaState,
) => Promise<ReplicaReply> | ReplicaReply;

function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  return out;
}

/** Serves `handler` on 127.0.0.1 (a free port); resolves with the base URL and a close function. */
export async function serve(
  handler: ReplicaHandler,
  state: ReplicaState,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      const cookies = parseCookies(req.headers.cookie);
      const user = state.userOf(cookies);
      const r: ReplicaRequest = {
        method: req.method ?? 'GET',
        url,
        path: url.pathname,
        query: url.searchParams,
        form: new URLSearchParams(req.headers['content-type']?.includes('urlencoded') ? body : ''),
        cookies,
        user,
        raw: req,
      };
      state.enter(user);
      try {
        const reply = await handler(r, state);
        const headers: Record<string, string | string[]> = { ...(reply.headers ?? {}) };
        let text = reply.body ?? '';
        if (reply.json !== undefined) {
          text = JSON.stringify(reply.json);
          headers['content-type'] = 'application/json;charset=UTF-8';
        } else if (!headers['content-type']) headers['content-type'] = 'text/html;charset=UTF-8';
        res.writeHead(reply.status ?? 200, headers);
        res.end(text);
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`replica error: ${(err as Error).message}`);
      } finally {
        state.leave(user);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A 302 to `location`, with cookies to set. */
export function redirect(location: string, setCookie?: string | null): ReplicaReply {
  return { status: 302, headers: { location, ...(setCookie ? { 'set-cookie': setCookie } : {}) }, body: '' };
}

/** HTML-escapes text for the pages. */
export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export const DEFAULT_COMPILE_ERROR =
  "main.cpp: In function 'int main()':\nmain.cpp:3:5: error: 'x' was not declared in this scope";

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
