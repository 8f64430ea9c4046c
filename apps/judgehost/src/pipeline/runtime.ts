import type { Language } from '../languages/types.js';
import type { BoxSession, BoxSessionOptions, CompileBox, runBoxPair } from '../sandbox/boxd/index.js';

/** What the pipeline needs from the sandbox and the language registry (injected so tests can stand in). */
export interface Runtime {
  /** The registered language of that name, or undefined. */
  getLanguage(name: string): Language | undefined;
  /** Opens a box session (docs/sandbox.md "Box sessions"); every run of it is pinned to `cpu` when set. */
  openSession(options: BoxSessionOptions): Promise<BoxSession>;
  /** An interactive run in two sessions (user, interactor). */
  runBoxPair: typeof runBoxPair;
  /** Root-owned dir on the sandbox's size-capped tmpfs where task dirs (compile, program) are made. */
  scratchRoot(): Promise<string>;
  /** The CPU every run and compile of this runtime is pinned to (the worker's), or undefined. */
  cpu?: number;
  /** The worker's kept compile session (compiles of user programs and checkers); none: a fresh one each. */
  compileBox?: CompileBox;
}

/** Kept compile boxes by worker slot (one per worker of this process; `closeCompileBoxes` ends them). */
const compileBoxes = new Map<string, CompileBox>();

/**
 * Ends every kept compile box of this process (the judgehost's stop; an exiting process ends them anyway: each
 * supervisor ends its box when its stdin closes). Never rejects.
 */
export async function closeCompileBoxes(): Promise<void> {
  const boxes = [...compileBoxes.values()];
  compileBoxes.clear();
  await Promise.all(boxes.map((box) => box.close()));
}

/**
 * The real runtime: box sessions (`sandbox/boxd`) for test-case runs and compiles, `languages/index.ts`, loaded
 * on first use. With `cpu`, every run and compile is pinned to that CPU. With `slot` (a worker's key), compiles
 * run in that worker's kept compile box (made on first use, reused by its next tasks: docs/sandbox.md "Compiles
 * in box sessions"); without it each compile gets a fresh session.
 */
export async function defaultRuntime(cpu?: number, slot?: string): Promise<Runtime> {
  const [sandbox, boxd, languages] = await Promise.all([
    import('../sandbox/index.js'),
    import('../sandbox/boxd/index.js'),
    import('../languages/index.js'),
  ]);
  let compileBox: CompileBox | undefined;
  if (slot !== undefined) {
    compileBox = compileBoxes.get(slot) ?? new boxd.CompileBox({ cpu });
    compileBoxes.set(slot, compileBox);
  }
  return {
    compileBox,
    getLanguage: (name) => languages.getLanguage(name) ?? undefined,
    openSession: (options) => boxd.openBoxSession({ cpu, ...options }),
    runBoxPair: boxd.runBoxPair,
    scratchRoot: async () => (await sandbox.sandboxRuntime()).workRoot,
    cpu,
  };
}
