import fs from 'node:fs';
import path from 'node:path';
import { type Zippable, zipSync } from 'fflate';

export { PROBLEMS_DIR } from '../paths.js';

/**
 * Adds every file under `dir` to `out` below `prefix`; symbolic links become zip symlink entries (Unix mode
 * 0120777, content = link target), as `zip -y` stores them.
 */
export function addDir(out: Zippable, dir: string, prefix: string): Zippable {
  for (const name of fs.readdirSync(dir)) {
    const full = path.join(dir, name);
    const rel = prefix ? `${prefix}/${name}` : name;
    const st = fs.lstatSync(full);
    if (st.isSymbolicLink()) {
      out[rel] = [new TextEncoder().encode(fs.readlinkSync(full)), { os: 3, attrs: (0o120777 << 16) >>> 0 }];
    } else if (st.isDirectory()) addDir(out, full, rel);
    else out[rel] = new Uint8Array(fs.readFileSync(full));
  }
  return out;
}

/** A zip of the given folders, each under its own name (or the given prefix), plus extra files. */
export function zipOf(
  dirs: [dir: string, prefix: string][],
  extra: Record<string, string | Uint8Array> = {},
): Uint8Array {
  const z: Zippable = {};
  for (const [d, p] of dirs) addDir(z, d, p);
  for (const [k, v] of Object.entries(extra)) z[k] = typeof v === 'string' ? new TextEncoder().encode(v) : v;
  return zipSync(z);
}
