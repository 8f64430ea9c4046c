import path from 'node:path';
import yauzl from 'yauzl';
import { AppError, badRequest } from '../../../lib/errors.js';

/** Caps for reading an uploaded zip: total uncompressed bytes, number of entries, bytes of one entry. */
export interface ZipLimits {
  maxTotalBytes: number;
  maxFiles: number;
  /** Entries whose uncompressed/compressed ratio is above this (and larger than 1 MB) are refused. */
  maxRatio: number;
}

/** 512 MB, 10,000 files, ratio 1000: far above real test data, far below a zip bomb. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxTotalBytes: 512 * 1024 * 1024,
  maxFiles: 10_000,
  maxRatio: 1000,
};

export interface ZipFileEntry {
  /** Normalised relative path with `/` separators, never absolute, never containing `..`. */
  path: string;
  data: Buffer;
  /** Set when the entry is a Unix symbolic link: `data` is then the link target (UTF-8). */
  symlink: boolean;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Normalises a zip entry name; null for names that would escape the extraction root (zip slip). */
export function safeEntryPath(name: string): string | null {
  const n = name.replace(/\\/g, '/');
  if (n.startsWith('/') || /^[A-Za-z]:/.test(n)) return null;
  const norm = path.posix.normalize(n);
  if (norm === '..' || norm.startsWith('../') || norm.includes('/../') || norm.includes('\0')) return null;
  return norm.replace(/^\.\//, '');
}

function openZip(buf: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      buf,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true },
      (err, zip) => (err || !zip ? reject(err ?? new Error('cannot open')) : resolve(zip)),
    ),
  );
}

/**
 * Reads every file of a zip held in memory, refusing (400 with a reason) anything unsafe: entries with absolute
 * paths or `..` (zip slip), more than `maxFiles` entries, more than `maxTotalBytes` uncompressed bytes in total
 * (counted while inflating, so lying headers do not help), extreme compression ratios, encrypted entries and
 * files that are not zips. Symbolic links are returned flagged; callers decide (test-case uploads refuse them).
 * Directories are skipped, and so are (never inflated) files whose normalised path `keep` refuses. Every zip the
 * server reads goes through here (test cases, packages, FPS). Returns entries in archive order.
 */
export async function readZipSafely(
  buf: Buffer,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  keep: (path: string) => boolean = () => true,
): Promise<ZipFileEntry[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(buf);
  } catch (e) {
    throw badRequest('file.zipInvalid', { detail: (e as Error).message });
  }
  if (zip.entryCount > limits.maxFiles)
    throw badRequest('file.zipTooManyEntries', { count: zip.entryCount, max: limits.maxFiles });
  const out: ZipFileEntry[] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        if (name.endsWith('/')) {
          if (safeEntryPath(name) === null) return reject(badRequest('file.zipUnsafePath', { name }));
          zip.readEntry();
          return;
        }
        const rel = safeEntryPath(name);
        if (rel === null) return reject(badRequest('file.zipUnsafePath', { name }));
        if (!keep(rel)) {
          zip.readEntry();
          return;
        }
        if (entry.isEncrypted()) return reject(badRequest('file.zipEncrypted', { name }));
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
        const symlink = mode === S_IFLNK;
        if (total + entry.uncompressedSize > limits.maxTotalBytes)
          return reject(badRequest('file.zipTooBig', { max: limits.maxTotalBytes }));
        if (
          entry.uncompressedSize > 1024 * 1024 &&
          entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio
        )
          return reject(badRequest('file.zipBomb', { name }));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream)
            return reject(badRequest('file.zipEntryUnreadable', { name, detail: err?.message ?? '' }));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => {
            total += c.length;
            if (total > limits.maxTotalBytes) {
              stream.destroy();
              reject(badRequest('file.zipTooBig', { max: limits.maxTotalBytes }));
              return;
            }
            chunks.push(c);
          });
          stream.on('error', (e) =>
            reject(badRequest('file.zipEntryUnreadable', { name, detail: e.message })),
          );
          stream.on('end', () => {
            out.push({ path: rel, data: Buffer.concat(chunks), symlink });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    // yauzl's own checks (invalid relative path, bad sizes, truncated data) end up here.
    const msg = (e as Error).message;
    throw /path/i.test(msg)
      ? badRequest('file.zipUnsafePath', { name: `(${msg})` })
      : badRequest('file.zipBroken', { detail: msg });
  } finally {
    zip.close();
  }
  return out;
}

const TEXT_LINK = /^[\w.+-]+(\/[\w.+-]+)+$/;

/**
 * Replaces symbolic-link entries by the entries they point to (relative targets inside the archive, followed up
 * to 8 levels), as Kattis packages reuse cases through links. With `textLinks`, small files whose whole content
 * is a relative path of another entry (what git leaves when it checks links out as plain files) are followed
 * too. A real link leaving the archive or pointing nowhere is refused with 400 naming it.
 */
export function resolveSymlinks(entries: ZipFileEntry[], opts: { textLinks?: boolean } = {}): ZipFileEntry[] {
  const byPath = new Map(entries.map((e) => [e.path, e]));
  const targetOf = (e: ZipFileEntry): ZipFileEntry | undefined => {
    const target = e.data.toString('utf8');
    const joined = target.startsWith('/')
      ? null
      : safeEntryPath(path.posix.join(path.posix.dirname(e.path), target));
    return joined ? byPath.get(joined) : undefined;
  };
  const isTextLink = (e: ZipFileEntry) =>
    !!opts.textLinks &&
    !e.symlink &&
    e.data.length < 256 &&
    TEXT_LINK.test(e.data.toString('utf8')) &&
    !!targetOf(e);
  const follow = (e: ZipFileEntry, depth: number): ZipFileEntry => {
    if (!e.symlink && !isTextLink(e)) return e;
    if (depth > 8) throw badRequest('file.zipLinkDepth', { name: e.path });
    const hit = targetOf(e);
    if (!hit) throw badRequest('file.zipLinkOutside', { name: e.path });
    return follow(hit, depth + 1);
  };
  return entries.map((e) =>
    e.symlink || isTextLink(e) ? { path: e.path, data: follow(e, 0).data, symlink: false } : e,
  );
}
