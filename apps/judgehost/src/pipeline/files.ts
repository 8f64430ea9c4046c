import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * A file name from a problem setting (extra files, file-IO names) that is safe inside a work dir: no directories,
 * no `..`. Throws on an unusable name (the task is then a System Error).
 */
export function safeName(name: string): string {
  const base = basename(name.trim());
  if (!base || base === '.' || base === '..' || base !== name.trim()) {
    throw new Error(`Unusable file name "${name}"`);
  }
  return base;
}

/** Writes name -> content files (userExtraFile / judgeExtraFile) into `dir`. */
export async function writeExtraFiles(dir: string, files: Record<string, string> | null): Promise<void> {
  for (const [name, content] of Object.entries(files ?? {})) {
    await writeFile(join(dir, safeName(name)), content);
  }
}

/**
 * Makes `dir` (created when missing) searchable by the sandbox's unprivileged uids (o+x), which bubblewrap needs to
 * reach a work dir below it. Nothing is made readable or writable for them.
 */
export async function ensureTraversable(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const { mode } = await stat(dir);
  if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o711);
}

/**
 * Throws a clear error when an ancestor of `dir` is not searchable by other users (o+x): bubblewrap, running as a
 * sandbox uid, could not reach a work dir below it. We do not widen directories we do not own.
 */
export async function assertReachable(dir: string): Promise<void> {
  let current = resolve(dir);
  for (;;) {
    const parent = dirname(current);
    if (parent === current) return;
    const { mode } = await stat(parent);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `work root ${dir} is unreachable for the sandbox: ${parent} lacks o+x (chmod o+x or move it)`,
      );
    }
    current = parent;
  }
}
