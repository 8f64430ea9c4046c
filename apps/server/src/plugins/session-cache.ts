import { LRUCache } from 'lru-cache';
import type { AppContext } from '../context.js';

/** What the auth plugin reads per request for a session: the user's name, role, status and the sign-in time. */
export interface SessionRow {
  uid: string;
  username: string;
  role: number;
  status: number;
  since: Date;
  /** The session's expiry (ms since epoch): a cached row is never used past it. */
  expiresAt: number;
}

/**
 * How long a session read from the database is reused by this process. Ending sessions and changing a user's
 * role or status forget the cached rows at once in this process (`forgetSessions`) and, through the live-event
 * relay of `plugins/session-sync.ts`, in every other server process; a change made behind the server's back (SQL by hand) shows within this time.
 */
export const SESSION_CACHE_MS = 2000;

const caches = new WeakMap<AppContext, LRUCache<string, SessionRow>>();

function cacheOf(ctx: AppContext): LRUCache<string, SessionRow> {
  let c = caches.get(ctx);
  if (!c) {
    c = new LRUCache<string, SessionRow>({ max: 20_000, ttl: SESSION_CACHE_MS, ttlAutopurge: false });
    caches.set(ctx, c);
  }
  return c;
}

/** The cached row of session `sid` of user `uid`, if read within SESSION_CACHE_MS and not expired since. */
export function cachedSession(ctx: AppContext, sid: string, uid: string): SessionRow | undefined {
  const row = cacheOf(ctx).get(sid);
  return row && row.uid === uid && row.expiresAt > Date.now() ? row : undefined;
}

/** Keeps a session row read from the database. */
export function keepSession(ctx: AppContext, sid: string, row: SessionRow): void {
  cacheOf(ctx).set(sid, row);
}

type Forget = (ctx: AppContext, who: { sid?: string; uid?: string }) => void;
const forgetListeners: Forget[] = [];

/**
 * Registers a listener told whenever this process forgets sessions (`plugins/session-sync.ts` relays it to the
 * other server processes, which call `forgetSessionsLocally`). Returns the function that removes it.
 */
export function onSessionsForgotten(fn: Forget): () => void {
  forgetListeners.push(fn);
  return () => {
    const i = forgetListeners.indexOf(fn);
    if (i >= 0) forgetListeners.splice(i, 1);
  };
}

/** Drops every cached session of this process (the relay was down: forgets may have been missed). */
export function forgetAllSessionsLocally(ctx: AppContext): void {
  cacheOf(ctx).clear();
}

/** Drops cached rows of one session or of every session of a user, in this process only. */
export function forgetSessionsLocally(ctx: AppContext, who: { sid?: string; uid?: string }): void {
  const c = cacheOf(ctx);
  if (who.sid) c.delete(who.sid);
  if (who.uid) for (const [sid, row] of c.entries()) if (row.uid === who.uid) c.delete(sid);
}

/**
 * A session ended or a user's role, status or name changed: drops the cached rows here and tells the other server
 * processes (through the listeners). Call it after the change is committed.
 */
export function forgetSessions(ctx: AppContext, who: { sid?: string; uid?: string }): void {
  forgetSessionsLocally(ctx, who);
  for (const fn of forgetListeners) fn(ctx, who);
}
