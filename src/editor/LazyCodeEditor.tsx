import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import type { CodeEditorProps } from './CodeEditor';
import { editorFontSize, editorLineHeight, editorTextHeight } from './editorMetrics';
import { FONT_SIZE_DEFAULT } from '../../slices/domain/noteModel';

const CodeEditor = lazy(() => import(/* webpackChunkName: "monaco" */ './CodeEditor'));

/**
 * The text as shown until the editor is there, in the editor's sizes, so that the editor replaces it without moving
 * what is below. A component of its own: its height is worked out only while it is shown, not on every keystroke
 * into the editor that replaced it.
 */
function LoadingText({ value, fontSize = FONT_SIZE_DEFAULT, ariaLabel }: Pick<CodeEditorProps, 'value' | 'fontSize' | 'ariaLabel'>) {
  const size = { fontSize: editorFontSize(fontSize), lineHeight: `${editorLineHeight(fontSize)}px`, minHeight: editorTextHeight(value, fontSize) };
  return <pre className="paragraph-text" aria-label={ariaLabel} style={size}>{value}</pre>;
}

/**
 * Shows the plain text until Monaco has loaded, so the page never waits on the editor chunk. Even once it has, the
 * editor comes in a transition after the commit that placed the paragraph: building a Monaco editor takes tens of
 * milliseconds, which would otherwise add to the task that draws the whole page (and its results).
 */
export function LazyCodeEditor(props: CodeEditorProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  const text = <LoadingText value={props.value} fontSize={props.fontSize} ariaLabel={props.ariaLabel} />;
  if (!ready) return text;
  return (
    <Suspense fallback={text}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
