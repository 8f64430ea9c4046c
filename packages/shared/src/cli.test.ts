import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CliUsageError, envHelp, helpText, loadDotEnv, parseCli } from './cli.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oj-cli-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const spec = {
  command: 'npm run thing --',
  positionals: 'FILE',
  summary: 'Does a thing.',
  flags: {
    workers: { type: 'string' as const, value: 'N', description: 'how many' },
    token: { type: 'string' as const, hidden: true, description: 'refused' },
  },
  env: [{ name: 'OJ_THING', description: 'the thing', default: '3' }],
};

describe('loadDotEnv (issue 28)', () => {
  it('reads the file OJ_ENV_FILE names; a variable already set wins over the file', () => {
    const file = path.join(dir, 'a.env');
    fs.writeFileSync(file, 'PORT=9999\nOJ_DATA_DIR=/from/file\n# a comment\nOJ_QUOTED="two words"\n');
    const env: NodeJS.ProcessEnv = { OJ_ENV_FILE: file, PORT: '8081' };
    expect(loadDotEnv(() => true, env)).toBe(file);
    expect(env).toMatchObject({ PORT: '8081', OJ_DATA_DIR: '/from/file', OJ_QUOTED: 'two words' });
  });

  it('takes only the variables `keep` accepts (the judgehost never takes the server secrets in the file)', () => {
    const file = path.join(dir, 'b.env');
    fs.writeFileSync(file, 'DATABASE_URL=postgres://secret@db/oj\nOJ_BWRAP=/opt/bwrap\n');
    const env: NodeJS.ProcessEnv = { OJ_ENV_FILE: file };
    loadDotEnv((name) => name.startsWith('OJ_'), env);
    expect(env.OJ_BWRAP).toBe('/opt/bwrap');
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('a missing OJ_ENV_FILE is an error naming it', () => {
    expect(() => loadDotEnv(() => true, { OJ_ENV_FILE: path.join(dir, 'none.env') })).toThrow(/OJ_ENV_FILE/);
  });
});

describe('parseCli and the help', () => {
  it('--help and -h ask for the help; the help lists flags and variables with defaults, not hidden flags', () => {
    expect(parseCli(spec, ['--help']).help).toBe(true);
    expect(parseCli(spec, ['-h']).help).toBe(true);
    const text = helpText(spec);
    expect(text).toContain('Usage: npm run thing -- [options] FILE');
    expect(text).toMatch(/--workers N +how many/);
    expect(text).toMatch(/OJ_THING +the thing \(default: 3\)/);
    expect(text).toContain('-h, --help');
    expect(text).not.toContain('--token');
  });

  it('an unknown flag or a missing value is a one-line CliUsageError (exit code 2)', () => {
    for (const argv of [['--frob'], ['--workers']]) {
      let error: unknown;
      try {
        parseCli(spec, argv);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CliUsageError);
      expect((error as CliUsageError).exitCode).toBe(2);
      expect((error as Error).message).not.toContain('\n');
      expect((error as Error).message).toContain(argv[0]);
    }
    expect(parseCli(spec, ['--workers', '2', 'f.tar']).values.workers).toBe('2');
  });

  it("envHelp reads each default from the variable's schema", () => {
    const shape = { A: z.coerce.number().default(8080), B: z.string().optional() };
    expect(envHelp(shape, { A: 'port', B: 'bee' })).toEqual([
      { name: 'A', description: 'port', default: '8080' },
      { name: 'B', description: 'bee', default: undefined },
    ]);
  });
});
