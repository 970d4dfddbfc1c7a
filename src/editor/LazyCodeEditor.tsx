import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './CodeEditor';

const CodeEditor = lazy(() => import(/* webpackChunkName: "monaco" */ './CodeEditor'));

/** Shows the plain text until Monaco has loaded, so the page never waits on the editor chunk. */
export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<pre className="paragraph-text" aria-label={props.ariaLabel}>{props.value}</pre>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
