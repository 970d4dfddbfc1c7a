/**
 * The code editor (src/editor/LazyCodeEditor.tsx) is built only when it is wanted: building a Monaco editor is one
 * long main-thread task, so none is built as a note opens. Until then the paragraph shows its text as a text box with
 * the editor's name; resting the pointer on it, pressing or focusing it, or a caret or selection request from the
 * page builds the editor.
 */
import { fireEvent, waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { Provider } from 'react-redux';
import { HOVER_BUILD_MS, LazyCodeEditor } from '../../src/editor/LazyCodeEditor';
import type { CodeEditorProps } from '../../src/editor/CodeEditor';
import { makeStore } from '../../src/app/store';
import { rootOutsideAct } from '../support/browserRoot';

const page = rootOutsideAct();

const { store } = makeStore({ devTools: false });
const editor = (value: string, more: Partial<CodeEditorProps> = {}) => (
  <Provider store={store}><LazyCodeEditor value={value} language="python" ariaLabel="Paragraph code" {...more} /></Provider>
);
const mockEditor = () => page.host().querySelector('[data-testid="monaco-mock"]') as HTMLTextAreaElement | null;
const text = () => page.host().querySelector('pre[role="textbox"][aria-label="Paragraph code"]') as HTMLElement | null;
const settle = () => new Promise((r) => setTimeout(r, HOVER_BUILD_MS * 2));

test('a paragraph shows its text, in lines, as a text box named like the editor, and builds no editor by itself', async () => {
  flushSync(() => page.root().render(editor('print(1)\n\nx = 2', { lineNumbers: true })));
  await settle();
  expect(mockEditor()).toBeNull();
  const box = text()!;
  expect(box).toHaveAttribute('aria-multiline', 'true');
  expect(box.tabIndex).toBe(0);
  expect([...box.querySelectorAll('.paragraph-line')].map((l) => [l.getAttribute('data-line'), l.textContent])).toEqual([['1', 'print(1)'], ['2', ''], ['3', 'x = 2']]);
  expect(box.parentElement!.querySelector('[data-line-numbers]')).toBe(box);
});

test('a pointer resting on the text builds the editor; one passing over it does not', async () => {
  flushSync(() => page.root().render(editor('print(1)')));
  fireEvent.pointerEnter(text()!);
  fireEvent.pointerLeave(text()!);
  await settle();
  expect(mockEditor()).toBeNull();
  fireEvent.pointerEnter(text()!);
  await waitFor(() => expect(mockEditor()?.value).toBe('print(1)'));
  expect(text()).toBeNull();
});

test('pressing or focusing the text builds the editor at once', async () => {
  flushSync(() => page.root().render(editor('a')));
  fireEvent.pointerDown(text()!);
  await waitFor(() => expect(mockEditor()?.value).toBe('a'));
  flushSync(() => page.root().render(<div />));
  flushSync(() => page.root().render(editor('b')));
  fireEvent.focus(text()!);
  await waitFor(() => expect(mockEditor()?.value).toBe('b'));
});

test('a caret request or a find match builds the editor', async () => {
  flushSync(() => page.root().render(editor('a')));
  flushSync(() => page.root().render(editor('a', { focusSeq: 3, focusAt: 'end' })));
  await waitFor(() => expect(mockEditor()?.value).toBe('a'));
  flushSync(() => page.root().render(<div />));
  flushSync(() => page.root().render(editor('find me')));
  flushSync(() => page.root().render(editor('find me', { selection: { start: 0, end: 4 } })));
  await waitFor(() => expect(mockEditor()?.value).toBe('find me'));
});
