import { describe, expect, it } from 'vitest';
import { runWorker } from '../../src/modules/similarity/similarity.jobs.js';

// The similarity child process on its own (docs/similarity.md): 16 C++ programs, 9 of them with the same fast-I/O
// boilerplate (more than half: ignored as boilerplate), and two copied pairs whose copy dropped that boilerplate.
// dolos-core 1.2.1's own pair.similarity subtracted the left file's ignored k-grams twice and gave 113-130 % here.

const KINDS = [
  'if (x > 3) { x -= 2; } else { x += 1; }',
  'while (x % 7) x++;',
  'for (int j = 0; j < 5; j++) v.push_back(j * x);',
  'sort(v.begin(), v.end());',
  'cout << x << endl;',
  'x = max(x, (int)v.size());',
  'switch (x % 3) { case 0: x++; break; default: x--; }',
  'do { x /= 2; } while (x > 100);',
];
/** Six statements picked from KINDS by a small LCG seeded with `i`: a different program per `i`. */
function body(i: number): string {
  let x = i * 7919 + 13;
  return Array.from({ length: 6 }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return KINDS[Math.floor(x / 65536) % KINDS.length];
  }).join('\n  ');
}
const HEAD = '#include <bits/stdc++.h>\nusing namespace std;\n';
const FAST = 'ios::sync_with_stdio(false);\n  cin.tie(nullptr);\n  int z = 0; cin >> z;\n  ';
const program = (fast: boolean, main: string) =>
  `${HEAD}int main() {\n  ${fast ? FAST : ''}int x = 1; vector<int> v;\n  ${main}\n}\n`;

describe('similarity worker', () => {
  it('gives similarities between 0 and 1 with boilerplate ignored, the copied pair first', async () => {
    const files = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, content: program(i < 7, body(i)) }));
    const copied = `${body(20)}\n  ${body(21)}\n  ${body(22)}`;
    // Two copied pairs, the one with the boilerplate first and last (Dolos takes the files in order).
    const copied2 = `${body(30)}\n  ${body(31)}\n  ${body(32)}`;
    files.push(
      { id: 100, content: program(true, copied) },
      { id: 101, content: program(false, copied) },
      { id: 102, content: program(false, copied2) },
      { id: 103, content: program(true, copied2) },
    );
    const progress: number[] = [];
    const [group] = await runWorker(
      { groups: [{ key: 'A|cpp', language: 'cpp', files }], keepPerGroup: 50, fragmentsPerGroup: 50 },
      (done) => progress.push(done),
    );
    expect(progress).toEqual([0, 1]);
    const pairs = group!.pairs;
    expect(pairs.length).toBeGreaterThan(5);
    // Each file's own ignored k-grams come off the total (the left file's twice was the bug: the pairs whose
    // files ignore different amounts of boilerplate show it).
    const raw = pairs as unknown as Record<string, number>[];
    expect(raw.some((p) => p.leftIgnored !== p.rightIgnored)).toBe(true);
    for (const p of raw) {
      const share =
        (p.leftCovered! + p.rightCovered!) /
        (p.leftTotal! + p.rightTotal! - p.leftIgnored! - p.rightIgnored!);
      expect(p.similarity).toBeCloseTo(Math.min(1, share), 9);
      expect(p.similarity).toBeGreaterThan(0);
      expect(p.similarity).toBeLessThanOrEqual(1);
    }
    const top = pairs.slice(0, 2).map((p) => [p.left, p.right].sort().join('-'));
    expect(top.sort()).toEqual(['100-101', '102-103']);
    expect(pairs[0]!.fragments!.length).toBeGreaterThan(0);
  });
});
