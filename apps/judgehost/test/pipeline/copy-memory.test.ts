import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 24 item 7: program files are copied out of a compile dir descriptor to descriptor, never held whole.

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'copy-memory-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('copyOutFiles', () => {
  it('copies a 64 MiB program (same bytes, 0555) and a link-free rest, raising peak RSS by under 16 MiB', () => {
    const src = join(dir, 'compile');
    const dest = join(dir, 'prog');
    mkdirSync(src);
    const big = Buffer.alloc(64 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i, i);
    writeFileSync(join(src, 'main'), big);
    chmodSync(join(src, 'main'), 0o755);
    writeFileSync(join(src, 'data.txt'), 'x');
    symlinkSync('/etc/passwd', join(src, 'link'));
    const script = `
      import { copyOutFiles } from ${JSON.stringify(join(__dirname, '../../src/sandbox/boxfs.ts'))};
      const before = process.resourceUsage().maxRSS;
      const names = await copyOutFiles(${JSON.stringify(src)}, ${JSON.stringify(dest)});
      const after = process.resourceUsage().maxRSS;
      console.log(JSON.stringify({ names, growthKb: after - before }));
    `;
    const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: join(__dirname, '../..'),
      encoding: 'utf8',
    });
    expect(out.status, out.stderr).toBe(0);
    const res = JSON.parse(out.stdout.trim().split('\n').pop() as string);
    expect(res.names).toEqual(['data.txt', 'main']);
    expect(sha(readFileSync(join(dest, 'main')))).toBe(sha(big));
    expect(statSync(join(dest, 'main')).mode & 0o777).toBe(0o555);
    expect(statSync(join(dest, 'data.txt')).mode & 0o777).toBe(0o444);
    expect(res.growthKb).toBeLessThan(16 * 1024);
  });
});
