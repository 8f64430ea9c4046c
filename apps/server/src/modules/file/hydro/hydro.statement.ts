/** Reading Hydro markdown statements: sections by heading and ```inputN / ```outputN sample blocks. */

export interface HydroStatement {
  description: string;
  input: string;
  output: string;
  hint: string;
  examples: { input: string; output: string }[];
}

const FENCE = /```(input|output)(\d+)[^\n]*\n([\s\S]*?)```/g;

/**
 * Splits a Hydro statement: samples are taken from fenced ```inputN / ```outputN blocks (paired by N) and removed;
 * `##` sections whose heading names input / output / hint (English or Chinese) fill those fields, the rest is the
 * description.
 */
export function parseHydroStatement(md: string): HydroStatement {
  const ins = new Map<number, string>();
  const outs = new Map<number, string>();
  const body = md.replace(FENCE, (_all, kind: string, n: string, content: string) => {
    (kind === 'input' ? ins : outs).set(Number(n), content.replace(/\n$/, ''));
    return '';
  });
  const examples = [...new Set([...ins.keys(), ...outs.keys()])]
    .sort((a, b) => a - b)
    .map((n) => ({ input: ins.get(n) ?? '', output: outs.get(n) ?? '' }));
  const parts = {
    description: [] as string[],
    input: [] as string[],
    output: [] as string[],
    hint: [] as string[],
  };
  let cur: keyof typeof parts | null = 'description';
  for (const sec of body.split(/^(?=#{1,3}\s)/m)) {
    const head = /^#{1,3}\s+(.*)$/m.exec(sec.split('\n')[0] ?? '');
    const content = head ? sec.slice(sec.indexOf('\n') + 1) : sec;
    if (head) {
      const h = head[1].toLowerCase();
      if (/sample|样例|example/.test(h)) cur = null;
      else if (/input|输入/.test(h)) cur = 'input';
      else if (/output|输出/.test(h)) cur = 'output';
      else if (/hint|提示|note|说明/.test(h)) cur = 'hint';
      else if (/description|题目描述|背景|background|statement/.test(h)) cur = 'description';
      else {
        // Other sections (constraints…) stay with what precedes them, heading included.
        if (cur === null) cur = 'hint';
        parts[cur].push(sec.trim());
        continue;
      }
    }
    if (cur) parts[cur].push(content.trim());
  }
  const join = (a: string[]) => a.filter(Boolean).join('\n\n').trim();
  return {
    description: join(parts.description),
    input: join(parts.input),
    output: join(parts.output),
    hint: join(parts.hint),
    examples,
  };
}
