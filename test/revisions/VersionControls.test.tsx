/** The note page's version controls against a real store (no sagas): what they show and which intents they dispatch. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { NotePage } from '../../src/pages/NotePage';
import { makeStore } from '../../src/app/store';
import { helium } from '../../slices/helium';
import { revisions } from '../../slices/revisions';
import { route } from '../../slices/route';
import { wsIn, wsOut } from '../../slices/wsActions';
import { loadFixtureNote } from '../support/frames';
import { loadLazyParts } from '../support/lazyParts';
import { NOTE_ID } from '../note/noteHarness';

const R1 = '1'.repeat(40);
const T = Math.floor(new Date(2026, 7, 22, 17, 7).getTime() / 1000);

/** `supported` null: the server's configuration list has not come yet. */
function setup(path = `/notebook/${NOTE_ID}`, supported: string | null = 'true') {
  const { store, log } = makeStore({ devTools: false, devChecks: true });
  act(() => {
    store.dispatch(helium.bundlesLoaded([]));
    store.dispatch(route.changed(path));
    store.dispatch(wsIn.NOTE({ note: loadFixtureNote() }));
    if (supported !== null) store.dispatch(wsIn.CONFIGURATIONS_INFO({ configurations: { isRevisionSupported: supported } }));
    store.dispatch(wsOut.LIST_REVISION_HISTORY({ noteId: NOTE_ID }));
    store.dispatch(wsIn.LIST_REVISION_HISTORY({ revisionList: [{ id: R1, message: 'first cut', time: T }] }));
  });
  const m = store.getState().route.match;
  if (m.page !== 'note') throw new Error('not a note route');
  render(<Provider store={store}><NotePage match={m} /></Provider>);
  const last = (type: string) => [...log.entries()].reverse().find((e) => e.action.type === type)?.action as { payload: unknown } | undefined;
  return { store, last };
}

beforeAll(() => loadLazyParts(() => setup()));

test('without revision support there are no version controls', () => {
  setup(`/notebook/${NOTE_ID}`, 'false');
  expect(screen.queryByRole('button', { name: 'Version control' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Compare revisions' })).toBeNull();
});

test('until the server says, the controls hold their place unseen and out of reach; a server without revisions takes it back', () => {
  const { store } = setup(`/notebook/${NOTE_ID}`, null);
  const group = document.querySelector<HTMLElement>('.version-controls');
  expect(group?.style.visibility).toBe('hidden');
  expect(group?.hasAttribute('inert')).toBe(true);
  expect(screen.queryByRole('button', { name: 'Version control' })).toBeNull();
  act(() => { store.dispatch(wsIn.CONFIGURATIONS_INFO({ configurations: { isRevisionSupported: 'true' } })); });
  expect(group?.style.visibility).toBe('');
  expect(group?.hasAttribute('inert')).toBe(false);
  screen.getByRole('button', { name: 'Version control' });
  act(() => { store.dispatch(wsIn.CONFIGURATIONS_INFO({ configurations: { isRevisionSupported: 'false' } })); });
  expect(document.querySelector('.version-controls')).toBeNull();
});

test('commit dialog, revision list and comparator toggle', () => {
  const { store, last } = setup();
  const select = screen.getByRole('combobox', { name: 'Revision' }) as HTMLSelectElement;
  expect([...select.options].map((o) => o.textContent)).toEqual(['Head', 'first cut — August 22nd 2026, 5:07 pm']);
  expect(select.value).toBe('Head');
  fireEvent.change(select, { target: { value: R1 } });
  expect(last(revisions.revisionChosen.type)?.payload).toEqual({ noteId: NOTE_ID, revisionId: R1 });

  fireEvent.click(screen.getByRole('button', { name: 'Version control' }));
  const dialog = screen.getByRole('dialog', { name: 'Commit this note' });
  fireEvent.change(within(dialog).getByLabelText('Commit message'), { target: { value: 'my change' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Commit' }));
  expect(last(revisions.commitRequested.type)?.payload).toEqual({ message: 'my change' });
  act(() => { store.dispatch(revisions.commitRefused('Please enter a commit message.')); });
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a commit message.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Compare revisions' }));
  const panel = screen.getByRole('region', { name: 'Compare revisions' });
  expect(within(panel).getByText('Please select a revision')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Compare revisions' })).toHaveAttribute('aria-pressed', 'true');
});

test('revision view: banner with the revision and its date, read-only paragraphs, "Set revision" asks first', () => {
  const { store, last } = setup(`/notebook/${NOTE_ID}/revision/${R1}`);
  expect(screen.getByRole('region', { name: 'Revision' })).toHaveTextContent('Loading revision…');
  expect(document.querySelectorAll('section[id^="paragraph_"]')).toHaveLength(0);
  act(() => {
    // What the saga does for the route: the store keeps only the answer to this request.
    store.dispatch(revisions.viewStarted({ noteId: NOTE_ID, revisionId: R1, status: 'loading' }));
    store.dispatch(wsOut.NOTE_REVISION({ noteId: NOTE_ID, revisionId: R1 }));
    const n = loadFixtureNote();
    store.dispatch(wsIn.NOTE_REVISION({ noteId: NOTE_ID, revisionId: R1, note: { ...n, paragraphs: n.paragraphs.slice(0, 2) } }));
  });
  const banner = screen.getByRole('region', { name: 'Revision' });
  expect(banner).toHaveTextContent('Revision first cut of August 22nd 2026, 5:07 pm');
  expect(document.querySelectorAll('section[id^="paragraph_"]')).toHaveLength(2);
  for (const b of screen.getAllByRole('button', { name: 'Run paragraph' })) expect(b).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Add paragraph' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Version control' })).toBeDisabled();
  // A collaborator typing in the live note is not typing in the revision.
  const first = loadFixtureNote().paragraphs[0].id;
  act(() => { store.dispatch(wsIn.PATCH_PARAGRAPH({ paragraphId: first, patch: '@@ -1 +1 @@', user: 'alice' })); });
  expect(store.getState().collab.editing[first]).toBe('alice');
  expect(screen.queryByText('alice is editing')).toBeNull();

  fireEvent.click(within(banner).getByRole('button', { name: 'Set revision' }));
  const dialog = screen.getByRole('dialog', { name: 'Set revision' });
  expect(dialog).toHaveTextContent('Set the note to this revision?');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Set revision' }));
  expect(last(revisions.setConfirmed.type)?.payload).toEqual({ noteId: NOTE_ID, revisionId: R1 });

  act(() => { store.dispatch(wsIn.NOTE_REVISION({ noteId: NOTE_ID, revisionId: R1 })); });
  expect(screen.getByRole('alert')).toHaveTextContent('There is a problem with this Revision');
  expect(document.querySelectorAll('section[id^="paragraph_"]')).toHaveLength(0);
});
