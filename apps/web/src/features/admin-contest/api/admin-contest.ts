import type { AdminContestListItem, AdminContestVo, ContestBody, Page } from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { contestKeys } from '../../contest/api/contest.js';
import { homeKeys } from '../../home/api/keys.js';

export type { AdminContestListItem } from '@oj/shared';

/** Paging and keyword of the admin lists. */
export interface AdminPageQuery {
  keyword: string;
  currentPage: number;
  limit: number;
}

/** A problem row of the contest admin problem lists (doc 3 §3 admin problem row). */
export interface ContestAdminProblemRow {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  type: number;
  auth: number;
  isRemote: boolean;
}

/** The contest's side of a problem: display id, display title, balloon colour. */
export interface ContestProblemLink {
  id: number;
  cid: number;
  pid: number;
  displayId: string;
  displayTitle: string;
  color: string | null;
}

/** GET /api/admin/contest/get-problem-list answer. */
export interface ContestAdminProblemList {
  problemList: Page<ContestAdminProblemRow>;
  contestProblemMap: Record<string, ContestProblemLink>;
}

/** Query keys of the contest back office; a change also drops the public contest pages (`contestKeys.all`). */
export const adminContestKeys = {
  all: ['admin', 'contest'] as const,
  list: (q: AdminPageQuery) => ['admin', 'contest', 'list', q] as const,
  one: (cid: number) => ['admin', 'contest', cid] as const,
  problems: (cid: number, q: AdminPageQuery & { problemType?: number }) =>
    ['admin', 'contest', cid, 'problems', q] as const,
};

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: adminContestKeys.all });
  void queryClient.invalidateQueries({ queryKey: contestKeys.all });
  void queryClient.invalidateQueries({ queryKey: homeKeys.recentContests() });
};

/** GET /api/admin/contest/get-contest-list?keyword&currentPage&limit: contests the caller may manage. */
export const useAdminContests = (q: AdminPageQuery) =>
  useQuery({
    queryKey: adminContestKeys.list(q),
    queryFn: () => apiGet<Page<AdminContestListItem>>('/admin/contest/get-contest-list', q),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/contest?cid=: every stored field (creator or super admin). */
export const useAdminContest = (cid: number | null) =>
  useQuery({
    queryKey: adminContestKeys.one(cid ?? 0),
    queryFn: () => apiGet<AdminContestVo>('/admin/contest', { cid }),
    enabled: cid != null,
  });

/** POST /api/admin/contest (no id) -> { cid }, or PUT with the id; 400 names the refused field. */
export const useSaveContest = () =>
  useMutation({
    mutationFn: (b: ContestBody) =>
      b.id ? apiPut<null>('/admin/contest', b) : apiPost<{ cid: number }>('/admin/contest', b),
    onSuccess: refresh,
  });

/** DELETE /api/admin/contest?cid=. */
export const useDeleteContest = () =>
  useMutation({
    mutationFn: (cid: number) => apiDelete<null>('/admin/contest', { cid }),
    onSuccess: refresh,
  });

/** PUT /api/admin/contest/change-contest-visible?cid=&visible=. */
export const useChangeVisible = () =>
  useMutation({
    mutationFn: (v: { cid: number; visible: boolean }) =>
      apiPut<null>(`/admin/contest/change-contest-visible?cid=${v.cid}&visible=${v.visible}`),
    onSuccess: refresh,
  });

/**
 * GET /api/admin/contest/get-problem-list: the contest's problems (with their contest side), or with
 * `problemType` the public problems of the contest's rule that can still be added.
 */
export const useContestAdminProblems = (
  cid: number,
  q: AdminPageQuery & { problemType?: number },
  enabled = true,
) =>
  useQuery({
    queryKey: adminContestKeys.problems(cid, q),
    queryFn: () => apiGet<ContestAdminProblemList>('/admin/contest/get-problem-list', { cid, ...q }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /api/admin/contest/add-problem-from-public {pid, cid, displayId}. */
export const useAddFromPublic = () =>
  useMutation({
    mutationFn: (b: { pid: number; cid: number; displayId: string }) =>
      apiPost<null>('/admin/contest/add-problem-from-public', b),
    onSuccess: refresh,
  });

/** PUT /api/admin/contest/contest-problem {id, displayId, displayTitle, color}. */
export const useUpdateContestProblem = () =>
  useMutation({
    mutationFn: (b: { id: number; displayId: string; displayTitle: string; color: string | null }) =>
      apiPut<null>('/admin/contest/contest-problem', b),
    onSuccess: refresh,
  });

/** DELETE /api/admin/contest/problem?pid=&cid=: takes the problem out of the contest only. */
export const useRemoveContestProblem = () =>
  useMutation({
    mutationFn: (b: { pid: number; cid: number }) => apiDelete<null>('/admin/contest/problem', b),
    onSuccess: refresh,
  });
