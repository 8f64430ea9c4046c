import { type AcmRowVo, AwardType, type ScoreboardRowVo } from '@oj/shared';
import { badRequest } from '../../lib/errors.js';
import { type BuiltBoard, boardOrder, rankRows } from '../contest/board/build.js';
import { boardRule } from '../contest/board/rules/index.js';
import type { ClicsProblem, ClicsTeam } from './clics.config.js';
import { clicsTime, reltime } from './clics.format.js';
import { type ClicsView, MAIN_GROUP, OTHER_GROUP, stateObject } from './clics.view.js';

/**
 * The CLICS scoreboard and awards (issue 10 §5), read off our own board of the view (board/page.ts viewerBoard:
 * real for contest admins, sealed for the public as our outside board is), never computed again: rank, solved
 * count, total time (s, 20 min per counted wrong try), first-to-solve and award rows are the board's.
 */

/**
 * A CLICS scoreboard row of a board row: its rank, score and one cell per contest problem in order. `num_judged`
 * is the board's counted tries (+1 when solved) plus the free judged ones before the solve (`free`, by
 * `uid/pid`: clics.live freeJudgedCounts), so a CE or a judging error counts as judged, not as nothing.
 */
function rowObject(r: AcmRowVo, problems: ClicsProblem[], free: Map<string, number>) {
  let last = 0;
  const cells = problems.map((p) => {
    const c = r.submissionInfo[p.data.label];
    const solved = c?.isAC === true;
    if (solved) last = Math.max(last, c.ACTime ?? 0);
    return {
      problem_id: p.data.id,
      num_judged: (c ? c.errorNum + (solved ? 1 : 0) : 0) + (free.get(`${r.uid}/${p.pid}`) ?? 0),
      num_pending: c?.tryNum ?? 0,
      solved,
      ...(solved ? { time: reltime((c.ACTime ?? 0) * 1000) } : {}),
    };
  });
  return {
    rank: r.rank,
    team_id: r.uid,
    score: {
      num_solved: r.ac,
      total_time: reltime(r.totalTime * 1000),
      time: r.ac > 0 ? reltime(last * 1000) : null,
    },
    problems: cells,
  };
}

/** A copy of a row deep enough for ranking again (its cells are marked in place). */
function copyRow(r: ScoreboardRowVo): ScoreboardRowVo {
  const info = Object.fromEntries(
    Object.entries((r as AcmRowVo).submissionInfo).map(([k, v]) => [k, { ...v }]),
  );
  return { ...r, submissionInfo: info } as ScoreboardRowVo;
}

/**
 * The rows of the unranked group (star accounts and, for contest admins, teams without a row), ranked among
 * themselves by the board's own order and ranking (board/build.ts boardOrder, rankRows) without awards.
 */
function unrankedRows(view: ClicsView, board: BuiltBoard, teams: ClicsTeam[]): AcmRowVo[] {
  const c = view.contest;
  const onBoard = new Set(board.rows.map((r) => r.uid));
  const rows = board.rows.filter((r) => r.rank === -1).map(copyRow);
  for (const t of teams) {
    if (onBoard.has(t.uid) || !t.data.group_ids.includes(OTHER_GROUP)) continue;
    rows.push(emptyRow(view, board, t));
  }
  rows.sort(boardOrder(c.type));
  rankRows({ ...c, starAccount: [], awardType: AwardType.NONE, awardConfig: [] }, rows, board.ctx);
  return rows as AcmRowVo[];
}

/** The board row of a team without one (nothing submitted): the rule's row of no cells. */
function emptyRow(view: ClicsView, board: BuiltBoard, t: ClicsTeam): ScoreboardRowVo {
  const base = {
    uid: t.uid,
    username: t.data.name,
    showName: t.data.display_name,
    realname: '',
    nickname: '',
    avatar: null,
    school: '',
    gender: '',
    rank: 0,
    isConcerned: false,
    isWinAward: false,
  };
  return boardRule(view.contest.type).makeRow(base, [], board.ctx);
}

/**
 * The rows of the main scoreboard: our board's ranked rows, in its order and with its ranks, and the main group's
 * teams without a row (registered, nothing submitted) ranked last: tied with the board's rows of nothing solved
 * and no time, else one place after every ranked row; within a tie in the board's tie order.
 */
function mainRows(view: ClicsView, board: BuiltBoard, teams: ClicsTeam[]): AcmRowVo[] {
  const rule = boardRule(view.contest.type);
  const ranked = board.rows.filter((r) => r.rank !== -1);
  const onBoard = new Set(board.rows.map((r) => r.uid));
  const empty = teams
    .filter((t) => !onBoard.has(t.uid) && t.data.group_ids.includes(MAIN_GROUP))
    .map((t) => emptyRow(view, board, t));
  if (!empty.length) return ranked as AcmRowVo[];
  const tie = ranked.find((r) => rule.compare(r as never, empty[0] as never) === 0);
  for (const r of empty) r.rank = tie?.rank ?? ranked.length + 1;
  return [...ranked, ...empty].sort(boardOrder(view.contest.type)) as AcmRowVo[];
}

/**
 * GET contests/{id}/scoreboard[?group_id]: the main scoreboard (our board's ranked rows, in its order) or the
 * unranked group's; 400 for another group id. `time` / `contest_time`: now, within the contest.
 */
export function scoreboardObject(
  view: ClicsView,
  board: BuiltBoard,
  problems: ClicsProblem[],
  teams: ClicsTeam[],
  free: Map<string, number>,
  groupId?: string,
) {
  const c = view.contest;
  if (groupId != null && groupId !== MAIN_GROUP && groupId !== OTHER_GROUP) {
    throw badRequest('validation.oneOf', { field: 'group_id', values: `${MAIN_GROUP}, ${OTHER_GROUP}` });
  }
  const rows = groupId === OTHER_GROUP ? unrankedRows(view, board, teams) : mainRows(view, board, teams);
  const at = Math.max(c.startTime.getTime(), Math.min(view.now.getTime(), c.endTime.getTime()));
  return {
    time: clicsTime(new Date(at)),
    contest_time: reltime(at - c.startTime.getTime()),
    state: stateObject(view),
    rows: rows.map((r) => rowObject(r, problems, free)),
  };
}

/** The CLICS award id of one of our award levels: the known medal ids by name, else `award-<n>`. */
function awardId(name: string, n: number): string {
  if (/gold|金/i.test(name)) return 'gold-medal';
  if (/silver|银/i.test(name)) return 'silver-medal';
  if (/bronze|铜/i.test(name)) return 'bronze-medal';
  return `award-${n}`;
}

/** A CLICS award object. */
export interface ClicsAward {
  id: string;
  citation: string;
  team_ids: string[];
}

/**
 * GET contests/{id}/awards: `winner` (rank 1 of the main scoreboard, once someone solved something), one
 * `first-to-solve-<problem>` per problem (the board's first blood), and one award per award level of the contest
 * (by priority; the board's award rows).
 */
export function awardObjects(view: ClicsView, board: BuiltBoard, problems: ClicsProblem[]): ClicsAward[] {
  const c = view.contest;
  const rule = boardRule(c.type);
  const rows = board.rows as AcmRowVo[];
  const awards: ClicsAward[] = [
    {
      id: 'winner',
      citation: 'Contest winner',
      team_ids: rows.filter((r) => r.rank === 1 && rule.solvedSomething(r)).map((r) => r.uid),
    },
  ];
  for (const p of problems) {
    awards.push({
      id: `first-to-solve-${p.data.id}`,
      citation: `First to solve problem ${p.data.label}`,
      team_ids: rows.filter((r) => r.submissionInfo[p.data.label]?.isFirstAC).map((r) => r.uid),
    });
  }
  const seen = new Set<string>();
  [...c.awardConfig]
    .sort((a, b) => a.priority - b.priority)
    .forEach((a, i) => {
      let id = awardId(a.name, i + 1);
      if (seen.has(id)) id = `award-${i + 1}`;
      seen.add(id);
      const team_ids = rows.filter((r) => r.isWinAward && r.awardName === a.name).map((r) => r.uid);
      awards.push({ id, citation: a.name, team_ids });
    });
  return awards;
}
