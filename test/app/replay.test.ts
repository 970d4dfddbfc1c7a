/** @jest-environment node */
/**
 * Support staff's tools: a recorded session, saved as a file, replays to exactly the recorded end state, in our
 * replay page and in Redux DevTools' own import (the real @redux-devtools/instrument, reading the file with jsan).
 */
import { ActionCreators, instrument } from '@redux-devtools/instrument';
import jsan from 'jsan';
import { legacy_createStore as createStore, type Action, type UnknownAction } from 'redux';
import { exportActionLog, parseActionLog } from '../../src/app/devtools';
import { createReplay } from '../../src/app/replay';
import { rootReducer, type RootState } from '../../slices/rootReducer';
import { route } from '../../slices/route';
import { ui } from '../../slices/ui';
import { wsOut } from '../../slices/wsActions';
import { frame, loadFixtureNote, newParagraph, notesInfo } from '../support/frames';
import { makeTestStore } from '../support/testStore';

/** A realistic session: open a note, run a paragraph with streamed output, edit, lose the connection, reconnect. */
async function recordSession(limit?: number, ticket?: { principal: string; ticket: string; roles: string }) {
  const t = makeTestStore(ticket ? { rest: { 'GET /security/ticket': ticket } } : {});
  if (limit) {
    // a store whose log keeps only the last `limit` actions
    const { makeStore } = await import('../../src/app/store');
    const small = makeStore({ deps: t.deps, now: t.clock.now, devChecks: true, devTools: false, actionLogLimit: limit });
    t.task?.cancel();
    Object.assign(t, { store: small.store, log: small.log, task: small.task });
  }
  const note = loadFixtureNote();
  const pid = note.paragraphs[1].id;
  await t.clock.advance(0);
  t.store.dispatch(route.changed('/notebook/2EYDJKFFY'));
  await t.clock.advance(0);
  const s = t.sockets.last();
  s.serverSend(frame('NOTES_INFO', notesInfo));
  s.serverSend(frame('COLLABORATIVE_MODE_STATUS', { status: false }));
  s.serverSend(frame('NOTE', { note }));
  await t.clock.advance(0);
  t.store.dispatch(wsOut.RUN_PARAGRAPH({ id: pid, paragraph: '%python\nprint(1)', config: {}, params: {} }));
  s.serverSend(frame('PARAGRAPH', { paragraph: { ...note.paragraphs[1], status: 'RUNNING', results: undefined } }));
  for (let i = 0; i < 30; i++) {
    s.serverSend(frame('PARAGRAPH_APPEND_OUTPUT', { noteId: note.id, paragraphId: pid, index: 0, data: `line ${i}\n` }));
    if (i % 10 === 0) s.serverSend(frame('PROGRESS', { id: pid, progress: i * 3 }));
  }
  s.serverSend(frame('PARAGRAPH_ADDED', { paragraph: newParagraph('paragraph_1_2'), index: note.paragraphs.length }, 'aaaaa-3'));
  s.serverSend(frame('PARAGRAPH', { paragraph: { ...note.paragraphs[1], status: 'FINISHED', results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: '1\n' }] } } }));
  s.serverSend(frame('PARAGRAPH_MOVED', { id: 'paragraph_1_2', index: 0 }));
  s.serverSend(frame('NOTICE', { notice: 'Maintenance at noon' }));
  await t.clock.advance(0);
  t.store.dispatch(ui.toastShown({ text: 'Saved', level: 'success' }));
  s.serverClose(1006);
  await t.clock.advance(7000);
  t.sockets.last().serverSend(frame('NOTE', { note }));
  await t.clock.advance(0);
  t.task?.cancel();
  return t;
}

function saveAndLoad(t: Awaited<ReturnType<typeof recordSession>>) {
  const text = JSON.stringify(exportActionLog(t.log.entries(), t.log.baseState(), t.store.getState(), new Date(t.clock.now())));
  return { text, parsed: parseActionLog(text) };
}

describe('replay', () => {
  test('replaying a recorded session gives a state deep-equal to the recorded end state', async () => {
    const t = await recordSession();
    expect(t.log.entries().length).toBeGreaterThan(60);
    const { parsed } = saveAndLoad(t);
    if ('error' in parsed) throw new Error(parsed.error);
    const replay = createReplay(parsed);
    expect(replay.length).toBe(t.log.entries().length);
    const end = replay.stateAt(replay.length);
    expect(end).toEqual(parsed.finalState);
    expect(end).toEqual(JSON.parse(JSON.stringify(t.store.getState())));
    // stepping back and forth gives the same states
    const mid = JSON.stringify(replay.stateAt(40));
    replay.stateAt(5);
    expect(JSON.stringify(replay.stateAt(40))).toBe(mid);
    expect(replay.stateAt(0)).toEqual(rootReducer(undefined, { type: '@@replay/INIT' }));
  });

  test('a bounded log that dropped its oldest actions still replays to the end state', async () => {
    const t = await recordSession(25);
    expect(t.log.entries()).toHaveLength(25);
    const { parsed } = saveAndLoad(t);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(createReplay(parsed).stateAt(25)).toEqual(parsed.finalState);
  });

  test('damaged or foreign files are refused with a clear message', () => {
    expect(parseActionLog('nope')).toEqual({ error: 'This file is not JSON.' });
    expect(parseActionLog('{"a":1}')).toEqual({ error: 'This file is not an action log (no "payload").' });
    expect(parseActionLog('{"payload":"[{]"}')).toEqual({ error: 'The action log is damaged: its payload is not valid JSON.' });
    expect(parseActionLog('{"payload":"[1,2]"}')).toEqual({ error: 'The action log holds no list of actions.' });
  });
});

describe('Redux DevTools import', () => {
  test('the file is what DevTools Import reads: its instrument recomputes the recorded end state', async () => {
    const t = await recordSession();
    const { text } = saveAndLoad(t);
    // What the extension does on Import: jsan-parse the file, then `payload` and `preloadedState` inside it.
    const file = jsan.parse(text) as { payload: string; preloadedState: string };
    const nextLiftedState = jsan.parse(file.payload) as UnknownAction[];
    const preloadedState = jsan.parse(file.preloadedState) as RootState;
    expect(Array.isArray(nextLiftedState)).toBe(true);

    const store = createStore(rootReducer as (s: RootState | undefined, a: Action) => RootState, instrument());
    const lifted = (store as unknown as { liftedStore: { dispatch(a: unknown): void; getState(): { computedStates: { state: RootState; error?: string }[] } } }).liftedStore;
    lifted.dispatch({ ...ActionCreators.importState<RootState, UnknownAction>(nextLiftedState), preloadedState });
    const computed = lifted.getState().computedStates;
    expect(computed).toHaveLength(nextLiftedState.length + 1);
    expect(computed.filter((c) => c.error)).toEqual([]);
    expect(store.getState()).toEqual(JSON.parse(JSON.stringify(t.store.getState())));
  });

  test('the ticket is not in the file', async () => {
    const t = await recordSession(undefined, { principal: 'alice', ticket: 'c0ffee-secret-ticket', roles: '["analysts"]' });
    expect(t.sockets.last().sent.join('')).toContain('c0ffee-secret-ticket');
    const { text } = saveAndLoad(t);
    expect(text).toContain('alice');
    expect(text).not.toContain('c0ffee-secret-ticket');
  });
});
