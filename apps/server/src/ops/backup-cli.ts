import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type CliSpec, loadDotEnv, parseCliOrExit, usageExit } from '@oj/shared/cli';
import { openDb } from '../db/client.js';
import {
  chooseEmbeddedDb,
  clusterPostmaster,
  clusterUrl,
  hasCluster,
  hasPglite,
  startPrivateCluster,
} from '../db/private-cluster.js';
import { backupKind, backupRequestFile, restoreBackup, serverPidFile, writeBackup } from './backup.js';

/**
 * `npm run backup -- FILE` / `npm run restore -- FILE`: the database (embedded PGlite in OJ_DATA_DIR/pglite, the
 * embedded private PostgreSQL cluster in OJ_DATA_DIR-pg, or PostgreSQL at DATABASE_URL) and OJ_DATA_DIR/files in
 * one tar file. Without DATABASE_URL a restore follows the backup: a PGlite backup into PGlite (into a new private
 * cluster with OJ_EMBEDDED_DB=postgres), a PostgreSQL one (from either PostgreSQL) into a new private cluster. A relative OJ_DATA_DIR is taken from
 * apps/server, as `npm start` does. While a server runs on an embedded database (one process owns it), the backup
 * is taken by that server (asked through a request file and SIGUSR2), so it is consistent and nothing stops.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid of a server running on this data directory, or null. */
function runningServer(dataDir: string): number | null {
  const file = serverPidFile(dataDir);
  if (!fs.existsSync(file)) return null;
  const pid = Number(fs.readFileSync(file, 'utf8').trim());
  if (!(pid > 0) || !alive(pid)) return null;
  // A pid file left by a server that was killed may name a pid reused by another program: SIGUSR2 would end it.
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!/node/.test(cmdline)) return null;
  } catch {
    // no /proc: trust the pid file
  }
  return pid;
}

/** Asks the running server to write the backup; waits for its answer (10 minutes at most). */
async function backupThroughServer(pid: number, dataDir: string, target: string): Promise<unknown> {
  const request = backupRequestFile(dataDir);
  const result = `${request}.result`;
  fs.rmSync(result, { force: true });
  fs.writeFileSync(request, JSON.stringify({ target }));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (fs.existsSync(result)) {
      const answer = JSON.parse(fs.readFileSync(result, 'utf8')) as {
        ok: boolean;
        error?: string;
        manifest?: unknown;
      };
      fs.rmSync(result, { force: true });
      if (!answer.ok) throw new Error(`the server could not write the backup: ${answer.error}`);
      return answer.manifest;
    }
    if (!alive(pid)) throw new Error('the server stopped while writing the backup');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer within 10 minutes');
}

/**
 * The embedded default's private PostgreSQL cluster (`<dataDir>-pg`): pg_dump through its socket, while the server
 * runs (pg_dump's snapshot is consistent; nothing stops), or with the cluster started for the dump when it is not.
 */
async function backupCluster(dataDir: string, target: string): Promise<unknown> {
  const choice = chooseEmbeddedDb(dataDir, 'postgres');
  if (choice.kind !== 'private-postgres') throw new Error('unreachable');
  if (clusterPostmaster(dataDir))
    return writeBackup({ kind: 'postgres', url: clusterUrl(dataDir), bin: choice.bin }, dataDir, target);
  const cluster = await startPrivateCluster(dataDir, choice);
  try {
    return await writeBackup({ kind: 'postgres', url: cluster.url, bin: cluster.bin }, dataDir, target);
  } finally {
    await cluster.stop();
  }
}

/**
 * A backup restored without DATABASE_URL into a new private cluster of `dataDir` (which must hold no database yet),
 * started for the restore and stopped after it: a PostgreSQL backup through pg_restore, a PGlite one (with
 * OJ_EMBEDDED_DB=postgres: moving to the cluster) copied row by row into the migrated database. Throws when the
 * PostgreSQL binaries are missing.
 */
async function restoreIntoCluster(
  file: string,
  dataDir: string,
  kind: 'pglite' | 'postgres',
): Promise<unknown> {
  if (hasCluster(dataDir) || hasPglite(dataDir))
    throw new Error(`${dataDir} already holds a database: restore into a fresh data directory`);
  const filesDir = path.join(dataDir, 'files');
  if (fs.existsSync(filesDir) && fs.readdirSync(filesDir).length > 0)
    throw new Error(`${filesDir} is not empty: restore into a fresh data directory`);
  const choice = chooseEmbeddedDb(dataDir, 'postgres');
  if (choice.kind !== 'private-postgres') throw new Error('unreachable');
  const cluster = await startPrivateCluster(dataDir, choice);
  try {
    if (kind === 'postgres')
      return await restoreBackup(file, { kind: 'postgres', url: cluster.url, bin: cluster.bin }, dataDir);
    await (await openDb({ url: cluster.url, poolSize: 1 })).close();
    return await restoreBackup(file, { kind: 'pglite-into-postgres', url: cluster.url }, dataDir);
  } finally {
    await cluster.stop();
  }
}

/** The variables both commands read (README "Configuration"). */
const ENV = [
  { name: 'OJ_DATA_DIR', description: 'the data directory, relative to apps/server', default: './data' },
  { name: 'DATABASE_URL', description: 'PostgreSQL URL (unset: the embedded database in OJ_DATA_DIR)' },
  { name: 'OJ_EMBEDDED_DB', description: 'restore: postgres moves a PGlite backup into a private cluster' },
  { name: 'OJ_ENV_FILE', description: 'the .env file to read', default: '<checkout>/.env' },
];

/** `npm run backup -- FILE` and `npm run restore -- FILE`, for parseCli and --help. */
const COMMANDS: Record<'backup' | 'restore', CliSpec> = {
  backup: {
    command: 'npm run backup --',
    positionals: 'FILE',
    summary:
      'Writes the database and the uploaded files to FILE (one tar file). A server running on the embedded database writes it itself: nothing stops.',
    flags: {},
    env: ENV,
  },
  restore: {
    command: 'npm run restore --',
    positionals: 'FILE',
    summary:
      'Restores a backup FILE into a fresh data directory (or the empty database at DATABASE_URL). Stop the server first.',
    flags: {},
    env: ENV,
  },
};

/**
 * Process entry: `backup|restore [--help] FILE` (the npm scripts give the first word). --help prints the usage and
 * the variables; an unknown flag, a missing or extra FILE exit 2 with one line. Reads .env (the environment wins).
 */
async function main() {
  const command = process.argv[2];
  if (command !== 'backup' && command !== 'restore') {
    console.error('usage: npm run backup -- FILE   |   npm run restore -- FILE');
    process.exit(2);
  }
  const spec = COMMANDS[command];
  const { positionals } = parseCliOrExit(spec, process.argv.slice(3));
  if (positionals.length !== 1) usageExit(spec, positionals.length ? 'one FILE only' : 'FILE is required');
  const file = positionals[0];
  loadDotEnv();
  const dataDir = path.resolve(SERVER_DIR, process.env.OJ_DATA_DIR || './data');
  const url = process.env.DATABASE_URL || undefined;
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (command === 'backup') {
    let manifest: unknown;
    if (url) manifest = await writeBackup({ kind: 'postgres', url }, dataDir, target);
    else if (hasCluster(dataDir)) manifest = await backupCluster(dataDir, target);
    else {
      const pid = runningServer(dataDir);
      if (pid) manifest = await backupThroughServer(pid, dataDir, target);
      else {
        const dir = path.join(dataDir, 'pglite');
        if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`no database in ${dir}`);
        const db = new PGlite(dir);
        // dumpDataDir before PGlite is ready never settles (the process then ends with no backup and exit code 0).
        await db.waitReady;
        try {
          manifest = await writeBackup(
            { kind: 'pglite', dump: () => db.dumpDataDir('gzip') },
            dataDir,
            target,
          );
        } finally {
          await db.close();
        }
      }
    }
    console.log(`backup written to ${target}: ${JSON.stringify(manifest)}`);
  } else {
    if (!url && (runningServer(dataDir) || clusterPostmaster(dataDir)))
      throw new Error(`a server is running on ${dataDir}: stop it first`);
    const kind = url ? null : await backupKind(target);
    const intoCluster =
      kind === 'postgres' || (kind === 'pglite' && process.env.OJ_EMBEDDED_DB === 'postgres');
    const manifest =
      kind && intoCluster
        ? await restoreIntoCluster(target, dataDir, kind)
        : await restoreBackup(
            target,
            url ? { kind: 'postgres', url } : { kind: 'pglite', dir: path.join(dataDir, 'pglite') },
            dataDir,
          );
    console.log(
      `restored ${target} into ${url ? 'the PostgreSQL database' : dataDir}: ${JSON.stringify(manifest)}`,
    );
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
