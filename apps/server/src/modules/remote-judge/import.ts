import { adapterFor, RemoteJudgeError, type RemoteProblem } from '@oj/remote-judge';
import type { RemoteOjName } from '@oj/shared';
import { ProblemAuth } from '@oj/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { problems } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { createProblem } from '../problem/problem.store.js';
import { remoteProblemIdOf } from './remote-problem.js';

/** How long the import waits for the site (ms). */
const IMPORT_TIMEOUT_MS = 20_000;

/** The problem an import creates, as the admin problem list answers (pid, problemId) plus the raw limits. */
export interface ImportedRemoteProblem {
  pid: number;
  problemId: string;
  title: string;
  rawLimits: RemoteProblem['rawLimits'];
}

/**
 * GET /api/admin/import-remote-problem (HOJ's shape; doc 3 admin "import remote problem"): reads `siteId` from `oj`
 * through its adapter (@oj/remote-judge, base URL `OJ_REMOTE_<OJ>_URL`) and creates a public remote problem
 * `<OJ>-<siteId>` (`HDU-1000`, `CF-1A`, `GYM-100001A`, `AC-abc001_a`) with the statement, samples, limits (ms, MB),
 * source and the link to the original; no test data (judged on the site), the OJ's languages (none listed).
 * Errors: 400 problemExists when already imported, 400 problemNotFound when the site has no such problem, 400
 * importFailed (the site's error, never a credential: the import does not log in) when the site cannot be read.
 */
export async function importRemoteProblem(
  ctx: AppContext,
  username: string,
  oj: RemoteOjName,
  siteId: string,
): Promise<ImportedRemoteProblem> {
  const problemId = remoteProblemIdOf(oj, siteId);
  const [clash] = await ctx.db
    .select({ id: problems.id })
    .from(problems)
    .where(sql`upper(${problems.problemId}) = upper(${problemId})`);
  if (clash) throw badRequest('remoteJudge.problemExists', { problemId });
  let rp: RemoteProblem;
  try {
    rp = await withTimeout(adapterFor(oj).importProblem(siteId), IMPORT_TIMEOUT_MS);
  } catch (e) {
    if (e instanceof RemoteJudgeError && e.kind === 'not-found') {
      throw badRequest('remoteJudge.problemNotFound', { oj, problemId: siteId });
    }
    const detail = e instanceof Error ? e.message : String(e);
    throw badRequest('remoteJudge.importFailed', { oj, detail: detail.slice(0, 200) });
  }
  const created = await createProblem(ctx.db, {
    problem: {
      problemId,
      title: rp.title.slice(0, 255) || problemId,
      author: username,
      description: rp.description,
      input: rp.input,
      output: rp.output,
      examples: rp.samples.map((s) => ({ input: s.input, output: s.output })),
      hint: rp.hint,
      source: rp.source || rp.url,
      timeLimit: Math.max(1, Math.round(rp.timeLimit)),
      memoryLimit: Math.max(1, Math.round(rp.memoryLimit)),
      isRemote: true,
      remoteOj: oj,
      remoteProblemId: rp.problemId || siteId,
      remoteUrl: rp.url,
      isUploadCase: false,
      auth: ProblemAuth.PUBLIC,
      modifiedUser: username,
    },
    testcases: [],
  });
  return { pid: created.id, problemId: created.problemId, title: rp.title, rawLimits: rp.rawLimits };
}

/** `p`, or a rejection after `ms`. */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}
