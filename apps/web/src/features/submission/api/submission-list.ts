import { isFinishedStatus, LIMITS, LIVE_EVENT, type LiveVerdictData, type Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { apiGet } from '../../../lib/api.js';
import { throttled, useLiveEvent, useLiveResync, useLiveStatus } from '../../../lib/events.js';
import { useSession } from '../../../lib/session.js';
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

/** Refetches of a list caused by live verdict events: at most one per this many ms. */
const LIVE_LIST_REFRESH_MS = 1000;

/**
 * The list; with `autoRefresh` it refetches every 2 s while some row is unfinished (doc 2 §2.4), and the timer
 * stops when the component unmounts. While the live stream is up (issue 10 §4) one's own rows need no polling:
 * their status changes arrive as events and refetch the page (at most once a second); others' unfinished rows
 * still poll.
 */
export const useSubmissionList = (
  f: SubmissionListFilter,
  opts: { enabled?: boolean; autoRefresh?: boolean } = {},
) => {
  const live = useLiveStatus();
  const uid = useSession().userInfo?.uid;
  const auto = opts.autoRefresh !== false;
  const query = useQuery({
    ...submissionListQuery(f),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
    refetchInterval: (q) => {
      const rows = q.state.data?.records;
      const waiting = live ? rows?.filter((r) => r.uid !== uid) : rows;
      return auto && hasUnfinished(waiting) ? LIMITS.submissionPollMs : false;
    },
  });
  const latest = useRef(query);
  latest.current = query;
  const refresh = useMemo(() => throttled(() => void latest.current.refetch(), LIVE_LIST_REFRESH_MS), []);
  useLiveEvent<LiveVerdictData>(
    LIVE_EVENT.verdict,
    (d) => {
      const row = latest.current.data?.records.find((r) => r.submitId === d.submitId);
      if (row && row.status !== d.status) refresh();
    },
    auto,
  );
  useLiveResync(() => {
    if (hasUnfinished(latest.current.data?.records)) refresh();
  }, auto);
  return query;
};
