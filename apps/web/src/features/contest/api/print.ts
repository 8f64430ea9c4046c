import { CONTEST_HELPER_LIMITS, type ContestPrintVo, type Page } from '@oj/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPost, apiPut } from '../../../lib/api.js';
import { queryClient } from '../../../lib/query-client.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { contestOpsKeys } from './ops-keys.js';

export type { ContestPrintVo } from '@oj/shared';

/** The admin print list's auto-refresh (doc 2 §2.10, §9: admin print refresh 10 s). */
export const PRINT_REFRESH_MS = 10_000;

/**
 * POST /api/submit-print-text {cid, content} (participants of an openPrint contest). Silent: the print tab shows
 * the refusal itself (under 50 characters, one job per 30 s) where the user is looking.
 */
export const useSubmitPrint = (cid: number) =>
  useMutation({
    mutationFn: (content: string) => apiPost<null>('/submit-print-text', { cid, content }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestOpsKeys.prints(cid) }),
  });

/** GET /api/get-contest-print?cid&currentPage&limit=15 (contest admins): not printed first, then oldest first. */
export const getPrints = (cid: number, currentPage: number) =>
  apiGet<Page<ContestPrintVo>>('/get-contest-print', {
    cid,
    currentPage,
    limit: CONTEST_HELPER_LIMITS.printPage,
  });
export const printsQuery = (cid: number, currentPage: number, refresh: boolean) =>
  queryOptions({
    queryKey: contestOpsKeys.printPage(cid, currentPage),
    queryFn: () => getPrints(cid, currentPage),
    placeholderData: keepPreviousData,
    refetchInterval: refresh ? PRINT_REFRESH_MS : false,
  });
export const usePrints = (cid: number, currentPage: number, refresh: boolean) =>
  useQuery(printsQuery(cid, currentPage, refresh));

/** PUT /api/check-contest-print-status?id=&cid=: the job printed; refreshes the list. */
export const useMarkPrinted = (cid: number) =>
  useMutation({
    mutationFn: (id: number) =>
      apiPut<null>('/check-contest-print-status', undefined, undefined, { id, cid }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contestOpsKeys.prints(cid) }),
  });

/**
 * GET /api/file/download-contest-print-text?id= through the api client (the token travels in a header, so a bare
 * link would not be signed in): the text file headed with username, real name and time, saved as
 * `print_<id>_<username>.txt` like the server names it.
 */
export async function downloadPrint(job: Pick<ContestPrintVo, 'id' | 'username'>): Promise<void> {
  const blob = await apiDownload('/file/download-contest-print-text', { id: job.id });
  saveBlob(blob, `print_${job.id}_${job.username.replace(/[^A-Za-z0-9_.-]/g, '_')}.txt`);
}
