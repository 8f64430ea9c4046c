import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Versions of in-process caches shared by every server process (docs/trainings.md "Training list"): a row per
 * cache, its `version` moved (by triggers, inside the changing transaction) whenever what the cache holds changes.
 * Each process reads it with its requests and builds its copy again when it moved. Rows: `training_list`
 * (modules/training/training.list.ts), `discussion_list`, `comments:<did>` and `community_epoch` (docs/community.md
 * "Speed").
 */
export const cacheVersions = pgTable('cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
