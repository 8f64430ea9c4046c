import { JudgeStatus, LIVE_EVENT } from '@oj/shared';
import { LRUCache } from 'lru-cache';
import type { AppContext, SessionUser } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import {
  type ContestRow,
  contestAdminIn,
  enterContest,
  loadContest,
  mayViewOutsideBoard,
} from '../contest/contest.access.js';
import { shownVerdict } from '../contest/contest.visibility.js';
import type { LiveAudience } from './publish.js';

/**
 * Who may receive a live event (issue 10 §4; docs/events.md). Every rule is the one the routes apply, called, not
 * copied: a board event goes to whoever the board routes serve (the contest's access rule, or its outside board),
 * announcements and public clarification answers to whoever `enterContest` admits, private answers and new questions
 * (`contest-admins`) to whoever the admin clarification queue serves, a contest verdict to its owner
 * only when the status check would show it (never an OI verdict the contest hides). Answers are cached per viewer and
 * contest for {@link SIGHT_TTL_MS} ({@link NO_SIGHT_TTL_MS} when it shows nothing): a registration, the start or a
 * switch takes at most that long to reach the stream, and an event carries ids only, so a stale answer shows
 * nothing the viewer could not fetch.
 */

/** What a viewer may see of a contest. */
export interface Sight {
  /** A contest admin (creator, super admin, a group contest's roots). */
  admin: boolean;
  /** Passes the contest access rule (problems, submissions, announcements, the rank tab). */
  inside: boolean;
  /** May fetch its board (inside, or the outside board is open). */
  board: boolean;
}

const NO_SIGHT: Sight = { admin: false, inside: false, board: false };

/** How long a viewer's sight of a contest is reused (ms). */
export const SIGHT_TTL_MS = 60_000;
/**
 * How long a sight that shows nothing is reused (ms): shorter, so that registering or the contest's start reaches
 * an open stream soon, while a busy private contest's events do not cost every other viewer three queries each.
 */
export const NO_SIGHT_TTL_MS = 10_000;
/** Cached sights per server process (the least recently used dropped first). */
const SIGHT_MAX = 20_000;
/** How long a contest row is reused for verdict checks (ms). */
const CONTEST_TTL_MS = 1000;

/** `user`'s sight of contest `cid` by the routes' own rules; a refusal (404, 401, 403) is no sight. */
export async function contestSight(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
  now = new Date(),
): Promise<Sight> {
  let contest: ContestRow;
  try {
    contest = await loadContest(ctx, cid);
  } catch (e) {
    if (e instanceof AppError) return NO_SIGHT;
    throw e;
  }
  const admin = await contestAdminIn(ctx, user, contest);
  let inside = false;
  try {
    await enterContest(ctx, user, cid, now);
    inside = true;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
  }
  return { admin, inside, board: inside || admin || (await mayViewOutsideBoard(ctx, user, contest)) };
}

/** The fields of an event an audience check reads. */
export interface Deliverable {
  type: string;
  audience: LiveAudience;
  uid: string | null;
  cid: number;
  data: Record<string, unknown>;
}

/** The per-process answers of "may this viewer receive this event": sights and contest rows, reused briefly. */
export class Audience {
  private readonly sights = new LRUCache<string, { sight: Promise<Sight> }>({
    max: SIGHT_MAX,
    ttl: SIGHT_TTL_MS,
  });
  private readonly contests = new LRUCache<number, { row: Promise<ContestRow | null> }>({
    max: 1000,
    ttl: CONTEST_TTL_MS,
  });

  constructor(private readonly ctx: AppContext) {}

  /** `user`'s sight of contest `cid`, reused for SIGHT_TTL_MS (per user, role and contest). */
  sight(user: SessionUser | null, cid: number): Promise<Sight> {
    const key = user ? `${user.uid}:${user.role}:${cid}` : `:${cid}`;
    const now = Date.now();
    const hit = this.sights.get(key);
    if (hit) return hit.sight;
    const entry = { sight: contestSight(this.ctx, user, cid).catch(() => NO_SIGHT) };
    void entry.sight.then((s) => {
      if (s.board || s.admin || this.sights.peek(key) !== entry) return;
      // No sight: kept NO_SIGHT_TTL_MS from the ask, not SIGHT_TTL_MS.
      const left = Math.min(SIGHT_TTL_MS, NO_SIGHT_TTL_MS) - (Date.now() - now);
      if (left > 0) this.sights.set(key, entry, { ttl: left });
      else this.sights.delete(key);
    });
    this.sights.set(key, entry);
    return entry.sight;
  }

  private contest(cid: number): Promise<ContestRow | null> {
    const hit = this.contests.get(cid);
    if (hit) return hit.row;
    const row = loadContest(this.ctx, cid).catch(() => null);
    this.contests.set(cid, { row });
    return row;
  }

  /**
   * True when the owner's status check would show this contest verdict as it is (not hidden by an OI contest that
   * is not real-time). Practice and other scopes: always.
   */
  private async verdictShown(user: SessionUser, e: Deliverable): Promise<boolean> {
    if (e.cid <= 0) return true;
    const contest = await this.contest(e.cid);
    if (!contest) return false;
    const status = Number(e.data.status);
    const row = { status, score: null, time: null, memory: null, uid: user.uid, submitTime: new Date() };
    // The owner's view: the submit time only matters for others' submissions, so now stands in for it.
    const isAdmin = await contestAdminIn(this.ctx, user, contest);
    const shown = shownVerdict({ contest, uid: user.uid, isAdmin, now: new Date() }, row);
    return shown.status === status && shown.status !== JudgeStatus.SUBMITTED_UNKNOWN_RESULT;
  }

  /**
   * True when `user` may use contest `cid`'s back office, the rule of the admin clarification queue
   * (`GET /api/admin/contest/clarification`): the contest admin rule `loadAdministeredContest` applies
   * (contestAdminIn, read from the cached sight): the creator, a super admin, a group contest's roots.
   */
  private async backOffice(user: SessionUser, cid: number): Promise<boolean> {
    return (await this.sight(user, cid)).admin;
  }

  /** True when the stream of `user` (null: anonymous) may receive `e`. */
  async mayReceive(user: SessionUser | null, e: Deliverable): Promise<boolean> {
    switch (e.audience) {
      case 'user':
        if (!user || user.uid !== e.uid) return false;
        return e.type === LIVE_EVENT.verdict ? this.verdictShown(user, e) : true;
      case 'contest': {
        const s = await this.sight(user, e.cid);
        return e.type === LIVE_EVENT.board ? s.board : s.inside;
      }
      case 'contest-admins':
        if (!user) return false;
        if (user.uid === e.uid) return true;
        return this.backOffice(user, e.cid);
      default:
        return false;
    }
  }
}
