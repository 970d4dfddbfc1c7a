/** @jest-environment node */
/**
 * The revision view stays exactly the revision: the connection is still in the live note's room, so its frames
 * (other users, cron runs) must not reach the screen, and the way back to Head fetches the live note afresh.
 * The live note's unsaved drafts are not shown over the revision: saved when the toolbar leaves for it, else kept.
 */
import { notePage } from '../../slices/notePage';
import { selectOpenNoteParagraphIds } from '../../slices/notes';
import { revisions } from '../../slices/revisions';
import { route } from '../../slices/route';
import { wsOut } from '../../slices/wsActions';
import type { Note, Paragraph } from '../../protocol';
import type { RootState } from '../../slices/rootReducer';
import { selectFindHits, selectOpenMeta, selectOrderedParagraphs, selectText } from '../../slices/noteSelectors';
import { feed } from '../support/feedReducer';
import { frame, loadFixtureNote, newParagraph } from '../support/frames';
import { MD, NOTE_ID, openNote, PY } from '../note/noteHarness';

const R1 = '1'.repeat(40);
const R2 = '2'.repeat(40);

/** The fixture note as an older revision: its first two paragraphs, the first with other text, and another name. */
function oldNote(): Note {
  const n = loadFixtureNote();
  return { ...n, name: 'as it was', paragraphs: n.paragraphs.slice(0, 2).map((p, i) => (i === 0 ? { ...p, text: '%md as it was' } : p)) };
}

const live = loadFixtureNote();
const livePy = live.paragraphs.find((p) => p.id === PY) as Paragraph;

/** What the note page draws: name, order and every paragraph body. */
const shown = (s: RootState) => ({ name: selectOpenMeta(s)?.name, info: selectOpenMeta(s)?.info, paragraphs: selectOrderedParagraphs(s) });

/** Everything the room sends while someone else edits and runs the live note. */
const liveFrames = (): string[] => [
  frame('PARAGRAPH', { paragraph: { ...livePy, text: '%python print("live")', status: 'RUNNING' } }),
  frame('PROGRESS', { id: PY, progress: 40 }),
  frame('PARAGRAPH_UPDATE_OUTPUT', { noteId: NOTE_ID, paragraphId: PY, index: 0, type: 'TEXT', data: 'live output' }),
  frame('PARAGRAPH_APPEND_OUTPUT', { noteId: NOTE_ID, paragraphId: PY, index: 0, data: ' and more' }),
  frame('PARAS_INFO', { id: PY, infos: { jobUrl: 'http://live' } }),
  frame('PATCH_PARAGRAPH', { paragraphId: MD, patch: '', text: '%md live typing' }),
  frame('PARAGRAPH_ADDED', { index: 0, paragraph: newParagraph('p_live') }),
  frame('PARAGRAPH_MOVED', { id: PY, index: 0 }),
  frame('PARAGRAPH_REMOVED', { id: MD }),
  frame('NOTE_UPDATED', { name: 'renamed live', config: {}, info: {} }),
  frame('NOTE_RUNNING_STATUS', { status: true }),
  frame('NOTE', { note: { ...live, name: 'reloaded live', paragraphs: [newParagraph('p_only')] } }),
];

describe('reducers', () => {
  const showing = () => feed(undefined, frame('NOTE', { note: live }), wsOut.NOTE_REVISION({ noteId: NOTE_ID, revisionId: R1 }),
    frame('NOTE_REVISION', { noteId: NOTE_ID, revisionId: R1, note: oldNote() }));

  test('live frames for the note leave the revision on screen as it is', () => {
    const s = showing();
    expect(shown(s).name).toBe('as it was');
    expect(selectOpenNoteParagraphIds(s)).toEqual(oldNote().paragraphs.map((p) => p.id));
    const after = feed(s, ...liveFrames());
    expect(shown(after)).toEqual(shown(s));
  });

  test('only the answer to the current request is shown; a late one after Head is dropped', () => {
    const asked = feed(undefined, frame('NOTE', { note: live }), wsOut.NOTE_REVISION({ noteId: NOTE_ID, revisionId: R1 }),
      wsOut.NOTE_REVISION({ noteId: NOTE_ID, revisionId: R2 }));
    const stale = feed(asked, frame('NOTE_REVISION', { noteId: NOTE_ID, revisionId: R1, note: oldNote() }));
    expect(shown(stale).name).toBe(live.name);
    const head = feed(showing(), wsOut.GET_NOTE({ id: NOTE_ID }), frame('NOTE', { note: live }),
      frame('NOTE_REVISION', { noteId: NOTE_ID, revisionId: R1, note: oldNote() }));
    expect(shown(head).name).toBe(live.name);
    expect(selectOpenNoteParagraphIds(head)).toEqual(live.paragraphs.map((p) => p.id));
  });

  test('back on Head, live frames apply again', () => {
    const head = feed(showing(), wsOut.GET_NOTE({ id: NOTE_ID }), frame('NOTE', { note: live }),
      frame('PARAGRAPH', { paragraph: { ...livePy, text: '%python print("live")' } }));
    expect(selectText(head, PY)).toBe('%python print("live")');
  });
});

describe('sagas', () => {
  test('a revision keeps its text and result while the live note runs; Head sends GET_NOTE and shows the live note', async () => {
    const t = await openNote();
    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}/revision/${R1}`));
    await t.clock.advance(0);
    await t.push('NOTE_REVISION', { noteId: NOTE_ID, revisionId: R1, note: oldNote() });
    const before = shown(t.store.getState());
    expect(selectText(t.store.getState(), MD)).toBe('%md as it was');

    for (const f of liveFrames()) t.sockets.last().serverSend(f);
    await t.clock.advance(0);
    expect(shown(t.store.getState())).toEqual(before);
    expect(t.store.getState().revisions.view?.status).toBe('shown');

    const back = t.mark();
    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    await t.clock.advance(0);
    expect(back().filter((f) => f.op === 'GET_NOTE').map((f) => f.data)).toEqual([{ id: NOTE_ID }]);
    const fresh = { ...live, paragraphs: live.paragraphs.map((p) => (p.id === PY ? { ...p, text: '%python print("live")', results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: 'live\n' }] } } : p)) };
    await t.push('NOTE', { note: fresh });
    const s = t.store.getState();
    expect(shown(s).name).toBe(live.name);
    expect(selectText(s, PY)).toBe('%python print("live")');
    expect(selectOrderedParagraphs(s).find((p) => p.id === PY)?.results?.msg?.[0].data).toBe('live\n');
  });

  test('choosing a revision in the toolbar saves the unsaved draft first; the revision shows its own text', async () => {
    const t = await openNote();
    t.store.dispatch(notePage.draftChanged({ id: MD, text: '%md typed just now' }));
    const after = t.mark();
    t.store.dispatch(revisions.revisionChosen({ noteId: NOTE_ID, revisionId: R1 }));
    await t.clock.advance(0);
    expect(after().filter((f) => f.op === 'COMMIT_PARAGRAPH').map((f) => [f.data.id, f.data.paragraph])).toEqual([[MD, '%md typed just now']]);
    expect(t.navigations).toEqual([`/notebook/${NOTE_ID}/revision/${R1}`]);

    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}/revision/${R1}`));
    await t.clock.advance(0);
    await t.push('NOTE_REVISION', { noteId: NOTE_ID, revisionId: R1, note: oldNote() });
    expect(selectText(t.store.getState(), MD)).toBe('%md as it was');
    // The server's answer to the save settles the draft, though the revision stays on screen.
    await t.push('PARAGRAPH', { paragraph: { ...live.paragraphs[0], text: '%md typed just now' } });
    expect(t.store.getState().notePage.drafts).toEqual({});
    expect(selectText(t.store.getState(), MD)).toBe('%md as it was');
    // Later writes in the revision view are refused, the autosave included.
    await t.clock.advance(20_000);
    expect(after().filter((f) => f.op === 'COMMIT_PARAGRAPH')).toHaveLength(1);
  });

  test('a draft already sent by the blur is not sent twice; Head is not a reason to save', async () => {
    const t = await openNote();
    t.store.dispatch(notePage.draftChanged({ id: MD, text: '%md blurred' }));
    t.store.dispatch(notePage.editorBlurred({ id: MD }));
    t.store.dispatch(revisions.revisionChosen({ noteId: NOTE_ID, revisionId: R1 }));
    await t.clock.advance(0);
    expect(t.sentOps('COMMIT_PARAGRAPH').map((f) => f.data.paragraph)).toEqual(['%md blurred']);
    t.store.dispatch(revisions.revisionChosen({ noteId: NOTE_ID, revisionId: 'Head' }));
    await t.clock.advance(0);
    expect(t.sentOps('COMMIT_PARAGRAPH')).toHaveLength(1);
  });

  test('a revision reached by address keeps the draft unshown, and Head shows it again', async () => {
    const t = await openNote();
    t.store.dispatch(notePage.draftChanged({ id: MD, text: '%md kept for later' }));
    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}/revision/${R1}`));
    await t.clock.advance(0);
    await t.push('NOTE_REVISION', { noteId: NOTE_ID, revisionId: R1, note: oldNote() });
    t.store.dispatch(notePage.findOpened({ term: 'kept' }));
    const s = t.store.getState();
    expect(selectText(s, MD)).toBe('%md as it was');
    expect(selectFindHits(s)).toEqual([]);
    expect(t.sentOps('COMMIT_PARAGRAPH')).toEqual([]);

    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    await t.clock.advance(0);
    await t.push('NOTE', { note: live });
    expect(selectText(t.store.getState(), MD)).toBe('%md kept for later');
    expect(selectFindHits(t.store.getState()).map((h) => h.id)).toEqual([MD]);
  });
});
