/**
 * Opening a note (src/pages/note/ParagraphGrid.tsx): the commit that places the note page holds its toolbar and an
 * empty grid; the paragraphs come in a transition after it, so drawing them (editors, results, tables) is not part
 * of the task that handles the note's arrival. Afterwards the grid follows the note at once.
 */
import { flushSync } from 'react-dom';
import { waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { NotePage } from '../../src/pages/NotePage';
import { makeStore } from '../../src/app/store';
import { helium } from '../../slices/helium';
import { route } from '../../slices/route';
import { wsIn } from '../../slices/wsActions';
import { loadFixtureNote } from '../support/frames';
import { NOTE_ID } from './noteHarness';
import { rootOutsideAct } from '../support/browserRoot';

const page = rootOutsideAct();

test('the paragraphs are drawn after the commit that places the note, then follow the note at once', async () => {
  const { store } = makeStore({ devTools: false });
  const note = loadFixtureNote();
  store.dispatch(helium.bundlesLoaded([]));
  store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
  store.dispatch(wsIn.NOTE({ note }));
  flushSync(() => page.root().render(<Provider store={store}><NotePage match={{ page: 'note', noteId: NOTE_ID }} /></Provider>));
  expect(page.host().querySelector('.note-rows')).not.toBeNull();
  expect(page.host().querySelectorAll('section[id^="paragraph_"]')).toHaveLength(0);
  await waitFor(() => expect(page.host().querySelector(`#paragraph_${note.paragraphs[0].id}`)).not.toBeNull());

  const first = note.paragraphs[0];
  page.inAct(() => {
    store.dispatch(wsIn.PARAGRAPH_ADDED({ index: 0, paragraph: { ...first, id: 'added_1', text: '%md new', results: undefined } }));
  });
  expect(page.host().querySelector('#paragraph_added_1')).not.toBeNull();
});
