import { z } from 'zod';
import { LIMITS } from '../constants/limits.js';

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

/** The zod shape of `ApiResponse<T>` for a success: `{ status, msg, data }` (the published OpenAPI answers). */
export const apiResponseOf = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), msg: z.string(), data });

/** The zod shape of `Page<T>`: `records`, `total`, and the request's `current` page and `size` echoed. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    total: z.number().int(),
    current: z.number().int(),
    size: z.number().int(),
  });

/**
 * A page number (from 1) of any list: a value that is not a whole number from 1 up reads as 1, one above
 * LIMITS.pageNumberMax as that maximum (issue 23: page 214748366 of ten rows overflowed a 32-bit offset, a 500).
 * Every list's `currentPage` is this field, so `(currentPage - 1) * limit` (limit at most 300) fits in 32 bits.
 */
export const currentPageField = z.coerce
  .number()
  .catch(1)
  .transform((n) =>
    n >= LIMITS.pageNumberMax ? LIMITS.pageNumberMax : Number.isInteger(n) && n >= 1 ? n : 1,
  )
  .default(1);

/** Paging query: `currentPage` at least 1, `limit` 1..300 (page sizes of doc 1 §9 / doc 2 §9). */
export const pageQuery = z.object({
  currentPage: currentPageField,
  limit: z.coerce.number().int().min(1).max(300).catch(30).default(30),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Query-string booleans: `true`/`1` are true, anything else false. */
export const queryBool = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');
