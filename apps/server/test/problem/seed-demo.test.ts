import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/db/seed.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { call } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  process.env.OJ_DEMO_SEED = '1';
  t = await createTestApp();
});
afterAll(async () => {
  delete process.env.OJ_DEMO_SEED;
  await t.close();
});

describe('demo problem set seed', () => {
  it('seeds five public problems with data, tags and a classification, ready to submit; idempotent', async () => {
    const list = await call(t.app, { method: 'GET', url: '/api/get-problem-list' });
    expect(list.body.data.records.map((r: { problemId: string; title: string }) => r.title)).toEqual([
      'A + B',
      'Reverse the Words',
      'Average Speed',
      'Count the Peaks',
      'Sum From a File',
    ]);
    const spj = await call(t.app, { method: 'GET', url: '/api/get-problem-detail?problemId=1002' });
    expect(spj.body.data.problem.judgeMode).toBe('spj');
    expect(spj.body.data.languages).toContain('C++');
    const oi = await call(t.app, { method: 'GET', url: '/api/get-problem-detail?problemId=1003' });
    expect(oi.body.data.problem).toMatchObject({ type: 1, judgeCaseMode: 'subtask_lowest', ioScore: 100 });
    const fio = await call(t.app, { method: 'GET', url: '/api/get-problem-detail?problemId=1004' });
    expect(fio.body.data.problem).toMatchObject({
      isFileIO: true,
      ioReadFileName: 'sum.in',
      ioWriteFileName: 'sum.out',
    });
    const groups = await call(t.app, {
      method: 'GET',
      url: '/api/get-problem-tags-and-classification?oj=ME',
    });
    expect(groups.body.data[0].classification.name).toBe('Getting started');
    expect(groups.body.data[0].tagList.map((x: { name: string }) => x.name).sort()).toEqual(
      ['Beginner', 'File IO', 'Math', 'Special Judge', 'Strings', 'Subtasks'].sort(),
    );
    await seed(t.ctx);
    const again = await call(t.app, { method: 'GET', url: '/api/get-problem-list' });
    expect(again.body.data.total).toBe(5);
  });
});
