import { z } from 'zod';

/**
 * Code similarity check (issue 29 part 1, docs/similarity.md): the request bodies and queries of
 * `/api/similarity/*` and the shapes the server answers.
 */

/** Where the submissions come from: a contest (site or group), a training (site or group), one problem. */
export const SIMILARITY_SCOPES = ['contest', 'training', 'problem'] as const;
export type SimilarityScope = (typeof SIMILARITY_SCOPES)[number];
/** Which submissions: the last accepted one per user and problem, or every submission. */
export const SIMILARITY_PICKS = ['accepted', 'all'] as const;
export type SimilarityPick = (typeof SIMILARITY_PICKS)[number];

const idField = z.coerce
  .number({ error: 'id is required' })
  .int('id must be an integer')
  .min(1, 'id must be a positive integer')
  .max(Number.MAX_SAFE_INTEGER, 'id is out of range');

/** `?scope=&id=`: one scope. */
export const similarityScopeQuery = z.object({
  scope: z.enum(SIMILARITY_SCOPES, { error: 'scope must be contest, training or problem' }),
  id: idField,
});

/** POST /api/similarity/check body. */
export const similarityCheckBody = similarityScopeQuery.extend({
  pick: z.enum(SIMILARITY_PICKS, { error: 'pick must be accepted or all' }).default('accepted'),
});

/** Filters of the pair list and its CSV: language family, minimum similarity (0-1), problem id. */
export const similarityPairsQuery = similarityScopeQuery.extend({
  language: z.string().trim().max(40, 'language is too long').optional(),
  threshold: z.coerce
    .number({ error: 'threshold must be a number' })
    .min(0, 'threshold must be between 0 and 1')
    .max(1, 'threshold must be between 0 and 1')
    .default(0),
  pid: idField.optional(),
});

/** One pair: `a` and `b` the submission ids. */
export const similarityPairQuery = similarityScopeQuery.extend({
  a: idField,
  b: idField,
});

export type SimilarityJobState = 'none' | 'queued' | 'running' | 'done' | 'failed';

/** A scope's check: its state and progress (`done` of `total` groups: a problem's submissions in one language). */
export interface SimilarityJobVo {
  scope: SimilarityScope;
  id: number;
  state: SimilarityJobState;
  pick: SimilarityPick;
  done: number;
  total: number;
  /** Submissions compared, and whether the scope had more than the check takes (the newest are taken). */
  files: number;
  truncated: boolean;
  pairs: number;
  queuedAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Run time in ms once done. */
  elapsedMs: number | null;
  error: string | null;
}

/** One side of a pair. */
export interface SimilaritySide {
  submitId: number;
  uid: string;
  username: string;
  language: string;
  status: number;
}

/** A pair of submissions of one problem and language family. similarity 0-1; longest in tokens (k-grams). */
export interface SimilarityPairVo {
  pid: number;
  displayId: string;
  family: string;
  similarity: number;
  longest: number;
  overlap: number;
  left: SimilaritySide;
  right: SimilaritySide;
}

/** A matched fragment: 0-based rows and columns, end exclusive, left then right. */
export interface SimilarityFragment {
  left: { startRow: number; startCol: number; endRow: number; endCol: number };
  right: { startRow: number; startCol: number; endRow: number; endCol: number };
}

/** GET /api/similarity/pairs answer. */
export interface SimilarityPairsVo {
  job: SimilarityJobVo;
  problems: { pid: number; displayId: string; title: string }[];
  families: string[];
  pairs: SimilarityPairVo[];
  /** Pairs that passed the filters (the list shows at most 500). */
  matching: number;
}

/** GET /api/similarity/pair answer: the pair, both programs and the fragments. */
export interface SimilarityPairDetailVo {
  pair: SimilarityPairVo;
  leftCode: string;
  rightCode: string;
  fragments: SimilarityFragment[];
}
