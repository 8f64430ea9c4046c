/** The app-wide code editor (doc 2 §2.3): lazy CodeMirror, its toolbar and the locally saved settings. */
export { CodeEditor, type CodeMirrorEditorProps } from './CodeEditor.js';
export { EditorToolbar, type EditorToolbarProps } from './EditorToolbar.js';
export * from './editor-settings.js';
export { EDITOR_THEMES, type EditorThemeName } from './editor-themes.js';
