import type { SimilarityScope } from '@oj/shared';

/** The similarity page of a scope (contest, training or problem id). */
export const similarityPath = (scope: SimilarityScope, id: number) => `/similarity/${scope}/${id}`;
