import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { copyPgliteIntoPostgres } from './pglite-to-postgres.js';

const run = promisify(execFile);

/**
 * A backup is one tar file:
 *   manifest.json            { format: 1, kind: 'pglite' | 'postgres', createdAt, files }
 *   database/pglite.tar.gz   the PGlite data directory (PGlite's own consistent dump), or
 *   database/postgres.dump   pg_dump's custom format (pg_restore reads it)
 *   files/…                  OJ_DATA_DIR/files (uploads, test data)
 * The database is dumped first and the files copied after it: every file a dumped row names is already on disk
 * (files are written before the rows that name them, and never rewritten in place).
 */
export interface BackupManifest {
  format: 1;
  kind: 'pglite' | 'postgres';
  createdAt: string;
  files: number;
}

/** How the database part is taken: PGlite's in-process dump, or pg_dump against a URL. */
export type DatabaseSource =
  | { kind: 'pglite'; dump: () => Promise<Blob> }
  | {
      kind: 'postgres';
      url: string /** pg_dump's directory (the private cluster's); default: PATH */;
      bin?: string;
    };

/** Copies `from` to `to` recursively (hard links would tie the backup to the live files: plain copies). */
function copyTree(from: string, to: string): number {
  if (!fs.existsSync(from)) return 0;
  fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
  let n = 0;
  const count = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }))
      e.isDirectory() ? count(path.join(d, e.name)) : n++;
  };
  count(to);
  return n;
}

/** Writes a backup of the database and `<dataDir>/files` to `target` (a tar file, written then renamed). */
export async function writeBackup(
  source: DatabaseSource,
  dataDir: string,
  target: string,
): Promise<BackupManifest> {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-backup-'));
  try {
    fs.mkdirSync(path.join(stage, 'database'));
    if (source.kind === 'pglite') {
      const blob = await source.dump();
      fs.writeFileSync(path.join(stage, 'database/pglite.tar.gz'), Buffer.from(await blob.arrayBuffer()));
    } else {
      await run(source.bin ? path.join(source.bin, 'pg_dump') : 'pg_dump', [
        '--format=custom',
        '--no-owner',
        '--file',
        path.join(stage, 'database/postgres.dump'),
        source.url,
      ]);
    }
    const files = copyTree(path.join(dataDir, 'files'), path.join(stage, 'files'));
    const manifest: BackupManifest = {
      format: 1,
      kind: source.kind,
      createdAt: new Date().toISOString(),
      files,
    };
    fs.writeFileSync(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const abs = path.resolve(target);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    const temp = `${abs}.${process.pid}.tmp`;
    await run('tar', ['-cf', temp, '-C', stage, '.']);
    fs.renameSync(temp, abs);
    return manifest;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** Where a restore puts the database: a fresh PGlite directory, or a PostgreSQL URL (also a fresh private cluster). */
export type DatabaseTarget =
  | { kind: 'pglite'; dir: string }
  /** A PGlite backup copied into a migrated PostgreSQL database (moving to the private cluster). */
  | { kind: 'pglite-into-postgres'; url: string }
  | {
      kind: 'postgres';
      url: string /** pg_restore's directory (the private cluster's); default: PATH */;
      bin?: string;
    };

/**
 * Restores `file` (from writeBackup) into `target` and `<dataDir>/files`. Refuses a PGlite directory or a files
 * directory that already holds data, and a backup of the other database kind (PGlite ↔ PostgreSQL), naming why.
 */
export async function restoreBackup(
  file: string,
  target: DatabaseTarget,
  dataDir: string,
): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new Error(`no such backup file: ${file}`);
  const filesDir = path.join(dataDir, 'files');
  if (fs.existsSync(filesDir) && fs.readdirSync(filesDir).length > 0)
    throw new Error(`${filesDir} is not empty: restore into a fresh data directory`);
  if (target.kind === 'pglite' && fs.existsSync(target.dir) && fs.readdirSync(target.dir).length > 0)
    throw new Error(`${target.dir} is not empty: restore into a fresh data directory`);
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-restore-'));
  try {
    await run('tar', ['-xf', path.resolve(file), '-C', stage]);
    const manifestFile = path.join(stage, 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new Error(`${file} is not an OJ backup (no manifest.json)`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new Error(`unknown backup format ${manifest.format}`);
    const wanted = target.kind === 'pglite-into-postgres' ? 'pglite' : target.kind;
    if (manifest.kind !== wanted)
      throw new Error(
        `this is a ${manifest.kind} backup; restore it with ${manifest.kind === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'}`,
      );
    if (target.kind === 'pglite-into-postgres') {
      await copyPgliteIntoPostgres(fs.readFileSync(path.join(stage, 'database/pglite.tar.gz')), target.url);
    } else if (target.kind === 'pglite') {
      const tarball = fs.readFileSync(path.join(stage, 'database/pglite.tar.gz'));
      fs.mkdirSync(target.dir, { recursive: true });
      const db = new PGlite(target.dir, { loadDataDir: new Blob([tarball]) });
      await db.waitReady;
      await db.close();
    } else {
      await run(target.bin ? path.join(target.bin, 'pg_restore') : 'pg_restore', [
        '--no-owner',
        '--clean',
        '--if-exists',
        '--exit-on-error',
        '--dbname',
        target.url,
        path.join(stage, 'database/postgres.dump'),
      ]);
    }
    fs.mkdirSync(dataDir, { recursive: true });
    if (fs.existsSync(path.join(stage, 'files')))
      fs.cpSync(path.join(stage, 'files'), filesDir, { recursive: true, preserveTimestamps: true });
    return manifest;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

/** File names of the hand-over between `npm run backup` and a running server (embedded PGlite: one process). */
export const backupRequestFile = (dataDir: string) => path.join(dataDir, 'backup-request.json');
/** The running server's pid, written at start (embedded PGlite only), removed at exit. */
export const serverPidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** The kind of database a backup file holds (its manifest's `kind`), read without unpacking the rest. */
export async function backupKind(file: string): Promise<BackupManifest['kind']> {
  if (!fs.existsSync(file)) throw new Error(`no such backup file: ${file}`);
  try {
    const { stdout } = await run('tar', ['-xOf', path.resolve(file), './manifest.json']);
    return (JSON.parse(stdout) as BackupManifest).kind;
  } catch {
    throw new Error(`${file} is not an OJ backup (no manifest.json)`);
  }
}
