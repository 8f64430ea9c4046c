import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * On-disk, content-addressed cache of test data: `<dir>/<first 2 hex>/<sha256>`, dirs 0700 and files 0600 (root
 * only). A file appears only after its
 * bytes matched the hash (written to a temporary name, then renamed atomically), so a crash never leaves a
 * corrupt entry. Concurrent requests for one hash share one download.
 */
export class TestdataCache {
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(
    private readonly dir: string,
    private readonly fetchBlob: (hash: string) => Promise<Buffer>,
  ) {}

  /** Host path of the file with that sha256 hex hash, downloading it when missing. Rejects on a hash mismatch. */
  get(hash: string): Promise<string> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return Promise.reject(new Error(`bad test data hash: ${hash}`));
    const path = join(this.dir, hash.slice(0, 2), hash);
    let p = this.inflight.get(hash);
    if (!p) {
      p = this.load(hash, path).finally(() => this.inflight.delete(hash));
      this.inflight.set(hash, p);
    }
    return p;
  }

  private async load(hash: string, path: string): Promise<string> {
    if (await exists(path)) return path;
    const data = await this.fetchBlob(hash);
    const got = createHash('sha256').update(data).digest('hex');
    if (got !== hash) throw new Error(`test data ${hash} arrived corrupt (sha256 ${got})`);
    // Root only: the boxes get test data by descriptor or as root-owned copies, never from the cache itself.
    await mkdir(join(this.dir, hash.slice(0, 2)), { recursive: true, mode: 0o700 });
    await chmod(this.dir, 0o700);
    const tmp = `${path}.tmp-${randomBytes(6).toString('hex')}`;
    try {
      await writeFile(tmp, data, { mode: 0o600 });
      await rename(tmp, path);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      throw e;
    }
    return path;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
