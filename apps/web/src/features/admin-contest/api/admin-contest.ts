import type { AdminContestListItem, AdminContestVo, ContestBody, Page } from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { scopedUrl } from '../../../lib/admin-scope.js';
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
  list: (q: AdminPageQuery & { gid?: number }) => ['admin', 'contest', 'list', q] as const,
  one: (cid: number) => ['admin', 'contest', cid] as const,
  problems: (cid: number, q: AdminPageQuery & { problemType?: number }) =>
    ['admin', 'contest', cid, 'problems', q] as const,
};

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: adminContestKeys.all });
  void queryClient.invalidateQueries({ queryKey: contestKeys.all });
  void queryClient.invalidateQueries({ queryKey: homeKeys.recentContests() });
};

/**
 * GET /api/admin/contest/get-contest-list?keyword&currentPage&limit: contests the caller may manage; with a `gid`
 * GET /api/group/get-admin-contest-list: that group's contests (its admins).
 */
export const useAdminContests = (q: AdminPageQuery, gid: number | null = null) =>
  useQuery({
    queryKey: adminContestKeys.list(gid == null ? q : { ...q, gid }),
    queryFn: () =>
      gid == null
        ? apiGet<Page<AdminContestListItem>>('/admin/contest/get-contest-list', q)
        : apiGet<Page<AdminContestListItem>>('/group/get-admin-contest-list', { ...q, gid }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/contest?cid= (group: /api/group/contest): every stored field (the contest's admins). */
export const useAdminContest = (cid: number | null, gid: number | null = null) =>
  useQuery({
    queryKey: adminContestKeys.one(cid ?? 0),
    queryFn: () => apiGet<AdminContestVo>(scopedUrl(gid, '/admin/contest', '/group/contest'), { cid }),
    enabled: cid != null,
  });

/**
 * POST /api/admin/contest (no id) -> { cid }, or PUT with the id; 400 names the refused field. A group's:
 * /api/group/contest, `gid` added on create.
 */
export const useSaveContest = (gid: number | null = null) =>
  useMutation({
    mutationFn: (b: ContestBody) => {
      const url = scopedUrl(gid, '/admin/contest', '/group/contest');
      return b.id ? apiPut<null>(url, b) : apiPost<{ cid: number }>(url, gid == null ? b : { ...b, gid });
    },
    onSuccess: refresh,
  });

/** DELETE /api/admin/contest?cid= (group: /api/group/contest). */
export const useDeleteContest = (gid: number | null = null) =>
  useMutation({
    mutationFn: (cid: number) => apiDelete<null>(scopedUrl(gid, '/admin/contest', '/group/contest'), { cid }),
    onSuccess: refresh,
  });

/** PUT /api/admin/contest/change-contest-visible?cid=&visible= (group: /api/group/change-contest-visible). */
export const useChangeVisible = (gid: number | null = null) =>
  useMutation({
    mutationFn: (v: { cid: number; visible: boolean }) =>
      apiPut<null>(
        scopedUrl(gid, '/admin/contest/change-contest-visible', '/group/change-contest-visible'),
        undefined,
        undefined,
        v,
      ),
    onSuccess: refresh,
  });

/**
 * GET /api/admin/contest/get-problem-list (group: /api/group/get-contest-problem-list): the contest's problems
 * (with their contest side), or with `problemType` the public problems of the contest's rule that can still be added.
 */
export const useContestAdminProblems = (
  cid: number,
  q: AdminPageQuery & { problemType?: number },
  enabled = true,
  gid: number | null = null,
) =>
  useQuery({
    queryKey: adminContestKeys.problems(cid, q),
    queryFn: () =>
      apiGet<ContestAdminProblemList>(
        scopedUrl(gid, '/admin/contest/get-problem-list', '/group/get-contest-problem-list'),
        { cid, ...q },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /api/admin/contest/add-problem-from-public {pid, cid, displayId} (group: …/add-contest-problem-from-public). */
export const useAddFromPublic = (gid: number | null = null) =>
  useMutation({
    mutationFn: (b: { pid: number; cid: number; displayId: string }) =>
      apiPost<null>(
        scopedUrl(gid, '/admin/contest/add-problem-from-public', '/group/add-contest-problem-from-public'),
        b,
      ),
    onSuccess: refresh,
  });

/**
 * POST /api/group/add-contest-problem-from-group {problemId, cid, displayId}: one of the group's own problems. A 404
 * (not the group's problem) is not toasted here: the dialog shows the server's message (notifyAddFromGroupError).
 */
export const useAddContestProblemFromGroup = () =>
  useMutation({
    mutationFn: (b: { problemId: string; cid: number; displayId: string }) =>
      apiPost<null>('/group/add-contest-problem-from-group', b, { silent404: true }),
    onSuccess: refresh,
  });

/** PUT /api/admin/contest/contest-problem {id, displayId, displayTitle, color} (group: /api/group/contest-problem). */
export const useUpdateContestProblem = (gid: number | null = null) =>
  useMutation({
    mutationFn: (b: { id: number; displayId: string; displayTitle: string; color: string | null }) =>
      apiPut<null>(scopedUrl(gid, '/admin/contest/contest-problem', '/group/contest-problem'), b),
    onSuccess: refresh,
  });

/** DELETE /api/admin/contest/problem?pid=&cid= (group: /api/group/contest-problem): out of the contest only. */
export const useRemoveContestProblem = (gid: number | null = null) =>
  useMutation({
    mutationFn: (b: { pid: number; cid: number }) =>
      apiDelete<null>(scopedUrl(gid, '/admin/contest/problem', '/group/contest-problem'), b),
    onSuccess: refresh,
  });
