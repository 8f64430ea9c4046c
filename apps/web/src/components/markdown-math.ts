import 'katex/dist/katex.min.css';

/**
 * KaTeX for the markdown renderer, in its own chunk with its styles and fonts: loaded only for text that can hold
 * math (see `Markdown`). Default export: the rehype plugin rendering remark-math's nodes.
 */
export { default } from 'rehype-katex';
