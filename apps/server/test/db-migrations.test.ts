import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A copy of the migrations folder holding only the first `count` migrations (an older release's set). */
function olderRelease(count: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'oj-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
  journal.entries = journal.entries.slice(0, count);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('migrations', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('upgrade a database made by every earlier release in place, keeping its rows', async () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as Journal;
    expect(journal.entries.length).toBeGreaterThan(1);
    for (let count = 1; count < journal.entries.length; count++) {
      const client = new PGlite();
      const db = drizzle(client);
      const older = olderRelease(count);
      dirs.push(older);
      await migrate(db, { migrationsFolder: older });
      await client.query(
        `INSERT INTO users (uid, username, password_hash, email) VALUES ('u1', 'alice', 'x', 'alice@example.com')`,
      );
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const users = await client.query<{ username: string }>('SELECT username FROM users');
      expect(users.rows.map((r) => r.username)).toEqual(['alice']);
      const applied = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0].n).toBe(journal.entries.length);
      await client.close();
    }
  }, 300_000); // one PGlite per earlier release (15 of them), each migrated twice: slow on a busy machine
});
