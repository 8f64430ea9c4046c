import { indentUnit } from '@codemirror/language';
import { EditorState, type Extension, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef, useState } from 'react';
import { loadLanguage } from './editor-languages.js';
import { loadTheme } from './editor-themes.js';

/** Props of the CodeMirror 6 editor (doc 2 §2.3). fontSize in px; height in px. */
export interface CodeMirrorEditorProps {
  value: string;
  onChange?: (value: string) => void;
  /** The language's content type (e.g. `text/x-c++src`) and name, to pick the grammar. */
  contentType?: string;
  languageName?: string;
  theme: string;
  fontSize: number;
  tabSize: number;
  readOnly?: boolean;
  height?: number | 'auto';
  /** Ctrl+Enter (Cmd+Enter) handler: submit. */
  onSubmitShortcut?: () => void;
  testId?: string;
}

/**
 * The heavy editor (loaded lazily through `CodeEditor`): @uiw/react-codemirror with the lazily loaded grammar
 * and theme, tab size and indent unit, font size, read-only mode and the Ctrl+Enter shortcut.
 */
export default function CodeMirrorEditor(p: CodeMirrorEditorProps) {
  const [lang, setLang] = useState<Extension | null>(null);
  const [theme, setTheme] = useState<Extension | null>(null);
  const submitRef = useRef(p.onSubmitShortcut);
  submitRef.current = p.onSubmitShortcut;

  useEffect(() => {
    let live = true;
    loadLanguage(p.contentType, p.languageName).then(
      (ext) => live && setLang(ext),
      () => live && setLang(null),
    );
    return () => {
      live = false;
    };
  }, [p.contentType, p.languageName]);

  useEffect(() => {
    let live = true;
    loadTheme(p.theme).then((ext) => live && setTheme(ext));
    return () => {
      live = false;
    };
  }, [p.theme]);

  const extensions = useMemo(() => {
    const ext: Extension[] = [
      EditorState.tabSize.of(p.tabSize),
      indentUnit.of(' '.repeat(p.tabSize)),
      EditorView.theme({ '&': { fontSize: `${p.fontSize}px` }, '.cm-scroller': { fontFamily: 'monospace' } }),
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              submitRef.current?.();
              return true;
            },
          },
        ]),
      ),
    ];
    if (lang) ext.push(lang);
    return ext;
  }, [lang, p.tabSize, p.fontSize]);

  const height = p.height === 'auto' ? undefined : `${p.height ?? 550}px`;
  return (
    <div data-testid={p.testId ?? 'code-editor'} style={{ border: '1px solid #e8e8e8' }}>
      <CodeMirror
        value={p.value}
        onChange={p.onChange}
        height={height}
        maxHeight={p.height === 'auto' ? '600px' : undefined}
        theme={theme ?? 'light'}
        extensions={extensions}
        readOnly={p.readOnly}
        editable={!p.readOnly}
        basicSetup={{ tabSize: p.tabSize, highlightActiveLine: !p.readOnly }}
      />
    </div>
  );
}
