// The similarity check's child process (issue 29 part 1, docs/similarity.md): runs Dolos (winnowing over tree-sitter
// tokens) away from the server's event loop, so that a check never slows the verdict path. Plain JavaScript so that
// the same file runs under tsx (tests), node (the esbuild bundle resolves it next to its source) and the bench.
//
// Protocol (process IPC, one job per process):
//   parent -> child  { groups: [{ key, language, files: [{ id, content }] }], keepPerGroup, fragmentsPerGroup }
//   child  -> parent { type: 'progress', done, total }              after each group (done/total groups)
//   child  -> parent { type: 'done', groups: [{ key, pairs: [...] }] } then exits
//   child  -> parent { type: 'error', message }                     then exits 1
// A pair: { left, right, similarity, overlap, longest, leftCovered, rightCovered, leftTotal, rightTotal,
//           leftIgnored, rightIgnored (k-grams: covered by the other file, all, ignored as boilerplate),
//           fragments: [[l.startRow, l.startCol, l.endRow, l.endCol, r.startRow, r.startCol, r.endRow, r.endCol]] }
// with `left` / `right` the file ids given (submission ids) and rows/columns 0-based.
import { Dolos, File } from '@dodona/dolos-lib';

/** Fingerprints shared by more than this share of a group's files are boilerplate (from 10 files up). */
const BOILERPLATE_SHARE = 0.5;
const BOILERPLATE_MIN_FILES = 10;

/**
 * A pair's similarity: the share of both programs' (not ignored) k-grams they share, 0-1. Dolos-core 1.2.1's own
 * `pair.similarity` subtracts the LEFT file's ignored k-grams twice (`rightIgnored = leftEntry.ignored.size`), which
 * gave 155 % in the bench once boilerplate was ignored: computed here from both entries.
 */
function similarityOf(p) {
  const denominator = p.leftTotal + p.rightTotal - p.leftEntry.ignored.size - p.rightEntry.ignored.size;
  if (denominator <= 0) return 0;
  return Math.min(1, Math.max(0, (p.leftCovered + p.rightCovered) / denominator));
}

/** One group (a problem's submissions in one language) -> its pairs, most similar first, at most `keep`. */
async function analyzeGroup(group, keep, withFragments) {
  if (group.files.length < 2) return [];
  const dolos = new Dolos({
    language: group.language,
    maxFingerprintPercentage: group.files.length >= BOILERPLATE_MIN_FILES ? BOILERPLATE_SHARE : null,
  });
  const files = group.files.map((f) => new File(String(f.id), f.content));
  const report = await dolos.analyze(files);
  const pairs = report
    .allPairs()
    .map((p) => ({ p, similarity: similarityOf(p) }))
    .filter((x) => x.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity || b.p.longest - a.p.longest)
    .slice(0, keep);
  return pairs.map(({ p, similarity }, i) => ({
    left: Number(p.leftFile.path),
    right: Number(p.rightFile.path),
    similarity,
    overlap: p.overlap,
    longest: p.longest,
    leftCovered: p.leftCovered,
    rightCovered: p.rightCovered,
    leftTotal: p.leftTotal,
    rightTotal: p.rightTotal,
    leftIgnored: p.leftEntry.ignored.size,
    rightIgnored: p.rightEntry.ignored.size,
    fragments:
      i < withFragments
        ? p.buildFragments().map((f) => {
            const l = f.leftSelection;
            const r = f.rightSelection;
            return [l.startRow, l.startCol, l.endRow, l.endCol, r.startRow, r.startCol, r.endRow, r.endCol];
          })
        : null,
  }));
}

process.once('message', async (msg) => {
  try {
    const out = [];
    const total = msg.groups.length;
    process.send({ type: 'progress', done: 0, total });
    for (const [i, g] of msg.groups.entries()) {
      out.push({ key: g.key, pairs: await analyzeGroup(g, msg.keepPerGroup, msg.fragmentsPerGroup) });
      process.send({ type: 'progress', done: i + 1, total });
    }
    process.send({ type: 'done', groups: out }, () => process.exit(0));
  } catch (e) {
    process.send({ type: 'error', message: String(e?.message ?? e) }, () => process.exit(1));
  }
});
