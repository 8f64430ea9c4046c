import type { ScrollBoardVo } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { contestKeys } from './contest.js';

/** Query key of a contest's scroll board, under the contest's key (one invalidation refreshes the shell). */
export const scrollBoardKey = (cid: number, removeStar: boolean) =>
  [...contestKeys.one(cid), 'scroll-board', removeStar] as const;

/**
 * GET /api/get-contest-scroll-board?cid=&removeStar= (contest admins, ACM; issue 10 §2): the sealed board and its
 * reveals in resolver order. Fetched once: a refetch in the middle of a ceremony must not restart it, so it never
 * goes stale and is not refetched on focus or reconnect; refusals (403, 400) are not retried.
 */
export const scrollBoardQuery = (cid: number, removeStar: boolean) =>
  queryOptions({
    queryKey: scrollBoardKey(cid, removeStar),
    queryFn: () => apiGet<ScrollBoardVo>('/get-contest-scroll-board', { cid, removeStar }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
export const useScrollBoard = (cid: number, removeStar: boolean, enabled = true) =>
  useQuery({ ...scrollBoardQuery(cid, removeStar), enabled });
