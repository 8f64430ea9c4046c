// Start-up time of the production server: from spawning `node apps/server/dist/server.js` (what `npm start` runs
// once its staleness checks found nothing to build) to the first answered `GET /api/health`, on a fresh data directory and on an existing
// one (embedded PGlite, embedded judgehost off: it starts after the first answer anyway). Median of RUNS runs;
// prints the load average, since a busy machine slows every figure, and the time `npm start` adds on top for its
// staleness checks (web app, server and judgehost bundles) when nothing needs building.
//
//   node bench/ops/startup.mjs            (RUNS=5 by default)
//   node bench/ops/startup.mjs --tsx      the sources through tsx instead (how `npm start` ran before the build)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.RUNS ?? 5);
const TSX = process.argv.includes('--tsx');
const ENTRY = TSX
  ? ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')]
  : [path.join(root, 'apps/server/dist/server.js')];

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * CPU time (user + system, all threads) the process has used, in ms: far less sensitive than wall time to other
 * processes on a shared machine, so it shows what the start costs when the wall figures are noisy.
 */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Milliseconds from spawn to the first 200 from /api/health; stops the server (SIGTERM) afterwards. */
async function once(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ENTRY, {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      OJ_DATA_DIR: dataDir,
      OJ_EMBEDDED_JUDGE_WORKERS: '0',
      OJ_ADMIN_PASSWORD: 'bench-secret',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const exited = new Promise((r) => child.on('exit', r));
  try {
    for (;;) {
      if (performance.now() - started > 120_000) throw new Error('no answer in 120 s');
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (r.status === 200) return { wall: performance.now() - started, cpu: cpuMs(child.pid) };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// Build first so that the runs time the start, not the build.
await build({ ifStale: true });
const checkStarted = performance.now();
await new Promise((resolve, reject) =>
  spawn(
    process.execPath,
    ['-e', `import('${root}/scripts/build.mjs').then((b) => b.targets.forEach(b.isStale))`],
    {
      stdio: 'ignore',
    },
  ).on('exit', (code) => (code === 0 ? resolve() : reject(new Error('check failed')))),
);
const checkMs = performance.now() - checkStarted;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-startup-'));
const fresh = [];
const existing = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const dir = path.join(tmp, `d${i}`);
    fresh.push(await once(dir));
    existing.push(await once(dir));
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
const fmtCpu = (xs) => `CPU ${(median(xs.map((x) => x.cpu)) / 1000).toFixed(2)} s`;
const fmt = (runs) => `${fmtWall(runs.map((x) => x.wall))}, ${fmtCpu(runs)}`;
const fmtWall = (xs) =>
  `median ${(median(xs) / 1000).toFixed(2)} s (runs: ${xs.map((x) => (x / 1000).toFixed(2)).join(', ')})`;
console.log(
  TSX ? 'entry: apps/server/src/server.ts through tsx' : 'entry: apps/server/dist/server.js (the bundle)',
);
console.log(
  `node ${process.version}, ${os.availableParallelism()} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`start-up to first answer, fresh data directory:    ${fmt(fresh)}`);
console.log(`start-up to first answer, existing data directory: ${fmt(existing)}`);
console.log(
  `npm start's staleness checks (a node process that checks the bundles): ${checkMs.toFixed(0)} ms`,
);
