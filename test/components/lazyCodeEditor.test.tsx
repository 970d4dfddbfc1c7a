/**
 * The code editor (src/editor/LazyCodeEditor.tsx) is never built in the render that places its paragraph, even once
 * Monaco's chunk is loaded: that render commits the paragraph's text, and the editor follows in a transition, so
 * building it is never part of the task that draws the page.
 */
import { flushSync } from 'react-dom';
import { waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { LazyCodeEditor } from '../../src/editor/LazyCodeEditor';
import { makeStore } from '../../src/app/store';
import { rootOutsideAct } from '../support/browserRoot';

const page = rootOutsideAct();


const { store } = makeStore({ devTools: false });
const editor = (value: string) => (
  <Provider store={store}><LazyCodeEditor value={value} language="python" ariaLabel="Paragraph code" /></Provider>
);
const mockEditor = () => page.host().querySelector('[data-testid="monaco-mock"]') as HTMLTextAreaElement | null;

test('with Monaco loaded, the first commit shows the text and the editor comes after it', async () => {
  // Load the editor's chunk first, so that nothing but the transition keeps the editor out of the first commit.
  flushSync(() => page.root().render(editor('warm up')));
  await waitFor(() => expect(mockEditor()).not.toBeNull());
  flushSync(() => page.root().render(<div />));

  flushSync(() => page.root().render(editor('print(1)')));
  expect(mockEditor()).toBeNull();
  expect(page.host().querySelector('pre[aria-label="Paragraph code"]')?.textContent).toBe('print(1)');
  await waitFor(() => expect(mockEditor()?.value).toBe('print(1)'));
  expect(page.host().querySelector('pre[aria-label="Paragraph code"]')).toBeNull();
});
