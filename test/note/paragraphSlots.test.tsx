/** The note's paragraph slots: what drawing them asks of the page's layout. */
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { NotePage } from '../../src/pages/NotePage';
import { makeStore } from '../../src/app/store';
import type { Note } from '../../protocol';
import { helium } from '../../slices/helium';
import { route } from '../../slices/route';
import { wsIn } from '../../slices/wsActions';
import { loadFixtureNote } from '../support/frames';
import { loadLazyParts } from '../support/lazyParts';
import { NOTE_ID } from './noteHarness';

afterEach(() => jest.restoreAllMocks());

/** The fixture note's page on a store of its own. */
function notePage(note: Note) {
  const { store } = makeStore({ devTools: false, devChecks: true });
  act(() => {
    store.dispatch(helium.bundlesLoaded([]));
    store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    store.dispatch(wsIn.NOTE({ note }));
  });
  return { store, draw: () => render(<Provider store={store}><NotePage match={{ page: 'note', noteId: NOTE_ID }} /></Provider>) };
}

beforeAll(() => loadLazyParts(() => notePage(loadFixtureNote()).draw()));

test('drawing the paragraphs reads no slot\'s height back from the page (each read forces a layout)', () => {
  const note = loadFixtureNote();
  const { store, draw } = notePage(note);
  const reads = jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get');
  draw();
  // A paragraph added at the top draws every slot again, each at its new place.
  act(() => {
    const first = note.paragraphs[0];
    store.dispatch(wsIn.PARAGRAPH_ADDED({ index: 0, paragraph: { ...first, id: 'added_1', text: '%md new', results: undefined } }));
  });
  expect(document.getElementById('paragraph_added_1')).not.toBeNull();
  const slotReads = reads.mock.contexts.filter((el) => el instanceof HTMLElement && el.classList.contains('paragraph-slot'));
  expect(slotReads).toHaveLength(0);
});
