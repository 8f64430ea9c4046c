import { apiPost, apiPut } from '../../../lib/api.js';
import type { SubmissionVo } from './types.js';

/** POST /api/admin/judge/rejudge?submitId= (admin roles) -> the submission, back to Pending. */
export const rejudge = (submitId: number) =>
  apiPost<SubmissionVo>('/admin/judge/rejudge', undefined, undefined, { submitId });

/** PUT /api/admin/judge/manual-judge {submitId, status, score} (super admin) -> the submission. */
export const manualJudge = (submitId: number, status: number, score: number | null) =>
  apiPut<SubmissionVo>('/admin/judge/manual-judge', { submitId, status, score });

/** PUT /api/admin/judge/cancel-judge?submitId= (super admin) -> the submission, Cancelled. */
export const cancelJudge = (submitId: number) =>
  apiPut<SubmissionVo>('/admin/judge/cancel-judge', undefined, undefined, { submitId });
