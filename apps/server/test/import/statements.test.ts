import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { call, makeRoleUsers, multipart, type RoleTokens } from '../problem/fixtures.js';
import { PROBLEMS_DIR, zipOf } from './zip-dir.js';

/**
 * Issue 25 items 1-3: imported statements render as their authors wrote them — Kattis LaTeX converted (tables,
 * lists, emphasis) with what was not converted named in the import result; FPS embedded pictures stored and
 * served; 一本通's pre-rendered KaTeX shown once.
 */

let t: TestApp;
let tok: RoleTokens;
beforeAll(async () => {
  t = await createTestApp();
  tok = await makeRoleUsers(t.ctx);
}, 120_000);
afterAll(async () => t.close());

interface Result {
  title: string;
  pid: number | null;
  problemId: string | null;
  imported: boolean;
  reason?: string;
  notes?: string[];
}

const upload = async (url: string, name: string, data: Uint8Array): Promise<Result[]> => {
  const m = multipart('file', name, data);
  const r = await call(t.app, {
    method: 'POST',
    url,
    token: tok.admin,
    payload: m.payload,
    headers: m.headers,
  });
  expect(r.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Result[];
};
/** The problem page's data as an ordinary user gets it. */
const detail = async (problemId: string) => {
  const r = await call(t.app, {
    method: 'GET',
    url: `/api/get-problem-detail?problemId=${encodeURIComponent(problemId)}`,
    token: tok.user,
  });
  expect(r.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data as {
    problem: { description: string; input: string; output: string; hint: string };
    statementHtml: { description: string; input: string; output: string; hint: string };
  };
};

describe('Kattis LaTeX statements', () => {
  it('oddecho: the scoring table is a real table, math stays math, nothing left unconverted', async () => {
    const [r] = await upload(
      '/api/file/import-kattis-problem',
      'oddecho.zip',
      zipOf([[`${PROBLEMS_DIR}/kattis/oddecho`, 'oddecho']]),
    );
    expect(r).toMatchObject({ imported: true, title: 'Odd Echo' });
    expect(r.notes).toBeUndefined();
    const d = await detail(r.problemId as string);
    const all = Object.values(d.problem).join('\n');
    expect(all).not.toMatch(/\\begin|\\hline|\\noindent|\\section/);
    expect(d.problem.description).toContain('### Scoring');
    expect(d.problem.description).toContain('| Group | Points | Constraints');
    const html = Object.values(d.statementHtml).join('\n');
    expect(html).toMatch(/<table>[\s\S]*<th>Group<\/th>[\s\S]*<td>No additional constraints<\/td>/);
    // `\(N\)` became math: rendered as MathML, not shown as `\(N\)`.
    expect(d.problem.input).toContain('$N$');
    expect(html).not.toContain('\\(');
    expect(html).toContain('<math');
  });

  it('lists, emphasis and figures convert; unknown commands are named in the import result', async () => {
    // A 1x1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const tex = [
      '\\problemname{Figures}',
      'Read \\emph{carefully}: \\textbf{all} of \\texttt{stdin}. \\foo{kept} \\begin{minipage}{3cm}inside\\end{minipage}',
      '\\begin{figure}\\centering\\includegraphics[width=0.5\\textwidth]{board}\\caption{The board}\\end{figure}',
      '\\begin{itemize}\\item one\\item two\\end{itemize}',
      '\\begin{enumerate}\\item first\\item second\\end{enumerate}',
      '\\section*{Input}',
      'A line.',
    ].join('\n');
    const zip = zipSync({
      'figs/problem.yaml': strToU8('name: Figures\n'),
      'figs/problem_statement/problem.en.tex': strToU8(tex),
      'figs/problem_statement/board.png': png,
      'figs/data/secret/1.in': strToU8('1\n'),
      'figs/data/secret/1.ans': strToU8('1\n'),
    });
    const [r] = await upload('/api/file/import-kattis-problem', 'figs.zip', zip);
    expect(r.imported, r.reason).toBe(true);
    expect(r.notes).toEqual(['LaTeX not converted (kept as text): \\foo, \\begin{minipage}']);
    const d = await detail(r.problemId as string);
    expect(d.problem.description).toContain('*carefully*');
    expect(d.problem.description).toContain('**all**');
    expect(d.problem.description).toContain('`stdin`');
    expect(d.problem.description).toMatch(/- one\n+- two/);
    expect(d.problem.description).toMatch(/1\. first\n+2\. second/);
    expect(d.problem.input).toBe('A line.');
    const img = /<img src="(\/api\/public\/md-img\/[a-f0-9]{64}\.png)"/.exec(d.statementHtml.description);
    expect(img, d.statementHtml.description).not.toBeNull();
    const res = await t.app.inject({ method: 'GET', url: img?.[1] as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
  });
});

describe('FPS pictures and pre-rendered math', () => {
  it('multi.xml 过河卒 (P1004): the embedded board picture is stored and the statement points at it', async () => {
    const items = await upload(
      '/api/file/import-fps-problem',
      'multi.xml',
      readFileSync(`${PROBLEMS_DIR}/fps/fpsparser-multi/multi.xml`),
    );
    const horse = items.find((i) => i.title === '过河卒');
    expect(horse).toMatchObject({ imported: true });
    expect(horse?.notes).toBeUndefined();
    const d = await detail(horse?.problemId as string);
    expect(d.problem.description).not.toContain('192.168.2.105');
    const src = /<img[^>]*src="(\/api\/public\/md-img\/[a-f0-9]{64}\.gif)"/.exec(d.statementHtml.description);
    expect(src, d.statementHtml.description).not.toBeNull();
    // An ordinary user who can see the problem gets the picture.
    const res = await t.app.inject({
      method: 'GET',
      url: src?.[1] as string,
      headers: { authorization: tok.user },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 6).toString('latin1')).toBe('GIF89a');
  });

  it('a picture that is not an image by its bytes (SVG with script) is not stored, and the result says so', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><fps version="1.2"><item><title><![CDATA[Svg]]></title>
<time_limit unit="s">1</time_limit><memory_limit unit="mb">128</memory_limit>
<img><src><![CDATA[http://old.example/upload/x.svg]]></src><base64>${svg.toString('base64')}</base64></img>
<description><![CDATA[<p><img src="http://old.example/upload/x.svg" /></p>]]></description>
<test_input>1</test_input><test_output>1</test_output></item></fps>`;
    const [item] = await upload('/api/file/import-fps-problem', 'svg.xml', Buffer.from(xml));
    expect(item.imported).toBe(true);
    expect(item.notes).toEqual(['picture not stored: x.svg: not a gif, jpg, png, bmp or webp picture']);
  });

  it('一本通 1.1: each formula renders once (no "E={1,2,..,n}E=\\{1,2,..,n\\}")', async () => {
    const items = await upload(
      '/api/file/import-fps-problem',
      'ybt.xml',
      readFileSync(`${PROBLEMS_DIR}/fps/ybt-1.1-examples/fps-zhblue-一本通 1.1 例题.xml`),
    );
    const first = items[0];
    expect(first.imported).toBe(true);
    const html = (await detail(first.problemId as string)).statementHtml.description;
    expect(html).not.toContain('E={1,2,..,n}E');
    expect(html).not.toContain('katex-mathml');
    // n, E={1,…,n}, i, s_i, f_i, s_i<f_i …: every one a single MathML element.
    expect((html.match(/<math/g) ?? []).length).toBeGreaterThanOrEqual(5);
    expect(html).toContain('<annotation encoding="application/x-tex">E=\\{1,2,..,n\\}</annotation>');
  });
});
