import { UNFINISHED_STATUS_CODES } from '@oj/shared';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AppEvents } from '../../app-events.js';
import type { Db } from '../../db/client.js';
import { clicsStates, contests, submissions } from '../../db/schema/index.js';
import { type ContestTimes, sealOf } from '../contest/contest.clock.js';
import type { Tx } from '../problem/problem.store.js';

/**
 * The CLICS contest state (ccs-specs 2026-01 "Contest state"; issue 23 §3, §4; docs/clics.md "State"): each
 * transition is recorded once, when the API first sees it (a read, or the contest edit that caused it), in
 * `clics_states`, and never moves after: a later edit (a new description, the seal switched off after the end)
 * neither moves `thawed` / `finalized` nor erases `frozen` / `thawed`. What is not recorded yet is read off our
 * clock (contest.clock `sealOf`, the seal object every module uses).
 */

/** The instants of a contest's state (null: not happened). The same for every viewer: the seal is contest-wide. */
export interface StateTimes {
  started: Date | null;
  frozen: Date | null;
  ended: Date | null;
  thawed: Date | null;
  finalized: Date | null;
  endOfUpdates: Date | null;
}

/** The contest columns the state reads. */
export type StateContest = ContestTimes & { id: number; gmtModified: Date };

/** How far judging of the contest's submissions is: any still unfinished, and the last judging end. */
export interface JudgingProgress {
  pending: boolean;
  lastJudged: Date | null;
}

const EMPTY: StateTimes = {
  started: null,
  frozen: null,
  ended: null,
  thawed: null,
  finalized: null,
  endOfUpdates: null,
};
const ms = (d: Date | null) => d?.getTime() ?? 0;

/**
 * The state at `now` of contest `c` given what is recorded (`rec`, which always wins) and its judging progress:
 * started at the start; frozen when the seal starts (not before the start) when the contest seals before its end;
 * ended at the end; thawed once frozen, ended and no longer sealed: at the end, or at the contest's last edit when
 * that came later (the edit that lifted the seal; the edit listener below records it as it happens, so a later
 * edit does not move it; a thaw first seen later than both is dated to the later of them); finalized once ended,
 * thawed if frozen, and no in-contest submission is left unfinished, at the latest of those instants and the last
 * judging end; `end_of_updates` with finalized (after it, results do not change: a later rejudge is not reported
 * as a state change, docs/clics.md).
 */
export function deriveState(
  c: StateContest,
  now: Date,
  rec: Partial<StateTimes>,
  judging: JudgingProgress | null,
): StateTimes {
  const t = now.getTime();
  const start = c.startTime.getTime();
  const end = c.endTime.getTime();
  const started = rec.started ?? (t >= start ? c.startTime : null);
  const seal = sealOf(c);
  const sealAt = seal.startsAt ? Math.max(seal.startsAt.getTime(), start) : null;
  const frozen = rec.frozen ?? (sealAt != null && sealAt < end && t >= sealAt ? new Date(sealAt) : null);
  const ended = rec.ended ?? (t >= end ? c.endTime : null);
  const thawed =
    rec.thawed ??
    (frozen && ended && !seal.holds(now) ? new Date(Math.max(ms(ended), c.gmtModified.getTime())) : null);
  const settled = ended && (!frozen || thawed) && judging && !judging.pending;
  const finalized =
    rec.finalized ??
    (settled ? new Date(Math.max(ms(ended), ms(thawed), Math.min(t, ms(judging.lastJudged)))) : null);
  const endOfUpdates = rec.endOfUpdates ?? finalized;
  return { started, frozen, ended, thawed, finalized, endOfUpdates };
}

/** The in-contest submissions' judging progress (any unfinished; the latest judging end). */
async function judgingProgress(db: Db | Tx, c: StateContest): Promise<JudgingProgress> {
  const [row] = await db
    .select({
      pending: sql<boolean>`coalesce(bool_or(${inArray(submissions.status, UNFINISHED_STATUS_CODES)}), false)`,
      last: sql<string | null>`max(${submissions.judgeEnd})`,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.cid, c.id),
        gte(submissions.submitTime, c.startTime),
        lt(submissions.submitTime, c.endTime),
      ),
    );
  return { pending: row?.pending === true, lastJudged: row?.last ? new Date(row.last) : null };
}

/**
 * The state of contest `c` at `now`: the recorded transitions, and any new one seen now recorded (first writer
 * wins: concurrent readers agree on the stored instant). One read, and a write only when something new happened.
 */
export async function loadState(db: Db | Tx, c: StateContest, now = new Date()): Promise<StateTimes> {
  const [stored] = await db.select().from(clicsStates).where(eq(clicsStates.cid, c.id));
  const rec: Partial<StateTimes> = stored ?? {};
  const needsJudging = rec.finalized == null && now.getTime() >= c.endTime.getTime();
  const s = deriveState(c, now, rec, needsJudging ? await judgingProgress(db, c) : null);
  const fresh = (Object.keys(EMPTY) as (keyof StateTimes)[]).some((k) => s[k] != null && rec[k] == null);
  if (!fresh) return s;
  const keep = (col: string) => sql.raw(`coalesce(clics_states.${col}, excluded.${col})`);
  const [row] = await db
    .insert(clicsStates)
    .values({ cid: c.id, ...s })
    .onConflictDoUpdate({
      target: clicsStates.cid,
      set: {
        started: keep('started'),
        frozen: keep('frozen'),
        ended: keep('ended'),
        thawed: keep('thawed'),
        finalized: keep('finalized'),
        endOfUpdates: keep('end_of_updates'),
      },
    })
    .returning();
  return row ? { ...EMPTY, ...row } : s;
}

/**
 * The state of many contests at `now` in one read, without recording anything (the contests list): the recorded
 * transitions, the rest read off the clock (finalized only when recorded). By contest id.
 */
export async function peekStates(
  db: Db,
  list: StateContest[],
  now = new Date(),
): Promise<Map<number, StateTimes>> {
  const ids = list.map((c) => c.id);
  const stored = ids.length ? await db.select().from(clicsStates).where(inArray(clicsStates.cid, ids)) : [];
  const byId = new Map(stored.map((r) => [r.cid, r]));
  return new Map(list.map((c) => [c.id, deriveState(c, now, byId.get(c.id) ?? {}, null)]));
}

/**
 * Registers the state recorder (the CLICS plugin calls it once): a contest edit may cause a transition (lifting the
 * seal after the end thaws) or remove what shows one (the seal switched off), so the state is recorded as it stood
 * just before the edit, then as the edit leaves it, in the edit's transaction.
 */
export function registerClicsStates(events: AppEvents): void {
  events.on(
    'contest/changed',
    async (tx, e) => {
      if (e.what !== 'settings') return;
      const now = new Date();
      if (e.before) await loadState(tx, { ...e.before, id: e.cid }, now);
      const [after] = await tx.select().from(contests).where(eq(contests.id, e.cid));
      if (after) await loadState(tx, after, now);
    },
    { area: 'clics' },
  );
}
