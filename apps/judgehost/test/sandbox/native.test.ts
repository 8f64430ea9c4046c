import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBoxdHelpers } from '../../src/sandbox/boxd/native.js';
import { buildHelper } from '../../src/sandbox/native.js';

// The C helpers are built on first use into a fresh directory (a new machine): several workers of one judgehost
// open their first box sessions at once and so ask for the same helpers together. CI once lost the first two
// submissions of a fresh machine to "ENOENT: chmod oj-agent-….tmp" (two callers wrote one temporary file).

const dirs: string[] = [];
const fresh = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'oj-native-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('building the native helpers', () => {
  it('gives concurrent callers in one process one executable and leaves no temporary file', async () => {
    const dir = fresh();
    const all = await Promise.all(Array.from({ length: 4 }, () => buildBoxdHelpers(dir)));
    for (const h of all) expect(h).toEqual(all[0]);
    for (const file of [all[0].agent, all[0].supervisor]) {
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o755);
    }
    expect(readdirSync(path.join(dir, 'bin')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 120_000);

  it('returns the built file at once when it exists', async () => {
    const bin = path.join(fresh(), 'bin');
    mkdirSync(bin);
    const first = await buildHelper('oj-init', bin);
    const again = await buildHelper('oj-init', bin);
    expect(again).toBe(first);
    expect(readdirSync(bin)).toEqual([path.basename(first)]);
  }, 120_000);
});
