/** Query keys of the submission pages: the status list, a submission's detail and its case results. */
export const submissionKeys = {
  all: ['submission'] as const,
  lists: () => [...submissionKeys.all, 'list'] as const,
  /** A status list page; `params` without empty values. */
  list: (params: Record<string, unknown>) => [...submissionKeys.lists(), params] as const,
  details: () => [...submissionKeys.all, 'detail'] as const,
  detail: (submitId: number) => [...submissionKeys.details(), submitId] as const,
  /** The case results of one judged version (`version` changes when a rejudge lands). */
  caseResult: (submitId: number, version: string) =>
    [...submissionKeys.all, 'case-result', submitId, version] as const,
  /** The status check of one submission in a scope (a contest's cid, 0 outside contests). */
  status: (cid: number, submitId: number) => [...submissionKeys.all, 'status', cid, submitId] as const,
};
