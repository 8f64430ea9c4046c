import type { Language } from '../languages/types.js';
import type { BoxSession, BoxSessionOptions, runBoxPair } from '../sandbox/boxd/index.js';

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
}

/**
 * The real runtime: box sessions (`sandbox/boxd`) for test-case runs, `languages/index.ts` (whose compiles are
 * one-shot `runSandboxed` runs), loaded on first use. With `cpu`, every run and compile is pinned to that CPU.
 */
export async function defaultRuntime(cpu?: number): Promise<Runtime> {
  const [sandbox, boxd, languages] = await Promise.all([
    import('../sandbox/index.js'),
    import('../sandbox/boxd/index.js'),
    import('../languages/index.js'),
  ]);
  return {
    getLanguage: (name) => languages.getLanguage(name) ?? undefined,
    openSession: (options) => boxd.openBoxSession({ cpu, ...options }),
    runBoxPair: boxd.runBoxPair,
    scratchRoot: async () => (await sandbox.sandboxRuntime()).workRoot,
    cpu,
  };
}
