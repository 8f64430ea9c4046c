import type { Page, TrainingRankRecord } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import type { TrainingCell } from '../../db/schema/index.js';
import {
  encodePage,
  type PageBody,
  RecentReads,
  type SharedPage,
  VersionedCache,
} from '../../lib/page-cache.js';
import { ok } from '../../lib/reply.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { queuedHooksIdle } from '../judge/hooks.js';
import { enterTraining, loadTraining, type TrainingRow } from './training.access.js';

/**
 * The training rank served as the contest board is (docs/trainings.md "Speed", lib/page-cache.ts): per training
 * one ranked board (the narrow rows of every ranked user, in order, with ranks) kept at the training's
 * `rank_version`; pages that look the same to every viewer (no keyword) kept with it as JSON bytes and compressed
 * once; the training row (its version with it) reused for RECENT_MS; concurrent requests share one build. The
 * version moves in the database (training.progress.ts, the settings update, triggers on training_problems,
 * training_registers and deleted records), so every server process sees a change within RECENT_MS (this process
 * at once: `trainingChanged`).
 */

/** A ranked user without the cells (those are read for the rows of a page only). */
type RankRow = Omit<TrainingRankRecord, 'submissionInfo'>;

/** One training's ranked board at a rank version. */
export interface RankBoard {
  rows: RankRow[];
  /** pid (as text) -> display id, for the cells. */
  display: Map<string, string>;
  /** Shared pages by `currentPage:limit`, each built once (concurrent requests share the promise). */
  pages: Map<string, Promise<SharedPage>>;
}

const boards = new VersionedCache<RankBoard>(64);
/** How many training rank boards this process built (tests and the bench read it). */
export const rankCacheStats = boards.stats;
const recent = new RecentReads();

/** The training row (with its rank version), reused for RECENT_MS. */
function recentTraining(ctx: AppContext, tid: number): Promise<TrainingRow> {
  return recent.get(`t:${tid}`, () => loadTraining(ctx, tid));
}

/**
 * This process changed what training `tid`'s rank shows (its version moved in the database): drop the reused
 * training row so the next request reads the new version at once. Other processes see it within RECENT_MS.
 */
export function trainingChanged(tid: number): void {
  recent.forget(`t:${tid}`);
}

interface Ranked {
  rank: string | number;
  uid: string;
  username: string;
  nickname: string | null;
  realname: string | null;
  gender: string | null;
  avatar: string | null;
  school: string | null;
  ac: number;
  total_time: string | number;
}

/**
 * Builds the ranked board of a training from training_records (doc 2 §2.13): its users (a private one: its
 * registered users) by AC count desc, total run time (ms) asc, then username; equal AC and time share a rank.
 * Two indexed queries, no cells (those are read per page).
 */
async function buildRankBoard(ctx: AppContext, t: TrainingRow): Promise<RankBoard> {
  const registeredOnly =
    t.auth === 'Private'
      ? sql`AND EXISTS (SELECT 1 FROM training_registers g WHERE g.tid = r.tid AND g.uid = r.uid)`
      : sql``;
  const [ranked, links] = await Promise.all([
    ctx.db.execute(sql`
      SELECT r.uid, r.ac, r.total_time, rank() OVER (ORDER BY r.ac DESC, r.total_time) AS rank,
        u.username, u.nickname, u.realname, u.gender, u.avatar, u.school
      FROM training_records r JOIN users u ON u.uid = r.uid
      WHERE r.tid = ${t.id} ${registeredOnly}
      ORDER BY r.ac DESC, r.total_time, u.username`),
    ctx.db.execute(sql`SELECT pid, display_id FROM training_problems WHERE tid = ${t.id}`),
  ]);
  return {
    rows: rowsOf<Ranked>(ranked).map((r) => ({
      rank: Number(r.rank),
      uid: r.uid,
      username: r.username,
      nickname: r.nickname,
      realname: r.realname,
      gender: r.gender,
      avatar: r.avatar,
      school: r.school,
      ac: Number(r.ac),
      totalRunTime: Number(r.total_time),
    })),
    display: new Map(
      rowsOf<{ pid: number | string; display_id: string }>(links).map((l) => [String(l.pid), l.display_id]),
    ),
    pages: new Map(),
  };
}

/** The rows of a page with their cells by display id (one indexed read of those rows' records). */
async function withCells(
  ctx: AppContext,
  tid: number,
  board: RankBoard,
  rows: RankRow[],
): Promise<TrainingRankRecord[]> {
  if (!rows.length) return [];
  const uids = rows.map((r) => r.uid);
  const res = await ctx.db.execute(sql`
    SELECT uid, info FROM training_records WHERE tid = ${tid}
      AND uid IN (${sql.join(
        uids.map((u) => sql`${u}`),
        sql`, `,
      )})`);
  const infos = new Map(
    rowsOf<{ uid: string; info: Record<string, TrainingCell> }>(res).map((r) => [r.uid, r.info]),
  );
  return rows.map((r) => {
    const submissionInfo: TrainingRankRecord['submissionInfo'] = {};
    for (const [pid, cell] of Object.entries(infos.get(r.uid) ?? {})) {
      const d = board.display.get(pid);
      if (d) submissionInfo[d] = { status: cell.status, runTime: cell.time, pid: Number(pid) };
    }
    return { ...r, submissionInfo };
  });
}

/** username or realname contains the keyword, case-insensitive (as the ILIKE it replaces). */
function matches(r: RankRow, keyword: string): boolean {
  const k = keyword.toLowerCase();
  return r.username.toLowerCase().includes(k) || (r.realname ?? '').toLowerCase().includes(k);
}

type RankQuery = { tid: number; currentPage: number; limit: number; keyword?: string };

async function pageOf(ctx: AppContext, board: RankBoard, q: RankQuery): Promise<Page<TrainingRankRecord>> {
  const kw = q.keyword?.trim();
  const rows = kw ? board.rows.filter((r) => matches(r, kw)) : board.rows;
  const start = (q.currentPage - 1) * q.limit;
  return {
    records: await withCells(ctx, q.tid, board, rows.slice(start, start + q.limit)),
    total: rows.length,
    current: q.currentPage,
    size: q.limit,
  };
}

/**
 * GET /api/get-training-rank?tid=&currentPage=&limit=&keyword= (doc 2 §2.13, §3 "Training rank record") as the
 * API answer `{status, msg, data: Page<TrainingRankRecord>}` in bytes, compressed as `want` asks (null: plain
 * JSON). Access as enterTraining (401 / 404 / 403). A page without keyword is the same for every viewer (the web
 * highlights the own row itself): kept as bytes and compressed once per rank version. A keyword page filters
 * the cached board in memory and reads the cells of its rows only.
 */
export async function trainingRankBody(
  ctx: AppContext,
  viewer: SessionUser | null,
  q: RankQuery,
  want: 'br' | 'gzip' | null,
): Promise<PageBody> {
  // New submissions' cells are written after the submit answered (judge/hooks.ts afterQueued): wait for this
  // process's, so a viewer sees their own pending try and the rank version it moved.
  await queuedHooksIdle(ctx.db);
  const { training } = await enterTraining(ctx, viewer, q.tid, recentTraining);
  const board = await boards.get(String(training.id), training.rankVersion, () =>
    buildRankBoard(ctx, training),
  );
  if (q.keyword?.trim()) {
    return { body: Buffer.from(JSON.stringify(ok(await pageOf(ctx, board, q)))), encoding: null };
  }
  const key = `${q.currentPage}:${q.limit}`;
  let page = board.pages.get(key);
  if (!page) {
    page = pageOf(ctx, board, q).then((p) => ({ raw: Buffer.from(JSON.stringify(ok(p))) }));
    if (board.pages.size < 256) {
      board.pages.set(key, page);
      page.catch(() => board.pages.delete(key));
    }
  }
  return encodePage(await page, want);
}
