/** The cron panel's history and the collaboration marks (watchers, "is editing") as the page renders them. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { NotePage } from '../../src/pages/NotePage';
import { makeStore } from '../../src/app/store';
import { cron } from '../../slices/cron';
import { helium } from '../../slices/helium';
import { notePage } from '../../slices/notePage';
import { route } from '../../slices/route';
import { session } from '../../slices/session';
import { wsIn } from '../../slices/wsActions';
import { loadFixtureNote } from '../support/frames';
import { loadLazyParts } from '../support/lazyParts';
import { NOTE_ID, PY } from './noteHarness';

function setup() {
  const { store } = makeStore({ devTools: false, devChecks: true });
  act(() => {
    store.dispatch(helium.bundlesLoaded([]));
    store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    store.dispatch(wsIn.NOTE({ note: loadFixtureNote() }));
  });
  render(<Provider store={store}><NotePage match={{ page: 'note', noteId: NOTE_ID }} /></Provider>);
  return store;
}

beforeAll(() => loadLazyParts(() => setup()));

test('the cron panel lists runs with start, duration, outcome and failing paragraph, and the next firing', () => {
  const store = setup();
  act(() => {
    store.dispatch(notePage.panelToggled('cron'));
    store.dispatch(cron.loaded({ noteId: NOTE_ID, info: {
      cron: '0 0/1 * * * ?', nextFireTime: new Date(2026, 2, 2, 10, 2, 0).getTime(),
      // recorded as runs end: the longer, earlier run comes after the later one
      history: [
        { startedAt: new Date(2026, 2, 2, 10, 0, 0).getTime(), durationMs: 250, outcome: 'SUCCESS' },
        { startedAt: new Date(2026, 2, 2, 10, 1, 0).getTime(), durationMs: 1500, outcome: 'ERROR', paragraphId: PY, message: 'boom' },
      ],
    } }));
  });
  const panel = screen.getByRole('region', { name: 'Run scheduler' });
  expect(within(panel).getByText(/^Next run:/).textContent).toBe('Next run: March 2nd 2026, 10:02:00 am');
  const rows = within(within(panel).getByRole('table', { name: 'Run history' })).getAllByRole('row').map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => c.textContent));
  expect(rows).toEqual([
    ['Started', 'Duration', 'Outcome', 'Failing paragraph'],
    // an untitled paragraph is named by its first line, not its id
    ['March 2nd 2026, 10:01:00 am', '1.5 s', 'ERROR', loadFixtureNote().paragraphs.find((p) => p.id === PY)?.title || '%python.ipython'],
    ['March 2nd 2026, 10:00:00 am', '250 ms', 'SUCCESS', ''],
  ]);
  expect(within(panel).getByRole('checkbox', { name: 'Release interpreters after each scheduled run' })).not.toBeChecked();
  act(() => { store.dispatch(cron.failed({ noteId: NOTE_ID, message: 'Cron is not enabled from Zeppelin server' })); });
  expect(within(panel).getByText('Cron is not enabled from Zeppelin server')).toBeInTheDocument();
  expect(within(panel).queryByRole('table')).toBeNull();
});

test('watchers in the toolbar and "is editing" on the paragraph', () => {
  const store = setup();
  expect(screen.queryByRole('group', { name: 'Users watching this note' })).toBeNull();
  act(() => { store.dispatch(wsIn.COLLABORATIVE_MODE_STATUS({ status: true, users: ['alice', 'bob'] })); });
  expect(within(screen.getByRole('group', { name: 'Users watching this note' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['alice', 'bob']);
  act(() => { store.dispatch(wsIn.PATCH_PARAGRAPH({ paragraphId: PY, patch: '@@ -29,5 +29,12 @@\n %0Asys\n-?\n+.version\n', user: 'bob' })); });
  const para = within(document.getElementById(`paragraph_${PY}`) as HTMLElement);
  expect(para.getByText('bob is editing')).toHaveAttribute('role', 'status');
});

test('cron roles: typed roles are stored as a JSON array; a schedule set without roles runs with the setter\'s roles', () => {
  const { store, log } = makeStore({ devTools: false, devChecks: true });
  act(() => {
    store.dispatch(helium.bundlesLoaded([]));
    store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    store.dispatch(wsIn.NOTE({ note: loadFixtureNote() }));
    store.dispatch(session.ticketReceived({ principal: 'alice', screenUsername: 'alice', roles: ['analyst'] }));
    store.dispatch(notePage.panelToggled('cron'));
  });
  render(<Provider store={store}><NotePage match={{ page: 'note', noteId: NOTE_ID }} /></Provider>);
  const lastChange = () => [...log.entries()].reverse().find((e) => notePage.noteConfigChanged.match(e.action))?.action.payload;
  const panel = screen.getByRole('region', { name: 'Run scheduler' });
  fireEvent.click(within(panel).getByRole('button', { name: '1m' }));
  expect(lastChange()).toMatchObject({ cron: '0 0/1 * * * ?', cronExecutingRoles: '["analyst"]' });
  const roles = within(panel).getByRole('textbox', { name: 'Run with roles' });
  fireEvent.change(roles, { target: { value: 'ops, analyst' } });
  fireEvent.blur(roles);
  expect(lastChange()).toMatchObject({ cronExecutingRoles: '["ops","analyst"]' });
});
