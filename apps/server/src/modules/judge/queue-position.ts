import { type QueuePosition, Role } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { JUDGEHOST_LIVE_SECONDS } from '../language/language.service.js';
import { leaseOrderSql } from './queue.js';

/**
 * Queue position and estimated wait of queued submissions (issue 29 part 2; docs/judging.md "Queue position").
 *
 * One snapshot of the whole queue is computed per queue change (at most once per {@link FRESH_MS} per process) and
 * every reader (the route, the live `queue` events of every open stream) answers from it: thousands of clients cost
 * one computation, not one each.
 */

/** A submission's own figures in a snapshot (uid: its owner, only used to decide who may see them). */
interface Entry extends QueuePosition {
  uid: string;
}

/** The queue at one moment. */
export interface QueueSnapshot {
  /** When it was computed (ms since the epoch). */
  at: number;
  /** Queued jobs (submissions, test runs, compile checks) and leased ones. */
  length: number;
  leased: number;
  /** Workers of live, enabled, healthy judgehosts. */
  workers: number;
  /** Submissions judged per minute over the last {@link RATE_WINDOW_S} seconds. */
  ratePerMinute: number;
  /** Age (s) of the oldest queued job; null when none is queued. */
  oldestAgeSeconds: number | null;
  /** Mean judging time (s) per language over the last {@link MEAN_WINDOW_S} seconds (the estimate's input). */
  meanSeconds: Record<string, number>;
  bySubmit: Map<number, Entry>;
  byUser: Map<string, QueuePosition[]>;
}

/** A snapshot is reused for this long whatever happens (ms): a burst of changes costs one computation a second. */
export const FRESH_MS = 1000;
/** Judging times of jobs that ended within this window (s) feed the per-language mean. */
export const MEAN_WINDOW_S = 30 * 60;
/** The judging rate is counted over this window (s). */
export const RATE_WINDOW_S = 5 * 60;
/** The most recent finished jobs read for the mean and the rate. */
const RECENT_JOBS = 1000;
/** A job's judging time assumed before any job was judged (s). */
export const DEFAULT_JOB_SECONDS = 2;

const num = (v: unknown): number => (v == null ? Number.NaN : Number(v));

/** Mean of a list, NaN when empty. */
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);

/**
 * Computes the queue snapshot from the database in four reads: the queued jobs in the lease's own order
 * (`leaseOrderSql`: contest, test-run priority with its bound, then id), the leased jobs and how long they have run,
 * the last RECENT_JOBS finished submissions' judging times (judge_start to judge_end) and the live workers.
 *
 * Estimate: each queued job ahead costs the mean judging time of its language (recent jobs of that language; else of
 * all languages; else DEFAULT_JOB_SECONDS), each leased job what is left of its language's mean; the sum divided by
 * the workers online is the wait (s, rounded up) until the job's own judging starts. Null with no worker online.
 * Assumes every worker takes every language and lane (a judgehost lacking a language is not modelled).
 */
export async function computeQueueSnapshot(db: Db): Promise<QueueSnapshot> {
  const queued = rowsOf<{
    kind: string;
    language: string;
    submitId: number | string | null;
    uid: string | null;
    age: number | string;
  }>(
    await db.execute(sql`
      SELECT q.kind, q.language, q.submit_id AS "submitId", s.uid, extract(epoch FROM now() - q.gmt_create) AS age
      FROM (SELECT id, kind, language, submit_id, gmt_create, row_number() OVER (ORDER BY ${leaseOrderSql}) AS pos
            FROM judge_jobs WHERE state = 'queued') q
      LEFT JOIN submissions s ON q.kind = 'judge' AND s.id = q.submit_id
      ORDER BY q.pos`),
  );
  const leased = rowsOf<{ language: string; elapsed: number | string | null }>(
    await db.execute(sql`
      SELECT j.language, extract(epoch FROM now() - s.judge_start) AS elapsed
      FROM judge_jobs j LEFT JOIN submissions s ON j.kind = 'judge' AND s.id = j.submit_id
      WHERE j.state = 'leased'`),
  );
  const recent = rowsOf<{ language: string; secs: number | string; ago: number | string }>(
    await db.execute(sql`
      SELECT j.language, extract(epoch FROM s.judge_end - s.judge_start) AS secs,
        extract(epoch FROM now() - s.judge_end) AS ago
      FROM judge_jobs j JOIN submissions s ON s.id = j.submit_id
      WHERE j.state = 'done' AND j.kind = 'judge' AND s.judge_start IS NOT NULL AND s.judge_end IS NOT NULL
      ORDER BY j.id DESC LIMIT ${RECENT_JOBS}`),
  )
    .map((r) => ({ language: r.language, secs: num(r.secs), ago: num(r.ago) }))
    .filter((r) => r.secs >= 0 && r.secs <= 600 && r.ago >= 0);
  const [w] = rowsOf<{ workers: number | string }>(
    await db.execute(sql`
      SELECT coalesce(sum(workers), 0)::int AS workers FROM judgehosts
      WHERE enabled AND problem IS NULL AND last_heartbeat > now() - make_interval(secs => ${JUDGEHOST_LIVE_SECONDS})`),
  );
  const workers = num(w?.workers) || 0;

  const windowed = recent.filter((r) => r.ago <= MEAN_WINDOW_S);
  const byLang = new Map<string, number[]>();
  for (const r of windowed) byLang.set(r.language, [...(byLang.get(r.language) ?? []), r.secs]);
  const meanSeconds: Record<string, number> = {};
  for (const [lang, xs] of byLang) meanSeconds[lang] = mean(xs);
  const overall = [
    mean(windowed.map((r) => r.secs)),
    mean(recent.map((r) => r.secs)),
    DEFAULT_JOB_SECONDS,
  ].find((x) => Number.isFinite(x)) as number;
  const cost = (lang: string) => meanSeconds[lang] ?? overall;

  let ahead = 0;
  for (const l of leased) {
    const elapsed = num(l.elapsed);
    ahead += Number.isFinite(elapsed) ? Math.max(0, cost(l.language) - elapsed) : cost(l.language) / 2;
  }
  const bySubmit = new Map<number, Entry>();
  const byUser = new Map<string, QueuePosition[]>();
  queued.forEach((q, i) => {
    if (q.kind === 'judge' && q.submitId != null && q.uid) {
      const e: Entry = {
        submitId: Number(q.submitId),
        position: i + 1,
        waitSeconds: workers > 0 ? Math.ceil(ahead / workers) : null,
        uid: q.uid,
      };
      bySubmit.set(e.submitId, e);
      const mine = byUser.get(q.uid) ?? [];
      mine.push({ submitId: e.submitId, position: e.position, waitSeconds: e.waitSeconds });
      byUser.set(q.uid, mine);
    }
    ahead += cost(q.language);
  });
  const rated = recent.filter((r) => r.ago <= RATE_WINDOW_S).length;
  return {
    at: Date.now(),
    length: queued.length,
    leased: leased.length,
    workers,
    ratePerMinute: Math.round((rated / (RATE_WINDOW_S / 60)) * 10) / 10,
    oldestAgeSeconds: queued.length ? Math.floor(Math.max(...queued.map((q) => num(q.age)))) : null,
    meanSeconds,
    bySubmit,
    byUser,
  };
}

/** True when `viewer` may see the queue position of any submission (super admin, admin); others only their own. */
export function seesEveryPosition(viewer: SessionUser): boolean {
  return viewer.role === Role.ROOT || viewer.role === Role.ADMIN;
}

/**
 * The positions of `submitIds` that `viewer` may see in `snap`: their own submissions' (all of them for admins);
 * ids not queued, unknown or someone else's are left out, so the answer tells nothing about them.
 */
export function positionsFor(snap: QueueSnapshot, viewer: SessionUser, submitIds: number[]): QueuePosition[] {
  const all = seesEveryPosition(viewer);
  const out: QueuePosition[] = [];
  for (const id of new Set(submitIds)) {
    const e = snap.bySubmit.get(id);
    if (e && (all || e.uid === viewer.uid))
      out.push({ submitId: e.submitId, position: e.position, waitSeconds: e.waitSeconds });
  }
  return out;
}

/**
 * The process's current snapshot of one database (AppContext), computed on demand and shared by every reader.
 * `moved()` says the queue changed (a NOTIFY on QUEUE_CHANNEL, see queue-push.ts); without a listener a snapshot
 * older than FRESH_MS is recomputed at the next read.
 */
export class QueueTracker {
  private snap: QueueSnapshot | null = null;
  private running: Promise<QueueSnapshot> | null = null;
  private dirty = true;
  /** Set by the push (queue-push.ts) once it hears QUEUE_CHANNEL: then a clean snapshot is good until it moves. */
  listening = false;

  constructor(private readonly db: Db) {}

  /** Marks the snapshot out of date (the queue moved). */
  moved(): void {
    this.dirty = true;
  }

  /**
   * The snapshot to answer from: the last one while it is younger than FRESH_MS, or (with the listener) not marked
   * moved and younger than `maxAgeMs`; otherwise a new one (concurrent readers share one computation).
   */
  async current(maxAgeMs = 10_000): Promise<QueueSnapshot> {
    const s = this.snap;
    const age = s ? Date.now() - s.at : Number.POSITIVE_INFINITY;
    if (s && (age < FRESH_MS || (this.listening && !this.dirty && age < maxAgeMs))) return s;
    return this.recompute();
  }

  /** Computes a new snapshot now (or joins the one being computed). */
  recompute(): Promise<QueueSnapshot> {
    if (this.running) return this.running;
    this.dirty = false;
    const run = computeQueueSnapshot(this.db)
      .then((s) => {
        this.snap = s;
        return s;
      })
      .catch((err) => {
        this.dirty = true;
        throw err;
      })
      .finally(() => {
        this.running = null;
      });
    this.running = run;
    return run;
  }
}

const trackers = new WeakMap<AppContext, QueueTracker>();

/** The QueueTracker of `ctx`'s database in this process (one per AppContext). */
export function queueTracker(ctx: AppContext): QueueTracker {
  let t = trackers.get(ctx);
  if (!t) {
    t = new QueueTracker(ctx.db);
    trackers.set(ctx, t);
  }
  return t;
}
