/**
 * `@oj/remote-judge/testing`: local replicas of the six remote judges' sites on 127.0.0.1, for tests without the
 * internet. `startReplicas()` starts one server per site (CF and GYM share Codeforces'), each with the account
 * `alice` / `alice-secret` (add more with `addAccount`); `urls` are the base URLs to put in `OJ_REMOTE_<OJ>_URL`.
 * Tests choose what the next submissions get (`setVerdictScript`), expire sessions, make submits fail, slow them.
 */
import type { RemoteOjName } from '@oj/shared';
import {
  type ReplicaHandler,
  ReplicaState,
  type ReplicaSubmission,
  type ReplicaState as State,
  serve,
  type VerdictScript,
} from './kit.js';
import { atcoder, codeforces, hdu, poj, spoj } from './sites.js';

export type { ReplicaSubmission, ReplicaVerdict, VerdictScript } from './kit.js';

export interface ReplicaOptions {
  /** Codeforces asks each new client for the RCPC cookie first (default true). */
  codeforcesRcpc?: boolean;
}

export interface Replicas {
  urls: Record<RemoteOjName, string>;
  /** What the OJ's next submissions get: one script for all, or one chosen from each submission (its code...). */
  setVerdictScript(oj: RemoteOjName, script: VerdictScript | ((s: ReplicaSubmission) => VerdictScript)): void;
  /** Adds (or changes the password of) an account on the OJ's site. */
  addAccount(oj: RemoteOjName, username: string, password: string): void;
  /** Forgets every logged-in session of the OJ's site (the next call finds itself logged out). */
  expireSessions(oj: RemoteOjName): void;
  /** The next submit fails: `error` (the site's error answer) or `silent` (taken, but no run appears). */
  failNextSubmit(oj: RemoteOjName, mode?: 'error' | 'silent'): void;
  /** Each submit waits this long before answering (ms). */
  setSubmitDelay(oj: RemoteOjName, ms: number): void;
  /** Runs the site holds (code, language id, account). */
  submissions(oj: RemoteOjName): ReplicaSubmission[];
  /** Logins the site accepted. */
  logins(oj: RemoteOjName): number;
  /** The most requests of one account the site was answering at once. */
  maxConcurrent(oj: RemoteOjName, username: string): number;
  close(): Promise<void>;
}

const FIRST_RUN_ID: Record<string, number> = {
  HDU: 30_000_001,
  POJ: 20_000_001,
  CF: 100_000_001,
  AC: 40_000_001,
  SPOJ: 30_500_001,
};
const COOKIE: Record<string, string> = {
  HDU: 'PHPSESSID',
  POJ: 'JSESSIONID',
  CF: 'JSESSIONID',
  AC: 'REVEL_SESSION',
  SPOJ: 'SPOJ',
};

/** Starts the replicas (about 5 ms); `close()` stops them. */
export async function startReplicas(options: ReplicaOptions = {}): Promise<Replicas> {
  const sites: [string, ReplicaHandler][] = [
    ['HDU', hdu],
    ['POJ', poj],
    ['CF', codeforces({ rcpc: options.codeforcesRcpc ?? true })],
    ['AC', atcoder],
    ['SPOJ', spoj],
  ];
  const states = new Map<string, State>();
  const servers: { close(): Promise<void> }[] = [];
  const urls: Partial<Record<RemoteOjName, string>> = {};
  for (const [name, handler] of sites) {
    const state = new ReplicaState(COOKIE[name], FIRST_RUN_ID[name]);
    state.accounts.set('alice', 'alice-secret');
    states.set(name, state);
    const s = await serve(handler, state);
    servers.push(s);
    urls[name as RemoteOjName] = s.url;
  }
  urls.GYM = urls.CF;
  const st = (oj: RemoteOjName) => states.get(oj === 'GYM' ? 'CF' : oj) as State;
  return {
    urls: urls as Record<RemoteOjName, string>,
    setVerdictScript: (oj, script) => {
      st(oj).script = script;
    },
    addAccount: (oj, username, password) => {
      st(oj).accounts.set(username, password);
    },
    expireSessions: (oj) => st(oj).sessions.clear(),
    failNextSubmit: (oj, mode = 'error') => {
      st(oj).failSubmits.push(mode);
    },
    setSubmitDelay: (oj, ms) => {
      st(oj).submitDelayMs = ms;
    },
    submissions: (oj) =>
      st(oj)
        .runs.filter(
          (r) =>
            oj === 'HDU' ||
            oj === 'POJ' ||
            oj === 'AC' ||
            oj === 'SPOJ' ||
            (oj === 'GYM') === r.problemId.startsWith('1000'),
        )
        .map(({ runId, user, problemId, language, code }) => ({ runId, user, problemId, language, code })),
    logins: (oj) => st(oj).logins,
    maxConcurrent: (oj, username) => st(oj).maxInFlight.get(username) ?? 0,
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
    },
  };
}
