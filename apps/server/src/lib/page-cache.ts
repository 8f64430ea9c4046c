import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * Versioned page caches shared by the contest scoreboard (modules/contest/board) and the training rank
 * (modules/training/training.rank.ts): docs/scoreboard.md "Speed", docs/trainings.md "Speed".
 *
 * - `VersionedCache`: one built value per key with the version it holds; concurrent requests share one build (or
 *   patch), least recently used keys dropped past a bound.
 * - `RecentReads`: an answer (a version read, a row) reused for RECENT_MS, so a busy page does not read the
 *   database per request.
 * - `SharedPage` / `encodePage` / `sendPage`: a page that looks the same to every viewer kept as JSON bytes and
 *   compressed once (brotli quality 4 or gzip) by `Accept-Encoding`.
 */

/** How many values a VersionedCache built in full and patched (tests and benches read them). */
export interface CacheStats {
  builds: number;
  patches: number;
}

/** A bounded in-process cache of values labelled with the version they were built at. */
export class VersionedCache<T> {
  readonly stats: CacheStats = { builds: 0, patches: 0 };
  private readonly entries: LRUCache<string, { version: number; value: Promise<T> }>;

  /** @param maxEntries keys kept; the least recently used beyond it are dropped. */
  constructor(maxEntries = 64) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  /**
   * The value for `key` at `version` or later:
   * - cached at `version` or later (and not `fresh`): served as it is;
   * - cached at an older version: `patch(old)` brings it up to date, or, when there is no `patch` or it answers
   *   null, `build` makes it again; concurrent requests share that one step, later ones chain on it;
   * - not cached, or `fresh`: `build`.
   * A failed build or patch is not kept (the error goes to its callers).
   */
  get(
    key: string,
    version: number,
    build: () => Promise<T>,
    patch?: (old: T) => Promise<T | null>,
    fresh = false,
  ): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && !fresh && hit.version >= version) return hit.value;
    const full = () => {
      this.stats.builds += 1;
      return build();
    };
    const patched = async (old: T) => {
      const b = patch ? await patch(old) : null;
      if (!b) return full();
      if (b !== old) this.stats.patches += 1;
      return b;
    };
    const p = hit && !fresh ? hit.value.then(patched, full) : full();
    const entry = { version, value: p };
    this.entries.set(key, entry);
    p.catch(() => {
      if (this.entries.peek(key) === entry) this.entries.delete(key);
    });
    return p;
  }

  /** Drops every cached value (tests). */
  clear(): void {
    this.entries.clear();
  }
}

/** How long a RecentReads answer (a board's version, a contest or training row) is reused, ms. */
export const RECENT_MS = 250;

/**
 * Answers reused for `ttlMs` (default RECENT_MS) per key: a change made by another process shows at most that much
 * later. A load in flight is shared by the requests asking meanwhile; with `ttlMs` 0 nothing is reused (tests).
 */
export class RecentReads {
  /** Keys kept at most (least recently used dropped first); a busy site reads far fewer within one TTL. */
  static readonly MAX_KEYS = 50_000;
  private readonly recent: LRUCache<string, { value: Promise<unknown> }> | null;

  constructor(ttlMs = RECENT_MS) {
    this.recent =
      ttlMs > 0 ? new LRUCache({ max: RecentReads.MAX_KEYS, ttl: ttlMs, updateAgeOnGet: false }) : null;
  }

  /** The answer of `load` for `key`, reused for the TTL; a failed load is not kept; `fresh` reloads. */
  get<T>(key: string, load: () => Promise<T>, fresh = false): Promise<T> {
    const hit = fresh ? undefined : this.recent?.get(key);
    if (hit) return hit.value as Promise<T>;
    // A real promise: a drizzle query builder is a thenable that runs its query again on every `then`.
    const value = Promise.resolve(load());
    const recent = this.recent;
    if (!recent) return value;
    const entry = { value };
    recent.set(key, entry);
    value.catch(() => {
      if (recent.peek(key) === entry) recent.delete(key);
    });
    return value;
  }

  /** Drops the reused answers whose key starts with `prefix` (this process changed what they read). */
  forget(prefix: string): void {
    if (!this.recent) return;
    for (const k of [...this.recent.keys()]) if (k.startsWith(prefix)) this.recent.delete(k);
  }
}

/** A page shared by every viewer: the JSON bytes, and the same compressed, made on first demand. */
export interface SharedPage {
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The body of a page answer: bytes, and their Content-Encoding when precompressed. */
export interface PageBody {
  body: Buffer;
  encoding: 'br' | 'gzip' | null;
}

/** Below this many bytes a page goes out as it is (as plugins/compression.ts does). */
const COMPRESS_FROM = 1024;

/** The encoding to answer with for an `Accept-Encoding` header: br, else gzip, else none (q=0 refuses). */
export function pickEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | null {
  const ok = new Set<string>();
  for (const part of (Array.isArray(accept) ? accept.join(',') : (accept ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) ok.add(name);
  }
  return ok.has('br') ? 'br' : ok.has('gzip') ? 'gzip' : null;
}

/** The page's bytes in encoding `want` (null: plain), compressing once and keeping the result on the page. */
export function encodePage(page: SharedPage, want: 'br' | 'gzip' | null): PageBody {
  if (!want || page.raw.length < COMPRESS_FROM) return { body: page.raw, encoding: null };
  if (want === 'br') {
    page.br ??= brotliCompressSync(page.raw, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: page.raw.length,
      },
    });
    return { body: page.br, encoding: 'br' };
  }
  page.gzip ??= gzipSync(page.raw, { level: 6 });
  return { body: page.gzip, encoding: 'gzip' };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Sends a page: JSON, with its Content-Encoding when precompressed (plugins/compression.ts then passes it). */
export function sendPage(reply: FastifyReply, page: PageBody) {
  reply.type(JSON_TYPE).header('Vary', 'Accept-Encoding');
  if (page.encoding) reply.header('Content-Encoding', page.encoding);
  return reply.send(page.body);
}
