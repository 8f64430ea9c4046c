import { JudgeStatus, Role } from '@oj/shared';
import { and, eq, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import type { AppContext, SessionUser } from '../../context.js';
import { contestProblems, submissions, users } from '../../db/schema/index.js';
import { loadAdministeredContest } from './contest.admin.js';

/**
 * Download AC submissions (issue 10 §1; doc 3 contest admin list "download AC submissions"): a zip of the last
 * accepted code per participant and problem of a contest. Contest admins only (401 / 403 / 404 as the back office).
 */

/** The file extension of a language (HOJ's names: `C++ 17 With O2`, `Python3`, …); `txt` when unknown. */
export function languageExtension(language: string): string {
  const l = language.toLowerCase();
  if (l.startsWith('c++')) return 'cpp';
  if (l.startsWith('c#')) return 'cs';
  if (l === 'c' || l.startsWith('c ')) return 'c';
  if (l.startsWith('java') && !l.startsWith('javascript')) return 'java';
  if (l.startsWith('python') || l.startsWith('pypy')) return 'py';
  if (l.startsWith('go')) return 'go';
  if (l.startsWith('rust')) return 'rs';
  if (l.startsWith('javascript') || l.startsWith('node')) return 'js';
  if (l.startsWith('php')) return 'php';
  if (l.startsWith('ruby')) return 'rb';
  return 'txt';
}

/** A path segment that cannot climb out of its folder or carry control characters. */
const segment = (s: string) =>
  Array.from(s.replace(/[\\/:*?"<>|]/g, '_'), (ch) => (ch.charCodeAt(0) < 32 ? '_' : ch))
    .join('')
    .replace(/^\.+/, '_') || '_';

/**
 * GET /api/file/download-contest-ac-submission?cid&excludeAdmin&splitType=user|problem -> { name, zip }. One file
 * per (participant, problem): the latest accepted submission, named `<username>/<displayId>.<ext>` (user) or
 * `<displayId>/<username>.<ext>` (problem). `excludeAdmin` leaves out the contest's admins (creator, super admins).
 */
export async function acSubmissionZip(
  ctx: AppContext,
  user: SessionUser,
  q: { cid: number; excludeAdmin: boolean; splitType: 'user' | 'problem' },
): Promise<{ name: string; zip: Uint8Array }> {
  const c = await loadAdministeredContest(ctx, user, q.cid);
  const rows = await ctx.db
    .selectDistinctOn([submissions.uid, submissions.pid], {
      uid: submissions.uid,
      username: users.username,
      role: users.role,
      displayId: contestProblems.displayId,
      language: submissions.language,
      code: submissions.code,
    })
    .from(submissions)
    .innerJoin(users, eq(users.uid, submissions.uid))
    .innerJoin(
      contestProblems,
      and(eq(contestProblems.cid, submissions.cid), eq(contestProblems.pid, submissions.pid)),
    )
    .where(and(eq(submissions.cid, q.cid), eq(submissions.status, JudgeStatus.ACCEPTED)))
    .orderBy(
      submissions.uid,
      submissions.pid,
      sql`${submissions.submitTime} desc`,
      sql`${submissions.id} desc`,
    );
  const files: Record<string, Uint8Array> = {};
  const enc = new TextEncoder();
  for (const r of rows) {
    if (q.excludeAdmin && (r.role === Role.ROOT || r.uid === c.uid)) continue;
    const [dir, file] = q.splitType === 'user' ? [r.username, r.displayId] : [r.displayId, r.username];
    files[`${segment(dir)}/${segment(file)}.${languageExtension(r.language)}`] = enc.encode(r.code);
  }
  return { name: `contest_${c.id}_ac_submissions.zip`, zip: zipSync(files) };
}
