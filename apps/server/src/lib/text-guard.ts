import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/** The catalogue keys of unstorable text. */
type TextRefusal = 'validation.nulCharacter' | 'validation.loneSurrogate';

/**
 * Text the database cannot store: PostgreSQL text and jsonb refuse the NUL character, and jsonb (and UTF-8
 * encoding) refuse a lone UTF-16 surrogate. Requests carrying either are refused at the edge with 400 naming
 * the field (issue 8, finding 3), and the database's own invalid-text errors map to 400 as a second line.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string is refused (the catalogue key naming the reason), or null when it can be stored. */
export function badTextReason(s: string): TextRefusal | null {
  if (s.includes('\u0000')) return 'validation.nulCharacter';
  if (LONE_SURROGATE.test(s)) return 'validation.loneSurrogate';
  return null;
}

/**
 * Walks `value` (query, params or a parsed JSON body; any depth, without recursion) and returns the first string
 * or object key that cannot be stored, as `{ field, reason }` with the field as a dotted path under `root`
 * (`body.problem.title`, `query.keyword`, `body.samples.3.input`), or null when every string is fine.
 */
export function findBadText(value: unknown, root: string): { field: string; reason: TextRefusal } | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, at] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      const reason = badTextReason(v);
      if (reason) return { field: at, reason };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${at}.${i}`]);
    } else if (v && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const k of Object.keys(v)) {
        const reason = badTextReason(k);
        if (reason) return { field: `${at} key`, reason };
        stack.push([(v as Record<string, unknown>)[k], `${at}.${k}`]);
      }
    }
  }
  return null;
}

/**
 * preValidation hook: 400 `<part>.<field>: <reason>` when the params, query or parsed body of `req` hold text the
 * database cannot store (checked before the schema, so the message names the field whatever its type).
 */
export async function refuseUnstorableText(req: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['params', req.params],
    ['query', req.query],
    ['body', req.body],
  ] as const) {
    const bad = findBadText(value, part);
    if (bad) throw badRequest(bad.reason, { field: bad.field });
  }
}

/** SQLSTATEs of text the database could not take: 22021 bad encoding (NUL), 22P05 untranslatable, 22P02 bad syntax. */
const INVALID_TEXT_CODES = new Set(['22021', '22P05', '22P02']);

/**
 * The database error inside `err` (drizzle wraps the driver's error as `cause`), or null when `err` is none.
 * PostgreSQL (pg) and PGlite both give `code` (SQLSTATE) and `message`.
 */
export function dbCause(err: unknown): { code?: string; message: string; query?: string } | null {
  if (!err || typeof err !== 'object' || !('query' in err) || !('params' in err)) return null;
  const cause = (err as { cause?: { code?: unknown; message?: unknown } }).cause;
  return {
    code: typeof cause?.code === 'string' ? cause.code : undefined,
    message: typeof cause?.message === 'string' ? cause.message : 'database error',
    query:
      typeof (err as { query?: unknown }).query === 'string' ? (err as { query: string }).query : undefined,
  };
}

/** True when the database refused a value as invalid text or syntax (a client's bad input, not a server fault). */
export function isInvalidTextError(err: unknown): boolean {
  const c = dbCause(err);
  return c?.code != null && INVALID_TEXT_CODES.has(c.code);
}

/** True when the database refused a number as out of its column's range (SQLSTATE 22003). */
export function isOutOfRangeError(err: unknown): boolean {
  return dbCause(err)?.code === '22003';
}
