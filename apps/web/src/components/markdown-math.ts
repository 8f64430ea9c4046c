import { katexOptions } from '@oj/shared/markdown/schema';
import type { Options } from 'react-markdown';
import rehypeKatex from 'rehype-katex';

/**
 * KaTeX for the markdown renderer, in its own chunk: loaded only for text that can hold math (see `Markdown`).
 * Math is drawn as MathML with the same options as server-rendered statements (`katexOptions`), so no KaTeX style
 * sheet or fonts are needed. Default export: the rehype plugin with its options.
 */
const math: NonNullable<Options['rehypePlugins']> = [[rehypeKatex, katexOptions]];
export default math;
