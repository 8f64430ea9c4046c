import { LIMITS } from '@oj/shared';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../context.js';
import type { Db } from '../../db/client.js';
import { problems } from '../../db/schema/index.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { problemLanguageList } from '../language/language.service.js';
import { canViewProblem } from '../problem/problem.access.js';

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

/** 403 unless the user may view the problem (canViewProblem: public, or a problem manager; doc 2 §6). */
export function assertCanUseProblem(user: SessionUser, p: ProblemRow): void {
  if (!canViewProblem(user, p)) throw forbidden('submission.problemNotPublic');
}

/** Code checks of doc 2 §5: not empty after trim, at most 65535 characters. Throws 400 with the spec's messages. */
export function assertCode(code: string): void {
  if (!code.trim()) throw badRequest('submission.codeEmpty');
  if (code.length > LIMITS.codeMax) throw badRequest('submission.codeTooLong', { max: LIMITS.codeMax });
}

/** 400 unless `language` is one of the problem's available languages (all available when it lists none). */
export async function assertLanguage(db: Db, p: ProblemRow, language: string): Promise<void> {
  const allowed = await problemLanguageList(db, p.id);
  if (!allowed.some((l) => l.name === language)) {
    throw badRequest('submission.languageUnavailable', { language });
  }
}
