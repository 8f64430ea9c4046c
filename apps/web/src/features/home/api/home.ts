import type { CarouselItem, RecentAcRankItem } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { homeKeys } from './keys.js';

/** A contest as the recent-contest list shows it (doc 2 contest fields; only what the card uses). */
export interface RecentContest {
  id: number;
  title: string;
  startTime: string;
  endTime: string;
  status: number;
  type: number;
}

/** GET /api/home-carousel -> [{id, url}] (doc 1 §2.5). */
export const getHomeCarousel = () => apiGet<CarouselItem[]>('/home-carousel', undefined, { silent404: true });
export const homeCarouselQuery = () =>
  queryOptions({ queryKey: homeKeys.carousel(), queryFn: getHomeCarousel });
export const useHomeCarousel = () => useQuery(homeCarouselQuery());

/** GET /api/get-recent-contest (doc 1 §7). */
export const getRecentContest = () =>
  apiGet<RecentContest[]>('/get-recent-contest', undefined, { silent404: true });
export const recentContestQuery = () =>
  queryOptions({ queryKey: homeKeys.recentContests(), queryFn: getRecentContest });
export const useRecentContest = () => useQuery(recentContestQuery());

/** GET /api/get-recent-seven-ac-rank (doc 1 §2.5). */
export const getRecentSevenAcRank = () =>
  apiGet<RecentAcRankItem[]>('/get-recent-seven-ac-rank', undefined, { silent404: true });
export const recentSevenAcRankQuery = () =>
  queryOptions({ queryKey: homeKeys.recentSevenAcRank(), queryFn: getRecentSevenAcRank });
export const useRecentSevenAcRank = () => useQuery(recentSevenAcRankQuery());
