import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sourceDir = fileURLToPath(new URL('../../native/', import.meta.url));

export interface NativeHelpers {
  /** The per-run supervisor (runs as root on the host). */
  supervisor: string;
  /** pid 1 of the box (bound read-only into every box). */
  init: string;
}

async function buildOne(name: string, binDir: string): Promise<string> {
  const source = `${sourceDir}${name}.c`;
  const text = await readFile(source);
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  const target = `${binDir}/${name}-${hash}`;
  if (existsSync(target)) return target;
  const temp = `${target}.${process.pid}.tmp`;
  try {
    await run('gcc', ['-O2', '-static', '-Wall', '-o', temp, source], { timeout: 60_000 });
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`cannot build ${name} (gcc and static libc are needed): ${detail}`);
  }
  await chmod(temp, 0o755);
  await rename(temp, target); // atomic: concurrent builders all end with the same file
  return target;
}

/**
 * Compiles the C helpers (`native/oj-sandbox.c`, `native/oj-init.c`) into `<dir>/bin`, once per source version
 * (the file name carries the source hash). Returns their paths; throws when gcc fails.
 */
export async function buildNativeHelpers(dir: string): Promise<NativeHelpers> {
  const binDir = `${dir}/bin`;
  await mkdir(binDir, { recursive: true, mode: 0o755 });
  await chmod(binDir, 0o755);
  const [supervisor, init] = await Promise.all([buildOne('oj-sandbox', binDir), buildOne('oj-init', binDir)]);
  return { supervisor, init };
}
