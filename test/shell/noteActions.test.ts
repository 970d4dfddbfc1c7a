/** @jest-environment node */
/** The note and folder dialogs against a real store and sagas: what goes on the wire and when the dialogs close. */
import { noteDialogs } from '../../slices/noteDialogs';
import { route } from '../../slices/route';
import { wsOut } from '../../slices/wsActions';
import { confirmEmptyTrash, confirmMoveNoteToTrash, confirmRestoreAll } from '../../src/pages/home/confirmations';
import { frame } from '../support/frames';
import { makeTestStore, type TestStoreOptions } from '../support/testStore';

async function connected(opts: TestStoreOptions = {}) {
  const t = makeTestStore(opts);
  await t.clock.advance(0);
  const ws = t.sockets.last();
  const sentOps = () => ws.frames().map((f) => f.op).filter((op) => op !== 'PING');
  const last = () => ws.frames()[ws.frames().length - 1];
  return { ...t, ws, sentOps, last, dialog: () => t.store.getState().noteDialogs.dialog };
}

const zpln = JSON.stringify({ name: 'From file', paragraphs: [{ id: 'p1', text: '%md hi' }] });

describe('create', () => {
  test('opening asks for the interpreter settings; the server confirmation closes it and opens the note', async () => {
    const t = await connected();
    t.store.dispatch(noteDialogs.createOpened({ folder: 'reports' }));
    await t.clock.advance(0);
    expect(t.last()).toMatchObject({ op: 'GET_INTERPRETER_SETTINGS' });
    t.store.dispatch(wsOut.NEW_NOTE({ name: 'reports/Untitled Note 1', defaultInterpreterGroup: 'python' }));
    await t.clock.advance(0);
    expect(t.last()).toMatchObject({ op: 'NEW_NOTE', data: { name: 'reports/Untitled Note 1', defaultInterpreterGroup: 'python' } });
    expect(t.dialog()).toEqual({ kind: 'create', folder: 'reports', pending: true });
    t.ws.serverSend(frame('NEW_NOTE', { note: { id: 'NEW1', path: '/reports/Untitled Note 1', paragraphs: [] } }));
    await t.clock.advance(0);
    expect(t.dialog()).toBeNull();
    expect(t.navigations).toContain('/notebook/NEW1');
    t.task?.cancel();
  });

  test('an existing path: the ERROR_INFO ends the wait and the dialog stays for another name', async () => {
    const t = await connected();
    t.store.dispatch(noteDialogs.createOpened());
    t.store.dispatch(wsOut.NEW_NOTE({ name: 'x' }));
    await t.clock.advance(0);
    t.ws.serverSend(frame('ERROR_INFO', { info: "Note '/x' existed" }));
    await t.clock.advance(0);
    expect(t.dialog()).toEqual({ kind: 'create', folder: null, pending: false });
    expect(t.store.getState().ui.dialog).toEqual({ kind: 'details', info: "Note '/x' existed" });
    t.task?.cancel();
  });
});

describe('clone', () => {
  test('from the home list the source note is opened first, because CLONE_NOTE clones the open note', async () => {
    const t = await connected();
    t.store.dispatch(route.changed('/'));
    t.store.dispatch(noteDialogs.cloneOpened({ noteId: 'SRC', sourcePath: '/a/Report' }));
    t.store.dispatch(noteDialogs.cloneRequested({ noteId: 'SRC', name: 'a/Report 1' }));
    await t.clock.advance(0);
    expect(t.last()).toMatchObject({ op: 'GET_NOTE', data: { id: 'SRC' } });
    expect(t.sentOps()).not.toContain('CLONE_NOTE');
    t.ws.serverSend(frame('NOTE', { note: { id: 'SRC', path: '/a/Report', paragraphs: [] } }));
    await t.clock.advance(0);
    expect(t.last()).toMatchObject({ op: 'CLONE_NOTE', data: { id: 'SRC', name: 'a/Report 1' } });
    t.ws.serverSend(frame('NEW_NOTE', { note: { id: 'CL1', path: '/a/Report 1', paragraphs: [] } }));
    await t.clock.advance(0);
    expect(t.dialog()).toBeNull();
    expect(t.navigations).toContain('/notebook/CL1');
    t.task?.cancel();
  });

  test('the open note is cloned at once; a refused GET_NOTE clones nothing', async () => {
    const t = await connected();
    t.ws.serverSend(frame('NOTE', { note: { id: 'OPEN', path: '/o', paragraphs: [] } }));
    await t.clock.advance(0);
    t.store.dispatch(noteDialogs.cloneRequested({ noteId: 'OPEN', name: 'o 1' }));
    await t.clock.advance(0);
    expect(t.sentOps().slice(-1)).toEqual(['CLONE_NOTE']);
    t.store.dispatch(noteDialogs.cloneRequested({ noteId: 'OTHER', name: 'p 1' }));
    await t.clock.advance(0);
    t.ws.serverSend(frame('AUTH_INFO', { info: 'Insufficient privileges to READER note.' }));
    await t.clock.advance(0);
    expect(t.sentOps().filter((op) => op === 'CLONE_NOTE')).toHaveLength(1);
    t.task?.cancel();
  });
});

describe('rename and confirmations', () => {
  test('sending a rename closes its dialog; a confirmation sends the op it carries, Cancel sends nothing', async () => {
    const t = await connected();
    t.store.dispatch(noteDialogs.renameFolderOpened({ folderId: 'a' }));
    t.store.dispatch(wsOut.FOLDER_RENAME({ id: 'a', name: 'b' }));
    expect(t.dialog()).toBeNull();
    t.store.dispatch(confirmMoveNoteToTrash('N1'));
    t.store.dispatch(noteDialogs.closed());
    t.store.dispatch(confirmRestoreAll());
    const d = t.dialog();
    if (d?.kind !== 'confirm') throw new Error('no confirmation open');
    expect(d.title).toBe('Are you sure want to restore all notes in the trash?');
    t.store.dispatch(noteDialogs.confirmed(d.action));
    t.store.dispatch(confirmEmptyTrash());
    const e = t.dialog();
    if (e?.kind !== 'confirm') throw new Error('no confirmation open');
    t.store.dispatch(noteDialogs.confirmed(e.action));
    await t.clock.advance(0);
    expect(t.sentOps().slice(-3)).toEqual(['FOLDER_RENAME', 'RESTORE_ALL', 'EMPTY_TRASH']);
    expect(t.sentOps()).not.toContain('MOVE_NOTE_TO_TRASH');
    t.task?.cancel();
  });
});

describe('import', () => {
  test('steps change after 400 ms; Back returns to step 1', async () => {
    const t = await connected();
    t.store.dispatch(noteDialogs.importOpened());
    t.store.dispatch(noteDialogs.importStepRequested(2));
    await t.clock.advance(399);
    expect(t.dialog()).toMatchObject({ step: 1 });
    await t.clock.advance(1);
    expect(t.dialog()).toMatchObject({ step: 2 });
    t.store.dispatch(noteDialogs.importStepRequested(1));
    await t.clock.advance(400);
    expect(t.dialog()).toMatchObject({ step: 1 });
    t.task?.cancel();
  });

  test('a file over the server limit is refused; a bad file gets its error; a good one is sent with the custom name', async () => {
    const t = await connected({ rest: { 'GET /configurations/client': { wsMaxMessageSize: 100 } } });
    await t.clock.advance(0);
    t.store.dispatch(noteDialogs.importOpened());
    t.store.dispatch(noteDialogs.importFileChosen({ name: '', fileName: 'big.zpln', size: 101, text: '' }));
    await t.clock.advance(0);
    expect(t.dialog()).toMatchObject({ error: 'File size limit Exceeded!', pending: false });
    t.store.dispatch(noteDialogs.importFileChosen({ name: '', fileName: 'x.json', size: 5, text: 'hello' }));
    await t.clock.advance(0);
    expect(t.dialog()).toMatchObject({ error: 'JSON parse exception' });
    t.store.dispatch(noteDialogs.importFileChosen({ name: '', fileName: 'x.json', size: 2, text: '{}' }));
    await t.clock.advance(0);
    expect(t.dialog()).toMatchObject({ error: 'Invalid JSON' });
    expect(t.sentOps()).not.toContain('IMPORT_NOTE');
    t.store.dispatch(noteDialogs.importFileChosen({ name: 'mine/Imported', fileName: 'n.zpln', size: zpln.length, text: zpln }));
    await t.clock.advance(0);
    expect(t.last()).toMatchObject({ op: 'IMPORT_NOTE', data: { note: { name: 'mine/Imported', paragraphs: [{ id: 'p1' }] } } });
    expect(t.dialog()).toMatchObject({ error: null, pending: true });
    t.ws.serverSend(frame('IMPORT_NOTE', { note: { id: 'IMP1', path: '/mine/Imported', paragraphs: [] } }));
    await t.clock.advance(0);
    expect(t.dialog()).toBeNull();
    t.task?.cancel();
  });

  test('a notebook is named after its file, the server says what it brought in, and a refusal shows its reason', async () => {
    const t = await connected();
    await t.clock.advance(0);
    const ipynb = JSON.stringify({ nbformat: 4, metadata: {}, cells: [{ cell_type: 'code', source: 'x', outputs: [] }] });
    t.store.dispatch(noteDialogs.importOpened());
    t.store.dispatch(noteDialogs.importFileChosen({ name: '', fileName: 'Course 3.ipynb', size: ipynb.length, text: ipynb }));
    await t.clock.advance(0);
    expect(t.last()).toMatchObject({ op: 'IMPORT_NOTE', data: { note: { name: 'Course 3', cells: [{ source: 'x' }] } } });
    t.ws.serverSend(frame('ERROR_INFO', { info: 'Fail to import note: cell 1 has no cell_type' }));
    await t.clock.advance(0);
    expect(t.dialog()).toMatchObject({ error: 'Fail to import note: cell 1 has no cell_type', pending: false });
    t.store.dispatch(noteDialogs.importFileChosen({ name: '', fileName: 'Course 3.ipynb', size: ipynb.length, text: ipynb }));
    await t.clock.advance(0);
    t.ws.serverSend(frame('IMPORT_NOTE', { note: { id: 'IMP2', path: '/Course 3', paragraphs: [] }, message: 'Imported 1 cell and 0 outputs from the notebook into "Course 3"' }));
    await t.clock.advance(0);
    expect(t.dialog()).toBeNull();
    expect(t.store.getState().ui.toasts.map((x) => x.text)).toContain('Imported 1 cell and 0 outputs from the notebook into "Course 3"');
    t.task?.cancel();
  });

  test('URL step: empty URL, unreachable URL, and a fetched note (plain GET through the injected fetch)', async () => {
    const t = await connected({ urls: { 'https://example.org/n.zpln': zpln, 'https://example.org/x': new Error('CORS') } });
    t.store.dispatch(noteDialogs.importOpened());
    t.store.dispatch(noteDialogs.importUrlSubmitted({ name: '', url: '  ' }));
    await t.clock.advance(0);
    expect(t.dialog()).toMatchObject({ error: 'Enter URL', pending: false });
    t.store.dispatch(noteDialogs.importUrlSubmitted({ name: '', url: 'https://example.org/x' }));
    await t.clock.advance(0);
    expect(t.dialog()).toMatchObject({ error: 'Unable to Fetch URL', pending: false });
    t.store.dispatch(noteDialogs.importUrlSubmitted({ name: '', url: 'https://example.org/n.zpln' }));
    await t.clock.advance(0);
    expect(t.fetchedUrls).toEqual(['https://example.org/x', 'https://example.org/n.zpln']);
    expect(t.last()).toMatchObject({ op: 'IMPORT_NOTE', data: { note: { name: 'From file' } } });
    // Spec: the import dialog resets when the note list arrives.
    t.ws.serverSend(frame('NOTES_INFO', { notes: [] }));
    await t.clock.advance(0);
    expect(t.dialog()).toBeNull();
    t.task?.cancel();
  });
});
