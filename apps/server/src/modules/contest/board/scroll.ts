import {
  type AcmRowVo,
  ContestType,
  isPendingCell,
  Resolver,
  type ScrollBoardQuery,
  type ScrollBoardReveal,
  type ScrollBoardRow,
  type ScrollBoardSubmission,
  type ScrollBoardVo,
  UNFINISHED_STATUS_CODES,
} from '@oj/shared';
import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../../context.js';
import { submissions } from '../../../db/schema/index.js';
import { badRequest, forbidden } from '../../../lib/errors.js';
import { contestAdminIn, loadContest } from '../contest.access.js';
import { sealOf, sealSettings } from '../contest.clock.js';
import { type BuiltBoard, tieOrder } from './build.js';
import { outsideInfo } from './outside.js';
import { boardInView, type PageContest } from './page.js';

const cellKey = (uid: string, displayId: string) => `${uid}\n${displayId}`;

/**
 * The hidden submissions of the pending cells `keys` (uid + displayId), with their verdicts now, in submit order:
 * those from the seal to the end, and unfinished ones before the seal (a sealed cell shows both as tries).
 */
async function hiddenSubmissions(
  ctx: AppContext,
  c: PageContest,
  board: BuiltBoard,
  keys: Set<string>,
): Promise<Map<string, ScrollBoardSubmission[]>> {
  const out = new Map<string, ScrollBoardSubmission[]>();
  const sealStart = sealOf(c).startsAt;
  if (!keys.size || !sealStart) return out;
  const s = submissions;
  const rows = await ctx.db
    .select({ id: s.id, uid: s.uid, pid: s.pid, status: s.status, submitTime: s.submitTime })
    .from(s)
    .where(
      and(
        eq(s.cid, c.id),
        gte(s.submitTime, c.startTime),
        lt(s.submitTime, c.endTime),
        or(gte(s.submitTime, sealStart), inArray(s.status, UNFINISHED_STATUS_CODES)),
      ),
    )
    .orderBy(asc(s.submitTime), asc(s.id));
  for (const r of rows) {
    const displayId = board.displayIdOf.get(r.pid);
    if (displayId == null) continue;
    const key = cellKey(r.uid, displayId);
    if (!keys.has(key)) continue;
    const list = out.get(key) ?? [];
    list.push({ submitId: r.id, status: r.status, submitTime: r.submitTime.toISOString() });
    out.set(key, list);
  }
  return out;
}

/**
 * GET /api/get-contest-scroll-board?cid&removeStar (issue 10 §2; doc 2 §2.10; docs/scoreboard.md "Scroll board"):
 * the sealed ACM board and its pending cells in the order the resolver reveals them (packages/shared
 * scoreboard/resolver.ts: lowest row with a pending cell first, its leftmost pending cell first), each with its
 * final cell and the submissions it hid. Both boards are the board code's own (the cached sealed and real views,
 * without after-contest submissions); `removeStar` drops star rows from both. A contest that never sealed answers
 * `sealed: false`, its real board and no reveals. Allowed before the end (the web asks first): the final state is
 * then the real board so far.
 *
 * Errors: 404 unknown contest; 403 not a contest admin (creator or super admin); 400 an OI contest.
 */
export async function scrollBoard(
  ctx: AppContext,
  user: SessionUser,
  q: ScrollBoardQuery,
  now = new Date(),
): Promise<ScrollBoardVo> {
  const c = await loadContest(ctx, q.cid);
  if (!(await contestAdminIn(ctx, user, c))) throw forbidden('contest.scrollBoardAdminsOnly');
  if (c.type !== ContestType.ACM) throw badRequest('contest.scrollBoardAcmOnly');
  const sealed = sealOf(c).startsAt != null;
  const finalBoard = await boardInView(ctx.db, c, { sealed: false, containsEnd: false });
  const startBoard = sealed ? await boardInView(ctx.db, c, { sealed: true, containsEnd: false }) : finalBoard;
  const keep = (r: { rank: number }) => !(q.removeStar && r.rank === -1);
  const start = (startBoard.rows as AcmRowVo[]).filter(keep);
  // The boards order tied rows by name as the server collates them: each row carries its place in that order.
  const byName = [...start].sort(tieOrder);
  const nameOrder = new Map(byName.map((r, i) => [r.uid, i]));
  const rows: ScrollBoardRow[] = start.map((r) => ({ ...r, nameOrder: nameOrder.get(r.uid) ?? 0 }));

  const info = await outsideInfo(ctx.db, c, true, now);
  const contest = {
    id: c.id,
    title: c.title,
    type: c.type,
    status: info.contest.status,
    startTime: info.contest.startTime,
    endTime: info.contest.endTime,
    now: info.contest.now,
    ...sealSettings(c),
    rankShowName: c.rankShowName,
  };
  if (!sealed) return { contest, problemList: info.problemList, sealed, rows, reveals: [] };

  const finals = new Map((finalBoard.rows as AcmRowVo[]).map((r) => [r.uid, r.submissionInfo]));
  const resolver = new Resolver(
    rows,
    startBoard.displayIds,
    (uid, displayId) => finals.get(uid)?.[displayId] ?? null,
  );
  const steps = resolver.runAll();
  const pendingKeys = new Set<string>();
  for (const r of rows) {
    for (const [id, cell] of Object.entries(r.submissionInfo)) {
      if (isPendingCell(cell)) pendingKeys.add(cellKey(r.uid, id));
    }
  }
  const hidden = await hiddenSubmissions(ctx, c, startBoard, pendingKeys);
  const reveals: ScrollBoardReveal[] = steps.map(({ reveal }) => ({
    ...reveal,
    submissions: hidden.get(cellKey(reveal.uid, reveal.displayId)) ?? [],
  }));
  return { contest, problemList: info.problemList, sealed, rows, reveals };
}
