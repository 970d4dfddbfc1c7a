/**
 * Reducers fed with recorded frames (decoded from JSON text, as the socket saga does), on deep-frozen states:
 * any mutation outside Immer would throw.
 */
import { wsOut } from '../../slices/wsActions';
import { selectNoteTree, selectOpenNoteParagraphIds } from '../../slices/notes';
import { selectParagraphById } from '../../slices/paragraphs';
import { feed } from '../support/feedReducer';
import { frame, loadFixtureNote, newParagraph, notesInfo } from '../support/frames';


const note = loadFixtureNote();
const ids = note.paragraphs.map((p) => p.id);
const opened = () => feed(undefined, frame('NOTE', { note }));

describe('NOTES_INFO', () => {
  test('keeps the flat list and derives the folder tree: folders first, trash last', () => {
    const s = feed(undefined, frame('NOTES_INFO', notesInfo));
    expect(s.notes.list).toHaveLength(4);
    const tree = selectNoteTree(s);
    expect(tree.map((n) => `${n.kind}:${n.name}`)).toEqual([
      'folder:Python Tutorial', 'folder:reports', 'note:Spark Basic Features', 'folder:Trash',
    ]);
    expect(selectNoteTree(s)).toBe(tree); // memoised
  });
});

describe('NOTE', () => {
  test('stores metadata, the paragraph order and the paragraphs', () => {
    const s = opened();
    expect(s.notes.openNoteId).toBe('2EYDJKFFY');
    expect(s.notes.byId['2EYDJKFFY'].name).toBe(note.name);
    expect(s.notes.byId['2EYDJKFFY']).not.toHaveProperty('paragraphs');
    expect(selectOpenNoteParagraphIds(s)).toEqual(ids);
    expect(selectParagraphById(s, ids[0])?.title).toBe('Introduction');
  });

  test('opening another note drops the previous note paragraphs', () => {
    const other = { id: 'N2', name: 'other', paragraphs: [newParagraph('p_x')] };
    const s = feed(opened(), frame('NOTE', { note: other }));
    expect(s.paragraphs.ids).toEqual(['p_x']);
    expect(s.notes.paragraphIds).toEqual({ N2: ['p_x'] });
  });

  test('a READER refusal (read access taken away) closes the open note, as when it was opened without rights', () => {
    const denied = 'Insufficient privileges to READER note.\nAllowed users or roles: [user1]\nBut the user user2 belongs to: [user2]';
    const s = feed(opened(), frame('AUTH_INFO', { info: denied }));
    expect(s.ui.dialog).toEqual({ kind: 'insufficientPrivileges', info: denied });
    expect(s.notes.openNoteId).toBeNull();
    expect(selectOpenNoteParagraphIds(s)).toEqual([]);
    // A refused run or edit leaves the note open: the user may still read it.
    const run = feed(opened(), frame('AUTH_INFO', { info: denied.replace('READER', 'RUNNER') }));
    expect(run.notes.openNoteId).toBe('2EYDJKFFY');
  });

  test('a NOTE without note answers GET_HOME_NOTE: no home note', () => {
    const s = feed(undefined, wsOut.GET_HOME_NOTE({}), frame('NOTE', {}));
    expect(s.notes.home).toEqual({ pending: false, noteId: null, resolved: true });
    expect(s.notes.openNoteId).toBeNull();
  });
});

describe('paragraph ops without noteId apply to the open note', () => {
  test('PARAGRAPH_ADDED inserts at the index', () => {
    const s = feed(opened(), frame('PARAGRAPH_ADDED', { paragraph: newParagraph('p_new'), index: 1 }, 'abcde-7'));
    expect(selectOpenNoteParagraphIds(s)).toEqual([ids[0], 'p_new', ...ids.slice(1)]);
    expect(selectParagraphById(s, 'p_new')?.status).toBe('READY');
  });

  test('PARAGRAPH_MOVED moves, PARAGRAPH_REMOVED removes', () => {
    let s = feed(opened(), frame('PARAGRAPH_MOVED', { id: ids[0], index: 2 }));
    expect(selectOpenNoteParagraphIds(s)).toEqual([ids[1], ids[2], ids[0], ...ids.slice(3)]);
    s = feed(s, frame('PARAGRAPH_REMOVED', { id: ids[1] }));
    expect(selectOpenNoteParagraphIds(s)).toEqual([ids[2], ids[0], ...ids.slice(3)]);
    expect(selectParagraphById(s, ids[1])).toBeUndefined();
  });

  test('an index past the end appends; a duplicate add is ignored', () => {
    let s = feed(opened(), frame('PARAGRAPH_ADDED', { paragraph: newParagraph('p_end'), index: 999 }));
    s = feed(s, frame('PARAGRAPH_ADDED', { paragraph: newParagraph('p_end'), index: 0 }));
    const order = selectOpenNoteParagraphIds(s);
    expect(order[order.length - 1]).toBe('p_end');
    expect(order.filter((x) => x === 'p_end')).toHaveLength(1);
  });
});

describe('a run streamed as PROTOCOL 6.3 shows it', () => {
  const pid = ids[1];
  const base = note.paragraphs[1];
  test('PENDING locally when sent, then RUNNING, PROGRESS, UPDATE, APPEND, final PARAGRAPH', () => {
    let s = feed(opened(), wsOut.RUN_PARAGRAPH({ id: pid, paragraph: 'print(1)', config: {}, params: {} }));
    expect(selectParagraphById(s, pid)?.status).toBe('PENDING');
    s = feed(s,
      frame('PARAGRAPH', { paragraph: { ...base, status: 'RUNNING', results: undefined } }),
      frame('PROGRESS', { id: pid, progress: 40 }),
      frame('PARAGRAPH_UPDATE_OUTPUT', { noteId: note.id, paragraphId: pid, index: 0, type: 'TEXT', data: '' }),
      frame('PARAGRAPH_APPEND_OUTPUT', { noteId: note.id, paragraphId: pid, index: 0, data: '0\n1\n' }),
      frame('PARAGRAPH_APPEND_OUTPUT', { noteId: note.id, paragraphId: pid, index: 0, data: '4\n' }),
    );
    let p = selectParagraphById(s, pid);
    expect(p?.progress).toBe(40);
    expect(p?.results?.msg).toEqual([{ type: 'TEXT', data: '0\n1\n4\n' }]);
    s = feed(s, frame('PARAGRAPH', { paragraph: { ...base, status: 'FINISHED', results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: 'final\n' }] } } }));
    p = selectParagraphById(s, pid);
    expect(p?.status).toBe('FINISHED');
    expect(p?.results?.msg).toEqual([{ type: 'TEXT', data: 'final\n' }]);
  });

  test('appends after the paragraph finished are ignored', () => {
    const s = feed(opened(),
      frame('PARAGRAPH', { paragraph: { ...base, status: 'FINISHED', results: { code: 'SUCCESS', msg: [{ type: 'TABLE', data: 'a\tb\n1\t2\n' }] } } }),
      frame('PARAGRAPH_APPEND_OUTPUT', { noteId: note.id, paragraphId: pid, index: 0, data: '3\t4\n' }),
    );
    expect(selectParagraphById(s, pid)?.results?.msg?.[0].data).toBe('a\tb\n1\t2\n');
  });

  test('an UPDATE_OUTPUT for a second slot creates it', () => {
    const s = feed(opened(),
      frame('PARAGRAPH', { paragraph: { ...base, status: 'RUNNING', results: undefined } }),
      frame('PARAGRAPH_UPDATE_OUTPUT', { noteId: note.id, paragraphId: pid, index: 1, type: 'HTML', data: '<b>x</b>' }),
    );
    expect(selectParagraphById(s, pid)?.results?.msg).toEqual([{ type: 'TEXT', data: '' }, { type: 'HTML', data: '<b>x</b>' }]);
  });

  test('frames for unknown paragraphs change nothing', () => {
    const before = opened();
    const after = feed(before,
      frame('PROGRESS', { id: 'nope', progress: 10 }),
      frame('PARAGRAPH_APPEND_OUTPUT', { noteId: note.id, paragraphId: 'nope', index: 0, data: 'x' }),
    );
    expect(after.paragraphs).toBe(before.paragraphs);
  });

  test('RUN_ALL_PARAGRAPHS marks every listed paragraph PENDING', () => {
    const list = JSON.stringify(ids.slice(0, 2).map((id) => ({ id, paragraph: 'x', config: {}, params: {} })));
    const s = feed(opened(), wsOut.RUN_ALL_PARAGRAPHS({ noteId: note.id, paragraphs: list }));
    expect(ids.slice(0, 3).map((id) => selectParagraphById(s, id)?.status)).toEqual(['PENDING', 'PENDING', note.paragraphs[2].status]);
  });
});

describe('note-level frames', () => {
  test('NOTE_UPDATED, NOTE_RUNNING_STATUS and SAVE_NOTE_FORMS update the open note', () => {
    const s = feed(opened(),
      frame('NOTE_UPDATED', { name: 'Renamed', config: { looknfeel: 'report' }, info: {} }),
      frame('NOTE_RUNNING_STATUS', { status: true }),
      frame('SAVE_NOTE_FORMS', { formsData: { forms: { region: { type: 'TextBox', name: 'region', defaultValue: 'EU' } }, params: { region: 'US' } } }),
    );
    const meta = s.notes.byId[note.id];
    expect(meta.name).toBe('Renamed');
    expect(meta.config).toEqual({ looknfeel: 'report' });
    expect(meta.info?.isRunning).toBe(true);
    expect(meta.noteParams).toEqual({ region: 'US' });
  });

  test('errors and notices become dialogs and toasts; duplicate toasts are combined', () => {
    const s = feed(undefined,
      frame('ERROR_INFO', { info: 'HTTP 404 Not Found' }),
      frame('NOTICE', { notice: 'Server restarts at 5' }),
      frame('NOTICE', { notice: 'Server restarts at 5' }),
    );
    expect(s.ui.dialog).toEqual({ kind: 'details', info: 'HTTP 404 Not Found' });
    expect(s.ui.toasts).toEqual([{ id: 1, text: 'Server restarts at 5', level: 'info', count: 2 }]);
  });

  test('job lists: full list, then updates and removals', () => {
    const job = { noteId: 'N1', noteName: 'a', noteType: 'normal', interpreter: 'python', isRunningJob: true, isRemoved: false, unixTimeLastRun: 5, paragraphs: [] };
    const s = feed(undefined,
      frame('LIST_NOTE_JOBS', { noteJobs: { lastResponseUnixTime: 10, jobs: [job, { ...job, noteId: 'N2' }] } }),
      frame('LIST_UPDATE_NOTE_JOBS', { noteRunningJobs: { lastResponseUnixTime: 20, jobs: [{ noteId: 'N2', isRunningJob: false, isRemoved: true, unixTimeLastRun: 0 }, { ...job, isRunningJob: false }] } }),
    );
    expect(s.jobs.ids).toEqual(['N1']);
    expect(s.jobs.entities.N1?.isRunningJob).toBe(false);
    expect(s.jobs.lastResponseUnixTime).toBe(20);
  });
});
