import type {
  AdminTrainingVo,
  Page,
  TrainingAdminProblemList,
  TrainingAdminProblemVo,
  TrainingBody,
  TrainingCategoryVo,
} from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { scopedUrl } from '../../../lib/admin-scope.js';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { trainingKeys } from '../../training/api/keys.js';

/** Query keys of the training back office; every edit also invalidates the public `trainingKeys.all`. */
export const adminTrainingKeys = {
  all: ['admin-training'] as const,
  list: (q: object) => ['admin-training', 'list', q] as const,
  one: (tid: number) => ['admin-training', tid] as const,
  problems: (tid: number, q: object) => ['admin-training', tid, 'problems', q] as const,
};

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: adminTrainingKeys.all });
  void queryClient.invalidateQueries({ queryKey: trainingKeys.all });
};

/** A problem row of the admin training problem lists (`id` and `pid` the problem's id; `gid` its group). */
export type TrainingAdminProblemRow = TrainingAdminProblemVo;

/**
 * GET /api/admin/training/list?keyword&currentPage&limit; with a `gid` GET /api/group/get-admin-training-list:
 * every training of that group (its admins).
 */
export const useAdminTrainings = (q: {
  keyword: string;
  currentPage: number;
  limit: number;
  gid?: number | null;
}) =>
  useQuery({
    queryKey: adminTrainingKeys.list(q),
    queryFn: () =>
      q.gid == null
        ? apiGet<Page<AdminTrainingVo>>('/admin/training/list', { ...q, gid: undefined })
        : apiGet<Page<AdminTrainingVo>>('/group/get-admin-training-list', q),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/training?tid= (author or super admin; a group's: GET /api/group/training, its roots or author). */
export const useAdminTraining = (tid: number | null, gid: number | null = null) =>
  useQuery({
    queryKey: adminTrainingKeys.one(tid ?? 0),
    queryFn: () =>
      apiGet<{ training: AdminTrainingVo; trainingCategory: TrainingCategoryVo | null }>(
        scopedUrl(gid, '/admin/training', '/group/training'),
        { tid },
      ),
    enabled: tid != null,
  });

/** POST (new) or PUT (with training.id) /api/admin/training; a group's: /api/group/training with `gid` on create. */
export const useSaveTraining = (gid: number | null = null) =>
  useMutation({
    mutationFn: (b: TrainingBody) => {
      const url = scopedUrl(gid, '/admin/training', '/group/training');
      return b.training.id
        ? apiPut<null>(url, b).then(() => ({ tid: b.training.id as number }))
        : apiPost<{ tid: number }>(url, gid == null ? b : { ...b, gid });
    },
    onSuccess: refresh,
  });

/** DELETE /api/admin/training?tid= (super admin; a group's: /api/group/training, its roots or author). */
export const useDeleteTraining = (gid: number | null = null) =>
  useMutation({
    mutationFn: (tid: number) =>
      apiDelete<null>(scopedUrl(gid, '/admin/training', '/group/training'), { tid }),
    onSuccess: refresh,
  });

/** PUT /api/admin/training/change-training-status?tid=&status= (group: /api/group/change-training-status). */
export const useChangeTrainingStatus = (gid: number | null = null) =>
  useMutation({
    mutationFn: (v: { tid: number; status: boolean }) =>
      apiPut<null>(
        scopedUrl(gid, '/admin/training/change-training-status', '/group/change-training-status'),
        undefined,
        undefined,
        v,
      ),
    onSuccess: refresh,
  });

/**
 * GET /api/admin/training/get-problem-list (group: /api/group/get-training-problem-list) -> {problemList,
 * trainingProblemMap}: a page of the training's problems (queryExisted) or public ones to add, and the training's
 * links by problem id (the link id the order and display id edits send).
 */
export const useTrainingAdminProblems = (
  q: {
    tid: number;
    keyword: string;
    queryExisted: boolean;
    currentPage: number;
    limit: number;
  },
  gid: number | null = null,
) =>
  useQuery({
    queryKey: adminTrainingKeys.problems(q.tid, q),
    queryFn: () =>
      apiGet<TrainingAdminProblemList>(
        scopedUrl(gid, '/admin/training/get-problem-list', '/group/get-training-problem-list'),
        q,
      ),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/training/add-problem-from-public {pid, tid, displayId} (group: …/add-training-problem-from-public). */
export const useAddTrainingProblem = (gid: number | null = null) =>
  useMutation({
    mutationFn: (b: { pid: number; tid: number; displayId: string }) =>
      apiPost<null>(
        scopedUrl(gid, '/admin/training/add-problem-from-public', '/group/add-training-problem-from-public'),
        b,
      ),
    onSuccess: refresh,
  });

/**
 * POST /api/group/add-training-problem-from-group {problemId, tid, displayId?}: one of the group's own problems. A
 * 404 (not the group's problem) is not toasted here: the dialog shows the server's message (notifyAddFromGroupError).
 */
export const useAddTrainingProblemFromGroup = () =>
  useMutation({
    mutationFn: (b: { problemId: string; tid: number; displayId?: string }) =>
      apiPost<null>('/group/add-training-problem-from-group', b, { silent404: true }),
    onSuccess: refresh,
  });

/** PUT /api/admin/training/problem {id, displayId?, rank?} (group: /api/group/training-problem). */
export const useUpdateTrainingProblem = (gid: number | null = null) =>
  useMutation({
    mutationFn: (b: { id: number; displayId?: string; rank?: number }) =>
      apiPut<null>(scopedUrl(gid, '/admin/training/problem', '/group/training-problem'), b),
    onSuccess: refresh,
  });

/** DELETE /api/admin/training/problem?pid=&tid= (group: /api/group/training-problem): from the training only. */
export const useRemoveTrainingProblem = (gid: number | null = null) =>
  useMutation({
    mutationFn: (q: { pid: number; tid: number }) =>
      apiDelete<null>(scopedUrl(gid, '/admin/training/problem', '/group/training-problem'), q),
    onSuccess: refresh,
  });

/** POST / PUT / DELETE /api/admin/training/category. */
export const useSaveCategory = () =>
  useMutation({
    mutationFn: (b: { id?: number; name: string; color: string }) =>
      b.id
        ? apiPut<null>('/admin/training/category', b)
        : apiPost<TrainingCategoryVo>('/admin/training/category', b),
    onSuccess: refresh,
  });
export const useDeleteCategory = () =>
  useMutation({
    mutationFn: (cid: number) => apiDelete<null>('/admin/training/category', { cid }),
    onSuccess: refresh,
  });
