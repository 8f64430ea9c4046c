import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contestClarifications } from '../../db/schema/index.js';
import type { Entry } from './clics.access.js';
import { clicsTime, contestTime } from './clics.format.js';
import type { ClicsView } from './clics.view.js';

/**
 * CLICS clarifications (issue 10 §3, §5) from our contest clarifications (one row: a participant's question and an
 * admin's answer, private to the asker or public; or an admin's post without a question). Contest admins see a
 * question as a message from its team (`q<id>`) and the answer as a reply from the judges (`a<id>`) to that team, or
 * to everyone when public. The public sees the public ones only, each as one message from the judges to everyone
 * whose text quotes the question (our public clarifications never name the asker). An answer may reword the
 * question, so both messages change with the row's last edit.
 */

const c = contestClarifications;
type Row = typeof c.$inferSelect;

/** The contest's clarifications this view may see (admins: all; public: the public ones), by id. */
async function loadRows(db: Db, view: ClicsView): Promise<Row[]> {
  const where = view.admin ? eq(c.cid, view.contest.id) : and(eq(c.cid, view.contest.id), eq(c.public, true));
  return db.select().from(c).where(where).orderBy(asc(c.id));
}

/** The askers of the contest's questions with when they first asked (contest admins' teams include them). */
export async function loadAskers(db: Db, view: ClicsView): Promise<{ uid: string; at: Date }[]> {
  if (!view.admin) return [];
  const rows = await db
    .select({ uid: c.uid, at: c.gmtCreate })
    .from(c)
    .where(and(eq(c.cid, view.contest.id), isNotNull(c.uid), isNotNull(c.question)));
  return rows.filter((r): r is { uid: string; at: Date } => r.uid != null);
}

/** `text` as a quotation (each line prefixed with `> `). */
const quoted = (text: string) =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

/**
 * The clarification messages of the view as feed entries. `teams`: the view's team ids (a question of someone who
 * is not a team is left out, and its answer then replies to nothing); `problemIds`: pid -> CLICS problem id (a
 * problem no longer in the contest becomes a general clarification).
 */
export async function loadClarifications(
  db: Db,
  view: ClicsView,
  refs: { teams: Set<string>; problemIds: Map<number, string> },
): Promise<Entry[]> {
  const start = view.contest.startTime;
  const out: Entry[] = [];
  const message = (id: string, key: Date, at: Date, fields: Record<string, unknown>, r: Row) => {
    const problem = r.pid != null ? (refs.problemIds.get(r.pid) ?? null) : null;
    const data = {
      id,
      from_team_id: null,
      to_team_ids: null,
      reply_to_id: null,
      problem_id: problem,
      ...fields,
      time: clicsTime(at),
      contest_time: contestTime(start, at),
    };
    out.push({ type: 'clarifications', id, data, key: key.getTime() });
  };
  for (const r of await loadRows(db, view)) {
    const answeredAt = r.gmtAnswered ?? r.gmtModified;
    if (!view.admin) {
      if (r.answer == null) continue;
      const text = r.question != null ? `${quoted(r.question)}\n\n${r.answer}` : r.answer;
      message(`a${r.id}`, r.gmtModified, answeredAt, { text }, r);
      continue;
    }
    const team = r.uid != null && refs.teams.has(r.uid) ? r.uid : null;
    const asked = r.question != null && team != null;
    if (asked) message(`q${r.id}`, r.gmtModified, r.gmtCreate, { from_team_id: team, text: r.question }, r);
    if (r.answer == null) continue;
    if (!r.public && r.question != null && !team) continue; // a private answer to someone who is not a team
    message(
      `a${r.id}`,
      r.gmtModified,
      answeredAt,
      {
        to_team_ids: r.public || !team ? null : [team],
        reply_to_id: asked ? `q${r.id}` : null,
        text: r.answer,
      },
      r,
    );
  }
  return out;
}
