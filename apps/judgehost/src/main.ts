import os from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { languageInfo } from './languages/index.js';
import { judge } from './pipeline/index.js';
import { Judgehost } from './worker.js';

/**
 * Judgehost entry: `npm run judgehost -- --server URL --token T [--workers N] [--name X] [--cache DIR] [--id ID]`.
 * The token may also come from OJ_JUDGE_TOKEN. SIGTERM / SIGINT stop leasing and let running jobs finish (a
 * second signal exits at once).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: process.env.OJ_SERVER ?? 'http://127.0.0.1:8080' },
      token: { type: 'string', default: process.env.OJ_JUDGE_TOKEN },
      workers: { type: 'string' },
      name: { type: 'string' },
      cache: { type: 'string', default: process.env.OJ_JUDGE_CACHE ?? './judge-cache' },
      id: { type: 'string' },
    },
  });
  if (!values.token) throw new Error('--token (or OJ_JUDGE_TOKEN) is required');
  const workers = values.workers ? Number(values.workers) : os.availableParallelism();
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new Error('--workers must be 1..64');
  const host = new Judgehost({
    server: values.server as string,
    token: values.token,
    workers,
    name: values.name,
    cacheDir: resolve(values.cache as string),
    judgehostId: values.id,
    judge,
    languages: languageInfo,
  });
  let signals = 0;
  const onSignal = async () => {
    if (++signals > 1) process.exit(1);
    await host.stop();
    process.exit(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  // Embedded mode: exit when the server that started us is gone (even if it was killed without cleanup).
  const parent = Number(process.env.OJ_JUDGE_PARENT_PID);
  if (parent > 0) {
    setInterval(() => {
      try {
        process.kill(parent, 0);
      } catch {
        void onSignal();
      }
    }, 2000).unref();
  }
  await host.start();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
