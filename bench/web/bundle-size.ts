/**
 * Bundle size of the home page (brief: at most 300 KB gzip of JS + CSS to boot /home).
 * Reads Vite's manifest of a built `apps/web/dist` and sums raw and gzip bytes of: the entry chunk and its
 * static imports (what index.html loads and modulepreloads), plus the lazy chunks /home needs to render
 * (HomePage, when not in the entry: since the route-group chunks it is; DefaultLayout is in the entry) with their
 * static imports, plus the en-US `common` and `home` dictionaries. Dynamic imports further down (markdown, charts, the
 * sign-in modal) are not counted: they load only when used.
 *
 * Run: `npm run build -w apps/web && npx tsx bench/web/bundle-size.ts` (optional argument: the dist folder).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(here, '../../apps/web/dist'));
const manifest: Manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** Collects a chunk's file, its CSS and, recursively, its static imports. */
function collect(key: string, files: Set<string>): void {
  const c = manifest[key];
  if (!c || files.has(c.file)) return;
  files.add(c.file);
  for (const css of c.css ?? []) files.add(css);
  for (const imp of c.imports ?? []) collect(imp, files);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
// A lazy chunk is keyed by its source path, or by its file name when rollup merged shared modules into it.
// DefaultLayout is part of the entry since the fourth wire pass (router.tsx imports it statically).
const homeKeys = Object.keys(manifest).filter(
  (k) =>
    /src\/features\/home\/pages\/HomePage\.tsx$/.test(k) ||
    (!manifest[k].src && manifest[k].name === 'HomePage'),
);
// Since the route-group chunks (build/route-chunks.ts) the home page is part of the entry: no chunk of its own.
const homeInEntry = homeKeys.length === 0 && !Object.values(manifest).some((c) => /HomePage/.test(c.file));
if (homeKeys.length !== 1 && !homeInEntry)
  throw new Error(`expected one HomePage chunk (or none: in the entry), found ${homeKeys.join(', ')}`);

function measure(keys: string[]) {
  const files = new Set<string>();
  for (const k of keys) collect(k, files);
  let raw = 0;
  let gzip = 0;
  const rows: { file: string; raw: number; gzip: number }[] = [];
  for (const f of files) {
    const buf = fs.readFileSync(path.join(dist, f));
    const gz = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gzip += gz;
    rows.push({ file: f, raw: buf.length, gzip: gz });
  }
  return { raw, gzip, rows: rows.sort((a, b) => b.gzip - a.gzip) };
}

// The dictionaries the home page needs at boot (one language): `common` (shell) and `home`.
for (const ns of ['common', 'home']) {
  const k = Object.keys(manifest).find((key) => key.endsWith(`src/locales/en-US/${ns}.json`));
  if (k) homeKeys.push(k);
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const entry = measure([entryKey]);
const home = measure([entryKey, ...homeKeys]);
console.log(`dist: ${dist}`);
console.log(`entry (index.html loads):      raw ${kb(entry.raw)}  gzip ${kb(entry.gzip)}`);
console.log(
  `home page boot (entry + home): raw ${kb(home.raw)}  gzip ${kb(home.gzip)}  (budget 300 KB gzip)`,
);
for (const r of home.rows)
  console.log(`  ${r.file.padEnd(48)} raw ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
const heavy = home.rows.filter((r) => /echarts|katex|MarkdownRenderer|codemirror/i.test(r.file));
if (heavy.length)
  console.log(`WARNING: heavy chunks on the home page: ${heavy.map((r) => r.file).join(', ')}`);
console.log(home.gzip <= 300 * 1024 ? 'within budget' : 'OVER BUDGET');
