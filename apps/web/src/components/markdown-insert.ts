/**
 * Text inserts of the markdown toolbars (doc 1 §2.7 comment editor; the discussion editor): pure functions from a
 * textarea's value and selection to the new value and selection, so the toolbar only applies the result.
 */

/** A textarea's text with its selection (`start` ≤ `end`, character offsets). */
export interface TextEdit {
  value: string;
  start: number;
  end: number;
}

/** What a toolbar button inserts. `image`, `link` and `file` take the text and address; `text` any text. */
export type Insert =
  | { kind: 'inlineCode' }
  | { kind: 'codeBlock' }
  | { kind: 'link'; label: string; url?: string }
  | { kind: 'list' }
  | { kind: 'image'; alt: string; url: string }
  | { kind: 'file'; name: string; url: string }
  | { kind: 'text'; text: string };

/** Markdown link destinations are written in angle brackets when they hold spaces or parentheses. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

/** Square brackets of a label escaped, so an alt text or a link text cannot end the label early. */
const label = (s: string) => s.replace(/([[\]\\])/g, '\\$1');

/**
 * Applies `insert` to `edit`:
 * - inline code wraps the selection in backticks (an empty pair with the caret inside when nothing is selected);
 * - a code block puts the selection between fences on lines of their own;
 * - a link wraps the selection (or the given label) as `[text](url)`, selecting the address to type over;
 * - a list starts every selected line with `- ` (the current line when nothing is selected);
 * - an image writes `![alt](url)` on its own line; an attached file `[name](url)` at the caret, named by the
 *   selection when there is one; `text` replaces the selection.
 * The selection afterwards is where typing naturally continues.
 */
export function applyInsert(edit: TextEdit, insert: Insert): TextEdit {
  const { value, start, end } = edit;
  const before = value.slice(0, start);
  const selected = value.slice(start, end);
  const after = value.slice(end);
  const put = (text: string, selStart: number, selEnd = selStart): TextEdit => ({
    value: before + text + after,
    start: start + selStart,
    end: start + selEnd,
  });
  switch (insert.kind) {
    case 'inlineCode': {
      const fence = selected.includes('`') ? '``' : '`';
      const pad = selected.startsWith('`') || selected.endsWith('`') ? ' ' : '';
      const text = `${fence}${pad}${selected}${pad}${fence}`;
      return selected ? put(text, text.length) : put(text, fence.length);
    }
    case 'codeBlock': {
      const lead = before === '' || before.endsWith('\n') ? '' : '\n';
      const trail = after.startsWith('\n') ? '' : '\n';
      const body = selected.endsWith('\n') || selected === '' ? selected : `${selected}\n`;
      const text = `${lead}\`\`\`\n${body}\`\`\`${trail}`;
      const caret = lead.length + 4 + (selected ? body.length : 0);
      return put(text, caret);
    }
    case 'link': {
      const shown = label(selected || insert.label);
      const url = insert.url ?? 'https://';
      const text = `[${shown}](${destination(url)})`;
      const urlStart = shown.length + 3;
      return put(text, urlStart, urlStart + destination(url).length);
    }
    case 'list': {
      const lineStart = before.lastIndexOf('\n') + 1;
      const head = value.slice(0, lineStart);
      const block = value.slice(lineStart, end);
      const listed = block
        .split('\n')
        .map((l) => (l.startsWith('- ') ? l : `- ${l}`))
        .join('\n');
      return {
        value: head + listed + after,
        start: head.length + listed.length,
        end: head.length + listed.length,
      };
    }
    case 'image': {
      const lead = before === '' || before.endsWith('\n') ? '' : '\n';
      const text = `${lead}![${label(insert.alt)}](${destination(insert.url)})\n`;
      return put(text, text.length);
    }
    case 'file': {
      const text = `[${label(selected || insert.name)}](${destination(insert.url)})`;
      return put(text, text.length);
    }
    case 'text':
      return put(insert.text, insert.text.length);
  }
}
