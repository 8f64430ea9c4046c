// `npm start`: builds what is missing or stale (the web app, then the server and the judgehost bundles), then
// runs the compiled server in this same process (signals reach it directly, no wrapper in between).
// `--judgehost` runs the compiled judgehost instead (`npm run judgehost -- --server URL`), `--backup` the compiled
// backup/restore command (`npm run backup -- FILE`); each builds only its own bundle when stale. The server with
// arguments (`npm start -- --help`) skips the web build: it only prints or refuses.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, targets } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const name = { '--judgehost': 'judgehost', '--backup': 'backup' }[process.argv[2]] ?? 'server';
const judgehost = name === 'judgehost';
if (name !== 'server') process.argv.splice(2, 1);
else if (process.argv.length <= 2) await import('./build-web-if-needed.mjs');
// The server starts the compiled judgehost (its embedded judge): both are built.
await build({ ifStale: true, names: name === 'server' ? ['server', 'judgehost'] : [name] });
const target = targets.find((t) => t.name === name);
// Relative paths (OJ_DATA_DIR=./data, --cache ./judge-cache) keep meaning what they meant under `npm run -w`:
// relative to the workspace (apps/server/data, apps/judgehost/judge-cache).
process.chdir(path.join(root, judgehost ? 'apps/judgehost' : 'apps/server'));
await import(pathToFileURL(path.join(root, target.out)).href);
