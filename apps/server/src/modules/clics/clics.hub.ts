import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, SessionUser } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-rows.js';
import type { Entry } from './clics.access.js';
import { collectEntries, RESUME_MARGIN_MS } from './clics.feed.js';
import { type ClicsView, openClicsContest } from './clics.view.js';

/**
 * The shared poller of the CLICS event-feed streams (issue 22 item 6; docs/clics.md "Event feed"): streams do not
 * read the database themselves. Per contest with at least one open stream, one statement per `pollMs` reads the
 * contest's change signature (its row, the state recorded, counts and last changes of its problems, registrations,
 * submissions, judge cases, clarifications and the board version) plus which of start / seal / end `now` has
 * passed — and at once when a live-event notification is heard (pokeFeeds: the notify hub that feeds /api/events).
 * While the signature stays the same the streams only get their keep-alive: 2,000 idle streams cost one
 * query per contest per tick. When it changes, the view is opened once per distinct caller and the feed read once
 * per distinct kind of view (admin, sealed, sees submissions), then handed to every stream, each sending what it
 * has not sent yet.
 */

/** Timings of the live stream (tests shorten them). */
export const feedTimings = { pollMs: 1000, keepAliveMs: 60_000 };

/** One open stream as the hub sees it. */
export interface FeedSubscriber {
  user: SessionUser | null;
  /** Receives a fresh read: the view, the entries changed since the hub's floor, the present COMPLETE objects. */
  update(view: ClicsView, entries: Entry[], present: Set<string>, now: number): void;
  /** Writes a keep-alive newline when nothing went out for keepAliveMs. */
  idle(now: number): void;
  /** Ends the stream (the contest is no longer visible, or reading failed). */
  finish(): void;
}

interface Channel {
  subs: Set<FeedSubscriber>;
  /** The last signature read (null: never, so the first tick reads the feed). */
  signature: string | null;
  /** When the signature was last read (ms): the next read's floor is this less RESUME_MARGIN_MS. */
  checkedAt: number;
  timer: NodeJS.Timeout | null;
  busy: boolean;
}

/** The hubs, one per app context (tests run several apps in one process). */
const hubs = new WeakMap<AppContext, Map<number, Channel>>();

/** Counts shared signature queries (tests read it to check idle streams cost nothing more). */
export const hubStats = { signatureQueries: 0, feedReads: 0 };

/** One statement: everything whose change a stream of contest `cid` must notice. */
async function readSignature(ctx: AppContext, cid: number, now: number): Promise<string | null> {
  hubStats.signatureQueries++;
  const [r] = rowsOf<Record<string, unknown>>(
    await ctx.db.execute(sql`
      SELECT c.gmt_modified, c.start_time, c.end_time, c.seal_rank, c.seal_rank_time,
        (SELECT row(s.*)::text FROM clics_states s WHERE s.cid = c.id) AS st,
        (SELECT row(count(*), max(gmt_modified))::text FROM contest_problems WHERE cid = c.id) AS p,
        (SELECT row(count(*), sum(status))::text FROM contest_registers WHERE cid = c.id) AS r,
        (SELECT row(count(*), max(gmt_modified), max(id))::text FROM submissions WHERE cid = c.id) AS sub,
        (SELECT row(count(*), max(j.id))::text FROM judge_cases j JOIN submissions s2 ON s2.id = j.submit_id
          WHERE s2.cid = c.id) AS jc,
        (SELECT row(count(*), max(gmt_modified), max(id))::text FROM contest_clarifications WHERE cid = c.id) AS cl,
        (SELECT version FROM contest_boards WHERE cid = c.id) AS v
      FROM contests c WHERE c.id = ${cid}`),
  );
  if (!r) return null;
  const at = (v: unknown) => (v == null ? Number.NaN : new Date(v as string).getTime());
  const passed = [at(r.start_time), at(r.end_time), r.seal_rank ? at(r.seal_rank_time) : Number.NaN].map(
    (t) => now >= t,
  );
  return JSON.stringify([r.gmt_modified, r.st, r.p, r.r, r.sub, r.jc, r.cl, r.v, passed]);
}

/**
 * Adds a stream of contest `cid` to the hub (starting the contest's poller when it is the first). Returns the
 * function that removes it (the poller stops with the last stream).
 */
export function subscribe(
  ctx: AppContext,
  log: FastifyBaseLogger,
  cid: number,
  sub: FeedSubscriber,
): () => void {
  let channels = hubs.get(ctx);
  if (!channels) {
    channels = new Map();
    hubs.set(ctx, channels);
  }
  const map = channels;
  loggers.set(ctx, log);
  let ch = map.get(cid);
  if (!ch) {
    ch = { subs: new Set(), signature: null, checkedAt: Date.now(), timer: null, busy: false };
    map.set(cid, ch);
    schedule(ctx, log, cid, ch);
  }
  ch.subs.add(sub);
  const channel = ch;
  return () => {
    channel.subs.delete(sub);
    if (channel.subs.size === 0) {
      if (channel.timer) clearTimeout(channel.timer);
      channel.timer = null;
      if (map.get(cid) === channel) map.delete(cid);
    }
  };
}

function schedule(
  ctx: AppContext,
  log: FastifyBaseLogger,
  cid: number,
  ch: Channel,
  ms = feedTimings.pollMs,
): void {
  ch.timer = setTimeout(() => void tick(ctx, log, cid, ch), ms);
  ch.timer.unref();
}

/** Loggers of the channels' contexts (pokeFeeds starts ticks early with them). */
const loggers = new WeakMap<AppContext, FastifyBaseLogger>();
/** At most one early check per contest in this many ms (a burst of notifications makes one check). */
const POKE_GAP_MS = 100;

/**
 * A change notification was heard (a live event was written: a verdict, a board, a clarification; events/publish):
 * every contest with open streams checks its signature now instead of at its next tick (at most every
 * POKE_GAP_MS), so streams get the change at once. The regular tick stays the fallback for changes that write no
 * live event.
 */
export function pokeFeeds(ctx: AppContext): void {
  const channels = hubs.get(ctx);
  const log = loggers.get(ctx);
  if (!channels || !log) return;
  const now = Date.now();
  for (const [cid, ch] of channels) {
    if (ch.busy || ch.timer === null) continue;
    clearTimeout(ch.timer);
    schedule(ctx, log, cid, ch, Math.max(0, POKE_GAP_MS - (now - ch.checkedAt)));
  }
}

/** One tick of contest `cid`: the signature; on a change one read per caller and per kind of view. */
async function tick(ctx: AppContext, log: FastifyBaseLogger, cid: number, ch: Channel): Promise<void> {
  if (ch.subs.size === 0) return;
  const nowMs = Date.now();
  ch.busy = true;
  try {
    const signature = await readSignature(ctx, cid, nowMs);
    if (signature !== null && signature === ch.signature) {
      for (const s of ch.subs) s.idle(nowMs);
    } else {
      const floor = ch.checkedAt - RESUME_MARGIN_MS;
      await wake(ctx, log, cid, [...ch.subs], floor, new Date(nowMs));
      ch.signature = signature;
    }
    ch.checkedAt = nowMs;
  } catch (err) {
    log.error({ err }, 'clics event feed: shared poll');
  } finally {
    ch.busy = false;
  }
  if (ch.subs.size > 0 && ch.timer !== null) schedule(ctx, log, cid, ch);
}

/** Reads the view once per caller and the feed once per kind of view; hands each stream its read. */
async function wake(
  ctx: AppContext,
  log: FastifyBaseLogger,
  cid: number,
  subs: FeedSubscriber[],
  floor: number,
  now: Date,
): Promise<void> {
  const views = new Map<string, Promise<ClicsView | null>>();
  const reads = new Map<string, ReturnType<typeof collectEntries>>();
  for (const s of subs) {
    const who = s.user?.uid ?? '';
    let v = views.get(who);
    if (!v) {
      v = openClicsContest(ctx, s.user, cid, now).catch((err) => {
        if (!(err instanceof AppError)) log.error({ err }, 'clics event feed');
        return null;
      });
      views.set(who, v);
    }
    const view = await v;
    if (!view) {
      s.finish();
      continue;
    }
    const kind = `${view.admin}|${view.sealed}|${view.seesSubmissions}`;
    let read = reads.get(kind);
    if (!read) {
      hubStats.feedReads++;
      read = collectEntries(ctx.db, view, floor, { deletions: true, always: true });
      reads.set(kind, read);
    }
    const { entries, present } = await read;
    s.update(view, entries, present, now.getTime());
  }
}
