/**
 * An editor shown on a page does not start Monaco's worker (it loads the editor's code a second time, a third of a
 * second of CPU per page): nothing it does before the user points at it or enters it asks the worker.
 */
import type { ReactElement } from 'react';
import { act, render as renderBare } from '@testing-library/react';
import { Provider } from 'react-redux';
import CodeEditor from '../../src/editor/CodeEditor';
import { makeStore } from '../../src/app/store';

interface Captured {
  options: Record<string, unknown>[];
  mount: ((ed: unknown) => void) | null;
}

jest.mock('@monaco-editor/react', () => {
  const captured: Captured = { options: [], mount: null };
  function Editor(props: { options: Record<string, unknown>; onMount: (ed: unknown) => void }) {
    captured.options.push(props.options);
    captured.mount = props.onMount;
    return null;
  }
  return { __esModule: true, captured, loader: { config: () => undefined }, default: Editor };
});

const { captured } = jest.requireMock<{ captured: Captured }>('@monaco-editor/react');

/** Enough of a Monaco editor for the component's mount: every `on…` records its listener. */
function fakeEditor() {
  const listeners = new Map<string, ((e?: unknown) => void)[]>();
  const model = { uri: { toString: () => 'inmemory://model/1' }, getValueLength: () => 1, getPositionAt: () => ({ lineNumber: 1, column: 1 }), updateOptions: () => undefined };
  const target: Record<string, unknown> = { getValue: () => 'x', setValue: () => undefined, getModel: () => model };
  const ed = new Proxy(target, {
    get(t, name: string) {
      if (name in t) return t[name];
      if (name.startsWith('on')) {
        return (fn: (e?: unknown) => void) => {
          listeners.set(name, [...(listeners.get(name) ?? []), fn]);
          return { dispose: () => listeners.set(name, (listeners.get(name) ?? []).filter((f) => f !== fn)) };
        };
      }
      return () => undefined;
    },
  });
  const fire = (name: string) => act(() => { for (const fn of listeners.get(name) ?? []) fn({}); });
  return { ed, fire };
}

function render(ui: ReactElement) {
  const { store } = makeStore({ devTools: false });
  const wrap = (el: ReactElement) => <Provider store={store}>{el}</Provider>;
  const r = renderBare(wrap(ui));
  return { rerender: (el: ReactElement) => r.rerender(wrap(el)) };
}

const last = () => captured.options[captured.options.length - 1] as { minimap: Record<string, unknown>; links: boolean; colorDecorators: boolean };

beforeEach(() => {
  captured.options = [];
  captured.mount = null;
});

test('the minimap\'s section headers, links and colour swatches stay off until the user points at the editor', () => {
  render(<CodeEditor value="x" language="python" ariaLabel="Paragraph code" />);
  const { ed, fire } = fakeEditor();
  act(() => captured.mount?.(ed));
  // Section headers are drawn in the minimap only, which is off; looking for them asks the worker.
  expect(last().minimap).toEqual(expect.objectContaining({ enabled: false, showRegionSectionHeaders: false, showMarkSectionHeaders: false }));
  expect(last().links).toBe(false);
  expect(last().colorDecorators).toBe(false);
  const rendered = captured.options.length;
  fire('onMouseMove');
  expect(last().links).toBe(true);
  expect(last().colorDecorators).toBe(true);
  // Asked once: later moves change nothing.
  const after = captured.options.length;
  fire('onMouseMove');
  expect(captured.options.length).toBe(after);
  expect(after).toBeGreaterThan(rendered);
});

test('entering the editor with the keyboard turns them on as well', () => {
  render(<CodeEditor value="x" language="python" ariaLabel="Paragraph code" />);
  const { ed, fire } = fakeEditor();
  act(() => captured.mount?.(ed));
  fire('onDidFocusEditorText');
  expect(last().links).toBe(true);
  expect(last().colorDecorators).toBe(true);
});

test('the options object is kept while nothing in it changes: the editor applies every new one again', () => {
  const { rerender } = render(<CodeEditor value="x" language="python" ariaLabel="Paragraph code" />);
  rerender(<CodeEditor value="xy" language="python" ariaLabel="Paragraph code" />);
  expect(captured.options.length).toBeGreaterThan(1);
  expect(captured.options[captured.options.length - 1]).toBe(captured.options[0]);
});
