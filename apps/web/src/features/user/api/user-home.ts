import type { CalendarHeatmap, UserHomeInfo } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { userKeys } from './keys.js';

/** Who a profile call is about; both absent means the signed-in user. */
export interface Who {
  uid?: string;
  username?: string;
}

const params = (w: Who) => ({
  ...(w.uid ? { uid: w.uid } : {}),
  ...(w.username ? { username: w.username } : {}),
});

/** GET /api/get-user-home-info?uid&username (doc 1 §7). */
export const getUserHomeInfo = (w: Who) => apiGet<UserHomeInfo>('/get-user-home-info', params(w));
export const userHomeInfoQuery = (w: Who) =>
  queryOptions({
    queryKey: userKeys.homeInfo(w.uid ?? '', w.username ?? ''),
    queryFn: () => getUserHomeInfo(w),
  });
export const useUserHomeInfo = (w: Who) => useQuery(userHomeInfoQuery(w));

/** GET /api/get-user-calendar-heatmap?uid&username (doc 1 §7): submissions per day over the last year. */
export const getUserCalendarHeatmap = (w: Who) =>
  apiGet<CalendarHeatmap>('/get-user-calendar-heatmap', params(w), { silent: true });
export const userCalendarHeatmapQuery = (w: Who) =>
  queryOptions({
    queryKey: userKeys.heatmap(w.uid ?? '', w.username ?? ''),
    queryFn: () => getUserCalendarHeatmap(w),
  });
export const useUserCalendarHeatmap = (w: Who) => useQuery(userCalendarHeatmapQuery(w));
