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

/** Session reads in flight per app (by session and user), and a count of forgets (a read spanning one is not kept). */
const reads = new WeakMap<
  AppContext,
  { inFlight: Map<string, Promise<SessionRow | null>>; forgets: number }
>();

function readsOf(ctx: AppContext) {
  let r = reads.get(ctx);
  if (!r) {
    r = { inFlight: new Map(), forgets: 0 };
    reads.set(ctx, r);
  }
  return r;
}

/**
 * Reads session `sid` of user `uid` with `load` (the database read), shared by every request of that session that
 * asks while it is in flight, and keeps a found row in the cache. A read during which sessions were forgotten
 * (a sign-out, a role change) is not kept, and requests arriving after the forget start a read of their own.
 */
export function sharedSessionRead(
  ctx: AppContext,
  sid: string,
  uid: string,
  load: () => Promise<SessionRow | null>,
): Promise<SessionRow | null> {
  const r = readsOf(ctx);
  const key = `${sid}\u0000${uid}`;
  const inFlight = r.inFlight.get(key);
  if (inFlight) return inFlight;
  const forgetsBefore = r.forgets;
  const p = load().then(
    (row) => {
      if (r.inFlight.get(key) === p) r.inFlight.delete(key);
      if (row && r.forgets === forgetsBefore) keepSession(ctx, sid, row);
      return row;
    },
    (e: unknown) => {
      if (r.inFlight.get(key) === p) r.inFlight.delete(key);
      throw e;
    },
  );
  r.inFlight.set(key, p);
  return p;
}

/** Keeps a session row read from the database. */
export function keepSession(ctx: AppContext, sid: string, row: SessionRow): void {
  cacheOf(ctx).set(sid, row);
}

/** Reads in flight are no longer shared or kept (what they read may predate a forget). */
function forgetReads(ctx: AppContext): void {
  const r = readsOf(ctx);
  r.forgets += 1;
  r.inFlight.clear();
}

/** Drops every cached session of this process (the relay was down: forgets may have been missed). */
export function forgetAllSessionsLocally(ctx: AppContext): void {
  forgetReads(ctx);
  cacheOf(ctx).clear();
}

/** Drops cached rows of one session or of every session of a user, in this process only. */
export function forgetSessionsLocally(ctx: AppContext, who: { sid?: string; uid?: string }): void {
  forgetReads(ctx);
  const c = cacheOf(ctx);
  if (who.sid) c.delete(who.sid);
  if (who.uid) for (const [sid, row] of c.entries()) if (row.uid === who.uid) c.delete(sid);
}

/**
 * A session ended or a user's role, status or name changed: drops the cached rows here and emits
 * `session/forgotten` on ctx.events (`plugins/session-sync.ts` relays it to the other server processes, which call
 * `forgetSessionsLocally`). Call it after the change is committed.
 */
export function forgetSessions(ctx: AppContext, who: { sid?: string; uid?: string }): void {
  forgetSessionsLocally(ctx, who);
  void ctx.events.settle('session/forgotten', who);
}
