import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sourceDir = fileURLToPath(new URL('../../native/', import.meta.url));

export interface NativeHelpers {
  /** The per-run supervisor (runs as root on the host). */
  supervisor: string;
  /** pid 1 of the box (bound read-only into every box). */
  init: string;
  /** The box's seccomp filter: a BPF program written by `native/oj-seccomp.c` (bubblewrap `--seccomp`). */
  seccomp: string;
  /**
   * The filter of program runs (box sessions): `seccomp` plus file locks and every socket but AF_UNIX refused
   * (`oj-seccomp --no-locks`; a lock on a file every box shares is a channel between concurrent runs, a TCP
   * socket in TIME_WAIT one between the runs of a session, issue 24).
   */
  seccompRun: string;
  /**
   * The filter of a box session's pid 1 (`oj-seccomp --agent`): `seccomp` with `mount` and `clone` with
   * CLONE_NEWPID or CLONE_NEWNS allowed, so that the agent can give each run a fresh pid namespace and its own /proc;
   * each run's init loads the session's run filter on top before the program starts (docs/sandbox.md).
   */
  seccompAgent: string;
}

/** How one C helper is built: extra gcc flags (default static), libraries, headers that are part of its hash. */
export interface HelperBuild {
  flags?: string[];
  libs?: string[];
  headers?: string[];
}

/** A temporary name beside `target`, unique to this call (concurrent builders, in this process or another). */
const tempBeside = (target: string) => `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;

/** Builds in flight in this process, by target path: concurrent callers (the workers' first sessions) share one. */
const building = new Map<string, Promise<string>>();

/**
 * Compiles `native/<name>.c` into `<binDir>/<name>-<hash>` once per version: the hash covers the source and the
 * headers it names, so an edit makes a new binary. Concurrent callers in one process share one build; builders in
 * several processes (two judgehosts on one machine) each write a temporary file of their own and all end with
 * the same file (atomic rename). Shared by the per-run helpers here and the box-session helpers
 * (`boxd/native.ts`). Returns the path; throws with gcc's message when the build fails.
 */
export async function buildHelper(name: string, binDir: string, build: HelperBuild = {}): Promise<string> {
  const { flags = ['-static'], libs = [], headers = [] } = build;
  const source = `${sourceDir}${name}.c`;
  const hash = createHash('sha256');
  for (const file of [`${name}.c`, ...headers]) hash.update(await readFile(`${sourceDir}${file}`));
  const target = `${binDir}/${name}-${hash.digest('hex').slice(0, 12)}`;
  if (existsSync(target)) return target;
  const pending = building.get(target);
  if (pending) return pending;
  const made = (async () => {
    const temp = tempBeside(target);
    try {
      await run('gcc', ['-O2', ...flags, '-Wall', '-o', temp, source, ...libs], { timeout: 60_000 });
    } catch (error) {
      const detail = (error as { stderr?: string }).stderr ?? String(error);
      throw new Error(`cannot build ${name} (gcc, static libc and libseccomp-dev are needed): ${detail}`);
    }
    await chmod(temp, 0o755);
    await rename(temp, target);
    return target;
  })().finally(() => building.delete(target));
  building.set(target, made);
  return made;
}

/**
 * Runs the filter generator once per version of its source (the file name carries its hash) and keeps its
 * output, the BPF program, in a root-owned file next to it (`<generator>.bpf`; variant 'run', the program runs'
 * filter with file locks refused: `<generator>.run.bpf`; 'agent', a session agent's: `<generator>.agent.bpf`). Returns the file's path; throws when it fails.
 */
async function writeSeccompFilter(generator: string, variant: '' | 'run' | 'agent' = ''): Promise<string> {
  const target = variant ? `${generator}.${variant}.bpf` : `${generator}.bpf`;
  if (existsSync(target)) return target;
  const temp = tempBeside(target);
  const args = variant === 'run' ? ['--no-locks'] : variant === 'agent' ? ['--agent'] : [];
  const { stdout } = await run(generator, args, { encoding: 'buffer', timeout: 60_000 });
  if (stdout.length === 0 || stdout.length % 8 !== 0) throw new Error('oj-seccomp wrote no BPF program');
  await writeFile(temp, stdout, { mode: 0o644 });
  await rename(temp, target);
  return target;
}

/**
 * Compiles the C helpers (`native/oj-sandbox.c`, `native/oj-init.c`, `native/oj-seccomp.c`) into `<dir>/bin`,
 * once per source version (the file name carries the source hash), and writes the seccomp filter. Returns their
 * paths; throws when gcc or the filter generator fails.
 */
export async function buildNativeHelpers(dir: string): Promise<NativeHelpers> {
  const binDir = `${dir}/bin`;
  await mkdir(binDir, { recursive: true, mode: 0o755 });
  await chmod(binDir, 0o755);
  const [supervisor, init, generator] = await Promise.all([
    buildHelper('oj-sandbox', binDir, { headers: ['oj-util.h'] }),
    buildHelper('oj-init', binDir),
    buildHelper('oj-seccomp', binDir, { flags: [], libs: ['-lseccomp'] }),
  ]);
  const [seccomp, seccompRun, seccompAgent] = await Promise.all([
    writeSeccompFilter(generator),
    writeSeccompFilter(generator, 'run'),
    writeSeccompFilter(generator, 'agent'),
  ]);
  return { supervisor, init, seccomp, seccompRun, seccompAgent };
}
