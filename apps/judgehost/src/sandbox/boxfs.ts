import { constants } from 'node:fs';
import { chmod, type FileHandle, mkdir, open, readdir } from 'node:fs/promises';
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

/**
 * Reads file `name` of directory `dir` (both possibly planted by a box) as described above: at most `cap` bytes,
 * from the descriptor, with its mode. Returns the bytes and whether the file was longer, `missing`, or
 * `notRegular` for a link, FIFO, socket, device or directory (never blocks, never follows a link). Other I/O
 * errors reject.
 */
async function readBoxFileWithMode(
  dir: string,
  name: string,
  cap: number,
): Promise<{ file: BoxFile; mode: number }> {
  const opened = await openIn(dir, name);
  if (!('fd' in opened)) return { file: opened, mode: 0 };
  try {
    const stat = await opened.stat();
    if (!stat.isFile()) {
      const what = stat.isFIFO() ? 'a FIFO' : stat.isDirectory() ? 'a directory' : 'not a regular file';
      return { file: { kind: 'notRegular', what }, mode: stat.mode };
    }
    const want = Math.min(stat.size, cap);
    const data = Buffer.alloc(want);
    let got = 0;
    while (got < want) {
      const { bytesRead } = await opened.read(data, got, want - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return { file: { kind: 'file', data: data.subarray(0, got), over: stat.size > cap }, mode: stat.mode };
  } finally {
    await opened.close();
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
 * MAX_PROGRAM_FILES files or one is larger than MAX_PROGRAM_FILE_BYTES. Returns the names copied.
 */
export async function copyOutFiles(src: string, dest: string): Promise<string[]> {
  await mkdir(dest, { recursive: true, mode: 0o755 });
  await chmod(dest, 0o755);
  const names: string[] = [];
  for (const entry of await readdir(src, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    if (names.length >= MAX_PROGRAM_FILES) throw new Error(`more than ${MAX_PROGRAM_FILES} files to keep`);
    const { file, mode } = await readBoxFileWithMode(src, entry.name, MAX_PROGRAM_FILE_BYTES);
    if (file.kind !== 'file') continue;
    if (file.over) throw new Error(`${entry.name} is larger than 256 MB`);
    const out = await open(
      join(dest, entry.name),
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      await out.writeFile(file.data);
      await out.chmod(mode & 0o111 ? 0o555 : 0o444);
    } finally {
      await out.close();
    }
    names.push(entry.name);
  }
  return names.sort();
}
