import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import type { AppContext } from './context.js';
import { openDb } from './db/client.js';
import { seed } from './db/seed.js';
import { startEmbeddedJudge } from './embedded-judge.js';
import { loadEnv } from './env.js';
import { ConfigService } from './modules/config/config.service.js';
import { getJudgeToken } from './modules/judge/token.js';

/** Process entry (`npm start`): migrate, seed, serve the API and the web app, start the embedded judgehost. */
async function main() {
  const started = Date.now();
  const env = loadEnv();
  fs.mkdirSync(env.dataDir, { recursive: true });
  const handle = await openDb(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.dataDir, 'pglite') },
  );
  const ctx: AppContext = { env, db: handle.db, dbKind: handle.kind, config: new ConfigService(handle.db) };
  const seeded = await seed(ctx);
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = env.OJ_WEB_DIST ?? path.resolve(here, '../../web/dist');
  const app = await buildApp({ ctx, webDist, logger: { level: env.LOG_LEVEL } });
  await app.listen({ port: env.PORT, host: env.HOST });
  if (seeded.generatedRootPassword) {
    // Printed once: the only time this password is shown.
    console.log(`\n  Created super admin "root" with password: ${seeded.generatedRootPassword}\n`);
  }
  app.log.info({ ms: Date.now() - started, db: handle.kind }, 'ready');
  // Embedded judgehost: one child process, workers from OJ_EMBEDDED_JUDGE_WORKERS (default one per core, 0 = none).
  const judgeWorkers = env.OJ_EMBEDDED_JUDGE_WORKERS ?? os.availableParallelism();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const judge =
    judgeWorkers > 0
      ? startEmbeddedJudge({
          serverUrl: `http://127.0.0.1:${port}`,
          token: await getJudgeToken(ctx),
          workers: judgeWorkers,
          cacheDir: path.join(env.dataDir, 'judge-cache'),
          log: app.log,
        })
      : null;
  const stop = async () => {
    await judge?.stop();
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
