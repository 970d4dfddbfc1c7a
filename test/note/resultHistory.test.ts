/** @jest-environment node */
/**
 * "Result history" (docs/protocol.md 3.11) in the store: offered only when the server announces it, the list and
 * each picked run fetched over REST, answers for another paragraph ignored, and the list refreshed after a run.
 */
import type { HistoryRun, HistoryRunSummary, Paragraph } from '../../protocol';
import { resultHistory, resultHistorySlice, selectResultHistoryAvailable } from '../../slices/resultHistory';
import { serverInfo } from '../../slices/server';
import { route } from '../../slices/route';
import { HttpError } from '../../sagas/restClient';
import { openNote, NOTE_ID, PY, MD } from './noteHarness';

const LIST = `/notebook/${NOTE_ID}/paragraph/${PY}/history`;
const summary = (id: string, minute: number): HistoryRunSummary => ({
  id, paragraphId: PY, user: 'anonymous', status: 'FINISHED', dateFinished: `2026-11-26 10:0${minute}:00.000`,
});
const run = (id: string, text: string): HistoryRun => ({ ...summary(id, 0), results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: text }] } });
const ANNOUNCED = { 'GET /configurations/client': { wsMaxMessageSize: 10240000, resultHistoryMax: 20 } };

describe('the slice', () => {
  const reduce = resultHistorySlice.reducer;
  const target = { noteId: NOTE_ID, paragraphId: PY };

  test('a Zeppelin server (no resultHistoryMax) or a history turned off (0) offers nothing', () => {
    const root = (max?: number) => ({ resultHistory: reduce(undefined, serverInfo.clientConfigReceived({ wsMaxMessageSize: 1, ...(max === undefined ? {} : { resultHistoryMax: max }) })) });
    expect(selectResultHistoryAvailable(root())).toBe(false);
    expect(selectResultHistoryAvailable(root(0))).toBe(false);
    expect(selectResultHistoryAvailable(root(20))).toBe(true);
  });

  test('at most two runs are picked; a third pick lets go of the earliest', () => {
    let s = reduce(undefined, resultHistory.opened(target));
    s = reduce(s, resultHistory.listLoaded({ ...target, runs: [summary('c', 3), summary('b', 2), summary('a', 1)] }));
    for (const runId of ['a', 'b', 'c']) s = reduce(s, resultHistory.runToggled({ runId }));
    expect(s.picked).toEqual(['b', 'c']);
    s = reduce(s, resultHistory.runToggled({ runId: 'b' }));
    expect(s.picked).toEqual(['c']);
  });

  test('answers for a paragraph that is no longer open are ignored; leaving the note closes the dialog', () => {
    let s = reduce(undefined, resultHistory.opened(target));
    s = reduce(s, resultHistory.listLoaded({ noteId: NOTE_ID, paragraphId: MD, runs: [summary('x', 1)] }));
    expect(s.runs).toBeNull();
    s = reduce(s, resultHistory.runLoaded({ noteId: NOTE_ID, paragraphId: MD, run: run('x', 'other') }));
    expect(s.details).toEqual({});
    s = reduce(s, route.changed('/'));
    expect(s.open).toBeNull();
  });
});

describe('the saga', () => {
  test('without the announcement no history request is ever made', async () => {
    const t = await openNote();
    expect(selectResultHistoryAvailable(t.store.getState())).toBe(false);
    expect(t.rest.calls.filter((c) => c.path.includes('/history'))).toEqual([]);
  });

  test('opening fetches the list; each picked run is fetched once; a refused list shows the server\'s message', async () => {
    const t = await openNote({
      rest: {
        ...ANNOUNCED,
        [`GET ${LIST}`]: { runs: [summary('r2', 2), summary('r1', 1)] },
        [`GET ${LIST}/r1`]: run('r1', 'first'),
        [`GET ${LIST}/r2`]: run('r2', 'second'),
        [`GET /notebook/${NOTE_ID}/paragraph/${MD}/history`]: new HttpError(403, 'GET', 'x', 'Insufficient privileges to read note', null, null),
      },
    });
    expect(selectResultHistoryAvailable(t.store.getState())).toBe(true);
    t.store.dispatch(resultHistory.opened({ noteId: NOTE_ID, paragraphId: PY }));
    await t.clock.advance(0);
    expect(t.store.getState().resultHistory.runs?.map((r) => r.id)).toEqual(['r2', 'r1']);
    t.store.dispatch(resultHistory.runToggled({ runId: 'r1' }));
    await t.clock.advance(0);
    t.store.dispatch(resultHistory.runToggled({ runId: 'r2' }));
    await t.clock.advance(0);
    const s = t.store.getState().resultHistory;
    expect(s.details.r1.results?.msg?.[0].data).toBe('first');
    expect(s.details.r2.results?.msg?.[0].data).toBe('second');
    expect(t.rest.calls.filter((c) => c.path.startsWith(`${LIST}/`)).map((c) => c.path)).toEqual([`${LIST}/r1`, `${LIST}/r2`]);

    t.store.dispatch(resultHistory.opened({ noteId: NOTE_ID, paragraphId: MD }));
    await t.clock.advance(0);
    expect(t.store.getState().resultHistory.error).toContain('Insufficient privileges');
  });

  test('an answer that is not a history is an error, not a crash', async () => {
    const t = await openNote({ rest: { ...ANNOUNCED, [`GET ${LIST}`]: { runs: [{ id: 7 }] } } });
    t.store.dispatch(resultHistory.opened({ noteId: NOTE_ID, paragraphId: PY }));
    await t.clock.advance(0);
    expect(t.store.getState().resultHistory.error).toMatch(/not a result history: runs\.0\.id must be a string/);
  });

  test('a run of the open paragraph that ends refreshes the list', async () => {
    let answer = [summary('r1', 1)];
    const t = await openNote({ rest: { ...ANNOUNCED, [`GET ${LIST}`]: () => ({ runs: answer }) } });
    t.store.dispatch(resultHistory.opened({ noteId: NOTE_ID, paragraphId: PY }));
    await t.clock.advance(0);
    answer = [summary('r2', 2), summary('r1', 1)];
    const p = t.store.getState().paragraphs.entities[PY] as Paragraph;
    await t.push('PARAGRAPH', { paragraph: { ...p, status: 'RUNNING' } });
    expect(t.store.getState().resultHistory.runs).toHaveLength(1);
    await t.push('PARAGRAPH', { paragraph: { ...p, status: 'FINISHED' } });
    expect(t.store.getState().resultHistory.runs?.map((r) => r.id)).toEqual(['r2', 'r1']);
  });
});
