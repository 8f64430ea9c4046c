import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { contestKeys } from './contest.js';

/**
 * POST /api/admin/judge/rejudge-contest-problem?cid=&pid= (super admin; doc 2 §2.10 Rejudge All) -> { count }:
 * every submission of the problem back to the judge queue. Refreshes the whole contest (board, problem counts,
 * submissions, AC info) since each of them moves. `progressId`: the server counts the submissions queued and
 * judged again under it (GET /api/admin/progress, issue 28).
 */
export const useRejudgeContestProblem = (cid: number) =>
  useMutation({
    mutationFn: ({ pid, progressId }: { pid: number; progressId?: string }) =>
      apiPost<{ count: number }>('/admin/judge/rejudge-contest-problem', undefined, undefined, {
        cid,
        pid,
        progressId,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestKeys.one(cid) }),
  });
