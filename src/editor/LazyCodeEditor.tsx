import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import type { CodeEditorProps } from './CodeEditor';
import { editorFontSize, editorLineHeight, editorTextHeight } from './editorMetrics';

const CodeEditor = lazy(() => import(/* webpackChunkName: "monaco" */ './CodeEditor'));

/**
 * Shows the plain text until Monaco has loaded, so the page never waits on the editor chunk. Even once it has, the
 * editor comes in a transition after the commit that placed the paragraph: building a Monaco editor takes tens of
 * milliseconds, which would otherwise add to the task that draws the whole page (and its results).
 */
export function LazyCodeEditor(props: CodeEditorProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  const fontSize = props.fontSize ?? 9;
  // Set in the editor's sizes, so that the editor replaces it without moving what is below.
  const size = { fontSize: editorFontSize(fontSize), lineHeight: `${editorLineHeight(fontSize)}px`, minHeight: editorTextHeight(props.value, fontSize) };
  const text = <pre className="paragraph-text" aria-label={props.ariaLabel} style={size}>{props.value}</pre>;
  if (!ready) return text;
  return (
    <Suspense fallback={text}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
