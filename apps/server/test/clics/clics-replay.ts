/** Replaying a CLICS event feed into a pass-fail scoreboard, independently of the server (issue 10 §5 tests). */
import type { FeedEvent } from './clics-fixtures.js';

/** Seconds of a RELTIME. */
export const seconds = (rel: string) => {
  const m = /^(-?)(\d+):(\d\d):(\d\d)(?:\.(\d{3}))?$/.exec(rel);
  if (!m) throw new Error(`not a RELTIME: ${rel}`);
  const v = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]) + Number(m[5] ?? 0) / 1000;
  return m[1] ? -v : v;
};
const rel = (s: number) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}.000`;
};

/**
 * A pass-fail scoreboard computed from the event feed alone, by the spec's rules: the main group's teams; per
 * problem the submissions in contest-time order up to the first solving judgement, penalty judgements costing
 * `penalty_time`, every judged one counted in num_judged (free ones such as CE and JE too), unjudged ones pending; ranked by solved, then total time, ties alphabetical by name.
 */
export function replay(events: FeedEvent[]) {
  // biome-ignore lint/suspicious/noExplicitAny: CLICS JSON
  const col: Record<string, Map<string, any>> = {};
  // biome-ignore lint/suspicious/noExplicitAny: CLICS JSON
  let contest: any = null;
  for (const e of events) {
    if (e.type === 'contest') contest = e.data;
    else if (e.type === 'state') continue;
    else if (e.id === null) col[e.type] = new Map(e.data.map((o: { id: string }) => [o.id, o]));
    else {
      col[e.type] ??= new Map();
      if (e.data === null) col[e.type].delete(e.id);
      else col[e.type].set(e.id, e.data);
    }
  }
  const penalty = seconds(contest.penalty_time);
  const types = col['judgement-types'];
  const problems = [...col.problems.values()].sort((a, b) => a.ordinal - b.ordinal);
  const judgementOf = new Map([...(col.judgements?.values() ?? [])].map((j) => [j.submission_id, j]));
  const subs = [...(col.submissions?.values() ?? [])].sort(
    (a, b) => seconds(a.contest_time) - seconds(b.contest_time) || Number(a.id) - Number(b.id),
  );
  const teams = [...col.teams.values()].filter((tm) =>
    tm.group_ids.includes(contest.main_scoreboard_group_id),
  );
  const rows = teams.map((tm) => {
    let solvedCount = 0;
    let total = 0;
    let last = 0;
    const cells = problems.map((pr) => {
      let wrong = 0;
      let judged = 0;
      let pending = 0;
      let at: number | null = null;
      for (const s of subs.filter((x) => x.team_id === tm.id && x.problem_id === pr.id)) {
        const j = judgementOf.get(s.id);
        const type = j?.judgement_type_id ? types.get(j.judgement_type_id) : null;
        if (type) judged += 1;
        if (!type) pending += 1;
        else if (type.solved) {
          at = Math.floor(seconds(s.contest_time));
          break;
        } else if (type.penalty) wrong += 1;
      }
      if (at != null) {
        solvedCount += 1;
        total += at + penalty * wrong;
        last = Math.max(last, at);
      }
      return {
        problem_id: pr.id,
        num_judged: judged,
        num_pending: at != null ? 0 : pending,
        solved: at != null,
        ...(at != null ? { time: rel(at) } : {}),
      };
    });
    return {
      name: tm.name as string,
      row: {
        rank: 0,
        team_id: tm.id,
        score: { num_solved: solvedCount, total_time: rel(total), time: solvedCount ? rel(last) : null },
        problems: cells,
      },
    };
  });
  rows.sort(
    (a, b) =>
      b.row.score.num_solved - a.row.score.num_solved ||
      seconds(a.row.score.total_time) - seconds(b.row.score.total_time) ||
      a.name.localeCompare(b.name, 'en'),
  );
  rows.forEach((r, i) => {
    const prev = rows[i - 1]?.row;
    const tied =
      prev &&
      prev.score.num_solved === r.row.score.num_solved &&
      prev.score.total_time === r.row.score.total_time;
    r.row.rank = tied ? prev.rank : i + 1;
  });
  return rows.map((r) => r.row);
}

/** The latest state of every object in the feed, by type (collections as arrays). */
export function lastStates(events: FeedEvent[]) {
  const out: Record<string, unknown> = {};
  for (const e of events) {
    if (e.id === null) out[e.type] = e.data;
    else {
      out[e.type] ??= new Map<string, unknown>();
      const m = out[e.type] as Map<string, unknown>;
      if (e.data === null) m.delete(e.id);
      else m.set(e.id, e.data);
    }
  }
  return out;
}
