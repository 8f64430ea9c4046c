import type { DiscussionReportVo, Page } from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { discussionKeys } from '../../discussion/api/keys.js';
import type { Discussion } from '../../discussion/api/types.js';
import { adminDiscussionKeys } from './keys.js';

/** A report of doc 3 §3 ("Report: label, reason, reporter, time") with its handled state (`status`). */
export type { DiscussionReportVo as DiscussionReport } from '@oj/shared';

/** GET /api/get-discussion-list?admin=true: every discussion, disabled ones too (admin roles). */
export const getAdminDiscussions = (p: { currentPage: number; limit: number; keyword?: string }) =>
  apiGet<Page<Discussion>>('/get-discussion-list', { ...p, admin: true });
export const useAdminDiscussions = (p: { currentPage: number; limit: number; keyword?: string }) =>
  useQuery({
    queryKey: adminDiscussionKeys.list(p),
    queryFn: () => getAdminDiscussions(p),
    placeholderData: keepPreviousData,
  });

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: adminDiscussionKeys.all });
  void queryClient.invalidateQueries({ queryKey: discussionKeys.all });
};

/** PUT /api/admin/discussion: pin (`topPriority`) or status (0 normal, 1 disabled) of a discussion. */
export const updateAdminDiscussion = (v: { id: number; topPriority?: boolean; status?: number }) =>
  apiPut<null>('/admin/discussion', v);
export const useUpdateAdminDiscussion = () =>
  useMutation({ mutationFn: updateAdminDiscussion, onSuccess: refresh });

/** DELETE /api/admin/discussion with the ids as the body: removes the listed discussions. */
export const deleteAdminDiscussions = (ids: number[]) =>
  apiDelete<null>('/admin/discussion', undefined, undefined, ids);
export const useDeleteAdminDiscussions = () =>
  useMutation({ mutationFn: deleteAdminDiscussions, onSuccess: refresh });

/** GET /api/admin/discussion-report?currentPage&limit: reports, newest first. */
export const getReports = (p: { currentPage: number; limit: number }) =>
  apiGet<Page<DiscussionReportVo>>('/admin/discussion-report', p);
export const useReports = (p: { currentPage: number; limit: number }) =>
  useQuery({
    queryKey: adminDiscussionKeys.reportPage(p),
    queryFn: () => getReports(p),
    placeholderData: keepPreviousData,
  });

/** PUT /api/admin/discussion-report {id, status}: marks a report handled (or not). */
export const updateReport = (v: { id: number; status: boolean }) =>
  apiPut<null>('/admin/discussion-report', v);
export const useUpdateReport = () =>
  useMutation({
    mutationFn: updateReport,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminDiscussionKeys.reports() }),
  });
