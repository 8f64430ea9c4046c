import { z } from 'zod';
import { notFound } from '../../lib/errors.js';

/**
 * Path and query shapes of the CLICS routes, and the two things every collection endpoint does (ccs-specs 2026-01
 * "Endpoint URLs", "Filtering"): answer one object by id (404 when absent) and filter a collection on its ID
 * properties given as query arguments (all must match; an empty value matches null).
 */

/** `contests/{id}`: our contest id. */
export const contestParams = z.object({
  cid: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** `contests/{id}/<collection>/{id}`. */
export const objectParams = contestParams.extend({ id: z.string().min(1).max(100) });

/** A filter value of an ID property (empty: null). */
const idFilter = z.string().max(100).optional();

/** Query arguments naming ID properties a collection can be filtered on. */
export const filterQuery = (...props: string[]) =>
  z.object(Object.fromEntries(props.map((p) => [p, idFilter])));

/** The object of `list` whose `id` is `id`; 404 when there is none. */
export function pickOne<T extends { id: string }>(list: T[], id: string): T {
  const found = list.find((o) => o.id === id);
  if (!found) throw notFound();
  return found;
}

/** `list` narrowed by the ID-property filters in `query` (undefined: not filtered; '' matches null). */
export function filterList<T extends object>(list: T[], query: Record<string, string | undefined>): T[] {
  const conds = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined);
  if (!conds.length) return list;
  return list.filter((o) =>
    conds.every(([k, v]) => {
      const value = (o as Record<string, unknown>)[k];
      return v === '' ? value == null : value === v;
    }),
  );
}
