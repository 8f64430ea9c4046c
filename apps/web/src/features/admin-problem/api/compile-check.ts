import { apiGet, apiPost } from '../../../lib/api.js';

/** What is compiled: the special judge (checker) or the interactor. */
export type SpjCompileMode = 'spj' | 'interactive';

/** The body of POST /api/admin/problem/compile-spj | compile-interactive (doc 3 §7). */
export interface CompileRequest {
  code: string;
  language: string;
  /** Files written beside the source (name -> content), e.g. testlib.h. */
  extraFiles?: Record<string, string> | null;
}

/** GET /api/admin/problem/compile-result: queued until a judgehost answered; message is the compiler's output. */
export interface CompileResult {
  status: 'queued' | 'ok' | 'error';
  message: string;
}

/** How often the form asks for the result, ms. */
export const COMPILE_POLL_MS = 1000;
/** When the form stops waiting for a judgehost, ms. */
export const COMPILE_WAIT_MS = 120_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Queues the compile check and polls its result every COMPILE_POLL_MS until it is `ok` or `error`. Resolves
 * `queued` when no judgehost answered within COMPILE_WAIT_MS or `isCancelled()` turned true (form left).
 * Rejects with the api client's ApiError on a refused request (400, 403), whose message was already shown.
 * `gid`: a group problem's check, through that group's calls.
 */
export async function compileSpjCode(
  mode: SpjCompileMode,
  body: CompileRequest,
  isCancelled: () => boolean = () => false,
  gid: number | null = null,
): Promise<CompileResult> {
  // A group's admins compile through the group's calls (POST /api/group/compile-spj?gid=, docs/groups.md).
  const key =
    gid == null
      ? await apiPost<string>(`/admin/problem/compile-${mode}`, body)
      : await apiPost<string>(`/group/compile-${mode}`, body, undefined, { gid });
  const resultUrl = gid == null ? '/admin/problem/compile-result' : '/group/compile-result';
  const deadline = Date.now() + COMPILE_WAIT_MS;
  while (Date.now() < deadline && !isCancelled()) {
    await sleep(COMPILE_POLL_MS);
    if (isCancelled()) break;
    const r = await apiGet<CompileResult>(resultUrl, { key });
    if (r.status !== 'queued') return r;
  }
  return { status: 'queued', message: '' };
}
