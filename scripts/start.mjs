// `npm start`: builds what is missing or stale (the web app, then the server and the judgehost bundles), then
// runs the compiled server in this same process (signals reach it directly, no wrapper in between).
// `--judgehost` runs the compiled judgehost instead (`npm run judgehost -- --server URL`).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, targets } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const judgehost = process.argv[2] === '--judgehost';
if (judgehost) process.argv.splice(2, 1);
else await import('./build-web-if-needed.mjs');
await build({ ifStale: true });
const target = targets.find((t) => t.name === (judgehost ? 'judgehost' : 'server'));
// Relative paths (OJ_DATA_DIR=./data, --cache ./judge-cache) keep meaning what they meant under `npm run -w`:
// relative to the workspace (apps/server/data, apps/judgehost/judge-cache).
process.chdir(path.join(root, judgehost ? 'apps/judgehost' : 'apps/server'));
await import(pathToFileURL(path.join(root, target.out)).href);
