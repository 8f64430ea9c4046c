import { isFinishedStatus, LIMITS, LIVE_EVENT, LIVE_LIMITS, type LiveVerdictData } from '@oj/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPut } from '../../../lib/api.js';
import { useLiveEvent, useLiveResync, useLiveStatus } from '../../../lib/events.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { useSession } from '../../../lib/session.js';
import { submissionKeys } from './keys.js';
import type { CaseResultResponse, SubmissionDetailResponse, WaCaseData } from './types.js';

/** GET /api/get-submission-detail?submitId= (doc 2 §2.5, §7) -> { submission, codeShare, waCaseData }. */
export const getSubmissionDetail = (submitId: number) =>
  apiGet<SubmissionDetailResponse>('/get-submission-detail', { submitId });
export const submissionDetailQuery = (submitId: number) =>
  queryOptions({
    queryKey: submissionKeys.detail(submitId),
    queryFn: () => getSubmissionDetail(submitId),
    staleTime: 0,
  });
/**
 * The detail; polls every 2 s while the submission is unfinished (doc 2 §4.3), stopping on unmount. For one's own
 * submission while the live stream is up (issue 10 §4) its status changes arrive as events instead (the detail is
 * fetched again when the status moves), with a check every 30 s as a safety net.
 */
export const useSubmissionDetail = (submitId: number) => {
  const live = useLiveStatus();
  const uid = useSession().userInfo?.uid;
  const query = useQuery({
    ...submissionDetailQuery(submitId),
    enabled: Number.isInteger(submitId) && submitId > 0,
    refetchInterval: (q) => {
      const sub = q.state.data?.submission;
      if (sub == null || isFinishedStatus(sub.status)) return false;
      return live && sub.uid === uid ? LIVE_LIMITS.verdictSafetyPollMs : LIMITS.submissionPollMs;
    },
  });
  const shown = query.data?.submission.status;
  useLiveEvent<LiveVerdictData>(LIVE_EVENT.verdict, (d) => {
    if (d.submitId === submitId && d.status !== shown) void query.refetch();
  });
  useLiveResync(() => {
    if (shown != null && !isFinishedStatus(shown)) void query.refetch();
  });
  return query;
};

/** GET /api/get-all-case-result?submitId= -> cases and subtasks, or null when the problem hides them. */
export const getAllCaseResult = (submitId: number) =>
  apiGet<CaseResultResponse | null>('/get-all-case-result', { submitId }, { silent: true });
export const allCaseResultQuery = (submitId: number, version: string) =>
  queryOptions({
    queryKey: submissionKeys.caseResult(submitId, version),
    queryFn: () => getAllCaseResult(submitId),
  });
export const useAllCaseResult = (submitId: number, version: string, enabled: boolean) =>
  useQuery({ ...allCaseResultQuery(submitId, version), enabled });

/** PUT /api/submission {submitId, share} (owner) -> {submitId, share}. */
export const updateShare = (submitId: number, share: boolean) =>
  apiPut<{ submitId: number; share: boolean }>('/submission', { submitId, share });

/** GET /api/resubmit?submitId= (owner or admin; failed submissions) -> {submitId, status}. */
export const resubmit = (submitId: number) =>
  apiGet<{ submitId: number; status: number }>('/resubmit', { submitId });

/**
 * GET /api/file/download-testcase-one?submitId=&pid=&data= (doc 2 §2.5, §7): the first failing case's input and
 * expected output as a zip, saved as `problem_<displayPid>_case_<caseIndex>.zip`. Rejects (message shown by the api
 * client) on 403 / 400 / 404.
 */
export async function downloadWaCase(submitId: number, displayPid: string, wa: WaCaseData): Promise<void> {
  const blob = await apiDownload('/file/download-testcase-one', {
    submitId,
    pid: displayPid,
    data: wa.caseIndex,
  });
  saveBlob(blob, `problem_${displayPid.replace(/[^A-Za-z0-9_.-]/g, '_')}_case_${wa.caseIndex}.zip`);
}
