import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/client.js';
import { judgeCacheDir } from '../src/embedded-judge.js';

// Issue 24 item 6: the PGlite database files were 0666 in a data dir forced to o+x (for the sandbox to reach the
// embedded judge's cache inside it). Now the data dir and database are private; the cache lives beside it.

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-private-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Modes (permission bits) of everything below `dir`, by kind. */
function modes(dir: string): { dirs: Set<number>; files: Set<number> } {
  const out = { dirs: new Set<number>(), files: new Set<number>() };
  const walk = (d: string) => {
    out.dirs.add(fs.statSync(d).mode & 0o777);
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.files.add(fs.statSync(p).mode & 0o777);
    }
  };
  walk(dir);
  return out;
}

describe('data dir modes', () => {
  it('a PGlite database directory is 0700 throughout with 0600 files, also when it was widened before', async () => {
    const dir = path.join(tmp, 'data', 'pglite');
    const first = await openDb({ dataDir: dir });
    await first.close();
    // An install from before: widened by hand or by the old start-up.
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, 'PG_VERSION'), 0o666);
    const handle = await openDb({ dataDir: dir });
    try {
      const m = modes(dir);
      expect([...m.dirs]).toEqual([0o700]);
      expect([...m.files]).toEqual([0o600]);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it("the embedded judge's cache is beside the data dir, not in it", () => {
    const data = path.join(tmp, 'data');
    const cache = judgeCacheDir(data);
    expect(path.dirname(cache)).toBe(path.dirname(path.resolve(data)));
    expect(cache.startsWith(`${path.resolve(data)}/`)).toBe(false);
  });
});
