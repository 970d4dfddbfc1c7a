/** The personalized-mode indicator on the note page (PROTOCOL 5.7): who sees it, and what the toggle says. */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { NotePage } from '../../src/pages/NotePage';
import { makeStore } from '../../src/app/store';
import { helium } from '../../slices/helium';
import { notePage } from '../../slices/notePage';
import { route } from '../../slices/route';
import { session } from '../../slices/session';
import { wsIn } from '../../slices/wsActions';
import type { Note } from '../../protocol';
import { PERSONAL_VIEW_TEXT } from '../../src/pages/note/PersonalBanner';
import { loadFixtureNote } from '../support/frames';
import { loadLazyParts } from '../support/lazyParts';
import { NOTE_ID } from './noteHarness';

function setup(personalizedMode: 'true' | 'false') {
  const { store, log } = makeStore({ devTools: false, devChecks: true });
  const base = loadFixtureNote();
  const note: Note = { ...base, config: { ...(base.config ?? {}), personalizedMode } };
  act(() => {
    store.dispatch(helium.bundlesLoaded([]));
    store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    store.dispatch(wsIn.NOTE({ note }));
  });
  render(<Provider store={store}><NotePage match={{ page: 'note', noteId: NOTE_ID }} /></Provider>);
  return { store, log };
}

beforeAll(() => loadLazyParts(() => setup('false')));

test('a shared note shows no personal banner and offers the owner "Switch to personal mode"', () => {
  setup('false');
  expect(screen.queryByRole('status', { name: 'Personal view' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Switch to personal mode' })).toBeInTheDocument();
});

test('a personalized note says the view is the user\'s own; the owner can switch back', () => {
  const { store, log } = setup('true');
  act(() => { store.dispatch(session.ticketReceived({ principal: 'alice', screenUsername: 'alice', roles: [] })); });
  const banner = screen.getByRole('status', { name: 'Personal view' });
  expect(banner).toHaveTextContent(PERSONAL_VIEW_TEXT);
  expect(banner).toHaveTextContent('(alice)');
  expect(banner).toHaveTextContent('Switch to collaboration mode');
  fireEvent.click(screen.getByRole('button', { name: 'Switch to collaboration mode' }));
  expect(log.types()).toContain('notePage/personalizedToggled');
});

test('a non-owner sees the mode but has no toggle', () => {
  const { store } = setup('true');
  act(() => {
    store.dispatch(session.ticketReceived({ principal: 'bob', screenUsername: 'bob', roles: [] }));
    store.dispatch(notePage.permissionsLoaded({ owners: ['alice'], writers: [], readers: [], runners: [] }));
  });
  expect(screen.getByRole('status', { name: 'Personal view' })).toHaveTextContent('Only the note\'s owners can switch modes.');
  expect(screen.queryByRole('button', { name: /Switch to/ })).toBeNull();
});

test('the banner follows the mode as NOTE_UPDATED changes it', () => {
  const { store } = setup('true');
  expect(screen.getByRole('status', { name: 'Personal view' })).toBeInTheDocument();
  act(() => { store.dispatch(wsIn.NOTE_UPDATED({ name: '1. IPython Basic', config: { personalizedMode: 'false' }, info: {} })); });
  expect(screen.queryByRole('status', { name: 'Personal view' })).toBeNull();
});
