import { readFileSync } from 'node:fs';
import { isJudgingStatus } from '@oj/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, ROOT_PASSWORD, type TestApp } from '../helpers.js';
import { PROBLEMS_DIR } from '../paths.js';
import { call } from './judge-helpers.js';
import { type LiveJudgehost, listen, multipart, startJudgehost, tokenOf, waitJudged } from './live.js';

const AB_XML = `${PROBLEMS_DIR}/fps/zhblue-A+B/fps-zhblue-A+B.xml`;

const PROGRAMS: Record<string, { language: string; code: string; status: number }> = {
  c: {
    language: 'C',
    status: 0,
    code: '#include <stdio.h>\nint main(){int a,b;while(scanf("%d%d",&a,&b)==2)printf("%d\\n",a+b);return 0;}\n',
  },
  cpp: {
    language: 'C++',
    status: 0,
    code: '#include <iostream>\nint main(){long a,b;while(std::cin>>a>>b)std::cout<<a+b<<"\\n";}\n',
  },
  java: {
    language: 'Java',
    status: 0,
    code: 'import java.util.*;\npublic class Main{public static void main(String[] x){Scanner s=new Scanner(System.in);System.out.println(s.nextInt()+s.nextInt());}}\n',
  },
  python: { language: 'Python3', status: 0, code: 'a, b = map(int, input().split())\nprint(a + b)\n' },
  wa: {
    language: 'C++',
    status: -1,
    code: '#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a-b);}\n',
  },
  ce: { language: 'C++', status: -2, code: 'int main( { return 0 }\n' },
  tle: { language: 'C++', status: 1, code: 'int main(){volatile unsigned long x=0;for(;;)x++;}\n' },
  re: { language: 'C++', status: 3, code: '#include <cstdlib>\nint main(){abort();}\n' },
};

let t: TestApp;
let root: string;
let host: LiveJudgehost;
let problemId: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.config.set('switch', { defaultSubmitInterval: 0 });
  root = await login(t.app, 'root', ROOT_PASSWORD);
  const url = await listen(t.app);
  host = startJudgehost(url, await tokenOf(t), { workers: 2 });
  const body = multipart('file', 'fps-zhblue-A+B.xml', readFileSync(AB_XML));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/import-fps-problem',
    payload: body.payload,
    headers: { ...body.headers, authorization: root },
  });
  const items = res.json().data;
  expect(items).toHaveLength(1);
  expect(items[0].imported).toBe(true);
  problemId = items[0].problemId;
}, 180_000);

afterAll(async () => {
  await host?.stop();
  await t?.close();
});

describe('end to end through the real API and a real judgehost process', () => {
  it('judges correct C, C++, Java, Python3 as Accepted and WA, CE, TLE, RE with their verdicts', async () => {
    const ids: Record<string, number> = {};
    for (const [key, p] of Object.entries(PROGRAMS)) {
      const r = await call(t.app, 'POST', '/api/submit-problem-judge', {
        token: root,
        payload: { pid: problemId, language: p.language, code: p.code, cid: 0 },
      });
      expect(r.code, r.body.msg).toBe(200);
      ids[key] = r.body.data.submitId;
    }
    for (const [key, p] of Object.entries(PROGRAMS)) {
      const s = await waitJudged(t.app, root, ids[key], 240_000);
      expect({ key, status: s.status, err: s.status === p.status ? null : s.errorMessage }).toEqual({
        key,
        status: p.status,
        err: null,
      });
      if (p.status === 0) {
        expect(s.time).toBeGreaterThanOrEqual(0);
        expect(s.time).toBeLessThan(1000);
        expect(s.memory).toBeGreaterThan(100);
        expect(s.memory).toBeLessThan(512 * 1024);
      }
      if (p.status === -2) expect(s.errorMessage).toBeTruthy();
      expect(s.judger).toBe(host.name);
    }
    const cases = await call(t.app, 'GET', `/api/get-all-case-result?submitId=${ids.wa}`, { token: root });
    expect(cases.body.data.judgeCaseList.length).toBeGreaterThan(0);
    expect(cases.body.data.judgeCaseList[0].status).toBe(-1);
    const [p] = (await t.ctx.db
      .execute(`SELECT count_total AS total, count_ac AS ac FROM problems WHERE problem_id = '${problemId}'`)
      .then((r) => (r as unknown as { rows: { total: number; ac: number }[] }).rows)) as {
      total: number;
      ac: number;
    }[];
    expect(p).toEqual({ total: 8, ac: 4 });
  }, 600_000);

  it('runs a reference solution stored by the FPS import to Accepted', async () => {
    const sol = (await t.ctx.db.execute(
      `SELECT s.code FROM problem_solutions s JOIN problems p ON p.id = s.pid
       WHERE p.problem_id = '${problemId}' AND s.language = 'C'`,
    )) as unknown as { rows: { code: string }[] };
    expect(sol.rows.length).toBe(1);
    const r = await call(t.app, 'POST', '/api/submit-problem-judge', {
      token: root,
      payload: { pid: problemId, language: 'C', code: sol.rows[0].code, cid: 0 },
    });
    expect((await waitJudged(t.app, root, r.body.data.submitId)).status).toBe(0);
  }, 180_000);

  it('runs an online test with custom input and shows the output to its owner', async () => {
    const r = await call(t.app, 'POST', '/api/submit-problem-test-judge', {
      token: root,
      payload: {
        pid: problemId,
        language: 'Python3',
        code: PROGRAMS.python.code,
        type: 'public',
        userInput: '40 2\n',
        expectedOutput: '42',
      },
    });
    expect(r.code, r.body.msg).toBe(200);
    const key = r.body.data as string;
    let res = await call(t.app, 'GET', `/api/get-test-judge-result?testJudgeKey=${key}`, { token: root });
    for (let i = 0; i < 300 && isJudgingStatus(res.body.data.status); i++) {
      await new Promise((x) => setTimeout(x, 200));
      res = await call(t.app, 'GET', `/api/get-test-judge-result?testJudgeKey=${key}`, { token: root });
    }
    expect(res.body.data.status).toBe(0);
    expect(res.body.data.userOutput.trim()).toBe('42');
  }, 180_000);
});
