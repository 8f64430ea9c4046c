import { Progress } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiGet } from '../lib/api.js';
import { usePoll } from '../lib/use-poll.js';

/** GET /api/admin/progress: a long admin job's progress (issue 28; docs/operations.md "Progress of long work"). */
export interface JobProgressVo {
  id: string;
  kind: 'import' | 'rejudge';
  done: number;
  total: number | null;
  state: 'running' | 'done' | 'failed';
  /** Rejudge: of the submissions queued again, those with a verdict again. */
  judged?: number;
}

/** Whether nothing more will move: the job ended and, for a rejudge, every submission has its verdict again. */
const finished = (p: JobProgressVo | null) =>
  !!p && p.state !== 'running' && (p.judged === undefined || p.judged >= (p.total ?? 0));

/**
 * A long admin job's progress, polled (lib/use-poll) from `begin()` on: `begin` answers a fresh id to send as the
 * request's `progressId`; the poll asks every 0.5-2 s until the job ended (and, for a rejudge, every submission is
 * judged again) or the page is left. Before the server has started the job (the upload still going) the poll sees
 * 404 and keeps asking.
 */
export function useJobProgress() {
  const [id, setId] = useState<string | null>(null);
  const poll = usePoll<JobProgressVo | null>({
    queryKey: ['admin-progress', id],
    queryFn: () =>
      apiGet<JobProgressVo>('/admin/progress', { id }, { silent: true }).catch((e) => {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }),
    enabled: id !== null,
    isDone: finished,
    progressOf: (p) => [p?.done, p?.judged],
    firstMs: 500,
    maxMs: 2000,
    maxChecks: 1800,
  });
  const begin = useCallback(() => {
    // getRandomValues, not randomUUID: the latter exists on https and localhost only (a LAN site is plain http).
    const next = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    setId(next);
    return next;
  }, []);
  return { begin, progress: id ? (poll.data ?? null) : null };
}

/** The bar's state: a rejudge whose submissions are all queued again but not all judged yet is `judging`. */
const stateOf = (p: JobProgressVo) => (p.state === 'done' && p.judged !== undefined ? 'judging' : p.state);

/**
 * The bar of a long admin job (`data-testid="job-progress"`, the state in `data-state`: running, judging, done,
 * failed): problems done of the package's count for an import, submissions queued again and then judged again for
 * a rejudge.
 */
export function JobProgressBar({ progress }: { progress: JobProgressVo | null }) {
  const { t } = useTranslation();
  if (!progress) return null;
  const total = progress.total ?? 0;
  const rejudge = progress.kind === 'rejudge';
  const queued = progress.state !== 'running';
  const count = rejudge && queued ? (progress.judged ?? 0) : progress.done;
  const label =
    progress.total === null
      ? t('Job_reading')
      : t(rejudge ? (queued ? 'Job_rejudge_judged' : 'Job_rejudge_queued') : 'Job_import', {
          done: count,
          total,
        });
  const percent = total ? Math.floor((count * 100) / total) : 0;
  return (
    <div
      data-testid="job-progress"
      data-state={finished(progress) ? 'done' : stateOf(progress)}
      role="status"
    >
      <Progress
        percent={percent}
        size="small"
        status={progress.state === 'failed' ? 'exception' : finished(progress) ? 'success' : 'active'}
        aria-label={label}
      />
      <div style={{ fontSize: 12 }}>{label}</div>
    </div>
  );
}
