import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes `dir` private to the server's user (issue 24 item 6): creates it when missing and sets mode 0700. With
 * `recursive`, every directory below gets 0700 and every file 0600 (PGlite writes its files 0666; new ones keep
 * appearing 0666 but stay unreachable below a 0700 directory). Symbolic links are left alone. Throws on I/O
 * errors other than files vanishing meanwhile.
 */
export function makePrivate(dir: string, opts: { recursive?: boolean } = {}): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  if (!opts.recursive) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    try {
      if (e.isDirectory()) makePrivate(p, opts);
      else if (e.isFile()) fs.chmodSync(p, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
