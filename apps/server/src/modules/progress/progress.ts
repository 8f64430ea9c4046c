import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';

/**
 * Progress of long admin work (issue 28): an import of many problems, a rejudge of many submissions. The page
 * picks an id (`progressId` in the request's query string), sends the request, and polls
 * GET /api/admin/progress?id= while it runs: `{ kind, done, total, state }`, `done` counting up to `total`.
 * Kept in this process's memory for an hour (a scaled set-up answers the poll on the server that runs the work
 * only; the poll then says 404 on the others, and the request's own answer still comes).
 */
export interface Progress {
  id: string;
  kind: 'import' | 'rejudge';
  /** Items finished (problems imported or refused; submissions queued again). */
  done: number;
  /** Items in all, null until known (the package is still being read). */
  total: number | null;
  state: 'running' | 'done' | 'failed';
  startedAt: number;
  /** Rejudge: the submissions queued again, whose verdicts the poll counts as `judged`. */
  submissionIds?: number[];
}

/** How long a finished job's progress stays readable. */
const KEEP_MS = 60 * 60 * 1000;
/** At most this many jobs are kept (the oldest finished go first). */
const MAX_JOBS = 1000;

const jobs = new Map<string, Progress>();
const current = new AsyncLocalStorage<Progress>();

/** The id a page may choose: 8 to 64 letters, digits, `-` or `_` (a UUID fits). */
export const progressIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _');

const key = (uid: string, id: string) => `${uid}\u0000${id}`;

function prune(now: number): void {
  for (const [k, p] of jobs) if (p.state !== 'running' && now - p.startedAt > KEEP_MS) jobs.delete(k);
  if (jobs.size < MAX_JOBS) return;
  for (const [k, p] of jobs) {
    if (p.state !== 'running') jobs.delete(k);
    if (jobs.size < MAX_JOBS) return;
  }
}

/**
 * Runs `work` under a progress record when the request's query carries `progressId` (else just runs it): the
 * record belongs to the signed-in user `uid` (another user's poll cannot see it) and ends `done` or `failed` with
 * the work. Importers and the rejudge report through `progressTotal` and `progressStep`. Throws 400 naming
 * `progressId` when it is malformed, or already used by a job of this user still running.
 */
export async function withProgress<T>(
  req: FastifyRequest,
  uid: string,
  kind: Progress['kind'],
  work: () => Promise<T>,
): Promise<T> {
  const raw = (req.query as Record<string, unknown> | undefined)?.progressId;
  if (raw === undefined || raw === '') return work();
  const parsed = progressIdSchema.safeParse(raw);
  if (!parsed.success)
    throw badRequest('validation.invalid', {
      field: 'query.progressId',
      detail: parsed.error.issues[0].message,
    });
  const k = key(uid, parsed.data);
  if (jobs.get(k)?.state === 'running')
    throw badRequest('validation.invalid', {
      field: 'query.progressId',
      detail: 'in use by a job of yours still running',
    });
  const now = Date.now();
  prune(now);
  const p: Progress = { id: parsed.data, kind, done: 0, total: null, state: 'running', startedAt: now };
  jobs.set(k, p);
  try {
    const result = await current.run(p, work);
    p.state = 'done';
    if (p.total === null) p.total = p.done;
    return result;
  } catch (e) {
    p.state = 'failed';
    throw e;
  }
}

/** Sets the current job's total (items in all); adds to it when called again (several files of one upload). */
export function progressTotal(n: number): void {
  const p = current.getStore();
  if (p) p.total = (p.total ?? 0) + n;
}

/** One more item of the current job finished. */
export function progressStep(): void {
  const p = current.getStore();
  if (p) p.done++;
}

/** Rejudge: remembers the submissions queued again (the poll counts their verdicts). */
export function progressSubmissions(ids: number[]): void {
  const p = current.getStore();
  if (p) p.submissionIds = ids;
}

/** The job `id` of user `uid`, or undefined. */
export function progressOf(uid: string, id: string): Progress | undefined {
  return jobs.get(key(uid, id));
}
