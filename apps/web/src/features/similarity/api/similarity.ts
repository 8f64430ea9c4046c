import type {
  SimilarityJobVo,
  SimilarityPairDetailVo,
  SimilarityPairsVo,
  SimilarityPick,
  SimilarityScope,
} from '@oj/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPost } from '../../../lib/api.js';
import { saveBlob } from '../../../lib/save-blob.js';
import { usePoll } from '../../../lib/use-poll.js';

/** The filters of the pair list and its CSV (issue 29 part 1): language family, minimum similarity 0-1, problem. */
export interface PairFilter {
  language?: string;
  threshold: number;
  pid?: number;
}

const keys = {
  status: (scope: SimilarityScope, id: number) => ['similarity', scope, id, 'status'] as const,
  pairs: (scope: SimilarityScope, id: number, f?: PairFilter) =>
    ['similarity', scope, id, 'pairs', f] as const,
  pair: (scope: SimilarityScope, id: number, a: number, b: number) =>
    ['similarity', scope, id, 'pair', a, b] as const,
};

const busy = (j: SimilarityJobVo | undefined) => j?.state === 'queued' || j?.state === 'running';

/**
 * GET /api/similarity/status, polled through the one polling hook while the check is queued or running (from
 * 500 ms up to 5 s while nothing moves, faster again on progress); `watch` turns polling on after a start.
 */
export function useSimilarityStatus(scope: SimilarityScope, id: number) {
  return usePoll<SimilarityJobVo>({
    queryKey: keys.status(scope, id),
    queryFn: () => apiGet<SimilarityJobVo>('/similarity/status', { scope, id }),
    enabled: id > 0,
    isDone: (j) => !busy(j),
    progressOf: (j) => `${j.state}:${j.done}`,
    firstMs: 500,
    maxMs: 5000,
    maxChecks: 2000,
  });
}

/** POST /api/similarity/check: starts a check; the status query takes the answer and polls from there. */
export function useStartCheck(scope: SimilarityScope, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pick: SimilarityPick) => apiPost<SimilarityJobVo>('/similarity/check', { scope, id, pick }),
    onSuccess: (job) => {
      qc.setQueryData(keys.status(scope, id), job);
      void qc.invalidateQueries({ queryKey: keys.status(scope, id) });
    },
  });
}

/** GET /api/similarity/pairs with the filters; `version` (the check's finish time) refetches after a new check. */
export function useSimilarityPairs(
  scope: SimilarityScope,
  id: number,
  f: PairFilter,
  version: string | null,
) {
  return useQuery({
    queryKey: [...keys.pairs(scope, id, f), version],
    queryFn: () => apiGet<SimilarityPairsVo>('/similarity/pairs', { scope, id, ...f }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/similarity/pair: both programs and the matched fragments of one pair (null: none chosen). */
export function useSimilarityPair(scope: SimilarityScope, id: number, pair: { a: number; b: number } | null) {
  return useQuery({
    queryKey: keys.pair(scope, id, pair?.a ?? 0, pair?.b ?? 0),
    queryFn: () => apiGet<SimilarityPairDetailVo>('/similarity/pair', { scope, id, a: pair?.a, b: pair?.b }),
    enabled: !!pair,
  });
}

/** GET /api/similarity/export: the filtered pairs as `similarity-<scope>-<id>.csv`. */
export async function downloadPairsCsv(scope: SimilarityScope, id: number, f: PairFilter): Promise<void> {
  saveBlob(await apiDownload('/similarity/export', { scope, id, ...f }), `similarity-${scope}-${id}.csv`);
}
