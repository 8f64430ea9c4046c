import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { backupRequestFile, restoreBackup, serverPidFile, writeBackup } from './backup.js';

/**
 * `npm run backup -- FILE` / `npm run restore -- FILE`: the database (embedded PGlite in OJ_DATA_DIR/pglite, or
 * PostgreSQL at DATABASE_URL) and OJ_DATA_DIR/files in one tar file. A relative OJ_DATA_DIR is taken from
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

async function main() {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('usage: npm run backup -- FILE   |   npm run restore -- FILE');
    process.exit(2);
  }
  const dataDir = path.resolve(SERVER_DIR, process.env.OJ_DATA_DIR || './data');
  const url = process.env.DATABASE_URL || undefined;
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (command === 'backup') {
    let manifest: unknown;
    if (url) manifest = await writeBackup({ kind: 'postgres', url }, dataDir, target);
    else {
      const pid = runningServer(dataDir);
      if (pid) manifest = await backupThroughServer(pid, dataDir, target);
      else {
        const dir = path.join(dataDir, 'pglite');
        if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`no database in ${dir}`);
        const db = new PGlite(dir);
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
    if (!url && runningServer(dataDir)) throw new Error(`a server is running on ${dataDir}: stop it first`);
    const manifest = await restoreBackup(
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
