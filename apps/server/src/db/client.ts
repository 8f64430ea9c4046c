import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { guardOuterQueries } from './pglite-guard.js';
import { chooseEmbeddedDb, pgliteDir, startPrivateCluster } from './private-cluster.js';
import { makePrivate } from './private-dir.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database handle type: both drivers (PGlite and node-postgres) give a PgDatabase. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** This build's migrations (drizzle's folder). */
export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const MIGRATIONS = MIGRATIONS_FOLDER;

export interface DbHandle {
  db: Db;
  /** 'pglite' or 'postgres' (the driver: a private cluster is 'postgres') */
  kind: 'pglite' | 'postgres';
  /** What /api/health and the start line say: 'pglite', 'postgres' (DATABASE_URL) or 'private-postgres'. */
  label: 'pglite' | 'postgres' | 'private-postgres';
  close(): Promise<void>;
  /** PostgreSQL only: the URL the pool connects to (the private cluster's socket URL included). */
  url?: string;
  /** PGlite only: a consistent gzipped tarball of the data directory, taken in-process (backups). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface OpenDbOptions {
  /** postgres:// URL; absent means embedded PGlite. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** false: the caller knows the migrations are applied (a server process forked after the primary migrated). */
  migrate?: boolean;
  /**
   * A gzipped PGlite data directory (the production build's `dist/pglite-template.tar.gz`: initdb and the
   * migrations done) that a fresh `dataDir` starts from instead of running initdb; ignored when absent.
   */
  template?: string;
}

/**
 * Opens the database and runs the migrations. PostgreSQL when `url` is given, else PGlite (in `dataDir`, or in
 * memory). Throws when the database cannot be reached.
 */
export async function openDb(opts: OpenDbOptions = {}): Promise<DbHandle> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
    });
    // An idle pooled connection that the server drops (restart, failover, a dropped test database) emits an
    // error; without a listener that error would crash the process. The pool replaces the connection.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL connection lost: ${err.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePg(db as never, { migrationsFolder: MIGRATIONS });
    return { db, kind: 'postgres', label: 'postgres', url: opts.url, close: () => pool.end() };
  }
  // The database files are the server's alone: 0700 directories, 0600 files (PGlite itself writes 0666).
  if (opts.dataDir) makePrivate(opts.dataDir);
  const fresh = opts.dataDir && !fs.existsSync(path.join(opts.dataDir, 'PG_VERSION'));
  const client = guardOuterQueries(
    fresh && opts.template && fs.existsSync(opts.template)
      ? new PGlite(opts.dataDir, { loadDataDir: new Blob([fs.readFileSync(opts.template)]) })
      : new PGlite(opts.dataDir),
  );
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  if (opts.dataDir) makePrivate(opts.dataDir, { recursive: true });
  return {
    db,
    kind: 'pglite',
    label: 'pglite',
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

/** The embedded database of a data dir, opened, and why it is the one (for the start line). */
export interface EmbeddedDb {
  handle: DbHandle;
  /** Why PGlite was chosen (absent for the private cluster). */
  why?: string;
  /** True when this start created the database (a fresh data dir). */
  fresh: boolean;
}

/**
 * Opens the embedded database of `dataDir` (no DATABASE_URL; issue 22 item 1): the private PostgreSQL cluster in
 * `<dataDir>-pg` when the binaries are installed (see private-cluster.ts), or PGlite in `<dataDir>/pglite` (kept
 * when it already holds a database, or forced by `forced` = OJ_EMBEDDED_DB). `template` is PGlite's build template.
 * The handle's `close` also stops the cluster. Throws when the database cannot be started or migrated.
 */
export async function openEmbeddedDb(
  dataDir: string,
  opts: { forced?: 'pglite' | 'postgres'; template?: string; poolSize?: number } = {},
): Promise<EmbeddedDb> {
  const choice = chooseEmbeddedDb(dataDir, opts.forced);
  if (choice.kind === 'pglite') {
    const dir = pgliteDir(dataDir);
    const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    const handle = await openDb({ dataDir: dir, template: opts.template });
    return { handle, why: choice.why, fresh };
  }
  const cluster = await startPrivateCluster(dataDir, choice);
  try {
    const inner = await openDb({ url: cluster.url, poolSize: opts.poolSize });
    const handle: DbHandle = {
      ...inner,
      label: 'private-postgres',
      close: async () => {
        try {
          await inner.close();
        } finally {
          await cluster.stop();
        }
      },
    };
    return { handle, fresh: cluster.created };
  } catch (e) {
    await cluster.stop();
    throw e;
  }
}
