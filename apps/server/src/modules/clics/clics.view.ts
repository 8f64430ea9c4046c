import { ACM_PENALTY_SECONDS, ContestAuth, ContestType, isSuperAdminRole } from '@oj/shared';
import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import { contests } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { type ContestRow, contestAdminIn, contestStanding, loadContest } from '../contest/contest.access.js';
import { contestDurationMs, sealOf, seesRealResults } from '../contest/contest.clock.js';
import { CLICS_VERSION, CLICS_VERSION_URL, clicsTime, clicsTimeOrNull, reltime } from './clics.format.js';
import { loadState, type StateTimes } from './clics.state.js';

/**
 * Which contest a CLICS caller sees and how (issue 10 §5; docs/clics.md): contest admins (the contest's creator, a
 * super admin: contest.access isContestAdmin) see everything, live; everyone else gets the public view, offered
 * exactly for the contests whose outside board is open (visible and `openRank`), sealed as that board is. Only
 * ACM contests are offered (an OI board has no CLICS pass-fail equivalent and its run-time tie-break no score one).
 */

/** The group of ranked participants (the main scoreboard) and of everyone else (star accounts, no submission). */
export const MAIN_GROUP = 'participants';
export const OTHER_GROUP = 'unranked';

/** A caller's view of one contest at one instant. */
export interface ClicsView {
  contest: ContestRow;
  /** Contest admin: every endpoint and property, real results, no seal. */
  admin: boolean;
  /** The caller (null: anonymous). */
  user: SessionUser | null;
  now: Date;
  /** Results from the seal on are withheld (the public view while our board is sealed). */
  sealed: boolean;
  /** The contest's state transitions (clics.state: recorded once, as they happen). */
  state: StateTimes;
  /**
   * The caller may list the contest's submissions (and so see their judgements): our submission list's rule
   * (contest.access contestStanding `access`: contest admins; a private contest only once registered), an
   * anonymous caller counted as an account that has not registered.
   */
  seesSubmissions: boolean;
}

/** The public may see this contest: ACM, visible, outside board open, not a group's (those stay in the group). */
function isPublic(c: ContestRow): boolean {
  return c.type === ContestType.ACM && c.visible && c.openRank && c.gid == null;
}

/**
 * The contest `cid` as `user` may see it: 404 `contest.notFound` when it does not exist, is not ACM, or is neither
 * administered by the caller nor open to the public.
 */
export async function openClicsContest(
  ctx: AppContext,
  user: SessionUser | null,
  cid: number,
  now = new Date(),
): Promise<ClicsView> {
  const contest = await loadContest(ctx, cid);
  const admin = contest.type === ContestType.ACM && (await contestAdminIn(ctx, user, contest));
  if (!admin && !isPublic(contest)) throw notFound('contest.notFound');
  const state = await loadState(ctx.db, contest, now);
  const seesSubmissions =
    admin ||
    (user ? (await contestStanding(ctx, user, contest)).access : contest.auth !== ContestAuth.PRIVATE);
  return { contest, admin, user, now, sealed: !seesRealResults(contest, now, admin), state, seesSubmissions };
}

/** The contests `user` may see through this API (ACM; public ones, and the ones they administer), by id. */
export async function visibleContests(ctx: AppContext, user: SessionUser | null): Promise<ContestRow[]> {
  const open = and(eq(contests.visible, true), eq(contests.openRank, true), eq(contests.isGroup, false));
  let who: SQL | undefined = open;
  if (user && isSuperAdminRole(user.role)) who = undefined;
  else if (user) who = or(open, eq(contests.uid, user.uid));
  return ctx.db
    .select()
    .from(contests)
    .where(and(eq(contests.type, ContestType.ACM), who))
    .orderBy(asc(contests.id));
}

/** The CLICS state object (GET contests/{id}/state, the `state` of the scoreboard and the event feed). */
export function stateObject(view: Pick<ClicsView, 'state'>) {
  const s = view.state;
  return {
    started: clicsTimeOrNull(s.started),
    frozen: clicsTimeOrNull(s.frozen),
    ended: clicsTimeOrNull(s.ended),
    thawed: clicsTimeOrNull(s.thawed),
    finalized: clicsTimeOrNull(s.finalized),
    end_of_updates: clicsTimeOrNull(s.endOfUpdates),
  };
}

/** When the state last changed (ms), for the event feed: its latest transition. */
export function stateKey(view: Pick<ClicsView, 'state' | 'contest'>): number {
  const s = view.state;
  const times = [view.contest.gmtCreate, s.started, s.frozen, s.ended, s.thawed, s.finalized, s.endOfUpdates];
  return Math.max(...times.map((d) => d?.getTime() ?? 0));
}

/**
 * The CLICS contest object: id, name (our title), start and duration, the seal as the scoreboard freeze, the thaw
 * time the state's `thawed` once it happened (a manual thaw too), before that the end when the board unseals by
 * itself, pass-fail with our 20-minute penalty, and the ranked participants as the main scoreboard group.
 */
export function contestObject(c: ContestRow, state: Pick<StateTimes, 'thawed'>) {
  const duration = contestDurationMs(c);
  const freeze = sealOf(c).lengthMs;
  return {
    id: String(c.id),
    name: c.title,
    formal_name: c.title,
    start_time: clicsTime(c.startTime),
    duration: reltime(duration),
    scoreboard_freeze_duration: reltime(freeze),
    scoreboard_thaw_time: state.thawed
      ? clicsTime(state.thawed)
      : freeze > 0 && c.autoRealRank
        ? clicsTime(c.endTime)
        : null,
    scoreboard_type: 'pass-fail',
    main_scoreboard_group_id: MAIN_GROUP,
    penalty_time: reltime(ACM_PENALTY_SECONDS * 1000),
  };
}

/** GET / (API information): the spec version and this provider. */
export function apiInformation() {
  return {
    version: CLICS_VERSION,
    version_url: CLICS_VERSION_URL,
    provider: { name: 'OJ' },
  };
}
