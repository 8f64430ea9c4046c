import type { Page } from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { adminProblemKeys } from '../../admin-problem/api/keys.js';
import { groupKeys } from '../../group/api/keys.js';
import { problemKeys } from '../../problem/api/keys.js';

/** A group problem in the examine list (docs/groups.md `GET /api/admin/group-problem/list`). */
export interface GroupProblemApplyRow {
  id: number;
  problemId: string;
  title: string;
  author: string | null;
  gid: number;
  groupName: string | null;
  auth: number;
  /** null none, 1 applying, 2 public, 3 refused. */
  applyPublicProgress: number | null;
  gmtModified: string;
}

/** Paging, keyword and group filter of the examine list. */
export interface GroupProblemApplyQuery {
  currentPage: number;
  limit: number;
  keyword?: string;
  gid?: number;
}

/** Query keys of the group-problem examine page. */
export const groupProblemApplyKeys = {
  all: ['admin', 'group-problem'] as const,
  list: (q: GroupProblemApplyQuery) => ['admin', 'group-problem', 'list', q] as const,
};

/** GET /api/admin/group-problem/list (admin roles): group problems, those waiting for a decision first. */
export const useGroupProblemApplications = (q: GroupProblemApplyQuery) =>
  useQuery({
    queryKey: groupProblemApplyKeys.list(q),
    queryFn: () =>
      apiGet<Page<GroupProblemApplyRow>>('/admin/group-problem/list', {
        ...q,
        keyword: q.keyword || undefined,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * PUT /api/admin/group-problem/change-progress {pid, progress}: 2 makes the problem public (it joins the main problem
 * list), 3 refuses the application. Refreshes this list, the problem lists and the groups' pages.
 */
export const useDecideGroupProblem = () =>
  useMutation({
    mutationFn: (b: { pid: number; progress: number }) =>
      apiPut<null>('/admin/group-problem/change-progress', b),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupProblemApplyKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminProblemKeys.all });
      void queryClient.invalidateQueries({ queryKey: problemKeys.all });
      void queryClient.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
