import type { AnnouncementItem, Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { announcementKeys } from '../../announcement/api/keys.js';
import { adminKeys } from './keys.js';

/** GET /api/admin/announcement?currentPage&limit: every announcement, hidden ones too. */
export const getAdminAnnouncements = (currentPage: number, limit: number) =>
  apiGet<Page<AnnouncementItem>>('/admin/announcement', { currentPage, limit });
export const adminAnnouncementsQuery = (currentPage: number, limit: number) =>
  queryOptions({
    queryKey: adminKeys.announcementList(currentPage, limit),
    queryFn: () => getAdminAnnouncements(currentPage, limit),
    placeholderData: keepPreviousData,
  });
export const useAdminAnnouncements = (currentPage: number, limit: number) =>
  useQuery(adminAnnouncementsQuery(currentPage, limit));

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: adminKeys.announcements() });
  void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
};

/** POST /api/admin/announcement {title, content}. */
export const createAnnouncement = (body: { title: string; content: string }) =>
  apiPost<AnnouncementItem>('/admin/announcement', body);
/** PUT /api/admin/announcement {id, title, content, status} (status 0 visible, 1 hidden). */
export const updateAnnouncement = (body: { id: number; title: string; content: string; status?: number }) =>
  apiPut<AnnouncementItem>('/admin/announcement', body);
/** DELETE /api/admin/announcement?aid= */
export const deleteAnnouncement = (aid: number) => apiDelete<unknown>('/admin/announcement', { aid });

export const useCreateAnnouncement = () =>
  useMutation({ mutationFn: createAnnouncement, onSuccess: refresh });
export const useUpdateAnnouncement = () =>
  useMutation({ mutationFn: updateAnnouncement, onSuccess: refresh });
export const useDeleteAnnouncement = () =>
  useMutation({ mutationFn: deleteAnnouncement, onSuccess: refresh });
