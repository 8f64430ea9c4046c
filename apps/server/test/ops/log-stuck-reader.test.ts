import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './proc.js';

// Issue 22 (the server that does not stop): the server's log goes to a pipe or socket whose reader may stop reading
// (a log collector stuck, a launcher gone but its socket still open). pino's default destination wrote to fd 1
// synchronously and, the pipe full, retried every 100 ms on the event loop for as long as the reader stayed: no
// timer ran, not even the 50 s hard exit after SIGTERM. A process logging as the server does (pino through
// logging.ts logStream) must keep its event loop running with a reader that never reads, and the lines it could
// write must arrive once the reader reads.
const child = `
import pino from 'pino';
import { logStream } from ${JSON.stringify(path.join(ROOT, 'apps/server/src/logging.ts'))};
const log = pino({ level: 'info' }, logStream());
const text = 'x'.repeat(1000);
let n = 0;
const writer = setInterval(() => {
  for (let i = 0; i < 100; i++) log.info({ n: n++, text }, 'request completed');
}, 1);
setTimeout(() => {
  clearInterval(writer);
  process.exit(0);
}, 1500);
`;

describe('logging with a stuck log reader', () => {
  it('a reader that never reads neither stalls the event loop nor keeps the process from exiting', async () => {
    const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', child], {
      cwd: path.join(ROOT, 'apps/server'),
      // stdout: a socket this test holds open and does not read (until the end); LOG_FORMAT as under a collector.
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, LOG_FORMAT: 'json', NODE_OPTIONS: '' },
    });
    p.stdout.pause();
    const started = Date.now();
    const exited = new Promise<number | null>((r) => p.on('exit', (code) => r(code)));
    const timeout = new Promise<'stuck'>((r) => setTimeout(() => r('stuck'), 20_000));
    const outcome = await Promise.race([exited, timeout]);
    if (outcome === 'stuck') p.kill('SIGKILL');
    expect(outcome, 'the logging process still running 20 s after its 1.5 s exit timer').toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    // What arrived is whole JSON lines, in order (none torn).
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stdout.resume();
    await new Promise((r) => p.stdout.on('close', r));
    // (The first bytes, read by this end before it paused, may be gone: the first line may be a tail.)
    const lines = out.split('\n').filter(Boolean).slice(1);
    expect(lines.length).toBeGreaterThan(10);
    const ns = lines
      .map((l) => JSON.parse(l))
      .filter((o) => o.msg === 'request completed')
      .map((o) => o.n);
    expect(ns.length).toBe(lines.length);
    expect(ns.every((n, i) => i === 0 || n > ns[i - 1])).toBe(true);
  }, 60_000);
});
