/**
 * Our language names (language.seed.ts, imports) -> the Dolos language that tokenizes them (docs/similarity.md).
 * C and every C++ variant share one family (`cpp`: tree-sitter's C++ grammar reads C), so that a program copied
 * from C into C++ is still compared; Python 2/3 and PyPy share `python`. A language Dolos has no grammar for
 * (Ruby, and any name not listed) is compared by characters (`char`), still by winnowing.
 */
const FAMILIES: [RegExp, string][] = [
  [/^(c|c\+\+)(\s|$)/i, 'cpp'],
  [/^(python|pypy)/i, 'python'],
  [/^java$/i, 'java'],
  [/^(golang|go)$/i, 'go'],
  [/^rust/i, 'rust'],
  [/^(javascript|node)/i, 'javascript'],
  [/^typescript/i, 'typescript'],
  [/^php/i, 'php'],
  [/^c#$/i, 'c-sharp'],
  [/^scala/i, 'scala'],
  [/^bash/i, 'bash'],
];

/** The Dolos language (also the family shown to admins) of one of our language names; `char` when none fits. */
export function dolosLanguage(language: string): string {
  const name = language.trim();
  for (const [re, lang] of FAMILIES) if (re.test(name)) return lang;
  return 'char';
}
