import {
  CLARIFICATION_LIMITS,
  type ContestClarificationUnreadVo,
  type ContestClarificationVo,
  type Page,
} from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { contestKeys } from './contest.js';
import { contestOpsKeys } from './ops-keys.js';

export type { ContestClarificationUnreadVo, ContestClarificationVo } from '@oj/shared';

/** Query keys of a contest's clarifications (issue 10 §3), under `contestKeys.one(cid)`. */
export const clarificationKeys = {
  all: (cid: number) => [...contestKeys.one(cid), 'clarifications'] as const,
  list: (cid: number, currentPage: number) => [...clarificationKeys.all(cid), 'list', currentPage] as const,
  queue: (cid: number, currentPage: number, onlyUnanswered: boolean) =>
    [...clarificationKeys.all(cid), 'queue', currentPage, onlyUnanswered] as const,
  unread: (cid: number) => [...clarificationKeys.all(cid), 'unread'] as const,
};

/** Refreshes every clarification query of contest `cid` (lists, queue, unread badge). */
export const refreshClarifications = (cid: number) =>
  queryClient.invalidateQueries({ queryKey: clarificationKeys.all(cid) });

const limit = CLARIFICATION_LIMITS.page;

/** GET /api/get-contest-clarification: the caller's own questions and every public one, latest activity first. */
export const getClarifications = (cid: number, currentPage: number) =>
  apiGet<Page<ContestClarificationVo>>('/get-contest-clarification', { cid, currentPage, limit });
export const clarificationsQuery = (cid: number, currentPage: number) =>
  queryOptions({
    queryKey: clarificationKeys.list(cid, currentPage),
    queryFn: () => getClarifications(cid, currentPage),
    placeholderData: keepPreviousData,
  });
export const useClarifications = (cid: number, currentPage: number) =>
  useQuery(clarificationsQuery(cid, currentPage));

/** GET /api/admin/contest/clarification (contest admins): the queue, unanswered first, then newest first. */
export const getClarificationQueue = (cid: number, currentPage: number, onlyUnanswered: boolean) =>
  apiGet<Page<ContestClarificationVo>>('/admin/contest/clarification', {
    cid,
    currentPage,
    limit,
    onlyUnanswered,
  });
export const clarificationQueueQuery = (cid: number, currentPage: number, onlyUnanswered: boolean) =>
  queryOptions({
    queryKey: clarificationKeys.queue(cid, currentPage, onlyUnanswered),
    queryFn: () => getClarificationQueue(cid, currentPage, onlyUnanswered),
    placeholderData: keepPreviousData,
  });
export const useClarificationQueue = (cid: number, currentPage: number, onlyUnanswered: boolean) =>
  useQuery(clarificationQueueQuery(cid, currentPage, onlyUnanswered));

/**
 * GET /api/get-contest-not-read-clarification: the caller's unread answers and (contest admins) the unanswered
 * count. Silent: a failed background check shows no toast, the next one tries again. Never stale on its own: the
 * notifier refetches it (timer, tab back in view, or a pushed event).
 */
export const getUnreadClarifications = (cid: number) =>
  apiGet<ContestClarificationUnreadVo>('/get-contest-not-read-clarification', { cid }, { silent: true });
export const unreadClarificationsQuery = (cid: number) =>
  queryOptions({
    queryKey: clarificationKeys.unread(cid),
    queryFn: () => getUnreadClarifications(cid),
    staleTime: Number.POSITIVE_INFINITY,
  });
/** The unread data as the cache holds it (`fetch` false: read only, the notifier fetches). */
export const useUnreadClarifications = (cid: number, fetch: boolean) =>
  useQuery({ ...unreadClarificationsQuery(cid), enabled: fetch });

/** PUT /api/read-contest-clarification {cid, ids}: marks those answers read; refreshes the badge. */
export const markClarificationsRead = async (cid: number, ids: number[]) => {
  await apiPut<{ count: number }>('/read-contest-clarification', { cid, ids }, { silent: true });
  await queryClient.invalidateQueries({ queryKey: clarificationKeys.unread(cid) });
};

/**
 * POST /api/submit-contest-clarification {cid, displayId, content} (participants while the contest runs). Silent:
 * the form shows a refusal (30 s, 10 unanswered) where the user is looking.
 */
export const useAskClarification = (cid: number) =>
  useMutation({
    mutationFn: (b: { displayId: string | null; content: string }) =>
      apiPost<{ id: number }>('/submit-contest-clarification', { cid, ...b }, { silent: true }),
    onSuccess: () => refreshClarifications(cid),
  });

/** The answer dialog's body: PUT answers or edits `id`; POST (no id) posts to everyone unprompted. */
export interface ClarificationAnswerInput {
  id?: number;
  displayId?: string | null;
  answer: string;
  public: boolean;
  question?: string;
  announce: boolean;
  announceTitle?: string;
}

/**
 * PUT /api/admin/contest/clarification (answer or edit) or POST (post unprompted), contest admins; refreshes the
 * clarifications and, when an announcement was made, the Announcements tab.
 */
export const saveClarificationAnswer = (cid: number, b: ClarificationAnswerInput) => {
  const { id, displayId, ...rest } = b;
  if (id != null) {
    return apiPut<{ announcementId: number | null }>('/admin/contest/clarification', { id, cid, ...rest });
  }
  const { answer, announce, announceTitle } = rest;
  return apiPost<{ id: number; announcementId: number | null }>('/admin/contest/clarification', {
    cid,
    displayId: displayId ?? null,
    answer,
    announce,
    announceTitle,
  });
};
export const useSaveClarificationAnswer = (cid: number) =>
  useMutation({
    mutationFn: (b: ClarificationAnswerInput) => saveClarificationAnswer(cid, b),
    onSuccess: (_r, b) => {
      void refreshClarifications(cid);
      if (b.announce) void queryClient.invalidateQueries({ queryKey: contestOpsKeys.announcements(cid) });
    },
  });

/** DELETE /api/admin/contest/clarification?id= (contest admins). */
export const useDeleteClarification = (cid: number) =>
  useMutation({
    mutationFn: (id: number) => apiDelete<null>('/admin/contest/clarification', { id }),
    onSuccess: () => refreshClarifications(cid),
  });
