/**
 * The note page loads the result views' chunk (tables, charts, networks) when the browser is idle after the note is
 * drawn, even when no paragraph shows a table yet: a first run's table must not wait for the chunk to be fetched and
 * compiled while its frames arrive.
 */
import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { NotePage } from '../../src/pages/NotePage';
import { makeStore } from '../../src/app/store';
import { helium } from '../../slices/helium';
import { route } from '../../slices/route';
import { wsIn } from '../../slices/wsActions';
import type { Note } from '../../protocol';
import { loadFixtureNote } from '../support/frames';
import { NOTE_ID } from './noteHarness';

const mockLoads: string[] = [];
jest.mock('../../src/results/ResultView', () => {
  mockLoads.push('ResultView');
  return { ResultView: () => null };
});

const idle: (() => void)[] = [];
const cancelled: number[] = [];
const globals = globalThis as unknown as Record<string, unknown>;

beforeEach(() => {
  idle.length = 0;
  cancelled.length = 0;
  globals.requestIdleCallback = (fn: () => void) => idle.push(fn);
  globals.cancelIdleCallback = (id: number) => cancelled.push(id);
});

afterEach(() => {
  delete globals.requestIdleCallback;
  delete globals.cancelIdleCallback;
});

/** The fixture note without any result: nothing on the page needs the result views yet. */
function openNote() {
  const { store } = makeStore({ devTools: false, devChecks: true });
  const fixture = loadFixtureNote();
  const note: Note = { ...fixture, paragraphs: fixture.paragraphs.map((p) => ({ ...p, results: undefined })) };
  act(() => {
    store.dispatch(helium.bundlesLoaded([]));
    store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    store.dispatch(wsIn.NOTE({ note }));
  });
  return render(<Provider store={store}><NotePage match={{ page: 'note', noteId: NOTE_ID }} /></Provider>);
}

test('a note without tables loads the result views when the browser is next idle, not before', async () => {
  openNote();
  expect(document.querySelectorAll('[data-testid="text-result"]')).toHaveLength(0);
  expect(idle.length).toBeGreaterThan(0);
  expect(mockLoads).toEqual([]);
  act(() => idle.forEach((fn) => fn()));
  await waitFor(() => expect(mockLoads).toEqual(['ResultView']));
});

test('leaving the note before the browser is idle cancels the load', () => {
  const page = openNote();
  const asked = idle.length;
  expect(asked).toBeGreaterThan(0);
  page.unmount();
  expect(cancelled).toHaveLength(asked);
});
