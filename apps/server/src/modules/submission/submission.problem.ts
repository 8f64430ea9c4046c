import { LIMITS } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context.js';
import type { Db } from '../../db/client.js';
import { problems } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { rowsOf } from '../../lib/sql-rows.js';
import { canViewProblemIn } from '../problem/problem.access.js';

export type ProblemRow = typeof problems.$inferSelect;

/**
 * Finds a problem by its display id (`problemId`, case-insensitive) or, failing that, by numeric id. HOJ sends
 * the display id for practice submissions. Throws 404 when none matches.
 */
export async function findProblem(db: Db, pid: string | number): Promise<ProblemRow> {
  const key = String(pid).trim();
  if (!key) throw badRequest('submission.pidRequired');
  const [byDisplay] = await db
    .select()
    .from(problems)
    .where(sql`upper(${problems.problemId}) = upper(${key})`);
  if (byDisplay) return byDisplay;
  if (/^\d{1,15}$/.test(key)) {
    const [byId] = await db
      .select()
      .from(problems)
      .where(eq(problems.id, Number(key)));
    if (byId) return byId;
  }
  throw notFound('problem.notFound');
}

/**
 * 403 unless the user may view the problem (canViewProblemIn: public, a problem manager, or a member of its group
 * as the group's rules allow; doc 2 §6, doc 3 §6).
 */
export async function assertCanUseProblem(ctx: AppContext, user: SessionUser, p: ProblemRow): Promise<void> {
  if (!(await canViewProblemIn(ctx, user, p))) throw forbidden('submission.problemNotPublic');
}

/** Code checks of doc 2 §5: not empty after trim, at most 65535 characters. Throws 400 with the spec's messages. */
export function assertCode(code: string): void {
  if (!code.trim()) throw badRequest('submission.codeEmpty');
  if (code.length > LIMITS.codeMax) throw badRequest('submission.codeTooLong', { max: LIMITS.codeMax });
}

/**
 * 400 unless `language` is one of the problem's available languages (all available local ones when it lists none,
 * its OJ's for a remote problem):
 * the rule of `problemLanguageList`, asked as one statement on the submit path.
 */
export async function assertLanguage(db: Db, p: ProblemRow, language: string): Promise<void> {
  // A remote problem listing no languages takes its OJ's (seeded from the adapters, remote-judge/languages.ts).
  const langOj = p.isRemote && p.remoteOj ? p.remoteOj : 'ME';
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`
      SELECT CASE WHEN EXISTS (SELECT 1 FROM problem_languages WHERE pid = ${p.id})
        THEN EXISTS (SELECT 1 FROM problem_languages pl JOIN languages l ON l.id = pl.lid
          WHERE pl.pid = ${p.id} AND l.available AND l.name = ${language})
        ELSE EXISTS (SELECT 1 FROM languages l WHERE l.available AND l.oj = ${langOj} AND l.name = ${language})
      END AS ok`),
  );
  if (!row?.ok) {
    throw badRequest('submission.languageUnavailable', { language });
  }
}
