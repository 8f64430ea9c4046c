import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { api, buildBundles, loginRoot, type Proc, problemPid, ROOT, startServer, submit } from './proc.js';

// Backup and restore (issue 15): `npm run backup` while the server runs, `npm run restore` into a fresh data
// directory (or database), and every user, problem, submission and file is there.
const run = promisify(execFile);
const PASSWORD = 'backup-secret';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-backup-test-'));
const servers: Proc[] = [];
const PG_URL = process.env.OJ_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databases: string[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
  if (databases.length) {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    for (const d of databases) await c.query(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`);
    await c.end();
  }
});

/** `npm run backup|restore -- file` with `env`; returns its output. */
async function npmRun(
  script: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): Promise<string> {
  const r = await run('npm', ['run', '--silent', script, '--', file], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    timeout: 300_000,
  });
  return r.stdout + r.stderr;
}

/** Makes users, an uploaded file and submissions through the API. */
async function populate(url: string): Promise<void> {
  const token = await loginRoot(url, PASSWORD);
  const users = [1, 2, 3].map((i) => [
    `bk_user${i}`,
    'secret123',
    `bk${i}@example.com`,
    null,
    null,
    null,
    null,
  ]);
  const r = await api(url, 'POST', '/api/admin/user/insert-batch-user', { token, body: { users } });
  expect(r.code, r.body.msg).toBe(200);
  const form = new FormData();
  form.append('image', new Blob([PNG], { type: 'image/png' }), 'a.png');
  const up = await fetch(`${url}/api/file/upload-avatar`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  expect(up.status, await up.clone().text()).toBe(200);
  const pid = await problemPid(url, token);
  for (let i = 0; i < 3; i++) await submit(url, token, pid, i !== 1);
}

type Query = (q: string) => Promise<unknown[]>;
/** Everything the test compares: rows of users, problems, submissions, file rows, test cases. */
async function snapshot(query: Query) {
  return {
    users: await query('SELECT uid, username, password_hash, role FROM users ORDER BY username'),
    problems: await query('SELECT id, problem_id, title FROM problems ORDER BY id'),
    testcases: await query('SELECT count(*)::int AS n FROM testcases'),
    submissions: await query('SELECT id, pid, uid, status, code FROM submissions ORDER BY id'),
    files: await query('SELECT id, storage_key FROM files ORDER BY id'),
    blobs: await query('SELECT count(*)::int AS n FROM blobs'),
  };
}

/** Relative path -> sha256 of every file under `dir`. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = createHash('sha256').update(fs.readFileSync(p)).digest('hex');
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return out;
}

async function pgliteSnapshot(dir: string) {
  const db = new PGlite(dir);
  try {
    return await snapshot(async (q) => (await db.query(q)).rows);
  } finally {
    await db.close();
  }
}

async function pgSnapshot(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await snapshot(async (q) => (await c.query(q)).rows);
  } finally {
    await c.end();
  }
}

// Processes of their own, independent of TEST_DATABASE_URL: run once in CI (the PGlite pass), not again on the
// PostgreSQL pass.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('backup and restore', () => {
  it('embedded PGlite: backup while the server runs, restore into a fresh data directory', async () => {
    buildBundles();
    const dataDir = path.join(tmp, 'live');
    const server = await startServer({
      OJ_DATA_DIR: dataDir,
      OJ_ADMIN_PASSWORD: PASSWORD,
      OJ_EMBEDDED_JUDGE_WORKERS: '0',
      // PGlite even where the private PostgreSQL cluster is installed (that one: private-cluster.test.ts).
      OJ_EMBEDDED_DB: 'pglite',
    });
    servers.push(server);
    await populate(server.url);
    const file = path.join(tmp, 'oj-backup.tar');
    const out = await npmRun('backup', file, { OJ_DATA_DIR: dataDir });
    expect(out).toContain('backup written');
    expect(server.output()).toContain('backup written');
    expect(await server.stop('SIGTERM')).toBe(0);

    const restored = path.join(tmp, 'restored');
    await npmRun('restore', file, { OJ_DATA_DIR: restored });
    const before = await pgliteSnapshot(path.join(dataDir, 'pglite'));
    const after = await pgliteSnapshot(path.join(restored, 'pglite'));
    expect(before.users.length).toBe(4);
    expect(before.submissions.length).toBe(3);
    expect(before.files.length).toBe(1);
    expect(after).toEqual(before);
    expect(Object.keys(tree(path.join(dataDir, 'files'))).length).toBe(1);
    expect(tree(path.join(restored, 'files'))).toEqual(tree(path.join(dataDir, 'files')));
    // A restore never overwrites: the same directory again is refused.
    await expect(npmRun('restore', file, { OJ_DATA_DIR: restored })).rejects.toThrow(/not empty/);

    // The restored directory serves: root signs in with the old password.
    const again = await startServer({ OJ_DATA_DIR: restored, OJ_EMBEDDED_JUDGE_WORKERS: '0' });
    servers.push(again);
    await loginRoot(again.url, PASSWORD);
    expect(await again.stop('SIGTERM')).toBe(0);
  }, 600_000);

  it('PostgreSQL: pg_dump plus the files, restored into a new database and data directory', async () => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    const names = [`oj_backup_src_${process.pid}`, `oj_backup_dst_${process.pid}`];
    for (const d of names) {
      await c.query(`DROP DATABASE IF EXISTS ${d} WITH (FORCE)`);
      await c.query(`CREATE DATABASE ${d}`);
      databases.push(d);
    }
    await c.end();
    const url = (d: string) => {
      const u = new URL(PG_URL);
      u.pathname = `/${d}`;
      return u.toString();
    };
    const dataDir = path.join(tmp, 'pg-live');
    const server = await startServer({
      DATABASE_URL: url(names[0]),
      OJ_DATA_DIR: dataDir,
      OJ_ADMIN_PASSWORD: PASSWORD,
      OJ_EMBEDDED_JUDGE_WORKERS: '0',
    });
    servers.push(server);
    await populate(server.url);
    const file = path.join(tmp, 'oj-pg-backup.tar');
    expect(await npmRun('backup', file, { DATABASE_URL: url(names[0]), OJ_DATA_DIR: dataDir })).toContain(
      'backup written',
    );
    expect(await server.stop('SIGTERM')).toBe(0);
    const restored = path.join(tmp, 'pg-restored');
    await npmRun('restore', file, { DATABASE_URL: url(names[1]), OJ_DATA_DIR: restored });
    const before = await pgSnapshot(url(names[0]));
    expect(before.users.length).toBe(4);
    expect(before.submissions.length).toBe(3);
    expect(await pgSnapshot(url(names[1]))).toEqual(before);
    expect(tree(path.join(restored, 'files'))).toEqual(tree(path.join(dataDir, 'files')));
  }, 600_000);
});
