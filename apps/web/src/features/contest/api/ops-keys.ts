import { contestKeys } from './contest.js';

/**
 * Query keys of the contest helpers (issue 10 §1): announcements, AC info and print jobs, all under
 * `contestKeys.one(cid)` so that the shell's one invalidation refreshes them too.
 */
export const contestOpsKeys = {
  announcements: (cid: number) => [...contestKeys.one(cid), 'announcements'] as const,
  announcementPage: (cid: number, currentPage: number, limit: number) =>
    [...contestOpsKeys.announcements(cid), currentPage, limit] as const,
  acInfo: (cid: number) => [...contestKeys.one(cid), 'ac-info'] as const,
  acInfoPage: (cid: number, currentPage: number) => [...contestOpsKeys.acInfo(cid), currentPage] as const,
  prints: (cid: number) => [...contestKeys.one(cid), 'prints'] as const,
  printPage: (cid: number, currentPage: number) => [...contestOpsKeys.prints(cid), currentPage] as const,
};
