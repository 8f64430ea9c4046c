import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, parseEnv } from 'node:util';

/**
 * What every command line of the project shares (issue 28): a `.env` file read at start, `--help` listing the
 * flags and the environment variables, and an unknown flag answered with one line and exit code 2 (no stack).
 * Node only: the web never imports this module.
 */

/** The checkout's root (this file is packages/shared/src/cli.ts; the bundles keep that meaning, scripts/build.mjs). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Reads the `.env` file into `process.env` when it exists: `OJ_ENV_FILE` names it, else `.env` at the checkout's
 * root. A variable already in the environment wins over the file. With `keep`, only the variables it accepts are
 * taken (the judgehost takes its own settings, never the server's secrets that may share the file). Returns the
 * path read, or null when there was none. Throws when OJ_ENV_FILE names a file that does not exist.
 */
export function loadDotEnv(
  keep: (name: string) => boolean = () => true,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const named = env.OJ_ENV_FILE;
  const file = named ? path.resolve(named) : path.join(REPO_ROOT, '.env');
  if (!fs.existsSync(file)) {
    if (named) throw new Error(`OJ_ENV_FILE: no such file ${file}`);
    return null;
  }
  const parsed = parseEnv(fs.readFileSync(file, 'utf8'));
  for (const [name, value] of Object.entries(parsed))
    if (env[name] === undefined && keep(name)) env[name] = value;
  return file;
}

/** One flag of a command: `--name VALUE` (string) or `--name` (boolean). */
export interface CliFlag {
  type: 'string' | 'boolean';
  /** Shown in --help after the flag (`--workers N`). */
  value?: string;
  description: string;
  short?: string;
  /** Accepted but left out of --help (a flag kept only to answer it with a message). */
  hidden?: boolean;
}

/** One environment variable a command reads, for --help. */
export interface CliEnvVar {
  name: string;
  description: string;
  default?: string;
}

/**
 * The --help rows of the variables in `descriptions`, each default read from its zod schema in `shape` (what the
 * schema gives for an unset variable), so the help never drifts from the parser.
 */
export function envHelp(
  shape: Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>,
  descriptions: Record<string, string>,
): CliEnvVar[] {
  return Object.entries(descriptions).map(([name, description]) => {
    const unset = shape[name]?.safeParse(undefined);
    const value = unset?.success ? unset.data : undefined;
    return { name, description, default: value === undefined ? undefined : String(value) };
  });
}

/** A command's description for parseCli. */
export interface CliSpec {
  /** How the command is run: `npm run judgehost --`. */
  command: string;
  /** Positional arguments in the usage line (`FILE`), if any. */
  positionals?: string;
  summary: string;
  flags: Record<string, CliFlag>;
  env: CliEnvVar[];
}

/** The --help text of a command: usage, flags (with --help), environment variables with their defaults. */
export function helpText(spec: CliSpec): string {
  const flags: [string, string][] = Object.entries(spec.flags)
    .filter(([, f]) => !f.hidden)
    .map(([name, f]) => [
      `${f.short ? `-${f.short}, ` : ''}--${name}${f.value ? ` ${f.value}` : ''}`,
      f.description,
    ]);
  flags.push(['-h, --help', 'print this help and exit']);
  const env: [string, string][] = spec.env.map((v) => [
    v.name,
    v.default === undefined ? v.description : `${v.description} (default: ${v.default})`,
  ]);
  const width = Math.max(...[...flags, ...env].map(([k]) => k.length)) + 2;
  const rows = (list: [string, string][]) => list.map(([k, d]) => `  ${k.padEnd(width)}${d}`).join('\n');
  return [
    `Usage: ${spec.command} [options]${spec.positionals ? ` ${spec.positionals}` : ''}`,
    '',
    spec.summary,
    '',
    'Options:',
    rows(flags),
    '',
    'Environment (also read from .env at the checkout root, or the file OJ_ENV_FILE names; the environment wins):',
    rows(env),
    '',
  ].join('\n');
}

/** Thrown by parseCli for a command line it cannot take; `exitCode` 2. */
export class CliUsageError extends Error {
  readonly exitCode = 2;
}

/**
 * Parses `argv` (default: process.argv after the script) against `spec`. Returns the flag values and the
 * positionals; `{ help: true }` when -h/--help was given. Throws CliUsageError with a one-line message for an
 * unknown flag, a missing value or a stray positional.
 */
export function parseCli(
  spec: CliSpec,
  argv: string[] = process.argv.slice(2),
): { help: boolean; values: Record<string, string | boolean | undefined>; positionals: string[] } {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const [name, f] of Object.entries(spec.flags))
    options[name] = f.short ? { type: f.type, short: f.short } : { type: f.type };
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options,
      allowPositionals: spec.positionals !== undefined,
      strict: true,
    });
    return { help: values.help === true, values, positionals };
  } catch (e) {
    if (!String((e as { code?: string }).code).startsWith('ERR_PARSE_ARGS')) throw e;
    // Node's messages name the flag; the hint after it is ours. Only the first line: some add a suggestion.
    const message = (e instanceof Error ? e.message.split('\n')[0] : String(e)).replace(
      /\. To specify .*$/,
      '',
    );
    throw new CliUsageError(message);
  }
}

/**
 * parseCli for a process entry: prints the help and exits 0 on --help; prints `<command>: <message>` and a hint
 * to try --help and exits 2 on a bad command line. Otherwise returns parseCli's values.
 */
export function parseCliOrExit(spec: CliSpec, argv: string[] = process.argv.slice(2)) {
  try {
    const parsed = parseCli(spec, argv);
    if (parsed.help) {
      process.stdout.write(helpText(spec));
      process.exit(0);
    }
    return parsed;
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    usageExit(spec, e.message);
  }
}

/** Prints `<command>: <message>` and the --help hint on stderr, exits 2. */
export function usageExit(spec: CliSpec, message: string): never {
  process.stderr.write(`${spec.command}: ${message}\nTry '${spec.command} --help' for the options.\n`);
  process.exit(2);
}
