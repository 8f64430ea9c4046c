// Production build of the server, the judgehost and the backup/restore command: each entry is bundled by esbuild
// into one ES module (apps/server/dist/server.js, apps/judgehost/dist/main.js, apps/server/dist/backup-cli.js) with
// our own sources and @oj/shared inside and every npm package left external (resolved from node_modules at run
// time): plain node runs them, no TypeScript loader at run time.
//
// `node scripts/build.mjs`            builds both
// `node scripts/build.mjs --if-stale` builds only when an output is missing or older than a source it is built from
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const targets = [
  {
    name: 'server',
    entry: 'apps/server/src/server.ts',
    out: 'apps/server/dist/server.js',
    sources: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/shared/src',
      'packages/remote-judge/src',
    ],
  },
  {
    name: 'judgehost',
    entry: 'apps/judgehost/src/main.ts',
    out: 'apps/judgehost/dist/main.js',
    sources: [
      'apps/judgehost/src',
      'apps/judgehost/package.json',
      'packages/shared/src',
      'packages/remote-judge/src',
    ],
  },
  {
    name: 'backup',
    entry: 'apps/server/src/ops/backup-cli.ts',
    out: 'apps/server/dist/backup-cli.js',
    sources: [
      'apps/server/src',
      'apps/server/package.json',
      'packages/shared/src',
      'packages/remote-judge/src',
    ],
  },
];

/** Newest modification time (ms) under `p` (a file or a directory; tests and node_modules skipped). */
function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = st.mtimeMs;
  for (const e of fs.readdirSync(p, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    t = Math.max(t, newest(path.join(p, e.name)));
  }
  return t;
}

/** True when the target's output is missing or older than one of its sources (or this script). */
export function isStale(t) {
  const out = path.join(root, t.out);
  if (!fs.existsSync(out)) return true;
  const built = fs.statSync(out).mtimeMs;
  const inputs = [...t.sources, 'scripts/build.mjs'].map((s) => newest(path.join(root, s)));
  return Math.max(...inputs) > built;
}

/**
 * Keeps `import.meta.url` meaning "this source file" inside the bundle: paths such as `../../drizzle` next to
 * `src/db/client.ts` stay right whichever file they end up in. The URL is rebuilt relative to the bundle at run
 * time, so the checkout can move.
 */
const sourceUrl = (outFile) => ({
  name: 'source-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const rel = path.relative(path.dirname(outFile), args.path).split(path.sep).join('/');
      const expr = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', expr), loader: 'ts' };
    });
  },
});

/** npm packages stay external; our workspace packages (@oj/*) are bundled from their TypeScript sources. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@oj/') || args.path.startsWith('node:') ? undefined : { external: true },
    );
  },
};

/** Bundles one target. */
export async function buildTarget(t) {
  const outfile = path.join(root, t.out);
  const started = Date.now();
  // Loaded here: `npm start` checks staleness on every start and needs esbuild only when it builds.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(root, t.entry)],
    outfile,
    // Written below, each file to a temporary name then renamed: a server starting (or a parallel test's build)
    // never reads half a bundle.
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // The compiled server starts the compiled judgehost (embedded-judge.ts).
    define: { __OJ_COMPILED__: 'true' },
    plugins: [externalPackages, sourceUrl(outfile)],
  });
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  // The map first, so that the bundle (whose time says "built") is the last file to land.
  for (const f of [...result.outputFiles].sort((a) => (a.path.endsWith('.map') ? -1 : 1))) {
    const temp = `${f.path}.${process.pid}.tmp`;
    fs.writeFileSync(temp, f.contents);
    fs.renameSync(temp, f.path);
  }
  console.log(`built ${t.out} in ${Date.now() - started} ms`);
}

/**
 * The embedded database a fresh data directory starts from: PGlite's data directory after initdb and every
 * migration, gzipped. Loading it takes a fraction of initdb plus the migrations (docs/figures.md, Start-up); the
 * server still runs the migrations after loading it (none left to apply while the template is current).
 */
export const pgliteTemplate = {
  name: 'pglite-template',
  out: 'apps/server/dist/pglite-template.tar.gz',
  sources: ['apps/server/drizzle', 'node_modules/@electric-sql/pglite/package.json'],
};

/** Builds the PGlite template (initdb in memory, the drizzle migrations, a gzipped dump). */
export async function buildPgliteTemplate() {
  const started = Date.now();
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = new PGlite();
  try {
    await migrate(drizzle(db), { migrationsFolder: path.join(root, 'apps/server/drizzle') });
    const tar = await db.dumpDataDir('gzip');
    const out = path.join(root, pgliteTemplate.out);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(`${out}.${process.pid}.tmp`, Buffer.from(await tar.arrayBuffer()));
    fs.renameSync(`${out}.${process.pid}.tmp`, out);
  } finally {
    await db.close();
  }
  console.log(`built ${pgliteTemplate.out} in ${Date.now() - started} ms`);
}

/** Builds every target (or only the stale ones; or only those named in `names`: the template goes with the server). */
export async function build({ ifStale = false, names = undefined } = {}) {
  for (const t of targets)
    if ((!names || names.includes(t.name)) && (!ifStale || isStale(t))) await buildTarget(t);
  if ((!names || names.includes('server')) && (!ifStale || isStale(pgliteTemplate)))
    await buildPgliteTemplate();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await build({ ifStale: process.argv.includes('--if-stale') });
}
