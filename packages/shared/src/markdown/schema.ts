import { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * The one allow-list for everything users and setters write (statements, discussions, comments, announcements):
 * GitHub's defaults (`<b>`, `<img>`, `<sup>`, `<br>`, `<a>`, tables… stay; scripts, styles, event handlers,
 * `javascript:` links go) plus the class names remark-math puts on math nodes, so KaTeX (run after the sanitizer)
 * still finds them.
 */
export const markdownSchema: SanitizeSchema = {
  ...defaultSchema,
  attributes: {
    ...defaultSchema.attributes,
    code: [
      ...(defaultSchema.attributes?.code ?? []),
      ['className', /^language-./, 'math-inline', 'math-display'],
    ],
    span: [...(defaultSchema.attributes?.span ?? []), ['className', 'math', 'math-inline', 'math-display']],
    div: [...(defaultSchema.attributes?.div ?? []), ['className', 'math', 'math-display']],
  },
};

/**
 * KaTeX's options everywhere: MathML output only (drawn by the browser: Chromium 109+, Firefox, Safari), so pages
 * need neither KaTeX's style sheet nor its fonts (issue 14); `trust` stays off (no `\href`, `\url`, `\htmlClass`),
 * and a bad formula shows as red source instead of failing the page.
 */
export const katexOptions = {
  output: 'mathml',
  throwOnError: false,
  trust: false,
  strict: 'ignore',
} as const;
