/**
 * Problem statements come as markdown (our editor) or as HTML (FPS, QDUOJ and HOJ imports). The shell's renderer
 * takes markdown and drops raw HTML, so HTML statements are turned into markdown first (turndown, loaded only
 * when a statement needs it); the result still goes through the sanitizing renderer.
 */
const HTML_TAG =
  /<\/?(p|div|span|br|pre|code|img|table|ul|ol|li|h[1-6]|strong|b|em|i|sub|sup|blockquote|a|font)\b[^>]*>/i;

/** True when the text looks like HTML rather than markdown. */
export function looksLikeHtml(source: string): boolean {
  return HTML_TAG.test(source);
}

/** Markdown for a statement: itself when it is markdown, else its HTML converted (math `$…$` kept as is). */
export async function toMarkdown(source: string): Promise<string> {
  if (!looksLikeHtml(source)) return source;
  const { default: TurndownService } = await import('turndown');
  const td = new TurndownService({ codeBlockStyle: 'fenced', headingStyle: 'atx' });
  // Keep $ and \ untouched: they carry KaTeX math in imported statements.
  td.escape = (s: string) => s.replace(/^([-+*]\s|#{1,6}\s|>\s?|\d+\.\s)/, '\\$1');
  // Imported statements often use a bare <pre> (no <code>) for samples and code: keep it as a code block.
  td.addRule('pre', {
    filter: 'pre',
    replacement: (_content, node) => `\n\n\`\`\`\n${(node.textContent ?? '').replace(/\n$/, '')}\n\`\`\`\n\n`,
  });
  return td.turndown(source);
}
