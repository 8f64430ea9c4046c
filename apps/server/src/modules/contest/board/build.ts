import {
  type AwardConfigItem,
  AwardType,
  RankShowName,
  Role,
  type ScoreboardRowBase,
  type ScoreboardRowVo,
} from '@oj/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { contestCells, contestProblems, users } from '../../../db/schema/index.js';
import type { BoardContest } from './cells.js';
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
  rows: ScoreboardRowVo[];
  displayIds: string[];
  /** pid -> displayId. */
  displayIdOf: Map<number, string>;
  ctx: RowContext;
  /** Serialised pages that look the same to every viewer (page.ts boardPageJson), dropped with the board. */
  pages: Map<string, string>;
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
  const durationMs = c.endTime.getTime() - c.startTime.getTime();
  const sealMs = c.sealRank && c.sealRankTime ? c.sealRankTime.getTime() - c.startTime.getTime() : durationMs;
  return { view, durationMs, sealMs, displayIds };
}

/**
 * Ranks rows in place (already in board order): star users get -1, everyone else 1 + the number of non-star rows
 * before them, equal rank when the rule compares them equal to the previous non-star row.
 */
function assignRanks(rows: ScoreboardRowVo[], stars: Set<string>, compare: (a: never, b: never) => number) {
  let placed = 0;
  let prev: ScoreboardRowVo | null = null;
  for (const r of rows) {
    if (stars.has(r.username)) {
      r.rank = -1;
      continue;
    }
    placed += 1;
    r.rank = prev && compare(prev as never, r as never) === 0 ? prev.rank : placed;
    prev = r;
  }
}

/**
 * Awards (notes "Contests"): type 1 turns each percentage into floor(num% × non-star rows), type 2 takes counts;
 * awards go in priority order, strictly by position, to non-star rows that solved something.
 */
function assignAwards(c: BoardContestFull, rows: ScoreboardRowVo[], solved: (r: ScoreboardRowVo) => boolean) {
  if (c.awardType === AwardType.NONE || c.awardConfig.length === 0) return;
  const ranked = rows.filter((r) => r.rank !== -1);
  const config = [...c.awardConfig].sort((a, b) => a.priority - b.priority);
  let at = 0;
  for (const a of config) {
    const n = c.awardType === AwardType.PROPORTION ? Math.floor((a.num * ranked.length) / 100) : a.num;
    for (let k = 0; k < n && at < ranked.length; k += 1, at += 1) {
      const r = ranked[at];
      if (!solved(r)) return;
      Object.assign(r, {
        isWinAward: true,
        awardName: a.name,
        awardBackground: a.background,
        awardColor: a.color,
      });
    }
  }
}

/**
 * The contest's cells with only the columns of `view` read (half the columns: a 10,000 × 15 board loads faster);
 * the other views' columns come back as zero / null.
 */
async function loadViewCells(db: Db, cid: number, view: BoardView): Promise<CellRow[]> {
  const v = view.sealed ? 's' : view.containsEnd ? 'e' : 'r';
  const t = contestCells;
  const rows = await db
    .select({
      uid: t.uid,
      pid: t.pid,
      rCount: t.rCount,
      acMs: t.acMs,
      frozen: t.frozen,
      frozenEnd: t.frozenEnd,
      wrong: v === 's' ? t.sWrong : v === 'e' ? t.eWrong : t.rWrong,
      pending: v === 's' ? t.sPending : v === 'e' ? t.ePending : t.rPending,
      score: v === 's' ? t.sScore : v === 'e' ? t.eScore : t.rScore,
      time: v === 's' ? t.sTime : v === 'e' ? t.eTime : t.rTime,
    })
    .from(t)
    .where(eq(t.cid, cid));
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

/**
 * Builds the whole ranked board of a contest in a view from its cells (never from the submissions): left off are
 * the contest creator and super admins (group roots once groups exist), and, without after-contest submissions,
 * users who only submitted after the end. Issue 9 §3 "Scoreboards".
 */
export async function buildBoard(db: Db, c: BoardContestFull, view: BoardView): Promise<BuiltBoard> {
  const rule = boardRule(c.type);
  const displayIdOf = await loadDisplayIds(db, c.id);
  const ctx = rowContext(c, view, displayIdOf);
  const cells = await loadViewCells(db, c.id, view);
  const byUser = new Map<string, CellRow[]>();
  for (const cell of cells) {
    const list = byUser.get(cell.uid);
    if (list) list.push(cell);
    else byUser.set(cell.uid, [cell]);
  }
  const people = byUser.size
    ? await db
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
        .where(inArray(users.uid, sql`(SELECT DISTINCT uid FROM contest_cells WHERE cid = ${c.id})`))
    : [];
  const rows: ScoreboardRowVo[] = [];
  for (const u of people) {
    if (u.role === Role.ROOT || u.uid === c.uid) continue;
    const own = byUser.get(u.uid) ?? [];
    if (!view.containsEnd && !own.some((x) => x.rCount > 0)) continue;
    rows.push(rule.makeRow(baseRow(u, c), own, ctx));
  }
  rule.markBoard?.(rows, ctx);
  rows.sort((a, b) => rule.compare(a, b) || a.username.localeCompare(b.username));
  assignRanks(rows, new Set(c.starAccount), rule.compare);
  assignAwards(c, rows, (r) => rule.solvedSomething(r));
  return { type: c.type, rows, displayIds: [...displayIdOf.values()], displayIdOf, ctx, pages: new Map() };
}
