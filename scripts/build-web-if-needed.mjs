// Builds the web app when apps/web/dist is missing or older than any web or shared source file. The check and the
// build run under an exclusive lock (util-linux `flock` on a file in the temp dir), so two callers at once (the
// browser-test lane and `npm start` in the quick-start test, `npm test` runs them side by side) build once and
// never write apps/web/dist at the same time.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const lock = path.join(os.tmpdir(), `oj-web-build-${Buffer.from(root).toString('hex').slice(-32)}.lock`);

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

function stale() {
  const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
  return (
    Math.max(newest(path.join(root, 'apps/web')), newest(path.join(root, 'packages/shared/src'))) > built
  );
}

if (process.argv.includes('--locked')) {
  // Under the lock: someone else may have built it while this one waited.
  if (stale()) execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
} else if (stale()) {
  const self = new URL(import.meta.url).pathname;
  execFileSync('flock', [lock, process.execPath, self, '--locked'], { cwd: root, stdio: 'inherit' });
}
