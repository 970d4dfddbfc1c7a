/** @jest-environment node */
/**
 * Support staff's tools: a recorded session, saved as a file, replays to exactly the recorded end state, in our
 * replay page and in Redux DevTools' own import (the real @redux-devtools/instrument, reading the file with jsan).
 */
import { ActionCreators, instrument } from '@redux-devtools/instrument';
import jsan from 'jsan';
import { legacy_createStore as createStore, type Action, type UnknownAction } from 'redux';
import { exportActionLog, parseActionLog } from '../../src/app/devtools';
import { createReplay, verifyReplay } from '../../src/app/replay';
import { rootReducer, type RootState } from '../../slices/rootReducer';
import { route } from '../../slices/route';
import { ui } from '../../slices/ui';
import { wsIn, wsOut } from '../../slices/wsActions';
import { makeStore } from '../../src/app/store';
import { frame, loadFixtureNote, newParagraph, notesInfo } from '../support/frames';
import { makeTestStore } from '../support/testStore';

/** A realistic session: open a note, run a paragraph with streamed output, edit, lose the connection, reconnect. */
async function recordSession(limit?: number, ticket?: { principal: string; ticket: string; roles: string }) {
  const t = makeTestStore({
    ...(ticket ? { rest: { 'GET /security/ticket': ticket } } : {}),
    // checkpoints every 10 actions; with a limit the log keeps at most `limit` actions
    checkpointEvery: 10,
    ...(limit ? { actionLogLimits: { maxEntries: limit, maxBytes: 1e9 } } : {}),
  });
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
  const text = JSON.stringify(exportActionLog(t.log, new Date(t.clock.now())));
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
    // whole checkpoint spans are dropped: between 16 and 25 actions stay
    const kept = t.log.entries().length;
    expect(kept).toBeLessThanOrEqual(25);
    expect(kept).toBeGreaterThan(15);
    const { parsed } = saveAndLoad(t);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(createReplay(parsed).stateAt(kept)).toEqual(parsed.finalState);
    expect(verifyReplay(parsed).divergence).toBeNull();
  });

  test('checkpoints: a faithful replay matches every recorded checkpoint and the end state', async () => {
    const t = await recordSession();
    const { text, parsed } = saveAndLoad(t);
    if ('error' in parsed) throw new Error(parsed.error);
    const file = JSON.parse(text);
    expect(file.zeppelinActionLog.checkpoints.length).toBe(Math.floor(t.log.entries().length / 10));
    expect(file.zeppelinActionLog.entries.every((e: { digest?: string }) => typeof e.digest === 'string')).toBe(true);
    const v = verifyReplay(parsed);
    expect(v).toMatchObject({ checkpointed: true, divergence: null });
    expect(v.checked).toBe(parsed.checkpoints.length + 1);
  });

  test('a replay that goes wrong stops at the first divergent action, with the expected and replayed states', async () => {
    const t = await recordSession();
    const { text } = saveAndLoad(t);
    const file = JSON.parse(text);
    const actions = JSON.parse(file.payload) as UnknownAction[];
    // as if this build's reducers read PROGRESS differently: the 21st PROGRESS-like change goes elsewhere
    const k = actions.findIndex((a) => a.type === 'ws/PROGRESS' && (a.payload as { progress: number }).progress === 30);
    expect(k).toBeGreaterThan(0);
    actions[k] = { ...actions[k], payload: { ...(actions[k].payload as object), progress: 31 } };
    const parsed = parseActionLog(JSON.stringify({ ...file, payload: JSON.stringify(actions) }));
    if ('error' in parsed) throw new Error(parsed.error);
    const { divergence } = verifyReplay(parsed);
    expect(divergence?.index).toBe(k);
    // compared where the expected state is known: the next checkpoint
    expect(divergence?.comparedAt).toBe(Math.ceil((k + 1) / 10) * 10);
    const pid = loadFixtureNote().paragraphs[1].id;
    const progress = (s: unknown) => (s as RootState).paragraphs.entities[pid]?.progress;
    expect(progress(divergence?.expected)).not.toBe(progress(divergence?.replayed));
  });

  test('a difference inside a long output, which the per-action digest does not read, is caught at the checkpoint', () => {
    const { store, log } = makeStore({ devTools: false, checkpointEvery: 5 });
    const note = loadFixtureNote();
    const pid = note.paragraphs[1].id;
    store.dispatch(wsIn.NOTE({ note }));
    store.dispatch(wsIn.PARAGRAPH({ paragraph: { ...note.paragraphs[1], status: 'RUNNING', results: undefined } }));
    for (let i = 0; i < 8; i++) store.dispatch(wsIn.PARAGRAPH_APPEND_OUTPUT({ noteId: note.id, paragraphId: pid, index: 0, data: `${'x'.repeat(80)} ${i}\n` }));
    const file = exportActionLog(log, new Date(0));
    const actions = JSON.parse(file.payload) as UnknownAction[];
    const tampered = actions.map((a, i) => (i === 3 ? { ...a, payload: { ...(a.payload as object), data: `${'y'.repeat(80)} 1\n` } } : a));
    const parsed = parseActionLog(JSON.stringify({ ...file, payload: JSON.stringify(tampered) }));
    if ('error' in parsed) throw new Error(parsed.error);
    const { divergence } = verifyReplay(parsed);
    expect(divergence).toMatchObject({ index: 4, comparedAt: 5 });
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
