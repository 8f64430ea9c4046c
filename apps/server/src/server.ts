import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import type { AppContext } from './context.js';
import { openDb } from './db/client.js';
import { seed } from './db/seed.js';
import { loadEnv } from './env.js';
import { ConfigService } from './modules/config/config.service.js';

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
  const stop = async () => {
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
