import type { AdminNoticeVo, NoticeTypeName, Page } from '@oj/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { adminNoticeKeys } from './keys.js';

/** Who receives a notice (doc 3 "Notice: recipient"): all users, named users (`Single`), the admin roles. */
export type NoticeRecipient = NoticeTypeName;

/** A notice of the back office (title, markdown content, recipients, delivered state). */
export type Notice = AdminNoticeVo;

export interface NoticeInput {
  id?: number;
  title: string;
  content: string;
  type: NoticeRecipient;
  recipients: string[];
}

/** GET /api/admin/msg/notice?currentPage&limit (super admin). */
export const getNotices = (p: { currentPage: number; limit: number }) =>
  apiGet<Page<Notice>>('/admin/msg/notice', p);
export const useNotices = (p: { currentPage: number; limit: number }) =>
  useQuery({
    queryKey: adminNoticeKeys.list(p),
    queryFn: () => getNotices(p),
    placeholderData: keepPreviousData,
  });

const refresh = () => void queryClient.invalidateQueries({ queryKey: adminNoticeKeys.all });

/** POST (new) or PUT (edit) /api/admin/msg/notice. */
export const saveNotice = (n: NoticeInput) =>
  n.id ? apiPut<null>('/admin/msg/notice', n) : apiPost<{ id: number }>('/admin/msg/notice', n);
export const useSaveNotice = () => useMutation({ mutationFn: saveNotice, onSuccess: refresh });

/** DELETE /api/admin/msg/notice?id. */
export const deleteNotice = (id: number) => apiDelete<null>('/admin/msg/notice', { id });
export const useDeleteNotice = () => useMutation({ mutationFn: deleteNotice, onSuccess: refresh });

/**
 * POST /api/admin/msg/notice/push {id} -> { messages }: delivers an undelivered notice now instead of at the hourly
 * push (an urgent notice). 400 when already pushed.
 */
export const pushNotice = (id: number) => apiPost<{ messages: number }>('/admin/msg/notice/push', { id });
export const usePushNotice = () => useMutation({ mutationFn: pushNotice, onSuccess: refresh });
