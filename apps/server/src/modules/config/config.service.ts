import { eq, sql } from 'drizzle-orm';
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
  private cache = new Map<SectionName, { at: number; value: unknown }>();

  /** `ttlMs`: how long a read stays fresh (CONFIG_TTL_MS; tests pass 0 to read on every call). */
  constructor(
    private readonly db: Db,
    private readonly ttlMs = CONFIG_TTL_MS,
  ) {}

  /** Returns the section with defaults for missing keys. */
  async get<K extends SectionName>(name: K): Promise<SectionValue<K>> {
    const hit = this.cache.get(name);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as SectionValue<K>;
    const rows = await this.db.select().from(siteConfig).where(eq(siteConfig.key, name));
    const parsed = SECTIONS[name].safeParse(rows[0]?.value ?? {});
    const value = (parsed.success ? parsed.data : SECTIONS[name].parse({})) as SectionValue<K>;
    this.cache.set(name, { at: Date.now(), value });
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
    this.cache.set(name, { at: Date.now(), value });
    return value;
  }
}
