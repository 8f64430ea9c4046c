import { isFinishedStatus, LIMITS, type Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { submissionKeys } from './keys.js';
import type { SubmissionListFilter, SubmissionListItem } from './types.js';

function compact(f: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== false),
  );
}

/**
 * GET /api/get-submission-list (doc 2 §2.4, §7) -> a page of submissions (no code); with a `cid`,
 * GET /api/contest-submissions (same filters plus the contest id).
 */
export const getSubmissionList = (f: SubmissionListFilter) =>
  apiGet<Page<SubmissionListItem>>(f.cid ? '/contest-submissions' : '/get-submission-list', compact(f));
export const submissionListQuery = (f: SubmissionListFilter) =>
  queryOptions({
    queryKey: submissionKeys.list(compact(f)),
    queryFn: () => getSubmissionList(f),
    staleTime: 0,
  });
/** True when some row is still Pending, Compiling, Judging or Submitting. */
export const hasUnfinished = (rows: SubmissionListItem[] | undefined): boolean =>
  !!rows?.some((r) => !isFinishedStatus(r.status));

/**
 * The list; with `autoRefresh` it refetches every 2 s while some row is unfinished (doc 2 §2.4), and the timer
 * stops when the component unmounts.
 */
export const useSubmissionList = (
  f: SubmissionListFilter,
  opts: { enabled?: boolean; autoRefresh?: boolean } = {},
) =>
  useQuery({
    ...submissionListQuery(f),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
    refetchInterval: (q) =>
      opts.autoRefresh !== false && hasUnfinished(q.state.data?.records) ? LIMITS.submissionPollMs : false,
  });
