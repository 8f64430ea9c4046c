/**
 * Logged-in sessions kept per pool account and reused (issue 27): the first call logs in, later calls reuse the
 * cookie jar; a `session-expired` answer logs in again once and retries. Calls on one account run one at a time,
 * so two submissions on one account never interleave (the run id is read from the account's latest runs right after
 * submitting, as HOJ does). No password is kept outside the account object the caller passed, nor logged.
 */
import { createHash } from 'node:crypto';
import {
  type RemoteAccount,
  type RemoteJudgeAdapter,
  RemoteJudgeError,
  type RemoteSession,
} from './adapter.js';
import { createHttpClient, type HttpClient } from './http.js';

interface Entry {
  session: RemoteSession | null;
  /** Hash of username + password the session was made with: a changed account logs in anew. */
  fingerprint: string;
  /** The tail of this account's queue of calls. */
  tail: Promise<unknown>;
}

export interface SessionPoolOptions {
  /** A new cookie-jar client per login (default createHttpClient()). */
  http?: () => HttpClient;
  /** Told of each login (for logs: OJ, account id, why). Never given the password. */
  onLogin?: (info: { oj: string; accountId: number; reason: 'first' | 'expired' | 'changed' }) => void;
}

export class RemoteSessionPool {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly options: SessionPoolOptions = {}) {}

  /**
   * Runs `fn` with a logged-in session of `account` on `adapter`'s site, after every earlier call on the same
   * account has ended. A `session-expired` error from `fn` logs in again and runs `fn` once more. Errors of the
   * login (login-failed) and of `fn` reach the caller.
   */
  run<T>(
    adapter: RemoteJudgeAdapter,
    account: RemoteAccount,
    fn: (session: RemoteSession) => Promise<T>,
  ): Promise<T> {
    const key = `${adapter.oj === 'GYM' ? 'CF' : adapter.oj}:${account.id}`;
    const fingerprint = createHash('sha256').update(`${account.username}\0${account.password}`).digest('hex');
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { session: null, fingerprint, tail: Promise.resolve() };
      this.entries.set(key, entry);
    }
    const e = entry;
    const call = e.tail.then(async () => {
      let reason = 'first' as 'first' | 'changed' | 'expired';
      if (e.session && e.fingerprint !== fingerprint) {
        e.session = null;
        reason = 'changed';
      }
      e.fingerprint = fingerprint;
      const login = async (why: typeof reason) => {
        this.options.onLogin?.({ oj: adapter.oj, accountId: account.id, reason: why });
        e.session = await adapter.login(account, (this.options.http ?? createHttpClient)());
        return e.session;
      };
      const session = e.session ?? (await login(reason));
      try {
        return await fn(session);
      } catch (err) {
        if (!(err instanceof RemoteJudgeError && err.kind === 'session-expired')) throw err;
        e.session = null;
        return fn(await login('expired'));
      }
    });
    e.tail = call.catch(() => undefined);
    return call;
  }

  /** Forgets every session (their cookies with them). */
  clear(): void {
    this.entries.clear();
  }
}
