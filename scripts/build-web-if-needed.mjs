// Builds the web app when apps/web/dist is missing or older than any web or shared source file.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
const sources = Math.max(newest(path.join(root, 'apps/web')), newest(path.join(root, 'packages/shared/src')));
if (sources > built) execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
