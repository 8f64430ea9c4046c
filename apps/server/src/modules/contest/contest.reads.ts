import type { AppContext } from '../../context.js';
import { RECENT_MS, RecentReads } from '../../lib/page-cache.js';

/**
 * Read-mostly contest answers reused by this process for a quarter second (issue 22, docs/figures.md "Contest-day
 * burst"): the contest row, a user's registration, the contest's problem list and its judge counts. A contest day
 * start is every contestant opening the same contest pages at once, each page several calls that all check the same
 * contest and registration; reused, those reads reach the database a few times a second instead of per request.
 *
 * - Per app (AppContext): tests and benches that run several apps in one process never share answers.
 * - Reused for RECENT_MS, never longer than the app's config cache (`ctx.config.ttlMs`; tests use 0: every call
 *   reads, and the statement counts stay exact).
 * - A change made by this process forgets the answers at once: a contest's settings, problems or deletion
 *   (a `contest/changed` listener, contest.extensions.ts, and again after the change's commit by the admin code, `forgetContest`), a registration
 *   (`forgetRegistrations`). Another server process sees a change within RECENT_MS, as the board does.
 * - What is kept is never per-viewer filtered: the callers apply visibility, access and the seal on every request.
 */

const readsOf = new WeakMap<AppContext, RecentReads>();
/** Every app's reads, for forgetting on a change heard without its app (the contest listeners get a transaction). */
const every = new Set<WeakRef<RecentReads>>();

function reads(ctx: AppContext): RecentReads {
  let r = readsOf.get(ctx);
  if (!r) {
    r = new RecentReads(Math.min(RECENT_MS, ctx.config.ttlMs));
    readsOf.set(ctx, r);
    every.add(new WeakRef(r));
  }
  return r;
}

/**
 * Tests: reuse the answers of `ctx` for `ms` (instead of RECENT_MS capped by its config cache), so that what is
 * reused, and what a change forgets, is checked without depending on timing. Drops what it kept.
 */
export function reuseContestReadsFor(ctx: AppContext, ms: number): void {
  const r = new RecentReads(ms);
  readsOf.set(ctx, r);
  every.add(new WeakRef(r));
}

function forgetEverywhere(prefix: string): void {
  for (const ref of every) {
    const r = ref.deref();
    if (r) r.forget(prefix);
    else every.delete(ref);
  }
}

/**
 * The answer of `load` for `key` in contest `cid`, reused as above. Keys name what is read (`row`, `reg:<uid>`,
 * `problems`, `counts:<containsEnd>`...); every answer of a contest is forgotten with it.
 */
export function recentContestRead<T>(
  ctx: AppContext,
  cid: number,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  return reads(ctx).get(`${cid}/${key}`, load);
}

/** Forgets every reused answer of contest `cid` in this process (its settings, problems or visibility changed). */
export function forgetContest(cid: number): void {
  forgetEverywhere(`${cid}/`);
}

/** Forgets the reused answers of contest `cid` whose key starts with `key` in this process. */
export function forgetContestRead(cid: number, key: string): void {
  forgetEverywhere(`${cid}/${key}`);
}

/** Forgets the reused registrations of contest `cid` in this process (someone registered or was removed). */
export function forgetRegistrations(cid: number): void {
  forgetEverywhere(`${cid}/reg:`);
}
