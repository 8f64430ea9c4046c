import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDb } from '../src/db/client.js';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(!!url)('PostgreSQL pool', () => {
  it('survives the server killing an idle connection and keeps answering', async () => {
    const handle = await openDb({ url, poolSize: 2 });
    try {
      const pid = (
        (await handle.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
          rows: { pid: number }[];
        }
      ).rows[0].pid;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await new Promise((r) => setTimeout(r, 200));
      const again = (await handle.db.execute(sql`SELECT 1 AS one`)) as unknown as { rows: { one: number }[] };
      expect(again.rows[0].one).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
