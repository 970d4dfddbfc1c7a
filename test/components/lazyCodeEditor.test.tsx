/**
 * The code editor (src/editor/LazyCodeEditor.tsx) is never built in the render that places its paragraph, even once
 * Monaco's chunk is loaded: that render commits the paragraph's text, and the editor follows in a transition, so
 * building it is never part of the task that draws the page.
 */
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { LazyCodeEditor } from '../../src/editor/LazyCodeEditor';
import { makeStore } from '../../src/app/store';

const globals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let actEnvironment: boolean | undefined;
let host: HTMLElement;
let root: Root;

beforeEach(() => {
  // Rendered as the browser renders, outside act(), which would flush the transition into the first render.
  actEnvironment = globals.IS_REACT_ACT_ENVIRONMENT;
  globals.IS_REACT_ACT_ENVIRONMENT = false;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  root.unmount();
  host.remove();
  globals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

const { store } = makeStore({ devTools: false });
const editor = (value: string) => (
  <Provider store={store}><LazyCodeEditor value={value} language="python" ariaLabel="Paragraph code" /></Provider>
);
const mockEditor = () => host.querySelector('[data-testid="monaco-mock"]') as HTMLTextAreaElement | null;

test('with Monaco loaded, the first commit shows the text and the editor comes after it', async () => {
  // Load the editor's chunk first, so that nothing but the transition keeps the editor out of the first commit.
  flushSync(() => root.render(editor('warm up')));
  await waitFor(() => expect(mockEditor()).not.toBeNull());
  flushSync(() => root.render(<div />));

  flushSync(() => root.render(editor('print(1)')));
  expect(mockEditor()).toBeNull();
  expect(host.querySelector('pre[aria-label="Paragraph code"]')?.textContent).toBe('print(1)');
  await waitFor(() => expect(mockEditor()?.value).toBe('print(1)'));
  expect(host.querySelector('pre[aria-label="Paragraph code"]')).toBeNull();
});
