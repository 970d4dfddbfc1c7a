/** Shell components against a real store: they only select and dispatch. */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ConnectionIndicator } from '../../src/components/ConnectionIndicator';
import { Dialogs } from '../../src/components/Dialogs';
import { Toasts } from '../../src/components/Toasts';
import { Navbar } from '../../src/components/Navbar';
import { ReplayPage } from '../../src/pages/ReplayPage';
import { PageForRoute } from '../../src/pages/PageForRoute';
import { makeStore } from '../../src/app/store';
import { exportActionLog } from '../../src/app/devtools';
import { connection } from '../../slices/connection';
import { route } from '../../slices/route';
import { session } from '../../slices/session';
import { ui } from '../../slices/ui';
import { helium } from '../../slices/helium';
import { wsIn } from '../../slices/wsActions';
import { loadFixtureNote, notesInfo } from '../support/frames';
import { loadLazyParts } from '../support/lazyParts';

function setup() {
  const { store, log } = makeStore({ devTools: false, devChecks: true });
  const view = (node: React.ReactNode) => render(<Provider store={store}>{node}</Provider>);
  return { store, log, view };
}

test('the connection indicator names each state as Zeppelin users know it', () => {
  const { store, view } = setup();
  view(<ConnectionIndicator />);
  expect(screen.getByRole('status', { name: 'Connecting…' })).toBeInTheDocument();
  act(() => { store.dispatch(connection.opened()); });
  expect(screen.getByRole('status', { name: 'WebSocket Connected' })).toBeInTheDocument();
  act(() => { store.dispatch(connection.closed({ code: 1006, deliberate: false })); });
  expect(screen.getByRole('status', { name: 'WebSocket Disconnected' })).toBeInTheDocument();
  act(() => { store.dispatch(connection.retryScheduled({ inMs: 500 })); });
  expect(screen.getByRole('status', { name: 'Reconnecting…' })).toBeInTheDocument();
});

test('toasts: combined duplicates, dismissed by their button, not by a click on the text', () => {
  const { store, view } = setup();
  view(<Toasts />);
  act(() => {
    store.dispatch(ui.toastShown({ text: 'Saved' }));
    store.dispatch(ui.toastShown({ text: 'Saved' }));
  });
  const toast = screen.getByRole('alert');
  expect(toast).toHaveTextContent(/^Saved ×2/);
  fireEvent.click(toast);
  expect(screen.getByRole('alert')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByRole('alert')).toBeNull();
});

test("AUTH_INFO: 'Insufficient privileges' offers Close without roles, Login or Cancel with roles", () => {
  const { store, view } = setup();
  view(<Dialogs />);
  act(() => { store.dispatch(wsIn.AUTH_INFO({ info: 'Insufficient privileges to WRITER note.' })); });
  const dialog = screen.getByRole('dialog', { name: 'Insufficient privileges' });
  expect(dialog).toHaveTextContent('Insufficient privileges to WRITER note.');
  expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();

  act(() => {
    store.dispatch(session.ticketReceived({ principal: 'bob', screenUsername: 'bob', roles: ['analysts'] }));
    store.dispatch(wsIn.AUTH_INFO({ info: 'no' }));
  });
  expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(store.getState().ui.dialog).toEqual({ kind: 'login', info: null });
});

test("ERROR_INFO opens 'Details' with a Close button", () => {
  const { store, view } = setup();
  view(<Dialogs />);
  act(() => { store.dispatch(wsIn.ERROR_INFO({ info: 'HTTP 404 Not Found' })); });
  expect(screen.getByRole('dialog', { name: 'Details' })).toHaveTextContent('HTTP 404 Not Found');
});

test('the navbar has the labels users know and asks for the action log download', () => {
  const { store, log, view } = setup();
  view(<Navbar />);
  for (const name of ['Notebook', 'Job', 'Interpreter', 'Notebook Repos', 'Credential', 'Helium', 'Configuration', 'Cluster']) {
    expect(screen.getByRole('link', { name })).toBeInTheDocument();
  }
  expect(screen.getByRole('searchbox', { name: 'Search your notes' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Download action log' }));
  expect(log.types()).toContain('ui/actionLogDownloadRequested');
  expect(store.getState().connection.status).toBe('connecting');
});

beforeAll(() => loadLazyParts(() => {
  const { store, view } = setup();
  const note = loadFixtureNote();
  store.dispatch(helium.bundlesLoaded([]));
  store.dispatch(route.changed(`/notebook/${note.id}`));
  store.dispatch(wsIn.NOTE({ note }));
  view(<PageForRoute />);
}));

test('note routes wait for the plugin bundles, then show the note', () => {
  const { store, view } = setup();
  const note = loadFixtureNote();
  act(() => {
    store.dispatch(route.changed(`/notebook/${note.id}`));
    store.dispatch(wsIn.NOTE({ note }));
  });
  view(<PageForRoute />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading plugins…');
  act(() => { store.dispatch(helium.bundlesLoaded([])); });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('1. IPython Basic');
  expect(document.getElementById(`paragraph_${note.paragraphs[0].id}`)).not.toBeNull();
});

test('replay page: load a log, step with Previous/Next and the slider, see the recorded views', async () => {
  const { store, log } = setup();
  act(() => {
    store.dispatch(route.changed('/'));
    store.dispatch(wsIn.NOTES_INFO(notesInfo));
    store.dispatch(route.changed('/notebook/2EYDJKFFY'));
    store.dispatch(helium.bundlesLoaded([]));
    store.dispatch(wsIn.NOTE({ note: loadFixtureNote() }));
  });
  const text = JSON.stringify(exportActionLog(log, new Date(0)));
  const replayStore = makeStore({ devTools: false }).store;
  render(<Provider store={replayStore}><ReplayPage /></Provider>);
  const input = screen.getByLabelText('Load action log');
  fireEvent.change(input, { target: { files: [new File([text], 'log.json', { type: 'application/json' })] } });
  await screen.findByText('The replayed state matches the recorded end state.');
  const region = screen.getByRole('region', { name: 'Replayed application view' });
  expect(region).toHaveTextContent('1. IPython Basic');
  fireEvent.change(screen.getByRole('slider', { name: 'Step' }), { target: { value: '2' } });
  await waitFor(() => expect(screen.getByText('Step 2 of 5')).toBeInTheDocument());
  expect(screen.getByTestId('replay-action')).toHaveTextContent('ws/NOTES_INFO');
  expect(region).toHaveTextContent('Python Tutorial');
  fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByText('Step 1 of 5')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
});

test('replay page: a file that is not a log gets a clear error', async () => {
  render(<Provider store={makeStore({ devTools: false }).store}><ReplayPage /></Provider>);
  fireEvent.change(screen.getByLabelText('Load action log'), { target: { files: [new File(['{"x":1}'], 'x.json')] } });
  expect(await screen.findByRole('alert')).toHaveTextContent('This file is not an action log (no "payload").');
});
