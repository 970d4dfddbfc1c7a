/** @jest-environment node */
/** Version control on the note page: each intent, the ops it sends, and what the store shows for the replies. */
import { notePage } from '../../slices/notePage';
import { revisions, REVISION_PROBLEM, revisionsSlice } from '../../slices/revisions';
import { route } from '../../slices/route';
import { wsIn, wsOut } from '../../slices/wsActions';
import type { Note } from '../../protocol';
import { selectEditBlocked, selectOrderedParagraphs } from '../../slices/noteSelectors';
import { selectRevisionSupported } from '../../src/revisions/VersionControls';
import { COMMIT_MESSAGE_REQUIRED, committedText, RESTORED_TEXT } from '../../sagas/revisions';
import { loadFixtureNote } from '../support/frames';
import { MD, NOTE_ID, openNote, PY } from '../note/noteHarness';

const R1 = '1'.repeat(40);
const R2 = '2'.repeat(40);
const HISTORY = [{ id: R2, message: 'second', time: 1_700_000_100 }, { id: R1, message: 'first', time: 1_700_000_000 }];

/** The fixture note as an older revision: two paragraphs, the first with other text. */
function oldNote(): Note {
  const n = loadFixtureNote();
  return { ...n, paragraphs: n.paragraphs.slice(0, 2).map((p, i) => (i === 0 ? { ...p, text: '%md as it was' } : p)) };
}

const toasts = (t: Awaited<ReturnType<typeof openNote>>) => t.store.getState().ui.toasts.map((x) => [x.level, x.text]);

describe('reducer', () => {
  const reduce = (actions: { type: string }[]) => actions.reduce(revisionsSlice.reducer, revisionsSlice.getInitialState());

  test('a commit in flight is settled by the history (closes) or by an error (stays, with the text)', () => {
    const sending = reduce([revisions.commitDialogOpened(), wsOut.CHECKPOINT_NOTE({ noteId: 'N', commitMessage: 'm' })]);
    expect(sending.commit).toMatchObject({ open: true, status: 'sending', message: 'm' });
    const ok = revisionsSlice.reducer(sending, wsIn.LIST_REVISION_HISTORY({ revisionList: HISTORY }));
    expect(ok.commit.open).toBe(false);
    expect(ok.history).toEqual(HISTORY);
    const failed = revisionsSlice.reducer(sending, wsIn.ERROR_INFO({ info: 'no changes' }));
    expect(failed.commit).toMatchObject({ open: true, status: 'failed', error: 'no changes' });
    // An error with no commit in flight is not the dialog's business.
    expect(revisionsSlice.reducer(ok, wsIn.ERROR_INFO({ info: 'other' })).commit.error).toBeNull();
  });

  test('storage without versioning: no list at all, which is not an empty history', () => {
    expect(reduce([wsIn.LIST_REVISION_HISTORY({})]).history).toBeNull();
    expect(reduce([wsIn.LIST_REVISION_HISTORY({ revisionList: [] })]).history).toEqual([]);
  });

  test('comparator replies count only for the current choice of their position', () => {
    const n = oldNote();
    const s = reduce([
      revisions.comparatorToggled(),
      revisions.compareChosen({ position: 'first', revisionId: R1 }),
      revisions.compareChosen({ position: 'second', revisionId: 'Head' }),
      wsIn.NOTE_REVISION_FOR_COMPARE({ noteId: 'N', revisionId: R2, position: 'first', note: n }),
      wsIn.NOTE_REVISION_FOR_COMPARE({ noteId: 'N', revisionId: 'Head', position: 'second', note: n }),
      wsIn.NOTE_REVISION_FOR_COMPARE({ noteId: 'N', revisionId: R1, position: 'elsewhere', note: n }),
    ]);
    expect(s.comparator.loaded).toEqual({ second: { revisionId: 'Head', note: n } });
    const missing = revisionsSlice.reducer(s, wsIn.NOTE_REVISION_FOR_COMPARE({ noteId: 'N', revisionId: R1, position: 'first' }));
    expect(missing.comparator.loaded.first).toEqual({ revisionId: R1 });
    expect(revisionsSlice.reducer(missing, revisions.comparatorToggled()).comparator).toEqual(revisionsSlice.getInitialState().comparator);
  });
});

describe('sagas', () => {
  test('opening a note asks for its history and the revision flag; controls need "true"', async () => {
    const t = await openNote();
    expect(t.sentOps('LIST_REVISION_HISTORY', 'LIST_CONFIGURATIONS').map((f) => [f.op, f.data])).toEqual([
      ['LIST_REVISION_HISTORY', { noteId: NOTE_ID }], ['LIST_CONFIGURATIONS', {}],
    ]);
    expect(selectRevisionSupported(t.store.getState())).toBe(false);
    await t.push('CONFIGURATIONS_INFO', { configurations: { isRevisionSupported: 'true' } });
    await t.push('LIST_REVISION_HISTORY', { revisionList: HISTORY });
    expect(selectRevisionSupported(t.store.getState())).toBe(true);
    expect(t.store.getState().revisions.history).toEqual(HISTORY);
    // Known now: a reload of the note asks for the history only.
    const after = t.mark();
    await t.push('NOTE', { note: loadFixtureNote() });
    expect(after().filter((f) => f.op.startsWith('LIST_')).map((f) => f.op)).toEqual(['LIST_REVISION_HISTORY']);
  });

  test('commit: a blank message is refused; otherwise CHECKPOINT_NOTE, then a toast or the error in the dialog', async () => {
    const t = await openNote();
    t.store.dispatch(revisions.commitDialogOpened());
    const after = t.mark();
    t.store.dispatch(revisions.commitRequested({ message: '   ' }));
    await t.clock.advance(0);
    expect(after()).toEqual([]);
    expect(t.store.getState().revisions.commit).toMatchObject({ open: true, status: 'failed', error: COMMIT_MESSAGE_REQUIRED });

    t.store.dispatch(revisions.commitRequested({ message: ' first cut ' }));
    await t.clock.advance(0);
    expect(after().map((f) => [f.op, f.data])).toEqual([['CHECKPOINT_NOTE', { noteId: NOTE_ID, commitMessage: 'first cut' }]]);
    expect(t.store.getState().revisions.commit.status).toBe('sending');
    await t.push('LIST_REVISION_HISTORY', { revisionList: HISTORY });
    expect(t.store.getState().revisions.commit.open).toBe(false);
    expect(toasts(t)).toContainEqual(['success', committedText('first cut')]);

    t.store.dispatch(revisions.commitDialogOpened());
    t.store.dispatch(revisions.commitRequested({ message: 'again' }));
    await t.clock.advance(0);
    await t.push('ERROR_INFO', { info: 'nothing changed' });
    expect(t.store.getState().revisions.commit).toMatchObject({ open: true, status: 'failed', error: 'nothing changed' });
    expect(toasts(t)).not.toContainEqual(['success', committedText('again')]);
  });

  test('choosing a revision navigates to its route; Head goes back to the note', async () => {
    const t = await openNote();
    t.store.dispatch(revisions.revisionChosen({ noteId: NOTE_ID, revisionId: R1 }));
    t.store.dispatch(revisions.revisionChosen({ noteId: NOTE_ID, revisionId: 'Head' }));
    await t.clock.advance(0);
    expect(t.navigations).toEqual([`/notebook/${NOTE_ID}/revision/${R1}`, `/notebook/${NOTE_ID}`]);
  });

  test('the revision view shows NOTE_REVISION read-only: no runs, no saves; leaving it fetches the live note', async () => {
    const t = await openNote();
    const after = t.mark();
    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}/revision/${R1}`));
    await t.clock.advance(0);
    expect(after().map((f) => [f.op, f.data])).toEqual([
      ['NOTE_REVISION', { noteId: NOTE_ID, revisionId: R1 }], ['LIST_REVISION_HISTORY', { noteId: NOTE_ID }],
      // The flag is still unknown here (no CONFIGURATIONS_INFO yet).
      ['LIST_CONFIGURATIONS', {}],
    ]);
    expect(t.sentOps('GET_NOTE')).toHaveLength(1);
    expect(t.store.getState().revisions.view).toEqual({ noteId: NOTE_ID, revisionId: R1, status: 'loading' });
    await t.push('NOTE_REVISION', { noteId: NOTE_ID, revisionId: R1, note: oldNote() });
    const s = t.store.getState();
    expect(s.revisions.view?.status).toBe('shown');
    expect(selectOrderedParagraphs(s).map((p) => p.text?.split('\n')[0])).toEqual(['%md as it was', oldNote().paragraphs[1].text?.split('\n')[0]]);
    expect(selectEditBlocked(s)).toBe(true);

    const writes = t.mark();
    t.store.dispatch(notePage.commandInvoked({ command: 'run', id: MD }));
    t.store.dispatch(notePage.draftChanged({ id: MD, text: 'typed into a revision' }));
    t.store.dispatch(notePage.editorBlurred({ id: MD }));
    t.store.dispatch(notePage.commandInvoked({ command: 'runAll' }));
    t.store.dispatch(notePage.commandInvoked({ command: 'remove', id: MD }));
    await t.clock.advance(20_000);
    expect(writes().filter((f) => f.op !== 'EDITOR_SETTING')).toEqual([]);
    expect(t.store.getState().notePage.dialog).toBeNull();

    // A NOTE broadcast for the note does not put live content under the banner, nor asks for the revision again.
    await t.push('NOTE', { note: loadFixtureNote() });
    expect(selectOrderedParagraphs(t.store.getState()).map((p) => p.text?.split('\n')[0])).toEqual(['%md as it was', oldNote().paragraphs[1].text?.split('\n')[0]]);
    expect(writes().filter((f) => f.op === 'NOTE_REVISION')).toEqual([]);

    const back = t.mark();
    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    await t.clock.advance(0);
    expect(back().map((f) => [f.op, f.data])).toEqual([['GET_NOTE', { id: NOTE_ID }]]);
    expect(t.store.getState().revisions.view).toBeNull();
  });

  test('a revision the server does not have shows the problem as a danger toast and in the page', async () => {
    const t = await openNote();
    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}/revision/${R2}`));
    await t.clock.advance(0);
    await t.push('NOTE_REVISION', { noteId: NOTE_ID, revisionId: R2 });
    expect(t.store.getState().revisions.view?.status).toBe('failed');
    expect(toasts(t)).toContainEqual(['danger', REVISION_PROBLEM]);
    // A blank revision id never reaches the server.
    const after = t.mark();
    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}/revision/%20`));
    await t.clock.advance(0);
    expect(after().filter((f) => f.op === 'NOTE_REVISION')).toEqual([]);
    expect(t.store.getState().revisions.view).toEqual({ noteId: NOTE_ID, revisionId: ' ', status: 'failed' });
  });

  test('set revision sends SET_NOTE_REVISION and returns to the live note; a failure stays put', async () => {
    const t = await openNote();
    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}/revision/${R1}`));
    await t.clock.advance(0);
    await t.push('NOTE_REVISION', { noteId: NOTE_ID, revisionId: R1, note: oldNote() });
    t.store.dispatch(revisions.setConfirmOpened());
    expect(t.store.getState().revisions.setConfirmOpen).toBe(true);
    const after = t.mark();
    t.store.dispatch(revisions.setConfirmed({ noteId: NOTE_ID, revisionId: R1 }));
    await t.clock.advance(0);
    expect(after().map((f) => [f.op, f.data])).toEqual([['SET_NOTE_REVISION', { noteId: NOTE_ID, revisionId: R1 }]]);
    expect(t.store.getState().revisions).toMatchObject({ setConfirmOpen: false, setPending: true });
    // The room's NOTE may come first: while the restore is pending the revision is not asked for again.
    await t.push('NOTE', { note: oldNote() });
    expect(after().filter((f) => f.op === 'NOTE_REVISION')).toEqual([]);
    await t.push('SET_NOTE_REVISION', { status: true });
    expect(t.store.getState().revisions.setPending).toBe(false);
    expect(t.navigations).toEqual([`/notebook/${NOTE_ID}`]);
    expect(toasts(t)).toContainEqual(['success', RESTORED_TEXT]);

    t.store.dispatch(revisions.setConfirmed({ noteId: NOTE_ID, revisionId: R2 }));
    await t.clock.advance(0);
    await t.push('ERROR_INFO', { info: 'Fail to set given note revision, cause: the note is running' });
    expect(t.store.getState().revisions.setPending).toBe(false);
    expect(t.navigations).toHaveLength(1);
  });

  test('comparator: history on open; both sides fetched once two different revisions are chosen', async () => {
    const t = await openNote();
    const after = t.mark();
    t.store.dispatch(revisions.comparatorToggled());
    await t.clock.advance(0);
    expect(after().map((f) => f.op)).toEqual(['LIST_REVISION_HISTORY']);
    t.store.dispatch(revisions.compareChosen({ position: 'first', revisionId: R1 }));
    t.store.dispatch(revisions.compareChosen({ position: 'second', revisionId: R1 }));
    await t.clock.advance(0);
    expect(after().map((f) => f.op)).toEqual(['LIST_REVISION_HISTORY']);
    t.store.dispatch(revisions.compareChosen({ position: 'second', revisionId: 'Head' }));
    await t.clock.advance(0);
    expect(after().slice(1).map((f) => [f.op, f.data])).toEqual([
      ['NOTE_REVISION_FOR_COMPARE', { noteId: NOTE_ID, revisionId: R1, position: 'first' }],
      ['NOTE_REVISION_FOR_COMPARE', { noteId: NOTE_ID, revisionId: 'Head', position: 'second' }],
    ]);
    await t.push('NOTE_REVISION_FOR_COMPARE', { noteId: NOTE_ID, revisionId: R1, position: 'first', note: oldNote() });
    await t.push('NOTE_REVISION_FOR_COMPARE', { noteId: NOTE_ID, revisionId: 'Head', position: 'second', note: loadFixtureNote() });
    const c = t.store.getState().revisions.comparator;
    expect(c.loaded.first?.note?.paragraphs[0].text).toBe('%md as it was');
    expect(c.loaded.second?.note?.paragraphs).toHaveLength(loadFixtureNote().paragraphs.length);
    // The live note is untouched by comparing.
    expect(t.store.getState().paragraphs.entities[PY]?.text).toBe(loadFixtureNote().paragraphs.find((p) => p.id === PY)?.text);
  });
});
