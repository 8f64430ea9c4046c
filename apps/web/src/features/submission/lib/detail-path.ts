import type { SubmitScope } from '../api/submit.js';

/**
 * The submission-detail address of doc 2 §2.5 for a submission made in `scope`: ContestSubmissionDetails
 * (/contest/{cid}/problem/{problemId}/submission-detail/{submitId}, `problemId` the contest's display id) in a
 * contest, GroupSubmissionDetails (/group/{gid}/submission-detail/{submitId}) in a group or a group's training,
 * else /submission-detail/{submitId}.
 */
export function submissionDetailPath(submitId: number, scope: SubmitScope = {}, problemId?: string): string {
  if (scope.cid && problemId) {
    return `/contest/${scope.cid}/problem/${encodeURIComponent(problemId)}/submission-detail/${submitId}`;
  }
  if (scope.gid) return `/group/${scope.gid}/submission-detail/${submitId}`;
  return `/submission-detail/${submitId}`;
}
