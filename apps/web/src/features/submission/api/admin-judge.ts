import type { ApiResponse } from '@oj/shared';
import { http } from '../../../lib/api.js';
import type { SubmissionVo } from './types.js';

/** POST /api/admin/judge/rejudge?submitId= (admin roles) -> the submission, back to Pending. */
export const rejudge = async (submitId: number) =>
  (await http.post<ApiResponse<SubmissionVo>>('/admin/judge/rejudge', null, { params: { submitId } })).data
    .data;

/** PUT /api/admin/judge/manual-judge {submitId, status, score} (super admin) -> the submission. */
export const manualJudge = async (submitId: number, status: number, score: number | null) =>
  (await http.put<ApiResponse<SubmissionVo>>('/admin/judge/manual-judge', { submitId, status, score })).data
    .data;

/** PUT /api/admin/judge/cancel-judge?submitId= (super admin) -> the submission, Cancelled. */
export const cancelJudge = async (submitId: number) =>
  (await http.put<ApiResponse<SubmissionVo>>('/admin/judge/cancel-judge', null, { params: { submitId } }))
    .data.data;
