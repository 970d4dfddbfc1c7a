/**
 * Reducers fed with recorded frames for the note page's working-day rules: which paragraphs a stopped run-all did
 * not reach, and a note left for the home page that the server broadcasts once more.
 */
import { wsOut } from '../../slices/wsActions';
import { notes } from '../../slices/notes';
import { route } from '../../slices/route';
import { selectNotRun } from '../../slices/runAll';
import { feed } from '../support/feedReducer';
import { frame, loadFixtureNote } from '../support/frames';

const note = loadFixtureNote();
const [a, b, c] = note.paragraphs.map((p) => p.id);
const para = (id: string, status: string) => frame('PARAGRAPH', { paragraph: { ...note.paragraphs.find((p) => p.id === id), status } });
const runAll = (...ids: string[]) => wsOut.RUN_ALL_PARAGRAPHS({ noteId: note.id, paragraphs: JSON.stringify(ids.map((id) => ({ id, paragraph: '', config: {}, params: {} }))) });

describe('run all that stops at an error', () => {
  test('the paragraphs it never reached are marked; the end-of-run re-broadcast does not count', () => {
    const s = feed(undefined, frame('NOTE', { note }), runAll(a, b, c),
      frame('NOTE_RUNNING_STATUS', { status: true }),
      para(a, 'PENDING'), para(a, 'RUNNING'), para(a, 'FINISHED'),
      para(b, 'PENDING'), para(b, 'RUNNING'), para(b, 'ERROR'),
      frame('NOTE_RUNNING_STATUS', { status: false }),
      para(a, 'FINISHED'), para(b, 'ERROR'), para(c, 'FINISHED'));
    expect(selectNotRun(s)).toEqual([c]);
  });

  test('a run-all that runs everything marks nothing; running the paragraph again clears its mark', () => {
    const done = feed(undefined, frame('NOTE', { note }), runAll(a, b), para(a, 'RUNNING'), para(b, 'RUNNING'), frame('NOTE_RUNNING_STATUS', { status: false }));
    expect(selectNotRun(done)).toEqual([]);
    const stopped = feed(undefined, frame('NOTE', { note }), runAll(a, b), para(a, 'ERROR'), frame('NOTE_RUNNING_STATUS', { status: false }));
    expect(selectNotRun(stopped)).toEqual([b]);
    expect(selectNotRun(feed(stopped, wsOut.RUN_PARAGRAPH({ id: b, paragraph: 'x', title: '', params: {}, config: {} })))).toEqual([]);
    expect(selectNotRun(feed(stopped, wsOut.GET_NOTE({ id: note.id })))).toEqual([]);
  });
});

describe('leaving a note', () => {
  test('a broadcast of the note just left neither reopens it nor answers GET_HOME_NOTE', () => {
    const left = feed(undefined, frame('NOTE', { note }), route.changed('/'), notes.noteClosed(), wsOut.GET_HOME_NOTE({}));
    const s = feed(left, frame('NOTE', { note: { ...note, path: `/~Trash${note.path ?? '/x'}` } }));
    expect(s.notes.openNoteId).toBeNull();
    expect(s.notes.home).toMatchObject({ pending: true, noteId: null });
    const answered = feed(s, frame('NOTE', { note: null }));
    expect(answered.notes.home).toMatchObject({ pending: false, noteId: null, resolved: true });
    // opening it again on purpose works as before
    const again = feed(answered, wsOut.GET_NOTE({ id: note.id }), frame('NOTE', { note }));
    expect(again.notes.openNoteId).toBe(note.id);
  });
});
