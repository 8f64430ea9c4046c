import type { Nodes, Paragraph, Root } from 'mdast';
import type { InlineMath, Math as MathBlock } from 'mdast-util-math';

/**
 * remark plugin (after remark-math): a paragraph made only of `$$…$$` formulas (one or several, on their own lines
 * or separated by spaces and line breaks) becomes display math, one block per formula. remark-math reads `$$a$$`
 * written on one line as inline math, so statements' and posts' display formulas ran together on one line
 * (issue 25 item 4); as blocks, rehype-katex draws each with `display="block"`, centred on its own line.
 * Paragraphs mixing text and math, and single `$…$`, stay inline.
 */
export default function remarkDisplayMath() {
  return (tree: Root, file: { value?: unknown }) => {
    const source = typeof file.value === 'string' ? file.value : String(file.value ?? '');
    const isDisplay = (n: InlineMath): boolean => {
      const start = n.position?.start.offset;
      return start != null && source.startsWith('$$', start);
    };
    const visit = (parent: { children: Nodes[] }) => {
      parent.children = parent.children.flatMap((child): Nodes[] => {
        if (child.type === 'paragraph') {
          const p = child as Paragraph;
          const maths = p.children.filter((c): c is InlineMath => c.type === 'inlineMath');
          const onlyMath = p.children.every(
            (c) => c.type === 'inlineMath' || c.type === 'break' || (c.type === 'text' && !c.value.trim()),
          );
          if (maths.length && onlyMath && maths.every(isDisplay))
            return maths.map(
              (m): MathBlock => ({
                type: 'math',
                value: m.value,
                position: m.position,
                // What remark-math gives a `$$` block: <pre><code class="language-math math-display">.
                data: {
                  hName: 'pre',
                  hChildren: [
                    {
                      type: 'element',
                      tagName: 'code',
                      properties: { className: ['language-math', 'math-display'] },
                      children: [{ type: 'text', value: m.value }],
                    },
                  ],
                },
              }),
            );
          return [child];
        }
        if ('children' in child && child.type !== 'table') visit(child as { children: Nodes[] });
        return [child];
      });
    };
    visit(tree as { children: Nodes[] });
  };
}
