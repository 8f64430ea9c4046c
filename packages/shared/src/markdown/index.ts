/**
 * `@oj/shared/markdown`: the one markdown pipeline for text users and setters write, used by the server (problem
 * statements rendered once, sent as HTML) and by the browser (previews, user content). Kept out of `@oj/shared`'s
 * main entry so pages that only need the vocabulary never load it.
 */
export { renderMarkdownToHtml } from './render.js';
export { katexOptions, markdownSchema } from './schema.js';
export {
  htmlToMarkdown,
  looksLikeHtml,
  renderStatement,
  statementToMarkdown,
  unwrapHustojMarkdown,
  unwrapKatex,
} from './statement.js';
