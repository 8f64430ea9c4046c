import { isJudgingStatus } from '@oj/shared';
import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { Db } from '../../db/client.js';
import { judgeCases, submissions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { sealOf } from '../contest/contest.clock.js';
import { visibleVerdictSql } from '../contest/contest.visibility.js';
import { type Entry, offers } from './clics.access.js';
import { clicsTime, contestTime } from './clics.format.js';
import { entryPointOf, judgementTypeOf, sourceFileName } from './clics.mapping.js';
import type { ClicsView } from './clics.view.js';

/**
 * The CLICS live data of a contest (issue 10 §5): submissions, judgements and runs, from our submissions and their
 * per-case results. The contest's submissions from the start to the end by its teams to its current problems (the
 * ones our board counts); a judgement per submission version (`<submission>-<version>`, so a rejudge replaces it
 * and the old one is deleted); in the public view, judgements of submissions our board hides while sealed are
 * withheld (contest.visibility visibleVerdictSql, the rule of every verdict list), so they stay pending.
 */

/** What the live objects refer to: the view's teams, problems (pid -> CLICS id) and languages (name -> id). */
export interface LiveRefs {
  teams: Set<string>;
  problemIds: Map<number, string>;
  languageIds: Map<string, string>;
  /** When the seal lifted (null: never sealed or still sealed): withheld judgements were revealed then. */
  thawed: Date | null;
}

/** A contest submission as the live endpoints read it. */
type LiveRow = Awaited<ReturnType<typeof loadLiveRows>>[number];

/** When the submission's row last changed: submitted, judging started or ended, or the last edit. */
const CHANGED_SQL = sql`greatest(${submissions.submitTime}, ${submissions.judgeStart}, ${submissions.judgeEnd}, ${submissions.gmtModified})`;

/** The contest's in-contest submissions (by id), `since`: only rows changed at or after it (null: all). */
async function loadLiveRows(db: Db, view: ClicsView, since: Date | null, extra?: SQL) {
  const c = view.contest;
  const visible = visibleVerdictSql(
    { contest: c, uid: '', isAdmin: view.admin, now: view.now },
    { uid: submissions.uid, submitTime: submissions.submitTime },
  );
  return db
    .select({
      id: submissions.id,
      uid: submissions.uid,
      pid: submissions.pid,
      language: submissions.language,
      submitTime: submissions.submitTime,
      status: submissions.status,
      time: submissions.time,
      version: submissions.version,
      judgeStart: submissions.judgeStart,
      judgeEnd: submissions.judgeEnd,
      gmtModified: submissions.gmtModified,
      visible: sql<boolean>`(${visible ?? sql`true`})`,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.cid, c.id),
        gte(submissions.submitTime, c.startTime),
        lt(submissions.submitTime, c.endTime),
        since ? sql`${CHANGED_SQL} >= ${since.toISOString()}::timestamptz` : undefined,
        extra,
      ),
    )
    .orderBy(asc(submissions.id));
}

const inView = (r: { uid: string; pid: number }, refs: LiveRefs) =>
  refs.teams.has(r.uid) && refs.problemIds.has(r.pid);

/** The change key of a submission's judgement: its row's last change, and the thaw for one hidden until then. */
function judgementKey(view: ClicsView, r: LiveRow, refs: LiveRefs): number {
  const times = [r.submitTime, r.judgeStart, r.judgeEnd, r.gmtModified];
  if (!view.admin && refs.thawed && sealOf(view.contest).after(r.submitTime)) times.push(refs.thawed);
  return Math.max(...times.map((d) => d?.getTime() ?? 0));
}

/**
 * The CLICS submission object of a row. `files` is required by the spec: contest admins get the source archive's
 * reference, the public an empty list (no archive is offered to it).
 */
function submissionObject(view: ClicsView, r: LiveRow, refs: LiveRefs) {
  const cid = view.contest.id;
  return {
    id: String(r.id),
    language_id: refs.languageIds.get(r.language) ?? r.language,
    problem_id: refs.problemIds.get(r.pid) as string,
    team_id: r.uid,
    time: clicsTime(r.submitTime),
    contest_time: contestTime(view.contest.startTime, r.submitTime),
    entry_point: entryPointOf(r.language),
    files: view.admin
      ? [
          {
            href: `contests/${cid}/submissions/${r.id}/files`,
            filename: 'files.zip',
            mime: 'application/zip',
          },
        ]
      : [],
  };
}

/**
 * The CLICS judgement of a row, or null: none while queued, none when withheld by the seal; started (no type)
 * while judging; complete with its type, times and the longest run time (s) once final.
 */
function judgementObject(view: ClicsView, r: LiveRow) {
  if (!r.visible) return null;
  const start = view.contest.startTime;
  const t = judgementTypeOf(r.status);
  const base = { id: `${r.id}-${r.version}`, submission_id: String(r.id), current: true };
  if (t) {
    const end = r.judgeEnd ?? r.gmtModified;
    const began = r.judgeStart && r.judgeStart < end ? r.judgeStart : end;
    return {
      ...base,
      judgement_type_id: t.id,
      start_time: clicsTime(began),
      start_contest_time: contestTime(start, began),
      end_time: clicsTime(end),
      end_contest_time: contestTime(start, end),
      max_run_time: r.time == null ? null : r.time / 1000,
    };
  }
  if (!r.judgeStart || !isJudgingStatus(r.status)) return null;
  return {
    ...base,
    judgement_type_id: null,
    start_time: clicsTime(r.judgeStart),
    start_contest_time: contestTime(start, r.judgeStart),
    end_time: null,
    end_contest_time: null,
    max_run_time: null,
  };
}

/**
 * The submissions, judgements and (with `deletions`) the deletions of superseded judgements of the view, changed
 * at or after `since` (null: all), as feed entries.
 */
export async function loadLive(
  db: Db,
  view: ClicsView,
  refs: LiveRefs,
  since: Date | null,
  deletions = false,
): Promise<{ submissions: Entry[]; judgements: Entry[] }> {
  const subs: Entry[] = [];
  const judgements: Entry[] = [];
  if (!offers(view, 'submissions')) return { submissions: subs, judgements };
  for (const r of await loadLiveRows(db, view, since)) {
    if (!inView(r, refs)) continue;
    subs.push({
      type: 'submissions',
      id: String(r.id),
      data: submissionObject(view, r, refs),
      key: r.submitTime.getTime(),
    });
    const key = judgementKey(view, r, refs);
    if (deletions) {
      for (let v = 0; v < r.version; v++)
        judgements.push({ type: 'judgements', id: `${r.id}-${v}`, data: null, key });
    }
    const j = judgementObject(view, r);
    if (j) judgements.push({ type: 'judgements', id: j.id, data: j, key });
  }
  return { submissions: subs, judgements };
}

/**
 * The runs (per-case results) of the view's complete judgements, changed at or after `since`, as feed entries:
 * ordinal the case's place in the judgement (1..n), its verdict, run time (s); the judgement's end as its time.
 */
export async function loadRuns(
  db: Db,
  view: ClicsView,
  refs: LiveRefs,
  since: Date | null,
): Promise<Entry[]> {
  if (!offers(view, 'runs')) return [];
  const rows = await loadLiveRows(db, view, since);
  const byId = new Map(
    rows.filter((r) => inView(r, refs) && judgementObject(view, r)?.judgement_type_id).map((r) => [r.id, r]),
  );
  if (!byId.size) return [];
  const cases = await db
    .select({ submitId: judgeCases.submitId, status: judgeCases.status, time: judgeCases.time })
    .from(judgeCases)
    .innerJoin(submissions, eq(submissions.id, judgeCases.submitId))
    .where(
      and(
        eq(submissions.cid, view.contest.id),
        since ? sql`${CHANGED_SQL} >= ${since.toISOString()}::timestamptz` : undefined,
      ),
    )
    .orderBy(asc(judgeCases.submitId), asc(judgeCases.caseIndex));
  const out: Entry[] = [];
  let ordinal = 0;
  let last = -1;
  for (const k of cases) {
    const r = byId.get(k.submitId);
    if (!r) continue;
    ordinal = k.submitId === last ? ordinal + 1 : 1;
    last = k.submitId;
    const t = judgementTypeOf(k.status);
    if (!t) continue;
    const at = r.judgeEnd ?? r.gmtModified;
    const id = `${r.id}-${r.version}-${ordinal}`;
    out.push({
      type: 'runs',
      id,
      key: judgementKey(view, r, refs),
      data: {
        id,
        judgement_id: `${r.id}-${r.version}`,
        ordinal,
        judgement_type_id: t.id,
        time: clicsTime(at),
        contest_time: contestTime(view.contest.startTime, at),
        run_time: (k.time ?? 0) / 1000,
      },
    });
  }
  return out;
}

/**
 * GET contests/{id}/submissions/{sid}/files (contest admins): the submission's source in a zip, named as our
 * judge names it (`main.cpp`, `Main.java`, …). 404 when the submission is not one of the view's.
 */
export async function submissionFiles(
  db: Db,
  view: ClicsView,
  refs: LiveRefs,
  sid: number,
): Promise<Uint8Array> {
  if (!view.admin) throw notFound();
  const [r] = await loadLiveRows(db, view, null, eq(submissions.id, sid));
  if (!r || !inView(r, refs)) throw notFound();
  const [row] = await db.select({ code: submissions.code }).from(submissions).where(eq(submissions.id, sid));
  return zipSync({ [sourceFileName(r.language)]: new TextEncoder().encode(row?.code ?? '') });
}

/**
 * Per `uid/pid`, how many of the view's submissions got a free final verdict (no penalty, not solving: CE, JE,
 * SE, a partial or cancelled one) before the team's first AC on the problem (all of them when unsolved), as the
 * view shows them (a judgement withheld by the seal is pending, not judged). The scoreboard's `num_judged` adds
 * them to the board's counted tries: the spec counts every judged submission up to the first correct one.
 */
export async function freeJudgedCounts(
  db: Db,
  view: ClicsView,
  refs: LiveRefs,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!offers(view, 'submissions')) return out;
  const rows = (await loadLiveRows(db, view, null)).filter((r) => inView(r, refs));
  const firstAc = new Map<string, number>();
  for (const r of rows) {
    const t = r.visible ? judgementTypeOf(r.status) : null;
    if (!t?.solved) continue;
    const k = `${r.uid}/${r.pid}`;
    firstAc.set(k, Math.min(firstAc.get(k) ?? Number.POSITIVE_INFINITY, r.submitTime.getTime()));
  }
  for (const r of rows) {
    const t = r.visible ? judgementTypeOf(r.status) : null;
    const k = `${r.uid}/${r.pid}`;
    if (!t || t.solved || t.penalty || r.submitTime.getTime() >= (firstAc.get(k) ?? Number.POSITIVE_INFINITY))
      continue;
    out.set(k, (out.get(k) ?? 0) + 1);
  }
  return out;
}
