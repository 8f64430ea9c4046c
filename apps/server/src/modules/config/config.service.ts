import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { siteConfig } from '../../db/schema/index.js';
import { SECTIONS, type SectionName, type SectionValue } from './config.defaults.js';

/** How long (ms) a section read stays fresh in a process. */
export const CONFIG_TTL_MS = 2000;

/**
 * Site configuration in the database, one JSON value per section, with the spec's defaults filled in. Reads are
 * cached for 2 s per process so that a change made on another server instance takes effect without a restart.
 */
export class ConfigService {
  /** Section reads kept for ttlMs (none with ttlMs 0: every call reads). */
  private readonly cache: LRUCache<SectionName, { value: unknown }> | null;
  /** Section reads in flight: the requests that find the cache expired at the same moment share one read. */
  private reading = new Map<SectionName, Promise<unknown>>();
  /** Counts set() calls: a read that spans one is answered but not kept (it may hold the value before it). */
  private writes = 0;

  /**
   * `ttlMs`: how long a read stays fresh (CONFIG_TTL_MS; tests pass 0 to read on every call). Other per-process
   * read caches (contest rows, contest problem lists) reuse at most this long too, so tests see every change at once.
   */
  constructor(
    private readonly db: Db,
    readonly ttlMs = CONFIG_TTL_MS,
  ) {
    this.cache = ttlMs > 0 ? new LRUCache({ max: Object.keys(SECTIONS).length, ttl: ttlMs }) : null;
  }

  /** Returns the section with defaults for missing keys. */
  get<K extends SectionName>(name: K): Promise<SectionValue<K>> {
    const hit = this.cache?.get(name);
    if (hit) return Promise.resolve(hit.value as SectionValue<K>);
    if (!this.cache) return this.read(name);
    const inFlight = this.reading.get(name);
    if (inFlight) return inFlight as Promise<SectionValue<K>>;
    const p = this.read(name).finally(() => {
      if (this.reading.get(name) === p) this.reading.delete(name);
    });
    this.reading.set(name, p);
    return p;
  }

  /** Reads the section from the database (defaults filled in) and keeps it. */
  private async read<K extends SectionName>(name: K): Promise<SectionValue<K>> {
    const writesBefore = this.writes;
    const rows = await this.db.select().from(siteConfig).where(eq(siteConfig.key, name));
    const parsed = SECTIONS[name].safeParse(rows[0]?.value ?? {});
    const value = (parsed.success ? parsed.data : SECTIONS[name].parse({})) as SectionValue<K>;
    if (this.writes === writesBefore) this.cache?.set(name, { value });
    return value;
  }

  /** Merges `patch` into the section, validates the result, stores it and returns it. Throws ZodError on bad values. */
  async set<K extends SectionName>(name: K, patch: Partial<SectionValue<K>>): Promise<SectionValue<K>> {
    const current = await this.get(name);
    const value = SECTIONS[name].parse({ ...current, ...patch }) as SectionValue<K>;
    await this.db
      .insert(siteConfig)
      .values({ key: name, value })
      .onConflictDoUpdate({ target: siteConfig.key, set: { value, gmtModified: sql`now()` } });
    this.writes += 1;
    this.reading.delete(name);
    this.cache?.set(name, { value });
    return value;
  }
}
