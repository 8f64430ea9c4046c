import { indentUnit } from '@codemirror/language';
import { Compartment, EditorState, type Extension, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResolvedTheme } from '../../lib/theme.js';
import { loadLanguage } from './editor-languages.js';
import { editorSetup } from './editor-setup.js';
import { editorThemeFor, loadTheme } from './editor-themes.js';

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
  /** The editing area's accessible name (screen readers); "Code editor" when not given. */
  label?: string;
  /** More CodeMirror extensions (e.g. highlighted ranges of the similarity view); keep the array stable. */
  extensions?: Extension[];
}

/**
 * The heavy editor (loaded lazily through `CodeEditor`): a CodeMirror 6 view with a small fixed set-up
 * (`editorSetup`), the lazily loaded grammar and theme (`auto` follows the site's look), tab size and indent unit,
 * font size, height, read-only mode and the Ctrl+Enter shortcut. `value` is controlled: outside changes replace the
 * document.
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

  const { t } = useTranslation('editor');
  const label = p.label ?? t('Code_editor');
  const themeName = editorThemeFor(p.theme, useResolvedTheme());
  useEffect(() => {
    let live = true;
    loadTheme(themeName).then((ext) => live && setTheme(ext));
    return () => {
      live = false;
    };
  }, [themeName]);

  const onChangeRef = useRef(p.onChange);
  onChangeRef.current = p.onChange;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const config = useMemo(() => new Compartment(), []);

  const extensions = useMemo(() => {
    const auto = p.height === 'auto';
    const ext: Extension[] = [
      editorSetup(!p.readOnly),
      EditorState.readOnly.of(!!p.readOnly),
      EditorView.editable.of(!p.readOnly),
      EditorView.contentAttributes.of({ 'aria-label': label }),
      EditorState.tabSize.of(p.tabSize),
      indentUnit.of(' '.repeat(p.tabSize)),
      EditorView.theme({
        '&': {
          fontSize: `${p.fontSize}px`,
          ...(auto ? { maxHeight: '600px' } : { height: `${p.height ?? 550}px` }),
        },
        '.cm-scroller': { fontFamily: 'monospace', overflow: 'auto' },
        '&.cm-focused': { outline: 'none' },
      }),
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
    if (theme) ext.push(theme);
    if (lang) ext.push(lang);
    if (p.extensions) ext.push(...p.extensions);
    return ext;
  }, [lang, theme, p.tabSize, p.fontSize, p.readOnly, p.height, label, p.extensions]);

  // The view is created once; settings changes reconfigure it, outside value changes replace the document.
  // biome-ignore lint/correctness/useExhaustiveDependencies: created once, updated by the effects below
  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: p.value,
        extensions: [
          config.of(extensions),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) onChangeRef.current?.(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: config.reconfigure(extensions) });
  }, [config, extensions]);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== p.value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: p.value } });
  }, [p.value]);

  return (
    <div
      ref={host}
      data-testid={p.testId ?? 'code-editor'}
      style={{ border: '1px solid var(--oj-border)', background: 'var(--oj-bg-container)' }}
    />
  );
}
