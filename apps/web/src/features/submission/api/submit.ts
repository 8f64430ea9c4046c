import { apiGet, apiPost } from '../../../lib/api.js';
import { PRACTICE_SCOPE, type SubmitScope } from '../lib/scope.js';
import type { StatusCheck, SubmissionVo, TestJudgeResult } from './types.js';

export interface SubmitInput {
  pid: number | string;
  language: string;
  code: string;
}

/** POST /api/submit-problem-judge (doc 2 §4.3, §7; practice: cid 0) -> the new submission (submitId). */
export const submitProblemJudge = (s: SubmitInput) =>
  apiPost<SubmissionVo>('/submit-problem-judge', { ...s, cid: 0, isRemote: false });

/**
 * POST /api/check-submissions-status {submitIds, cid} (practice, trainings, groups) or, in a contest,
 * /api/check-contest-submissions-status (doc 2 §7) -> map submitId to {status, score, time, memory, judged, total}.
 */
export const checkSubmissionsStatus = (submitIds: number[], scope: SubmitScope = PRACTICE_SCOPE) =>
  apiPost<Record<string, StatusCheck>>(
    scope.cid > 0 ? '/check-contest-submissions-status' : '/check-submissions-status',
    { submitIds, cid: scope.cid },
    { silent: true },
  );

/** Query keys of the status checks, per scope and submission. */
export const submissionStatusKeys = {
  all: ['submission-status'] as const,
  one: (scope: SubmitScope, submitId: number) => ['submission-status', scope.cid, submitId] as const,
};

export interface TestJudgeInput extends SubmitInput {
  userInput: string;
  expectedOutput?: string;
}

/** POST /api/submit-problem-test-judge (doc 2 §4.4, §7) -> the testJudgeKey to poll. */
export const submitTestJudge = (s: TestJudgeInput) =>
  apiPost<string>('/submit-problem-test-judge', {
    ...s,
    type: 'public',
    isRemoteJudge: false,
    expectedOutput: s.expectedOutput || null,
  });

/** GET /api/get-test-judge-result?testJudgeKey= -> status, output, time ms, memory KB, stderr. */
export const getTestJudgeResult = (testJudgeKey: string) =>
  apiGet<TestJudgeResult>('/get-test-judge-result', { testJudgeKey }, { silent: true });
