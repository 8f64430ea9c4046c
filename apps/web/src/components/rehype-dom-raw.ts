import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { fromDom } from 'hast-util-from-dom';

/**
 * rehype-raw done by the browser's own HTML parser instead of parse5 (which, with its entity tables, was about
 * half of the markdown renderer's bytes): the tree remark-rehype made (markdown elements plus `raw` nodes holding
 * the inline HTML the author wrote) is written out as HTML and parsed again in an inert `<template>` (nothing runs,
 * nothing loads), so tags opened in one raw node and closed in another wrap the markdown between them exactly as
 * rehype-raw does. Inline event handlers are left out of the author's HTML first (`withoutEventHandlers`). The
 * result goes on to the sanitizer like rehype-raw's would.
 */
export default function rehypeDomRaw() {
  return (tree: Root): Root => {
    const template = document.createElement('template');
    template.innerHTML = withoutEventHandlers(serialize(tree.children));
    return fromDom(template.content) as Root;
  };
}

/** Elements whose content the HTML parser reads as text up to their end tag: no tags inside. */
const RAW_TEXT = /^(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext)$/i;

/**
 * The author's HTML with every `on…` attribute (inline event handler) taken out of its tags, read the way the HTML
 * tokenizer reads them (quoted and unquoted values, comments, raw-text elements such as `<textarea>`). Chromium
 * checks each inline handler against the page's CSP while parsing, even into an inert `<template>`, and prints a
 * console error for every one: a page showing a hostile comment filled the console although nothing ran. This is
 * not the sanitizing (rehype-sanitize after the parse removes handlers and everything else not allowed); text
 * outside tags is never changed.
 */
export function withoutEventHandlers(html: string): string {
  let out = '';
  let i = 0;
  const n = html.length;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) {
      out += html.slice(i);
      break;
    }
    out += html.slice(i, lt);
    i = lt;
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 2);
      const stop = end < 0 ? n : end + 3;
      out += html.slice(i, stop);
      i = stop;
      continue;
    }
    const name = /^<([A-Za-z][^\s/>]*)/.exec(html.slice(i, i + 64));
    if (!name) {
      out += '<';
      i++;
      continue;
    }
    out += name[0];
    i += name[0].length;
    // Attributes up to the end of the tag.
    while (i < n && html[i] !== '>') {
      const c = html[i] as string;
      if (/[\s/]/.test(c)) {
        out += c;
        i++;
        continue;
      }
      const start = i;
      i++;
      while (i < n && !/[\s/>=]/.test(html[i] as string)) i++;
      const attr = html.slice(start, i);
      let j = i;
      while (j < n && /\s/.test(html[j] as string)) j++;
      if (html[j] === '=') {
        j++;
        while (j < n && /\s/.test(html[j] as string)) j++;
        const q = html[j];
        if (q === '"' || q === "'") {
          const close = html.indexOf(q, j + 1);
          j = close < 0 ? n : close + 1;
        } else {
          while (j < n && !/[\s>]/.test(html[j] as string)) j++;
        }
        i = j;
      }
      if (/^on/i.test(attr)) out = out.replace(/\s+$/, '');
      else out += html.slice(start, i);
    }
    if (i < n) {
      out += '>';
      i++;
    }
    // Raw-text elements: their content is text up to the end tag, copied unchanged.
    if (RAW_TEXT.test(name[1] as string)) {
      const end = html.toLowerCase().indexOf(`</${(name[1] as string).toLowerCase()}`, i);
      const stop = end < 0 ? n : end;
      out += html.slice(i, stop);
      i = stop;
    }
  }
  return out;
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
