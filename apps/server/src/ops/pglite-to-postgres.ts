import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../db/client.js';

/** Rows copied per statement (one JSON array each way). */
const BATCH = 2000;

/**
 * Copies a PGlite database (a `dumpDataDir` tarball, as in a PGlite backup) into the PostgreSQL database at `url`,
 * which the server has just migrated (issue 22 item 1: moving an embedded PGlite data dir to the private cluster).
 * Both sides are first brought to this build's migrations, then every table of the `public` schema is emptied on
 * the target and filled with the source's rows (as JSON: every column type of the schema round-trips), foreign
 * keys and triggers off meanwhile (`session_replication_role = replica`: the role must be a superuser, as the
 * private cluster's is), and every sequence set to the source's value. One transaction: all or nothing. Returns the
 * number of rows copied. Throws on any error (the target is left as it was).
 */
export async function copyPgliteIntoPostgres(tarball: Buffer, url: string): Promise<number> {
  const lite = new PGlite({ loadDataDir: new Blob([tarball]) });
  const target = new pg.Client({ connectionString: url });
  let copied = 0;
  try {
    await migratePglite(drizzlePglite(lite) as never, { migrationsFolder: MIGRATIONS_FOLDER });
    await target.connect();
    const tables = (
      await lite.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`,
      )
    ).rows.map((r) => r.name);
    await target.query('BEGIN');
    await target.query("SET LOCAL session_replication_role = 'replica'");
    if (tables.length)
      await target.query(
        `TRUNCATE ${tables.map((t) => `public."${t}"`).join(', ')} RESTART IDENTITY CASCADE`,
      );
    for (const t of tables) {
      // Generated columns are computed again on the target; identity columns take the source's values.
      const cols = (
        await target.query<{ name: string }>(
          `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0
           AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
          [`public."${t}"`],
        )
      ).rows.map((r) => `"${r.name}"`);
      const list = cols.join(', ');
      for (let offset = 0; ; offset += BATCH) {
        const { rows } = await lite.query<{ j: unknown[] | null }>(
          `SELECT json_agg(x) AS j FROM (SELECT ${list} FROM public."${t}" ORDER BY ctid LIMIT ${BATCH} OFFSET ${offset}) x`,
        );
        const batch = rows[0]?.j;
        if (!batch?.length) break;
        await target.query(
          `INSERT INTO public."${t}" (${list}) OVERRIDING SYSTEM VALUE
           SELECT ${list} FROM json_populate_recordset(NULL::public."${t}", $1::json)`,
          [JSON.stringify(batch)],
        );
        copied += batch.length;
      }
    }
    const seqs = (
      await lite.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'S'`,
      )
    ).rows;
    for (const { name } of seqs) {
      const [s] = (
        await lite.query<{ last_value: string; is_called: boolean }>(
          `SELECT last_value, is_called FROM public."${name}"`,
        )
      ).rows;
      await target.query('SELECT setval($1::regclass, $2, $3)', [
        `public."${name}"`,
        s.last_value,
        s.is_called,
      ]);
    }
    await target.query('COMMIT');
    return copied;
  } catch (e) {
    await target.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await target.end().catch(() => undefined);
    await lite.close();
  }
}
