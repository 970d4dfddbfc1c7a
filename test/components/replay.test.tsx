/**
 * The replay page inside the live app: loading a log checks it, a log that does not replay stops at the first
 * divergent action with the difference drawn, and nothing done in the replayed views reaches the live store or the
 * server (links, buttons, keys).
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import { App } from '../../src/App';
import { exportActionLog } from '../../src/app/devtools';
import { makeStore } from '../../src/app/store';
import { helium } from '../../slices/helium';
import { route } from '../../slices/route';
import { wsIn } from '../../slices/wsActions';
import { loadFixtureNote, notesInfo } from '../support/frames';
import { makeTestStore } from '../support/testStore';

/** A short recorded session: the note list on the home page, then a note. */
function recordedLog(tamper?: (actions: UnknownAction[]) => void): string {
  const { store, log } = makeStore({ devTools: false, checkpointEvery: 2 });
  store.dispatch(route.changed('/'));
  store.dispatch(wsIn.NOTES_INFO(notesInfo));
  store.dispatch(helium.bundlesLoaded([]));
  store.dispatch(route.changed('/notebook/2EYDJKFFY'));
  store.dispatch(wsIn.NOTE({ note: loadFixtureNote() }));
  store.dispatch(wsIn.PROGRESS({ id: loadFixtureNote().paragraphs[4].id, progress: 40 }));
  const file = exportActionLog(log, new Date(0));
  if (!tamper) return JSON.stringify(file);
  const actions = JSON.parse(file.payload) as UnknownAction[];
  tamper(actions);
  return JSON.stringify({ ...file, payload: JSON.stringify(actions) });
}

async function liveAppOnReplay() {
  const t = makeTestStore();
  await t.clock.advance(0);
  window.location.hash = '#/replay';
  render(<Provider store={t.store}><App /></Provider>);
  await t.clock.advance(0);
  await screen.findByRole('heading', { name: 'Replay an action log' });
  return t;
}

function load(text: string) {
  fireEvent.change(screen.getByLabelText('Load action log'), { target: { files: [new File([text], 'log.json', { type: 'application/json' })] } });
}

afterEach(() => {
  window.location.hash = '';
});

test('a faithful log passes every checkpoint', async () => {
  const t = await liveAppOnReplay();
  load(recordedLog());
  await screen.findByText('The replay matches the recording at all 4 checkpoints.');
  expect(screen.getByText('Step 6 of 6')).toBeInTheDocument();
  t.task?.cancel();
});

test('a log that does not replay stops at the first divergent action and shows the recorded and replayed state', async () => {
  const t = await liveAppOnReplay();
  load(recordedLog((actions) => {
    actions[5] = { ...actions[5], payload: { ...(actions[5].payload as object), progress: 90 } };
  }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('The replay differs from the recording after step 6 (ws/PROGRESS); it stops there.');
  expect(screen.getByText('Step 6 of 6')).toBeInTheDocument();
  const diff = screen.getByRole('region', { name: 'Difference of the recorded and the replayed state' });
  expect(within(diff).getByText('progress')).toBeInTheDocument();
  expect(diff).toHaveTextContent('40');
  expect(diff).toHaveTextContent('90');
  t.task?.cancel();
});

test('views on the replay page never send frames or dispatch into the live store', async () => {
  const t = await liveAppOnReplay();
  load(recordedLog());
  const view = await screen.findByRole('region', { name: 'Replayed application view' });
  await waitFor(() => expect(within(view).getAllByRole('button', { name: 'Run paragraph' }).length).toBeGreaterThan(0));
  const logged = t.log.entries().length;
  const sent = t.sockets.last().sent.length;
  act(() => {
    fireEvent.click(within(view).getAllByRole('button', { name: 'Run paragraph' })[0]);
    fireEvent.keyDown(document, { key: 'Enter', code: 'Enter', shiftKey: true });
  });
  // back to the home page of the recording, and a click on a note link there
  fireEvent.change(screen.getByRole('slider', { name: 'Step' }), { target: { value: '3' } });
  const link = await within(view).findByRole('link', { name: '1. IPython Basic' });
  act(() => {
    fireEvent.click(link);
  });
  await t.clock.advance(0);
  expect(window.location.hash).toBe('#/replay');
  expect(t.log.entries().slice(logged).map((e) => e.action.type)).toEqual([]);
  expect(t.sockets.last().sent.slice(sent)).toEqual([]);
  t.task?.cancel();
});
