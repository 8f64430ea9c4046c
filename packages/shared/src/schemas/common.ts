import { z } from 'zod';

/** The response wrapper every API call answers with (ARCHITECTURE "Conventions"). */
export interface ApiResponse<T> {
  status: number;
  msg: string;
  data: T;
  /** On an error: the catalogue key of `msg` (messages/catalogue.ts), for the client to translate. */
  msgKey?: string;
  /** On an error: the parameters of `msgKey`'s template. */
  msgParams?: Record<string, string | number>;
}

/** A page of a list: `records` and `total`, with the request's `currentPage` and `limit` echoed. */
export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

/** Paging query: `currentPage` at least 1, `limit` 1..300 (page sizes of doc 1 §9 / doc 2 §9). */
export const pageQuery = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(300).catch(30).default(30),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Query-string booleans: `true`/`1` are true, anything else false. */
export const queryBool = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');
