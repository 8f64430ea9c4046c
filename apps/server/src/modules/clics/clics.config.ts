import { ContestRegisterStatus, isAdminRole } from '@oj/shared';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  contestProblems,
  contestRegisters,
  languages,
  problems,
  submissions,
  testcases,
  users,
} from '../../db/schema/index.js';
import { type BuiltBoard, baseRow, loadPeople } from '../contest/board/build.js';
import { viewerBoard } from '../contest/board/page.js';
import { isContestAdmin } from '../contest/contest.access.js';
import type { Entry } from './clics.access.js';
import { allJudgementTypes, languageExtensions, languageIdOf, problemColour } from './clics.mapping.js';
import { type ClicsView, MAIN_GROUP, OTHER_GROUP } from './clics.view.js';

/**
 * The CLICS configuration endpoints of a contest (issue 10 §5): judgement types, languages, problems, groups and
 * teams, each with the instant it last changed (the event feed's order). Teams are the participants of our own
 * board in this view (board/page.ts viewerBoard: the same people, the same shown names), plus, for contest admins,
 * registered users and clarification askers who have no row yet.
 */

const ms = (...dates: (Date | null | undefined)[]) => Math.max(0, ...dates.map((d) => d?.getTime() ?? 0));

/** The board of this view (real for contest admins, sealed for the public while sealed), from the board cache. */
export async function boardOf(db: Db, view: ClicsView): Promise<BuiltBoard> {
  const viewer = { uid: null, isContestAdmin: view.admin };
  return (await viewerBoard(db, view.contest, viewer, { forceRefresh: false, containsEnd: false }, view.now))
    .board;
}

/** judgement-types: the mapping table's types (a constant collection). */
export function judgementTypeEntry(view: ClicsView): Entry {
  return { type: 'judgement-types', id: null, data: allJudgementTypes(), key: ms(view.contest.gmtCreate) };
}

/** groups: the ranked participants (main scoreboard) and everyone else. */
export function groupEntry(view: ClicsView): Entry {
  const data = [
    { id: MAIN_GROUP, name: 'Participants' },
    { id: OTHER_GROUP, name: 'Unranked (star accounts, no submission yet)' },
  ];
  return { type: 'groups', id: null, data, key: ms(view.contest.gmtCreate) };
}

/** A contest problem as CLICS names it, with our pid. */
export interface ClicsProblem {
  pid: number;
  data: {
    id: string;
    label: string;
    name: string;
    ordinal: number;
    rgb?: string;
    color?: string;
    time_limit: number;
    memory_limit: number;
    test_data_count: number;
  };
}

/**
 * problems: the contest's problems in display-id order (the board's order): id our problem id, label the display
 * id, name the display title or the problem's title, the balloon colour, time limit (s), memory limit (MiB), test
 * case count. The public sees none before the start (as our problem list). Returns the list and its change key.
 */
export async function loadProblems(db: Db, view: ClicsView): Promise<{ list: ClicsProblem[]; key: number }> {
  const c = view.contest;
  const started = view.now.getTime() >= c.startTime.getTime();
  if (!view.admin && !started) return { list: [], key: ms(c.gmtCreate) };
  const counts = db
    .select({ pid: testcases.pid, n: sql<number>`count(*)::int`.as('n') })
    .from(testcases)
    .groupBy(testcases.pid)
    .as('counts');
  const rows = await db
    .select({
      pid: contestProblems.pid,
      displayId: contestProblems.displayId,
      displayTitle: contestProblems.displayTitle,
      color: contestProblems.color,
      cpCreate: contestProblems.gmtCreate,
      cpModified: contestProblems.gmtModified,
      title: problems.title,
      timeLimit: problems.timeLimit,
      memoryLimit: problems.memoryLimit,
      modified: problems.gmtModified,
      cases: counts.n,
    })
    .from(contestProblems)
    .innerJoin(problems, eq(problems.id, contestProblems.pid))
    .leftJoin(counts, eq(counts.pid, contestProblems.pid))
    .where(eq(contestProblems.cid, c.id))
    .orderBy(asc(contestProblems.displayId));
  const list = rows.map((r, i) => ({
    pid: r.pid,
    data: {
      id: String(r.pid),
      label: r.displayId,
      name: r.displayTitle || r.title,
      ordinal: i + 1,
      ...colourProps(r.color),
      time_limit: r.timeLimit / 1000,
      memory_limit: r.memoryLimit,
      test_data_count: Number(r.cases ?? 0),
    },
  }));
  const key = ms(
    c.gmtCreate,
    view.admin ? null : c.startTime,
    ...rows.flatMap((r) => [r.cpCreate, r.cpModified, r.modified]),
  );
  return { list, key };
}

/** `rgb` and `color` of a balloon colour, each left out when unknown (the official schema allows no null). */
function colourProps(colour: string | null): { rgb?: string; color?: string } {
  const { rgb, color } = problemColour(colour);
  return { ...(rgb ? { rgb } : {}), ...(color ? { color } : {}) };
}

/** A CLICS language object. */
export interface ClicsLanguage {
  id: string;
  name: string;
  entry_point_required: boolean;
  extensions: string[];
}

/**
 * languages: every language of our registry (local judge) and any other one a submission of this contest used,
 * by name, with CLICS ids (clics.mapping). No entry point is asked for: our judge names the source file itself.
 * Returns the list, the id of each name, and the change key.
 */
export async function loadLanguages(
  db: Db,
  view: ClicsView,
): Promise<{ list: ClicsLanguage[]; idOf: Map<string, string>; key: number }> {
  const c = view.contest;
  const local = await db
    .select({ name: languages.name, modified: languages.gmtModified })
    .from(languages)
    .where(eq(languages.oj, 'ME'))
    .orderBy(asc(languages.seq), asc(languages.id));
  const used = await db
    .select({ name: submissions.language, first: sql<Date>`min(${submissions.submitTime})` })
    .from(submissions)
    .where(
      and(
        eq(submissions.cid, c.id),
        gte(submissions.submitTime, c.startTime),
        lt(submissions.submitTime, c.endTime),
      ),
    )
    .groupBy(submissions.language);
  let key = ms(c.gmtCreate, ...local.map((l) => l.modified));
  const names = local.map((l) => l.name);
  for (const u of used.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (names.includes(u.name)) continue;
    names.push(u.name);
    key = Math.max(key, new Date(u.first).getTime());
  }
  const idOf = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of names) {
    let id = languageIdOf(name);
    for (let k = 2; taken.has(id); k++) id = `${languageIdOf(name).slice(0, 32)}-${k}`;
    taken.add(id);
    idOf.set(name, id);
  }
  const list = names.map((name) => ({
    id: idOf.get(name) as string,
    name,
    entry_point_required: false,
    extensions: languageExtensions(name),
  }));
  return { list, idOf, key };
}

/** A team (one of our users) with its change key. */
export interface ClicsTeam {
  uid: string;
  data: { id: string; name: string; label: string; display_name: string; group_ids: string[] };
  key: number;
}

/**
 * teams: the board's participants of this view (star accounts in the unranked group, everyone else in the main
 * one), named by username (the board's tie order) and shown by the contest's `rankShowName` as the board shows
 * them; for contest admins also the registered users and `extraUids` (clarification askers) without a row:
 * registered participants in the main group (the scoreboard ranks them last), the others in the unranked group. A team changes when the user does, with its first submission or registration, or when the
 * contest's settings do.
 */
export async function loadTeams(
  db: Db,
  view: ClicsView,
  board: BuiltBoard,
  extraUids: { uid: string; at: Date }[] = [],
): Promise<ClicsTeam[]> {
  const c = view.contest;
  const first = await db
    .select({
      uid: submissions.uid,
      first: sql<Date>`min(${submissions.submitTime})`,
      modified: sql<Date>`max(${users.gmtModified})`,
    })
    .from(submissions)
    .innerJoin(users, eq(users.uid, submissions.uid))
    .where(
      and(
        eq(submissions.cid, c.id),
        gte(submissions.submitTime, c.startTime),
        lt(submissions.submitTime, c.endTime),
      ),
    )
    .groupBy(submissions.uid);
  const firstOf = new Map(first.map((f) => [f.uid, ms(new Date(f.first), new Date(f.modified))]));
  const base = ms(c.gmtModified, c.gmtCreate);
  const teams: ClicsTeam[] = board.rows.map((r) => ({
    uid: r.uid,
    data: {
      id: r.uid,
      name: r.username,
      label: r.username,
      display_name: r.showName,
      group_ids: [r.rank === -1 ? OTHER_GROUP : MAIN_GROUP],
    },
    key: Math.max(base, firstOf.get(r.uid) ?? 0),
  }));
  if (!view.admin) return teams;
  const regs = await db
    .select({ uid: contestRegisters.uid, at: contestRegisters.gmtCreate })
    .from(contestRegisters)
    .where(and(eq(contestRegisters.cid, c.id), eq(contestRegisters.status, ContestRegisterStatus.VALID)));
  const have = new Set(teams.map((t) => t.uid));
  const registered = new Set(regs.map((r) => r.uid));
  const extra = new Map<string, number>();
  for (const e of [...regs, ...extraUids]) {
    if (have.has(e.uid)) continue;
    extra.set(e.uid, Math.max(extra.get(e.uid) ?? 0, e.at.getTime()));
  }
  if (!extra.size) return teams;
  const people = await loadPeople(db, [...extra.keys()]);
  const modified = await db
    .select({ uid: users.uid, at: users.gmtModified })
    .from(users)
    .where(inArray(users.uid, [...extra.keys()]));
  const modOf = new Map(modified.map((m) => [m.uid, m.at.getTime()]));
  for (const u of people.sort((a, b) => (a.username < b.username ? -1 : 1))) {
    if (isContestAdmin({ ...u, sid: '' }, c)) continue;
    // A registered participant without a submission is a team of the main scoreboard (ranked last, nothing
    // solved); star accounts, staff (site and problem admins, as on our board) and mere askers are not.
    const ranked = registered.has(u.uid) && !c.starAccount.includes(u.username) && !isAdminRole(u.role);
    teams.push({
      uid: u.uid,
      data: {
        id: u.uid,
        name: u.username,
        label: u.username,
        display_name: baseRow(u, c).showName,
        group_ids: [ranked ? MAIN_GROUP : OTHER_GROUP],
      },
      key: Math.max(base, extra.get(u.uid) ?? 0, modOf.get(u.uid) ?? 0),
    });
  }
  return teams;
}
