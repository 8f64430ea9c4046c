import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing (images and fonts of the build are already compressed formats). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|ico|wasm)$/;
/** Files smaller than this (bytes) are sent as they are: the headers would outweigh the saving. */
const MIN_BYTES = 1024;

/** Lists every file under `dir`, recursively (absolute paths). */
async function walk(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to one file; a variant that
 * does not come out smaller than the file is not written. Returns the bytes of [file, br, gz] (0 = not written).
 */
export async function precompressFile(file: string): Promise<[number, number, number]> {
  const buf = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(buf, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
      },
    }),
    gzip(buf, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  const sizes: [number, number, number] = [buf.length, 0, 0];
  if (br.length < buf.length) {
    await fs.writeFile(`${file}.br`, br);
    sizes[1] = br.length;
  }
  if (gz.length < buf.length) {
    await fs.writeFile(`${file}.gz`, gz);
    sizes[2] = gz.length;
  }
  return sizes;
}

/**
 * Vite plugin (build only): after the bundle is written, every compressible file of the output folder of at least
 * 1 KiB gets brotli and gzip siblings, which the server's static handler sends by `Accept-Encoding`
 * (`preCompressed`, apps/server/src/plugins/web.ts). Prints the totals.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: Logger | undefined;
  return {
    name: 'oj-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const files = (await walk(outDir)).filter((f) => COMPRESSIBLE.test(f));
      let raw = 0;
      let br = 0;
      let count = 0;
      for (const f of files) {
        const stat = await fs.stat(f);
        if (stat.size < MIN_BYTES) continue;
        const [r, b] = await precompressFile(f);
        raw += r;
        br += b || r;
        count++;
      }
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      logger?.info(`precompressed ${count} files: ${kb(raw)} -> ${kb(br)} brotli`);
    },
  };
}
