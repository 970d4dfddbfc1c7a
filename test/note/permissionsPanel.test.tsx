/**
 * The permissions panel for owners and non-owners, the AUTH_INFO dialog, and note names full of markup shown as
 * text (never parsed as HTML) in the note list, the note title and the dialogs.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Dialogs } from '../../src/components/Dialogs';
import { makeStore } from '../../src/app/store';
import { HomePage } from '../../src/pages/HomePage';
import { NotePage } from '../../src/pages/NotePage';
import { helium } from '../../slices/helium';
import { notePage } from '../../slices/notePage';
import { route } from '../../slices/route';
import { session } from '../../slices/session';
import { wsIn } from '../../slices/wsActions';
import { loadFixtureNote } from '../support/frames';
import { loadLazyParts } from '../support/lazyParts';
import { NOTE_ID } from './noteHarness';

// No slash: in a path it would split the name into folders.
const SCRIPT_NAME = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2<\\script><b>bold';

/** The fixture note's page as `principal` sees it, its permissions panel open. */
function drawNote(principal: string, roles: string[]) {
  const { store, log } = makeStore({ devTools: false, devChecks: true });
  act(() => {
    store.dispatch(session.ticketReceived({ principal, roles, screenUsername: principal }));
    store.dispatch(helium.bundlesLoaded([]));
    store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    store.dispatch(wsIn.NOTE({ note: loadFixtureNote() }));
    store.dispatch(notePage.panelToggled('permissions'));
    store.dispatch(notePage.permissionsLoaded({ owners: ['owner'], writers: ['owner'], runners: ['owner'], readers: ['user1'] }));
  });
  render(<Provider store={store}><NotePage match={{ page: 'note', noteId: NOTE_ID }} /><Dialogs /></Provider>);
  return { store, log };
}

function openPanel(principal: string, roles: string[] = []) {
  const { store, log } = drawNote(principal, roles);
  const types = () => log.types();
  return { store, types, panel: screen.getByRole('region', { name: 'Note permissions' }) };
}

beforeAll(() => loadLazyParts(() => drawNote('owner', [])));

test('an owner edits the four lists and saves', () => {
  const { panel, types } = openPanel('owner');
  const readers = within(panel).getByRole('combobox', { name: 'Readers' });
  expect(readers).not.toHaveAttribute('readonly');
  fireEvent.change(readers, { target: { value: 'user1, role2' } });
  fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
  expect(types()).toContain('notePage/permissionsSaveRequested');
});

test('an owner by role counts as owner', () => {
  const { panel } = openPanel('someone', ['owner']);
  expect(within(panel).getByRole('button', { name: 'Save' })).toBeInTheDocument();
});

test('a reader sees the lists read-only, with no Save, and a note why', () => {
  const { panel, types } = openPanel('user1', ['role1']);
  for (const name of ['Owners', 'Writers', 'Runners', 'Readers']) expect(within(panel).getByRole('combobox', { name })).toHaveAttribute('readonly');
  expect(within(panel).getByRole('combobox', { name: 'Readers' })).toHaveValue('user1');
  expect(within(panel).queryByRole('button', { name: 'Save' })).toBeNull();
  expect(panel).toHaveTextContent('Only the owners of this note can change its permissions.');
  fireEvent.click(within(panel).getByRole('button', { name: 'Close' }));
  expect(types()).toContain('notePage/panelCloseRequested');
  // The note itself is view-only for a reader.
  expect(screen.getByText('View only')).toBeInTheDocument();
});

test('AUTH_INFO opens the Insufficient privileges dialog with the server text; a user with roles gets Login and Cancel', () => {
  const { store } = openPanel('user1', ['role1']);
  const info = 'Insufficient privileges to WRITER note.\nAllowed users or roles: [owner]\nBut the user user1 belongs to: [user1, role1]';
  act(() => { store.dispatch(wsIn.AUTH_INFO({ info })); });
  const dialog = screen.getByRole('dialog', { name: 'Insufficient privileges' });
  expect(within(dialog).getByText((_c, el) => el?.tagName === 'PRE' && el.textContent === info)).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Login' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
});

describe('markup in note names is text', () => {
  afterEach(() => { delete (window as unknown as { __pwned?: number }).__pwned; });

  test('in the note list', () => {
    const { store } = makeStore({ devTools: false, devChecks: true });
    act(() => { store.dispatch(wsIn.NOTES_INFO({ notes: [{ id: 'X1', path: `/${SCRIPT_NAME}` }] })); });
    render(<Provider store={store}><HomePage /></Provider>);
    expect(screen.getByRole('link', { name: SCRIPT_NAME })).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('main script, main b')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  test('in the note title and in an AUTH_INFO naming it', () => {
    const { store } = makeStore({ devTools: false, devChecks: true });
    const note = { ...loadFixtureNote(), name: SCRIPT_NAME, path: `/${SCRIPT_NAME}` };
    act(() => {
      store.dispatch(helium.bundlesLoaded([]));
      store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
      store.dispatch(wsIn.NOTE({ note }));
    });
    render(<Provider store={store}><NotePage match={{ page: 'note', noteId: NOTE_ID }} /><Dialogs /></Provider>);
    expect(screen.getByRole('heading', { level: 1, name: SCRIPT_NAME })).toBeInTheDocument();
    // A READER refusal closes the note behind the dialog (read access taken away), so the title is checked first.
    act(() => {
      store.dispatch(wsIn.AUTH_INFO({ info: `Insufficient privileges to READER note.\nAllowed users or roles: [${SCRIPT_NAME}]\nBut the user u belongs to: [u]` }));
    });
    expect(screen.getByRole('dialog', { name: 'Insufficient privileges' })).toHaveTextContent(SCRIPT_NAME);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
