import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import {
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';

/**
 * The editor's fixed set-up, the part of CodeMirror's basic setup a code box needs: line numbers, undo history,
 * auto-indent, bracket matching and closing, Tab indents, the fallback highlight style (themes bring their own),
 * and the active line when editable. No autocomplete popup, search panel, lint or folding (not loaded).
 */
export function editorSetup(editable: boolean): Extension[] {
  const ext: Extension[] = [
    lineNumbers(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    indentOnInput(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    bracketMatching(),
    closeBrackets(),
    keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
  ];
  if (editable) ext.push(highlightActiveLine(), highlightActiveLineGutter());
  return ext;
}
