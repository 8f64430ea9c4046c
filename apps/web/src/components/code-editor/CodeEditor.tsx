import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { CodeMirrorEditorProps } from './CodeMirrorEditor.js';

const CodeMirrorEditor = lazy(() => import('./CodeMirrorEditor.js'));

/**
 * The code editor (doc 2 §2.3): CodeMirror 6 loaded only by the pages that show code. While its chunk loads a
 * skeleton of the editor's height holds the place.
 */
export function CodeEditor(props: CodeMirrorEditorProps) {
  const h = typeof props.height === 'number' ? props.height : 200;
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: h }} />}>
      <CodeMirrorEditor {...props} />
    </Suspense>
  );
}

export type { CodeMirrorEditorProps } from './CodeMirrorEditor.js';
