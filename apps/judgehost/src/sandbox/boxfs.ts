import { constants } from 'node:fs';
import { chmod, type FileHandle, mkdir, open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Root's access to files a box could have touched (docs/sandbox.md "How outputs are read"): never by a path the box
 * could redirect. A directory is opened with O_NOFOLLOW first and the file is then opened relative to that
 * descriptor (through /proc/self/fd/N, Node's stand-in for openat), itself with O_NOFOLLOW | O_NONBLOCK, so a
 * symlink is refused (ELOOP) and a FIFO neither blocks the open nor the read (it is refused after fstat).
 */

/** What reading a file a box could have touched found. */
type BoxFile =
  | {
      kind: 'file';
      data: Buffer /** The file is larger than the cap (data holds the first `cap` bytes). */;
      over: boolean;
    }
  | { kind: 'missing' }
  | { kind: 'notRegular'; what: string };

const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
const FILE_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

async function openIn(dir: string, name: string): Promise<FileHandle | BoxFile> {
  if (!name || name.includes('/') || name === '.' || name === '..') {
    return { kind: 'notRegular', what: `bad file name "${name}"` };
  }
  let dh: FileHandle;
  try {
    dh = await open(dir, DIR_FLAGS);
  } catch (error) {
    if (code(error) === 'ENOENT') return { kind: 'missing' };
    if (code(error) === 'ELOOP' || code(error) === 'ENOTDIR') return { kind: 'notRegular', what: 'a link' };
    throw error;
  }
  try {
    return await open(`/proc/self/fd/${dh.fd}/${name}`, FILE_FLAGS);
  } catch (error) {
    const c = code(error);
    if (c === 'ENOENT') return { kind: 'missing' };
    if (c === 'ELOOP') return { kind: 'notRegular', what: 'a symbolic link' };
    if (c === 'ENXIO' || c === 'EISDIR' || c === 'EACCES' || c === 'EPERM')
      return { kind: 'notRegular', what: c === 'EISDIR' ? 'a directory' : 'not a regular file' };
    throw error;
  } finally {
    await dh.close();
  }
}

/** Largest program / checker file copied out of a compile dir, bytes. */
export const MAX_PROGRAM_FILE_BYTES = 256 * 1024 * 1024;
/** At most this many files of a compile dir are kept. */
export const MAX_PROGRAM_FILES = 256;

/**
 * Copies the regular top-level files of a compile dir `src` (written by a box) into `dest` (created root-owned,
 * mode 0755), each as a new root-owned file, mode 0555 when it was executable else 0444. Links, FIFOs and
 * sub-directories are skipped; every file is read as described above (no link followed, never blocking). Throws when there are more than
 * MAX_PROGRAM_FILES files or one is larger than MAX_PROGRAM_FILE_BYTES. Names in `skip` are left alone (a
 * compile box's sources, already in `dest`). Returns the names copied.
 */
export async function copyOutFiles(
  src: string,
  dest: string,
  skip: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  await mkdir(dest, { recursive: true, mode: 0o755 });
  await chmod(dest, 0o755);
  const names: string[] = [];
  for (const entry of await readdir(src, { withFileTypes: true })) {
    if (!entry.isFile() || skip.has(entry.name)) continue;
    if (names.length >= MAX_PROGRAM_FILES) throw new Error(`more than ${MAX_PROGRAM_FILES} files to keep`);
    if (await copyBoxFile(src, entry.name, join(dest, entry.name))) names.push(entry.name);
  }
  return names.sort();
}

/** Bytes moved per step of a descriptor-to-descriptor copy. */
const COPY_CHUNK_BYTES = 1 << 20;

/**
 * Copies file `name` of `dir` (opened by openIn: no link followed, never blocking; links, FIFOs and the like are skipped) into the new
 * file `to` descriptor to descriptor through one 1 MB buffer, so a program file is never held whole in memory
 * (issue 24 item 7); `to` gets mode 0555 when the source was executable else 0444. Returns false (nothing written)
 * for a missing or non-regular file; throws past MAX_PROGRAM_FILE_BYTES (the partial copy is removed).
 */
async function copyBoxFile(dir: string, name: string, to: string): Promise<boolean> {
  const opened = await openIn(dir, name);
  if (!('fd' in opened)) return false;
  try {
    const stat = await opened.stat();
    if (!stat.isFile()) return false;
    if (stat.size > MAX_PROGRAM_FILE_BYTES) throw new Error(`${name} is larger than 256 MB`);
    const out = await open(
      to,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      // a buffer of the file's size up to 1 MB (+1: the end is seen in the same read)
      const buf = Buffer.allocUnsafe(Math.min(COPY_CHUNK_BYTES, stat.size + 1));
      let total = 0;
      for (;;) {
        const { bytesRead } = await opened.read(buf, 0, buf.length, total);
        if (bytesRead === 0) break;
        total += bytesRead;
        // The box may still grow the file after the fstat: the cap holds on what is read.
        if (total > MAX_PROGRAM_FILE_BYTES) throw new Error(`${name} is larger than 256 MB`);
        let written = 0;
        while (written < bytesRead)
          written += (await out.write(buf, written, bytesRead - written)).bytesWritten;
      }
      await out.chmod(stat.mode & 0o111 ? 0o555 : 0o444);
    } catch (error) {
      await out.close();
      await rm(to, { force: true });
      throw error;
    }
    await out.close();
    return true;
  } finally {
    await opened.close();
  }
}
