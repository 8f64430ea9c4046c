import {
  type AwardConfigItem,
  AwardType,
  awardsByPosition,
  isAdminRole,
  placeRanks,
  RankShowName,
  Role,
  type ScoreboardRowBase,
  type ScoreboardRowVo,
} from '@oj/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { contestCells, contestProblems, users } from '../../../db/schema/index.js';
import { contestDurationMs, sealOf } from '../contest.clock.js';
import type { BoardContest } from './cells.js';
import { loadFirstPending } from './first-blood.js';
import type { SharedPage } from './page.js';
import { boardRule } from './rules/index.js';
import type { BoardView, CellRow, RowContext } from './rules/types.js';

/** The contest columns a board page reads besides the cell bounds. */
export interface BoardContestFull extends BoardContest {
  uid: string | null;
  rankShowName: string;
  starAccount: string[];
  awardType: number;
  awardConfig: AwardConfigItem[];
}

/** A ranked board: every row in board order (rank and award set), and the contest's display ids in order. */
export interface BuiltBoard {
  type: number;
  /**
   * The board version (contest_boards.version) this board holds every cell change up to (it may hold later ones
   * too: a patch recomputes whole rows, so applying a change twice is harmless).
   */
  version: number;
  rows: ScoreboardRowVo[];
  displayIds: string[];
  /** pid -> displayId. */
  displayIdOf: Map<number, string>;
  ctx: RowContext;
  /** Serialised pages that look the same to every viewer (page.ts boardPageBody), dropped with the board. */
  pages: Map<string, SharedPage>;
}

type UserRow = Pick<
  typeof users.$inferSelect,
  'uid' | 'username' | 'nickname' | 'realname' | 'avatar' | 'school' | 'gender' | 'role'
>;

/** The row fields that come from the user (doc 2 §3); `showName` by the contest's rankShowName. */
export function baseRow(u: UserRow, c: BoardContestFull): ScoreboardRowBase {
  const byRule =
    c.rankShowName === RankShowName.NICKNAME
      ? u.nickname
      : c.rankShowName === RankShowName.REALNAME
        ? u.realname
        : u.username;
  return {
    uid: u.uid,
    username: u.username,
    showName: byRule || u.username,
    realname: u.realname,
    nickname: u.nickname,
    avatar: u.avatar,
    school: u.school,
    gender: u.gender,
    rank: 0,
    isConcerned: false,
    isWinAward: false,
  };
}

/** The row context of a view: times from the start, and the contest's display ids. */
export function rowContext(c: BoardContest, view: BoardView, displayIds: Map<number, string>): RowContext {
  return { view, durationMs: contestDurationMs(c), sealMs: sealOf(c).offsetMs, displayIds };
}

/**
 * The rows makeRows made for staff: participants whose site role is admin or problem admin (they can read the
 * contest's test data and the other participants' code). Kept with the row object itself, so a patched board
 * (patch.ts shares the unchanged rows) and every view built from it know them; copies are not in it.
 */
const staffRows = new WeakSet<ScoreboardRowVo>();

/** True for a row made for staff (site admin or problem admin): unranked, and never first blood (ACM). */
export function isStaffRow(r: ScoreboardRowVo): boolean {
  return staffRows.has(r);
}

/**
 * The one "out of the ranking" rule of every board (docs/contests.md "Unranked participants"; the way DOMjudge
 * keeps the jury apart from the teams): a star account (`starAccount`, by username) or a staff row (isStaffRow).
 * Such rows stay on the board with rank -1, take no award, are not counted for proportional awards, and
 * `removeStar` drops them. Returns the predicate for contest `c`'s rows.
 */
export function unrankedRule(c: Pick<BoardContestFull, 'starAccount'>): (r: ScoreboardRowVo) => boolean {
  const stars = new Set(c.starAccount);
  return (r) => stars.has(r.username) || staffRows.has(r);
}

/**
 * Ranks rows in place (already in board order): unranked rows get -1, everyone else 1 + the number of ranked rows
 * before them, equal rank when the rule compares them equal to the previous ranked row (shared placeRanks).
 */
function assignRanks(
  rows: ScoreboardRowVo[],
  unranked: (r: ScoreboardRowVo) => boolean,
  compare: (a: never, b: never) => number,
) {
  const ranks = placeRanks(rows, unranked, (a, b) => compare(a as never, b as never) === 0);
  for (let i = 0; i < rows.length; i += 1) rows[i].rank = ranks[i];
}

/**
 * Awards (notes "Contests"): type 1 turns each percentage into floor(num% × non-star rows), type 2 takes counts;
 * awards go in priority order, strictly by position, to non-star rows that solved something (shared
 * awardsByPosition). Ranks must be set (stars are the rows of rank -1).
 */
function assignAwards(c: BoardContestFull, rows: ScoreboardRowVo[], solved: (r: ScoreboardRowVo) => boolean) {
  for (const r of rows) {
    if (!r.isWinAward) continue;
    r.isWinAward = false;
    delete r.awardName;
    delete r.awardBackground;
    delete r.awardColor;
  }
  if (c.awardType === AwardType.NONE || c.awardConfig.length === 0) return;
  const isStar = (r: ScoreboardRowVo) => r.rank === -1;
  const placed = rows.reduce((n, r) => n + (isStar(r) ? 0 : 1), 0);
  const config = [...c.awardConfig].sort((a, b) => a.priority - b.priority);
  const counts = config.map((a) =>
    c.awardType === AwardType.PROPORTION ? Math.floor((a.num * placed) / 100) : a.num,
  );
  const won = awardsByPosition(rows, counts, isStar, solved);
  for (let i = 0; i < rows.length; i += 1) {
    const a = config[won[i]];
    if (!a) continue;
    Object.assign(rows[i], {
      isWinAward: true,
      awardName: a.name,
      awardBackground: a.background,
      awardColor: a.color,
    });
  }
}

/**
 * The contest's cells with only the columns of `view` read (half the columns: a 10,000 × 15 board loads faster);
 * the other views' columns come back as zero / null.
 */
export async function loadViewCells(
  db: Db,
  cid: number,
  view: BoardView,
  uids?: string[],
): Promise<CellRow[]> {
  const v = view.sealed ? 's' : view.containsEnd ? 'e' : 'r';
  const t = contestCells;
  const rows = await db
    .select({
      uid: t.uid,
      pid: t.pid,
      rCount: t.rCount,
      acMs: t.acMs,
      sealedTries: t.sealedTries,
      sealedTriesAfterEnd: t.sealedTriesAfterEnd,
      wrong: v === 's' ? t.sWrong : v === 'e' ? t.eWrong : t.rWrong,
      pending: v === 's' ? t.sPending : v === 'e' ? t.ePending : t.rPending,
      score: v === 's' ? t.sScore : v === 'e' ? t.eScore : t.rScore,
      time: v === 's' ? t.sTime : v === 'e' ? t.eTime : t.rTime,
    })
    .from(t)
    .where(uids ? and(eq(t.cid, cid), inArray(t.uid, uids)) : eq(t.cid, cid));
  const empty = { rWrong: 0, eWrong: 0, sWrong: 0, rPending: 0, ePending: 0, sPending: 0 };
  const none = { rScore: null, eScore: null, sScore: null, rTime: null, eTime: null, sTime: null };
  return rows.map(({ wrong, pending, score, time, ...r }) => ({
    cid,
    ...r,
    ...empty,
    ...none,
    [`${v}Wrong`]: wrong,
    [`${v}Pending`]: pending,
    [`${v}Score`]: score,
    [`${v}Time`]: time,
  })) as CellRow[];
}

/** The contest's problems in display order: pid -> displayId. */
export async function loadDisplayIds(db: Db, cid: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ pid: contestProblems.pid, displayId: contestProblems.displayId })
    .from(contestProblems)
    .where(eq(contestProblems.cid, cid))
    .orderBy(asc(contestProblems.displayId));
  return new Map(rows.map((r) => [r.pid, r.displayId]));
}

/** Cells grouped by participant. */
export function cellsByUser(cells: CellRow[]): Map<string, CellRow[]> {
  const byUser = new Map<string, CellRow[]>();
  for (const cell of cells) {
    const list = byUser.get(cell.uid);
    if (list) list.push(cell);
    else byUser.set(cell.uid, [cell]);
  }
  return byUser;
}

/** The user columns of the participants `which` selects (a uid list or a subquery of uids). */
export async function loadPeople(db: Db, which: string[] | SQL): Promise<UserRow[]> {
  return db
    .select({
      uid: users.uid,
      username: users.username,
      nickname: users.nickname,
      realname: users.realname,
      avatar: users.avatar,
      school: users.school,
      gender: users.gender,
      role: users.role,
    })
    .from(users)
    .where(inArray(users.uid, which));
}

/**
 * The rows (not yet ranked) of `people` from their cells in `ctx.view`: left off are the contest creator and super
 * admins (group roots once groups exist), and, without after-contest submissions, users who only submitted
 * after the end. The rows of site admins and problem admins are marked staff (unrankedRule).
 */
export function makeRows(
  c: BoardContestFull,
  people: UserRow[],
  byUser: Map<string, CellRow[]>,
  ctx: RowContext,
): ScoreboardRowVo[] {
  const rule = boardRule(c.type);
  const rows: ScoreboardRowVo[] = [];
  for (const u of people) {
    if (u.role === Role.ROOT || u.uid === c.uid) continue;
    const own = byUser.get(u.uid) ?? [];
    if (!ctx.view.containsEnd && !own.some((x) => x.rCount > 0)) continue;
    const row = rule.makeRow(baseRow(u, c), own, ctx);
    if (isAdminRole(u.role)) staffRows.add(row);
    rows.push(row);
  }
  return rows;
}

/** `String.prototype.localeCompare` without arguments, as one collator (the same order, much cheaper per call). */
const byName = new Intl.Collator().compare;

/** The tie-break of every board: the username as `localeCompare` orders it, then the uid. */
export function tieOrder(a: ScoreboardRowBase, b: ScoreboardRowBase): number {
  return byName(a.username, b.username) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
}

/**
 * Board order of a rule: its comparison, then {@link tieOrder} (a total order, so a patched board merges its
 * changed rows into exactly the places a full sort gives them).
 */
export function boardOrder(type: number): (a: ScoreboardRowVo, b: ScoreboardRowVo) => number {
  const rule = boardRule(type);
  return (a, b) => rule.compare(a, b) || tieOrder(a, b);
}

/**
 * Everything of a board that depends on every row, for rows already in board order, in linear passes: the
 * rule's marks (ACM first blood, staff rows left out), ranks (unranked rows -1, ties equal) and awards (cleared
 * and given again).
 */
export function rankRows(c: BoardContestFull, rows: ScoreboardRowVo[], ctx: RowContext): void {
  const rule = boardRule(c.type);
  const unranked = unrankedRule(c);
  rule.markBoard?.(rows, ctx, isStaffRow);
  assignRanks(rows, unranked, rule.compare);
  assignAwards(c, rows, (r) => rule.solvedSomething(r));
}

/**
 * Builds the whole ranked board of a contest in a view from its cells (never from the submissions), labelled
 * `version` (read before the cells, so the board holds at least the changes up to it). Issue 9 §3 "Scoreboards".
 */
export async function buildBoard(
  db: Db,
  c: BoardContestFull,
  view: BoardView,
  version: number,
): Promise<BuiltBoard> {
  const displayIdOf = await loadDisplayIds(db, c.id);
  const ctx = {
    ...rowContext(c, view, displayIdOf),
    firstPending: await loadFirstPending(db, c, displayIdOf),
  };
  const byUser = cellsByUser(await loadViewCells(db, c.id, view));
  const people = byUser.size
    ? await loadPeople(db, sql`(SELECT DISTINCT uid FROM contest_cells WHERE cid = ${c.id})`)
    : [];
  const rows = makeRows(c, people, byUser, ctx);
  rows.sort(boardOrder(c.type));
  rankRows(c, rows, ctx);
  return {
    type: c.type,
    version,
    rows,
    displayIds: [...displayIdOf.values()],
    displayIdOf,
    ctx,
    pages: new Map(),
  };
}
