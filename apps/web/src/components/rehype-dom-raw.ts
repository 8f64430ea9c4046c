import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { fromDom } from 'hast-util-from-dom';

/**
 * rehype-raw done by the browser's own HTML parser instead of parse5 (which, with its entity tables, was about
 * half of the markdown renderer's bytes): the tree remark-rehype made (markdown elements plus `raw` nodes holding
 * the inline HTML the author wrote) is written out as HTML and parsed again in an inert `<template>` (nothing runs,
 * nothing loads), so tags opened in one raw node and closed in another wrap the markdown between them exactly as
 * rehype-raw does. The result goes on to the sanitizer like rehype-raw's would.
 */
export default function rehypeDomRaw() {
  return (tree: Root): Root => {
    const template = document.createElement('template');
    template.innerHTML = serialize(tree.children);
    return fromDom(template.content) as Root;
  };
}

/** Elements without an end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'wbr',
]);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A hast property name as an HTML attribute: `className` is `class`, `dataFootnoteRef` is `data-footnote-ref`,
 * `ariaDescribedBy` is `aria-describedby`, the rest (`href`, `src`, `alt`, `title`, `id`, `start`, `align`,
 * `type`, `checked`, `disabled`: what remark-rehype puts on elements) lowercased.
 */
function attributeName(prop: string): string {
  if (prop === 'className') return 'class';
  if (/^data[A-Z]/.test(prop)) return `data${prop.slice(4).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  if (/^aria[A-Z]/.test(prop)) return `aria-${prop.slice(4).toLowerCase()}`;
  return prop.toLowerCase();
}

function attributes(props: Properties | undefined): string {
  let out = '';
  for (const [prop, value] of Object.entries(props ?? {})) {
    if (value == null || value === false) continue;
    const name = attributeName(prop);
    if (value === true) out += ` ${name}`;
    else out += ` ${name}="${escapeAttr(Array.isArray(value) ? value.join(' ') : String(value))}"`;
  }
  return out;
}

function serialize(nodes: (RootContent | ElementContent)[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += escapeText(node.value);
    else if (node.type === 'raw') out += node.value;
    else if (node.type === 'element') out += element(node);
    // comments and doctypes are dropped (the sanitizer drops them too)
  }
  return out;
}

function element(node: Element): string {
  const open = `<${node.tagName}${attributes(node.properties)}>`;
  if (VOID.has(node.tagName)) return open;
  return `${open}${serialize(node.children)}</${node.tagName}>`;
}
