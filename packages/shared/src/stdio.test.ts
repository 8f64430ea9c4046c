import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A child whose stdout and stderr readers are gone writes a console line a while later: without
 * ignoreBrokenStdio the late EPIPE error crashes it (exit 1); with it, the child ends its work and exits 0.
 */
function runChild(guard: boolean): Promise<number | null> {
  const stdio = path.join(import.meta.dirname, 'stdio.ts');
  const script = `
    ${guard ? `const { ignoreBrokenStdio } = await import(${JSON.stringify(stdio)}); ignoreBrokenStdio();` : ''}
    process.stdout.write('ready\\n');
    setTimeout(() => {
      for (let i = 0; i < 100; i++) { console.log('a line to no reader', i); console.error('and to stderr', i); }
      setTimeout(() => process.exit(0), 300);
    }, 500);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve) => {
    child.stdout.once('data', () => {
      child.stdout.destroy();
      child.stderr.destroy();
    });
    child.on('exit', (code) => resolve(code));
  });
}

describe('ignoreBrokenStdio', () => {
  it('keeps a process whose output readers left alive to its own exit', async () => {
    expect(await runChild(true)).toBe(0);
  });

  it('is needed: without it the late EPIPE crashes the process', async () => {
    expect(await runChild(false)).toBe(1);
  });
});
