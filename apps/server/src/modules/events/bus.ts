import { LIVE_EVENT, LIVE_LIMITS, type LiveReadyData, type LiveResetData } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, SessionUser } from '../../context.js';
import { tooMany } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-rows.js';
import type { NotifyHub } from '../../plugins/notify-hub.js';
import { Audience, type Deliverable } from './audience.js';
import { LIVE_CHANNEL, LIVE_TRANSIENT_CHANNEL, type LiveMessage } from './publish.js';
import type { LiveStream } from './stream.js';

/**
 * The live-event bus of one server process (issue 10 §4; docs/events.md): the open streams, the listening
 * connection, and the reader of `live_events`.
 *
 * Reading: a NOTIFY on `oj_live` makes the bus read the rows after the highest id it has seen (and the ids it is
 * still missing, see below), one query at a time, and hand each row to the streams that may receive it. Ids are
 * taken when a transaction inserts but become visible when it commits, so a higher id may show up first: the ids
 * skipped are remembered as gaps and read again until they show up or {@link GAP_MS} passes (a rolled-back
 * transaction leaves a gap for ever). The stream's SSE id is the bus's "safe id" — every id at or below it has been
 * read (or given up) and handed over — so a browser resuming from it misses nothing; it may get an event twice
 * (the events only make it refetch).
 *
 * Board events are coalesced per contest: the first goes out at once, later ones within
 * {@link LIVE_LIMITS.boardCoalesceMs} wait and only the newest of them is sent when the window ends.
 */

/** A live_events row as read. */
interface LiveRow extends Deliverable {
  id: number;
}

/** How long a missing id is waited for (ms): longer than any transaction that inserts an event takes to commit. */
export const GAP_MS = 30_000;
/** Rows read per query. */
const READ_BATCH = 1000;
/** Most rows a reconnecting stream replays; more (a long absence) gets `reset` instead. */
const REPLAY_MAX = 2000;
/** Rows older than this are pruned (ms); a browser away longer is told to refetch. */
export const RETAIN_MS = 10 * 60_000;
/** At most this many rows are kept. */
const RETAIN_ROWS = 100_000;
const PRUNE_EVERY_MS = 60_000;
const SWEEP_EVERY_MS = 5000;
/** A stream whose client does not read is closed once this much is waiting (bytes). */
const MAX_BACKLOG_BYTES = 256 * 1024;

interface BoardGate {
  timer: NodeJS.Timeout | null;
  /** The newest board row waiting for the window's end, and the lowest id that waited since the last send. */
  pending: LiveRow | null;
  firstPendingId: number;
}

export class LiveBus {
  private readonly streams = new Set<LiveStream>();
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private readonly anonymousByIp = new Map<string, number>();
  private readonly audience: Audience;
  /** Set once start() has read the starting point: notifications before it are caught up by start() itself. */
  private started = false;
  private maxSeen = 0;
  /** Missing ids below maxSeen -> when to stop waiting for them. */
  private readonly gaps = new Map<number, number>();
  private readonly gates = new Map<number, BoardGate>();
  private reading = false;
  private readAgain = false;
  private stopped = false;
  private timers: NodeJS.Timeout[] = [];
  private lastKeepAlive = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    hub: NotifyHub,
  ) {
    this.audience = new Audience(ctx);
    hub.subscribe(LIVE_CHANNEL, {
      onNotify: () => {
        if (this.started) void this.read();
      },
      onConnected: () => {
        if (this.started) void this.read();
      },
    });
    hub.subscribe(LIVE_TRANSIENT_CHANNEL, {
      onNotify: (payload) => {
        if (this.started) this.transient(payload);
      },
      onConnected: () => undefined,
    });
  }

  /** Open streams of this process. */
  get size(): number {
    return this.streams.size;
  }

  /**
   * Starts reading: the highest id so far becomes the starting point (ids missing just below it are waited for as
   * gaps, so a transaction committing right now is not lost), what came after it is read, and from then on every
   * NOTIFY heard on the process's listening connection (plugins/notify-hub.ts) makes it read again; then the
   * timers (keep-alive, gaps, pruning).
   */
  async start(): Promise<void> {
    const res = await this.ctx.db.execute(sql`
      SELECT id FROM live_events WHERE id > (SELECT coalesce(max(id), 0) - 200 FROM live_events) ORDER BY id`);
    const ids = rowsOf<{ id: number | string }>(res).map((r) => Number(r.id));
    if (ids.length) {
      const until = Date.now() + GAP_MS;
      for (let i = 1; i < ids.length; i++)
        for (let k = ids[i - 1] + 1; k < ids[i]; k++) this.gaps.set(k, until);
      this.maxSeen = ids[ids.length - 1];
    }
    this.started = true;
    void this.read();
    const every = (ms: number, fn: () => void) => {
      const t = setInterval(fn, ms);
      t.unref();
      this.timers.push(t);
    };
    every(SWEEP_EVERY_MS, () => this.sweep());
    every(PRUNE_EVERY_MS, () => void this.prune());
  }

  /** Ends every stream (shutdown: the browsers reconnect to another instance and resume). */
  closeStreams(): void {
    for (const s of [...this.streams]) s.end();
  }

  /** Stops listening, reading and the timers (after closeStreams). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (const g of this.gates.values()) if (g.timer) clearTimeout(g.timer);
    this.gates.clear();
    this.closeStreams();
  }

  /** Signed-in users with a stream on this process (the queue positions' push, judge/queue-push.ts). */
  userIds(): Iterable<string> {
    return this.byUser.keys();
  }

  /** True when user `uid` has a stream on this process. */
  hasUser(uid: string): boolean {
    return this.byUser.has(uid);
  }

  /**
   * Sends `type` with `data` to this process's streams of user `uid` only, without an id (not stored, not
   * replayed, no NOTIFY): for figures every instance computes for itself (judge/queue-push.ts).
   */
  sendToUser(uid: string, type: string, data: unknown): void {
    for (const s of this.byUser.get(uid) ?? []) s.enqueue(() => s.send(type, data, null));
  }

  /** 429 when the user (or, anonymous, the address) already holds the most streams allowed. */
  admit(user: SessionUser | null, ip: string): void {
    if (user) {
      if ((this.byUser.get(user.uid)?.size ?? 0) >= LIVE_LIMITS.streamsPerUser) throw tooMany();
    } else if ((this.anonymousByIp.get(ip) ?? 0) >= LIVE_LIMITS.streamsPerAnonymousIp) throw tooMany();
  }

  /**
   * Takes an open stream: registers it (live events from now on are queued to it), then, when the browser sent
   * a Last-Event-ID, replays the rows after it that the viewer may receive (or sends `reset` when they are gone),
   * then `ready`. `lastEventId`: null for a fresh stream, NaN for an unreadable header.
   */
  open(stream: LiveStream, lastEventId: number | null): void {
    this.streams.add(stream);
    if (stream.user) {
      const set = this.byUser.get(stream.user.uid) ?? new Set<LiveStream>();
      this.byUser.set(stream.user.uid, set);
      set.add(stream);
    } else this.anonymousByIp.set(stream.ip, (this.anonymousByIp.get(stream.ip) ?? 0) + 1);
    stream.raw.on('close', () => this.remove(stream));
    const safe = this.safeId();
    if (lastEventId === null) {
      stream.enqueue(() => stream.send(LIVE_EVENT.ready, { resumed: false } satisfies LiveReadyData, safe));
      return;
    }
    stream.replayed = new Set();
    stream.enqueue(() => this.replay(stream, lastEventId, safe));
  }

  /** The response closed (the client left, or we ended it): forget the stream. */
  private remove(stream: LiveStream): void {
    if (!this.streams.delete(stream)) return;
    stream.closed = true;
    if (stream.user) {
      const set = this.byUser.get(stream.user.uid);
      set?.delete(stream);
      if (set && set.size === 0) this.byUser.delete(stream.user.uid);
    } else {
      const n = (this.anonymousByIp.get(stream.ip) ?? 1) - 1;
      if (n > 0) this.anonymousByIp.set(stream.ip, n);
      else this.anonymousByIp.delete(stream.ip);
    }
  }

  /** Replays the rows after `last` for the stream, or sends `reset` when they cannot all be replayed. */
  private async replay(stream: LiveStream, last: number, safe: number): Promise<void> {
    const reset = (reason: LiveResetData['reason']) => {
      stream.send(LIVE_EVENT.reset, { reason } satisfies LiveResetData, safe);
      stream.send(LIVE_EVENT.ready, { resumed: false } satisfies LiveReadyData);
    };
    if (!Number.isSafeInteger(last) || last < 0) return reset('unknown');
    const [bounds] = rowsOf<{ lo: number | string | null; hi: number | string | null }>(
      await this.ctx.db.execute(sql`SELECT min(id) AS lo, max(id) AS hi FROM live_events`),
    );
    const lo = bounds?.lo == null ? null : Number(bounds.lo);
    const hi = bounds?.hi == null ? null : Number(bounds.hi);
    if (lo == null || hi == null) {
      // Nothing kept: fine only if nothing happened after `last` that this process knows of.
      if (last === safe) return stream.send(LIVE_EVENT.ready, { resumed: true } satisfies LiveReadyData);
      return reset(last > safe ? 'unknown' : 'expired');
    }
    if (last > hi) return reset('unknown');
    if (last < lo - 1) return reset('expired');
    const uid = stream.user?.uid ?? null;
    const rows = rowsOf<RawRow>(
      await this.ctx.db.execute(sql`
        SELECT id, type, audience, uid, cid, data FROM live_events
        WHERE id > ${last} AND (audience <> 'user' OR uid = ${uid}::text)
          AND (${uid}::text IS NOT NULL OR audience = 'contest')
        ORDER BY id LIMIT ${REPLAY_MAX + 1}`),
    ).map(toRow);
    if (rows.length > REPLAY_MAX) return reset('expired');
    // Board events say "refetch": only the newest of each contest matters.
    const newestBoard = new Map<number, number>();
    for (const r of rows) if (r.type === LIVE_EVENT.board) newestBoard.set(r.cid, r.id);
    for (const r of rows) {
      if (r.type === LIVE_EVENT.board && newestBoard.get(r.cid) !== r.id) continue;
      stream.replayed?.add(r.id);
      if (await this.audience.mayReceive(stream.user, r)) stream.send(r.type, r.data, Math.min(r.id, safe));
    }
    stream.send(LIVE_EVENT.ready, { resumed: true } satisfies LiveReadyData);
  }

  /**
   * The highest id such that every row at or below it has been read (or given up on) and handed to the streams:
   * below the lowest gap and below the first board row still waiting in a coalescing window.
   */
  safeId(): number {
    let safe = this.maxSeen;
    for (const id of this.gaps.keys()) if (id - 1 < safe) safe = id - 1;
    for (const g of this.gates.values())
      if (g.pending && g.firstPendingId - 1 < safe) safe = g.firstPendingId - 1;
    return safe;
  }

  /** Reads the new rows (and the gaps) until none are left; one read at a time, a NOTIFY meanwhile reads again. */
  private async read(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        const gapIds = [...this.gaps.keys()];
        const res = await this.ctx.db.execute(sql`
          SELECT id, type, audience, uid, cid, data FROM live_events
          WHERE id > ${this.maxSeen}${gapIds.length ? sql` OR id IN ${gapIds}` : sql``}
          ORDER BY id LIMIT ${READ_BATCH}`);
        const rows = rowsOf<RawRow>(res).map(toRow);
        for (const r of rows) this.take(r);
        if (rows.length === READ_BATCH) this.readAgain = true;
      } while (this.readAgain && !this.stopped);
    } catch (err) {
      if (!this.stopped) {
        this.log.warn({ err }, 'live events: reading the log failed; retrying');
        const t = setTimeout(() => void this.read(), 1000);
        t.unref();
      }
    } finally {
      this.reading = false;
    }
  }

  /** Records a row as seen (filling a gap or moving maxSeen past new gaps) and routes it. */
  private take(r: LiveRow): void {
    if (this.gaps.delete(r.id)) {
      // a late commit
    } else if (r.id > this.maxSeen) {
      const until = Date.now() + GAP_MS;
      // A jump of thousands means ids used by rolled-back work or another database: wait for the nearest only.
      for (let k = Math.max(this.maxSeen + 1, r.id - 1000); k < r.id; k++) this.gaps.set(k, until);
      this.maxSeen = r.id;
    } else return;
    if (r.type === LIVE_EVENT.board) this.board(r);
    else this.fanOut(r);
  }

  /** Board rows: at once when the contest's window is free, else the newest at the window's end. */
  private board(r: LiveRow): void {
    const g = this.gates.get(r.cid);
    if (g?.timer) {
      if (!g.pending) g.firstPendingId = r.id;
      if (!g.pending || g.pending.id < r.id) g.pending = r;
      return;
    }
    this.fanOut(r);
    this.openGate(r.cid);
  }

  private openGate(cid: number): void {
    const gate: BoardGate = this.gates.get(cid) ?? { timer: null, pending: null, firstPendingId: 0 };
    gate.timer = setTimeout(() => {
      gate.timer = null;
      const next = gate.pending;
      if (!next) {
        this.gates.delete(cid);
        return;
      }
      gate.pending = null;
      this.fanOut(next);
      this.openGate(cid);
    }, LIVE_LIMITS.boardCoalesceMs);
    gate.timer.unref();
    this.gates.set(cid, gate);
  }

  /** Queues `r` to every stream that might receive it, each deciding in order (its SSE id fixed now). */
  private fanOut(r: LiveRow): void {
    const id = Math.min(r.id, this.safeId());
    const targets = r.audience === 'user' ? (r.uid ? this.byUser.get(r.uid) : undefined) : this.streams;
    if (!targets) return;
    for (const s of targets) {
      s.enqueue(async () => {
        if (s.closed || s.replayed?.has(r.id)) return;
        if (await this.audience.mayReceive(s.user, r)) s.send(r.type, r.data, id);
      });
    }
  }

  /**
   * A transient event from its NOTIFY payload (audience `user` or `contest-admins`): to the streams that may
   * receive it, without an id.
   */
  private transient(payload: string): void {
    let m: LiveMessage;
    try {
      m = JSON.parse(payload) as LiveMessage;
    } catch {
      return;
    }
    // `user`: that user's streams; `contest-admins` (a board change only admins may know of): every stream, each
    // asked by the audience rules (anonymous ones are refused at once).
    const targets =
      m.audience === 'user' && m.uid
        ? (this.byUser.get(m.uid) ?? [])
        : m.audience === 'contest-admins'
          ? this.streams
          : [];
    for (const s of targets) {
      s.enqueue(async () => {
        if (!s.closed && (await this.audience.mayReceive(s.user, m))) s.send(m.type, m.data, null);
      });
    }
  }

  /**
   * Every few seconds: gaps waited for long enough are given up; every LIVE_LIMITS.keepAliveMs each stream gets a
   * keep-alive carrying the safe id, streams past their lifetime are closed (they resume), stalled readers dropped.
   */
  private sweep(): void {
    const now = Date.now();
    for (const [id, until] of this.gaps) if (until <= now) this.gaps.delete(id);
    if (now - this.lastKeepAlive < LIVE_LIMITS.keepAliveMs - SWEEP_EVERY_MS / 2) return;
    this.lastKeepAlive = now;
    const safe = this.safeId();
    for (const s of this.streams) {
      if (s.backlog > MAX_BACKLOG_BYTES) {
        s.raw.destroy();
        continue;
      }
      s.enqueue(() => {
        s.replayed = null;
        if (Date.now() >= s.endAt) s.end();
        else s.keepAlive(safe);
      });
    }
  }

  /** Deletes rows older than RETAIN_MS and beyond the newest RETAIN_ROWS (a prefix of the ids). */
  private async prune(): Promise<void> {
    try {
      await this.ctx.db.execute(sql`
        DELETE FROM live_events WHERE id < greatest(
          coalesce(
            (SELECT id FROM live_events WHERE created_at >= now() - make_interval(secs => ${RETAIN_MS / 1000})
             ORDER BY id LIMIT 1),
            (SELECT max(id) + 1 FROM live_events), 0),
          (SELECT coalesce(max(id), 0) FROM live_events) - ${RETAIN_ROWS} + 1)`);
    } catch (err) {
      if (!this.stopped) this.log.warn({ err }, 'live events: pruning failed');
    }
  }
}

interface RawRow {
  id: number | string;
  type: string;
  audience: string;
  uid: string | null;
  cid: number | string;
  data: Record<string, unknown> | string;
}

function toRow(r: RawRow): LiveRow {
  return {
    id: Number(r.id),
    type: r.type,
    audience: r.audience as LiveRow['audience'],
    uid: r.uid,
    cid: Number(r.cid),
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
  };
}
