import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { JudgeStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/pipeline/index.js';
import { sandboxRuntime } from '../../src/sandbox/index.js';
import { getTestcase, loadFixture } from './harness.js';

let workRoot = '';

beforeAll(async () => {
  workRoot = await mkdtemp(`${(await sandboxRuntime()).workRoot}/failures-`);
});

afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

const deps = () => ({ getTestcase, workRoot, judgehostId: 'h1' });

describe('judge() never throws', () => {
  const [ac] = loadFixture('aplusb', 90).filter((c) => c.name.endsWith('/ac'));

  it('an unknown language is a System Error naming it', async () => {
    const r = await judge({ ...ac.task, language: 'Brainfuck 9' }, deps());
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.errorMessage).toContain('Brainfuck 9');
  });
  it('test data that cannot be fetched is a System Error with the reason', async () => {
    const r = await judge(ac.task, {
      ...deps(),
      getTestcase: async () => {
        throw new Error('blob 404');
      },
    });
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.errorMessage).toContain('blob 404');
    expect(r.jobId).toBe(ac.task.jobId);
  });
  it('a work root the sandbox cannot reach is a System Error that says why', async () => {
    const hidden = await mkdtemp(`${workRoot}/hidden-`);
    await chmod(hidden, 0o700);
    const r = await judge(ac.task, { ...deps(), workRoot: `${hidden}/inner` });
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.errorMessage).toContain('lacks o+x');
  });
  it('a problem without test cases is a System Error', async () => {
    const r = await judge({ ...ac.task, testcases: [] }, deps());
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
  });
  it('a file-IO name with a path is a System Error, not an escape from the work dir', async () => {
    const problem = {
      ...ac.task.problem,
      isFileIO: true,
      ioReadFileName: '../../x.in',
      ioWriteFileName: 'x.out',
    };
    const r = await judge({ ...ac.task, problem }, deps());
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.errorMessage).toContain('../../x.in');
  });
});

describe('checker cache', () => {
  it('compiles a special judge once per (pid, caseVersion), again when the version changes, keeping one build', async () => {
    const [first, second] = loadFixture('spj-hustoj', 91);
    const builds = async () => (await readdir(`${workRoot}/checkers`)).filter((d) => !d.startsWith('.'));
    expect((await judge(first.task, deps())).status).toBe(JudgeStatus.ACCEPTED);
    const once = await builds();
    expect(once).toHaveLength(1);
    await judge(second.task, deps());
    expect(await builds()).toEqual(once);
    const bumped = { ...first.task, problem: { ...first.task.problem, caseVersion: 'v-next' } };
    expect((await judge(bumped, deps())).status).toBe(JudgeStatus.ACCEPTED);
    const after = await builds();
    expect(after).toHaveLength(1);
    expect(after[0]).toContain('v-next');
  });
  it('two tasks judged at once share one checker build', async () => {
    const [a, b] = loadFixture('spj-testlib-h', 92);
    const results = await Promise.all([judge(a.task, deps()), judge(b.task, deps())]);
    expect(results.map((r) => r.status)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.PRESENTATION_ERROR]);
    const built = (await readdir(`${workRoot}/checkers`)).filter((d) => d.startsWith('92-'));
    expect(built).toHaveLength(1);
  });
});
