/** @jest-environment node */
/** Toolbar, panels, saving, completion and angular objects: each intent and the op (or REST call) it makes. */
import { notePage } from '../../slices/notePage';
import { HttpError } from '../../sagas/restClient';
import { AUTOSAVE_MS, USER_SEARCH_DELAY_MS } from '../../slices/domain/noteModel';
import { applyPatchText } from '../../protocol/textPatch';
import { openNote, FORM, MD, NOTE_ID, PY } from './noteHarness';

const cmd = (command: Parameters<typeof notePage.commandInvoked>[0]['command']) => notePage.commandInvoked({ command });

test('run all and clear all ask first; confirming sends the op with every paragraph', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(cmd('runAll'));
  await t.clock.advance(0);
  expect(after()).toEqual([]);
  expect(t.store.getState().notePage.dialog).toEqual({ kind: 'runAll' });
  t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'runAll' } }));
  t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'clearAll' } }));
  await t.clock.advance(0);
  const [runAll, clear] = after();
  expect(runAll.op).toBe('RUN_ALL_PARAGRAPHS');
  expect(JSON.parse(runAll.data.paragraphs as string)).toHaveLength(14);
  expect(Object.values(t.store.getState().paragraphs.entities).every((p) => p?.status === 'PENDING')).toBe(true);
  expect(clear).toMatchObject({ op: 'PARAGRAPH_CLEAR_ALL_OUTPUT', data: { id: NOTE_ID } });
});

test('clone proposes "<path> N"; trash and delete go home after the op', async () => {
  const t = await openNote();
  await t.push('NOTES_INFO', { notes: [{ id: NOTE_ID, path: '/Python Tutorial/1. IPython Basic' }, { id: 'X', path: '/Python Tutorial/1. IPython Basic 1' }] });
  t.store.dispatch(cmd('cloneNote'));
  await t.clock.advance(0);
  expect(t.store.getState().notePage.dialog).toEqual({ kind: 'clone', name: '/Python Tutorial/1. IPython Basic 2' });
  const after = t.mark();
  t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'clone', name: 'x' }, input: ' /copy ' }));
  t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'trash' } }));
  await t.clock.advance(0);
  expect(after().map((f) => [f.op, f.data])).toEqual([['CLONE_NOTE', { id: NOTE_ID, name: '/copy' }], ['MOVE_NOTE_TO_TRASH', { id: NOTE_ID }]]);
  expect(t.navigations.slice(-1)).toEqual(['/']);
  t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'delete' } }));
  await t.clock.advance(0);
  expect(after().slice(-1)[0]).toMatchObject({ op: 'DEL_NOTE', data: { id: NOTE_ID } });
});

test('export zpln saves unsaved text, then downloads the server\'s file as it is; over the server limit it warns first', async () => {
  const FILE = '{\n  "paragraphs": [],\n  "name": "as on disk",\n  "config": {\n    "fontSize": 12.0\n  }\n}';
  const t = await openNote({ rest: { [`GET /notebook/export/${NOTE_ID}`]: FILE } });
  t.store.dispatch(notePage.draftChanged({ id: PY, text: 'edited' }));
  const after = t.mark();
  t.store.dispatch(cmd('exportZpln'));
  await t.clock.advance(0);
  // the typed text goes to the server first; nothing is exported before the server has it
  expect(after().map((f) => f.op)).toContain('COMMIT_PARAGRAPH');
  expect(t.downloads).toHaveLength(0);
  const py = t.note.paragraphs.find((p) => p.id === PY);
  await t.push('PARAGRAPH', { paragraph: { ...py, text: 'edited' } });
  expect(t.downloads).toHaveLength(1);
  expect(t.downloads[0].fileName).toBe('1. IPython Basic.zpln');
  expect(t.downloads[0].text).toBe(FILE);
  t.store.dispatch({ type: 'server/clientConfigReceived', payload: { wsMaxMessageSize: 50 } });
  t.store.dispatch(cmd('exportZpln'));
  await t.clock.advance(0);
  expect(t.downloads).toHaveLength(1);
  const d = t.store.getState().notePage.dialog;
  expect(d).toMatchObject({ kind: 'exportLarge', limit: 50 });
  t.store.dispatch(notePage.dialogConfirmed({ dialog: d! }));
  await t.clock.advance(0);
  expect(t.downloads).toHaveLength(2);
  expect(t.downloads[1].text).toBe(FILE);
});

test('export zpln rebuilds the note in the page only when the server cannot export it', async () => {
  const t = await openNote();
  t.store.dispatch(cmd('exportZpln'));
  await t.clock.advance(0);
  expect(t.downloads).toHaveLength(1);
  const file = JSON.parse(t.downloads[0].text);
  expect(file.paragraphs).toHaveLength(14);
  expect(file.path).toBeUndefined();
});

test('export ipynb converts on the server and downloads the answer', async () => {
  const t = await openNote();
  t.store.dispatch(cmd('exportIpynb'));
  await t.clock.advance(0);
  expect(t.sentOps('CONVERT_NOTE_NBFORMAT').map((f) => f.data)).toEqual([{ noteId: NOTE_ID, noteName: '1. IPython Basic' }]);
  await t.push('CONVERTED_NOTE_NBFORMAT', { nbformat: '{"cells":[]}', noteName: '1. IPython Basic' });
  expect(t.downloads).toEqual([{ fileName: '1. IPython Basic.ipynb', text: '{"cells":[]}' }]);
});

test('reload, look and feel, rename (ignored when empty or unchanged) and personalized mode', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(cmd('reloadNote'));
  t.store.dispatch(notePage.noteConfigChanged({ looknfeel: 'simple' }));
  t.store.dispatch(notePage.noteRenamed({ name: '  ' }));
  t.store.dispatch(notePage.noteRenamed({ name: '1. IPython Basic' }));
  t.store.dispatch(notePage.noteRenamed({ name: ' Renamed ' }));
  t.store.dispatch(notePage.personalizedToggled());
  await t.clock.advance(0);
  const f = after();
  expect(f.map((x) => x.op)).toEqual(['RELOAD_NOTE', 'NOTE_UPDATE', 'NOTE_RENAME', 'UPDATE_PERSONALIZED_MODE']);
  expect(f[1].data).toMatchObject({ id: NOTE_ID, name: '1. IPython Basic', config: { looknfeel: 'simple' } });
  expect(f[2].data).toEqual({ id: NOTE_ID, name: 'Renamed', relative: true });
  expect(f[3].data).toEqual({ id: NOTE_ID, personalized: 'true' });
});

test('only owners switch personalized mode; a non-writer gets a view-only note that refuses edits', async () => {
  const t = await openNote({ principal: 'bob', rest: { [`GET /notebook/${NOTE_ID}/permissions`]: { owners: ['alice'], writers: ['carol'], readers: [], runners: [] } } });
  const after = t.mark();
  t.store.dispatch(notePage.personalizedToggled());
  t.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
  t.store.dispatch(notePage.commandInvoked({ command: 'moveDown', id: PY }));
  t.store.dispatch(notePage.draftChanged({ id: PY, text: 'x' }));
  t.store.dispatch(notePage.editorBlurred({ id: PY }));
  await t.clock.advance(AUTOSAVE_MS);
  expect(after().filter((f) => f.op !== 'EDITOR_SETTING')).toEqual([]);
});

test('report look and feel is view-only but its owner can switch back', async () => {
  const t = await openNote({ note: (n) => ({ ...n, config: { ...n.config, looknfeel: 'report' } }) });
  const after = t.mark();
  t.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
  t.store.dispatch(notePage.noteConfigChanged({ looknfeel: 'default' }));
  await t.clock.advance(0);
  expect(after().map((f) => f.op)).toEqual(['NOTE_UPDATE']);
});

test('text is saved on blur only if changed, 10 s after the last change, and the draft goes once the server has it', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.editorBlurred({ id: PY }));
  await t.clock.advance(0);
  expect(after()).toEqual([]);
  t.store.dispatch(notePage.draftChanged({ id: PY, text: '%python.ipython\n1' }));
  t.store.dispatch(notePage.editorBlurred({ id: PY }));
  await t.clock.advance(0);
  expect(after().map((f) => f.op)).toEqual(['COMMIT_PARAGRAPH']);
  t.store.dispatch(notePage.draftChanged({ id: MD, text: '%md\nhello' }));
  await t.clock.advance(AUTOSAVE_MS - 1);
  t.store.dispatch(notePage.draftChanged({ id: MD, text: '%md\nhello!' }));
  await t.clock.advance(AUTOSAVE_MS - 1);
  expect(after().filter((f) => f.op === 'COMMIT_PARAGRAPH')).toHaveLength(1);
  await t.clock.advance(1);
  const commits = after().filter((f) => f.op === 'COMMIT_PARAGRAPH');
  expect(commits.map((f) => f.data.paragraph)).toEqual(['%python.ipython\n1', '%python.ipython\n1', '%md\nhello!']);
  const p = t.store.getState().paragraphs.entities[MD]!;
  await t.push('PARAGRAPH', { paragraph: { ...p, text: '%md\nhello!' } });
  expect(t.store.getState().notePage.drafts[MD]).toBeUndefined();
});

test('a new magic asks for the editor setting; collaborating sends diff-match-patch patches', async () => {
  const t = await openNote();
  await t.push('COLLABORATIVE_MODE_STATUS', { status: true, users: ['a', 'b'] });
  const after = t.mark();
  t.store.dispatch(notePage.draftChanged({ id: PY, text: '%sh\nls' }));
  t.store.dispatch(notePage.draftChanged({ id: PY, text: '%sh\nls -l' }));
  await t.clock.advance(0);
  const f = after();
  expect(f.map((x) => x.op)).toEqual(['EDITOR_SETTING', 'PATCH_PARAGRAPH', 'PATCH_PARAGRAPH']);
  expect(f[0].data).toEqual({ paragraphId: PY, paragraphText: '%sh\nls' });
  const original = '%python.ipython\n\nimport sys\n\nsys?';
  const once = applyPatchText(original, f[1].data.patch as string);
  expect(once).toBe('%sh\nls');
  expect(applyPatchText(once, f[2].data.patch as string)).toBe('%sh\nls -l');
  expect(f[1].data).toMatchObject({ id: PY, noteId: NOTE_ID });
  await t.push('PATCH_PARAGRAPH', { paragraphId: PY, patch: f[2].data.patch });
});

test('a completion the server does not answer within 3 s ends empty, in the saga (the editor only waits for the store)', async () => {
  const t = await openNote();
  t.store.dispatch(notePage.completionRequested({ id: PY, buf: 'sys.', cursor: 4 }));
  await t.clock.advance(2999);
  expect(t.store.getState().notePage.completion).toBeNull();
  await t.clock.advance(1);
  expect(t.store.getState().notePage.completion).toEqual({ id: PY, seq: 1, items: [] });
  // a late answer to an older request does not replace a newer one's
  t.store.dispatch(notePage.completionRequested({ id: PY, buf: 'sys.p', cursor: 5 }));
  await t.push('COMPLETION_LIST', { id: PY, completions: [{ name: 'path', value: 'path' }] });
  await t.clock.advance(3000);
  expect(t.store.getState().notePage.completion).toEqual({ id: PY, seq: 2, items: [{ name: 'path', value: 'path' }] });
});

test('an editor shown asks for its editor setting once, from the saga', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.editorMounted({ id: PY }));
  await t.clock.advance(0);
  expect(after().filter((f) => f.op === 'EDITOR_SETTING').map((f) => f.data)).toEqual([{ paragraphId: PY, paragraphText: t.note.paragraphs.find((p) => p.id === PY)?.text }]);
  await t.push('EDITOR_SETTING', { paragraphId: PY, editor: { language: 'python', editOnDblClick: false } });
  t.store.dispatch(notePage.editorMounted({ id: PY }));
  await t.clock.advance(0);
  expect(after().filter((f) => f.op === 'EDITOR_SETTING')).toHaveLength(1);
});

test('completion requests go out as COMPLETION and the answer is kept for the editor', async () => {
  const t = await openNote();
  t.store.dispatch(notePage.completionRequested({ id: PY, buf: 'sys.', cursor: 4 }));
  await t.clock.advance(0);
  expect(t.sentOps('COMPLETION').map((f) => f.data)).toEqual([{ id: PY, buf: 'sys.', cursor: 4 }]);
  await t.push('COMPLETION_LIST', { id: PY, completions: [{ name: 'path', value: 'path' }] });
  expect(t.store.getState().notePage.completion).toEqual({ id: PY, seq: 1, items: [{ name: 'path', value: 'path' }] });
});

test('note forms: values saved, a form removed', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.noteParamsChanged({ params: { region: 'EU' }, runId: FORM }));
  t.store.dispatch(notePage.noteFormRemoved({ name: 'region' }));
  await t.clock.advance(0);
  expect(after().map((f) => [f.op, f.data])).toEqual([
    ['SAVE_NOTE_FORMS', { noteId: NOTE_ID, noteParams: { region: 'EU' } }],
    ['RUN_PARAGRAPH', expect.objectContaining({ id: FORM })],
    ['REMOVE_NOTE_FORMS', { noteId: NOTE_ID, formName: 'region' }],
  ]);
});

test('bindings: none selected selects all and opens the panel; save sends the selected ids in order', async () => {
  const t = await openNote();
  await t.push('INTERPRETER_BINDINGS', { interpreterBindings: [{ id: 'python', name: 'python', selected: false }, { id: 'md', name: 'md', selected: false }] });
  expect(t.store.getState().notePage.panel).toBe('bindings');
  expect(t.store.getState().notePage.bindingsDraft?.map((b) => b.selected)).toEqual([true, true]);
  t.store.dispatch(notePage.bindingsEdited([{ id: 'md', name: 'md', selected: true }, { id: 'python', name: 'python', selected: false }]));
  t.store.dispatch(notePage.bindingsSaveRequested());
  await t.clock.advance(0);
  expect(t.sentOps('SAVE_INTERPRETER_BINDINGS').map((f) => f.data)).toEqual([{ noteId: NOTE_ID, selectedSettingIds: ['md'] }]);
  expect(t.store.getState().notePage.panel).toBeNull();
});

test("bindings: the panel's own request answering after the user's change does not undo it", async () => {
  const t = await openNote();
  const both = [{ id: 'python', name: 'python', selected: true }, { id: 'md', name: 'md', selected: true }];
  await t.push('INTERPRETER_BINDINGS', { interpreterBindings: both });
  t.store.dispatch(notePage.panelToggled('bindings'));
  await t.clock.advance(0);
  expect(t.sentOps('GET_INTERPRETER_BINDINGS').length).toBeGreaterThan(0);
  t.store.dispatch(notePage.bindingsEdited([{ id: 'md', name: 'md', selected: true }, { id: 'python', name: 'python', selected: false }]));
  await t.push('INTERPRETER_BINDINGS', { interpreterBindings: both });
  t.store.dispatch(notePage.bindingsSaveRequested());
  await t.clock.advance(0);
  expect(t.sentOps('SAVE_INTERPRETER_BINDINGS').map((f) => f.data)).toEqual([{ noteId: NOTE_ID, selectedSettingIds: ['md'] }]);
});

test('closing a changed panel asks before discarding', async () => {
  const t = await openNote();
  t.store.dispatch(notePage.panelToggled('bindings'));
  t.store.dispatch(notePage.bindingsEdited([]));
  t.store.dispatch(notePage.panelCloseRequested('bindings'));
  await t.clock.advance(0);
  expect(t.store.getState().notePage.dialog).toEqual({ kind: 'discard', panel: 'bindings' });
  t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'discard', panel: 'bindings' } }));
  await t.clock.advance(0);
  expect(t.store.getState().notePage.panel).toBeNull();
});

test('closing a changed panel with its toolbar button asks too, and a reopened panel shows the stored lists, not the discarded typing', async () => {
  const stored = { owners: ['alice'], writers: [], runners: [], readers: [] };
  const t = await openNote({ principal: 'alice', rest: { [`GET /notebook/${NOTE_ID}/permissions`]: stored } });
  t.store.dispatch(notePage.commandInvoked({ command: 'permissions' }));
  await t.clock.advance(0);
  t.store.dispatch(notePage.permissionEdited({ key: 'readers', text: 'typed, then abandoned' }));
  // The toolbar's Note Permissions button again, and then the bindings button: neither closes the changed panel
  // without asking.
  for (const command of ['permissions', 'bindings'] as const) {
    t.store.dispatch(notePage.commandInvoked({ command }));
    await t.clock.advance(0);
    expect(t.store.getState().notePage.dialog).toEqual({ kind: 'discard', panel: 'permissions' });
    expect(t.store.getState().notePage.panel).toBe('permissions');
    t.store.dispatch(notePage.dialogCancelled({ kind: 'discard', panel: 'permissions' }));
  }
  t.store.dispatch(notePage.commandInvoked({ command: 'permissions' }));
  await t.clock.advance(0);
  t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'discard', panel: 'permissions' } }));
  await t.clock.advance(0);
  expect(t.store.getState().notePage.panel).toBeNull();
  t.store.dispatch(notePage.commandInvoked({ command: 'permissions' }));
  await t.clock.advance(0);
  expect(t.store.getState().notePage.panel).toBe('permissions');
  expect(t.store.getState().notePage.permissionsDraft?.readers).toBe('');
});

test("a failed restart shows 'Error restart interpreter.' with the server's message", async () => {
  const t = await openNote({ rest: { 'PUT /interpreter/setting/restart/python': new HttpError(500, 'PUT', '/x', 'process died', null, null) } });
  t.store.dispatch(notePage.interpreterRestartRequested({ settingId: 'python' }));
  await t.clock.advance(0);
  expect(t.rest.calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', path: '/interpreter/setting/restart/python', body: { noteId: NOTE_ID } });
  expect(t.store.getState().notePage.dialog).toEqual({ kind: 'restartError', info: 'process died' });
});

describe('permissions', () => {
  test('anonymous users are refused', async () => {
    const t = await openNote();
    t.store.dispatch(notePage.permissionsSaveRequested());
    await t.clock.advance(0);
    expect(t.store.getState().notePage.dialog).toEqual({ kind: 'noPermission' });
  });

  test('empty owners asks, Set fills in the current user, the PUT carries split lists', async () => {
    const puts: unknown[] = [];
    const t = await openNote({ principal: 'alice', rest: { [`PUT /notebook/${NOTE_ID}/permissions`]: (b: unknown) => { puts.push(b); return {}; } } });
    t.store.dispatch(notePage.permissionEdited({ key: 'readers', text: 'bob, carol dave' }));
    t.store.dispatch(notePage.permissionsSaveRequested());
    await t.clock.advance(0);
    expect(t.store.getState().notePage.dialog).toEqual({ kind: 'ownersEmpty' });
    t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'ownersEmpty' } }));
    await t.clock.advance(0);
    expect(puts).toEqual([{ owners: ['alice'], writers: [], runners: [], readers: ['bob', 'carol', 'dave'] }]);
  });

  test("a refused save shows 'Insufficient privileges' with the server's message; Cancel goes home", async () => {
    const t = await openNote({ principal: 'alice', rest: { [`PUT /notebook/${NOTE_ID}/permissions`]: new HttpError(403, 'PUT', '/x', 'Insufficient privileges to change permissions', null, null) } });
    t.store.dispatch(notePage.permissionEdited({ key: 'owners', text: 'alice' }));
    t.store.dispatch(notePage.permissionsSaveRequested());
    await t.clock.advance(0);
    const d = t.store.getState().notePage.dialog;
    expect(d).toEqual({ kind: 'permissionDenied', info: 'Insufficient privileges to change permissions' });
    t.store.dispatch(notePage.dialogCancelled(d!));
    await t.clock.advance(0);
    expect(t.navigations.slice(-1)).toEqual(['/']);
  });

  test("the panel's own load answering after the owner started typing does not undo the typing", async () => {
    const stored = { owners: ['alice'], writers: [], runners: [], readers: [] };
    const puts: unknown[] = [];
    const t = await openNote({ principal: 'alice', rest: {
      [`GET /notebook/${NOTE_ID}/permissions`]: stored,
      [`PUT /notebook/${NOTE_ID}/permissions`]: (b: unknown) => { puts.push(b); return {}; },
    } });
    // Opening the panel shows the lists loaded with the note and asks the server again; the owner types at once,
    // before that answer is in (a busy server).
    t.store.dispatch(notePage.panelToggled('permissions'));
    t.store.dispatch(notePage.permissionEdited({ key: 'readers', text: 'user1' }));
    await t.clock.advance(0);
    expect(t.rest.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/permissions'))).toHaveLength(2);
    expect(t.store.getState().notePage.permissionsDraft?.readers).toBe('user1');
    t.store.dispatch(notePage.permissionsSaveRequested());
    await t.clock.advance(0);
    expect(puts).toEqual([{ owners: ['alice'], writers: [], runners: [], readers: ['user1'] }]);
  });

  test('user search waits 250 ms and needs 3 characters of the last name typed', async () => {
    const t = await openNote({ rest: { 'GET /security/userlist/car': { users: ['carol'], roles: ['cars'] } } });
    t.store.dispatch(notePage.userSearchRequested('bob, ca'));
    t.store.dispatch(notePage.userSearchRequested('bob, car'));
    await t.clock.advance(USER_SEARCH_DELAY_MS - 1);
    expect(t.rest.calls.filter((c) => c.path.startsWith('/security/userlist'))).toEqual([]);
    await t.clock.advance(1);
    expect(t.rest.calls.filter((c) => c.path.startsWith('/security/userlist')).map((c) => c.path)).toEqual(['/security/userlist/car']);
    expect(t.store.getState().notePage.userSuggestions).toEqual(['carol', 'cars']);
  });
});

test('find and replace: one match, then all, each committed', async () => {
  const t = await openNote();
  t.store.dispatch(notePage.findOpened({ term: 'import sys' }));
  t.store.dispatch(notePage.replacementChanged('import os'));
  const after = t.mark();
  t.store.dispatch(notePage.replaceRequested({ all: false }));
  await t.clock.advance(0);
  expect(after().map((f) => f.data.paragraph)).toEqual(['%python.ipython\n\nimport os\n\nsys?']);
  t.store.dispatch(notePage.replaceRequested({ all: true }));
  await t.clock.advance(0);
  expect(after().slice(1).map((f) => (f.data.paragraph as string).includes('import os'))).toEqual([true]);
  expect(t.store.getState().notePage.drafts['20180118-112905_1540839273']).toContain('import os');
});

test('angular objects: updates and removals (both shapes) fill the scope; template changes go back', async () => {
  const t = await openNote();
  await t.push('ANGULAR_OBJECT_UPDATE', { angularObject: { name: 'count', object: 1, noteId: NOTE_ID, paragraphId: PY }, interpreterGroupId: 'python-shared', noteId: NOTE_ID, paragraphId: PY });
  await t.push('ANGULAR_OBJECT_UPDATE', { angularObject: { name: 'who', object: 'all', noteId: NOTE_ID }, interpreterGroupId: 'python-shared', noteId: NOTE_ID });
  expect(t.store.getState().notePage.angular).toEqual({
    [PY]: { count: { value: 1, interpreterGroupId: 'python-shared' } }, '': { who: { value: 'all', interpreterGroupId: 'python-shared' } },
  });
  const after = t.mark();
  t.store.dispatch(notePage.angularValueSet({ paragraphId: PY, name: 'count', value: 2 }));
  t.store.dispatch(notePage.angularBindRequested({ paragraphId: PY, name: 'x', value: 5 }));
  t.store.dispatch(notePage.angularUnbindRequested({ paragraphId: PY, name: 'x' }));
  await t.clock.advance(0);
  expect(after().map((f) => [f.op, f.data])).toEqual([
    ['ANGULAR_OBJECT_UPDATED', { noteId: NOTE_ID, paragraphId: PY, interpreterGroupId: 'python-shared', name: 'count', value: 2 }],
    ['ANGULAR_OBJECT_CLIENT_BIND', { noteId: NOTE_ID, paragraphId: PY, name: 'x', value: 5 }],
    ['ANGULAR_OBJECT_CLIENT_UNBIND', { noteId: NOTE_ID, paragraphId: PY, name: 'x' }],
  ]);
  expect(t.store.getState().notePage.angular[PY].count.value).toBe(2);
  await t.push('ANGULAR_OBJECT_REMOVE', { name: 'count', noteId: NOTE_ID, paragraphId: PY });
  await t.push('ANGULAR_OBJECT_REMOVE', { angularObject: { name: 'who', object: 'all' }, interpreterGroupId: 'python-shared', noteId: NOTE_ID });
  expect(t.store.getState().notePage.angular).toEqual({ [PY]: {}, '': {} });
});

test('a bind from a result shows in this page at once (the server tells only the others); changing it binds again', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.angularBindRequested({ paragraphId: PY, name: 'hero', value: 'Batman' }));
  expect(t.store.getState().notePage.angular[PY].hero).toEqual({ value: 'Batman', interpreterGroupId: '' });
  t.store.dispatch(notePage.angularValueSet({ paragraphId: PY, name: 'hero', value: 'Robin' }));
  await t.clock.advance(0);
  expect(after().map((f) => [f.op, f.data])).toEqual([
    ['ANGULAR_OBJECT_CLIENT_BIND', { noteId: NOTE_ID, paragraphId: PY, name: 'hero', value: 'Batman' }],
    ['ANGULAR_OBJECT_CLIENT_BIND', { noteId: NOTE_ID, paragraphId: PY, name: 'hero', value: 'Robin' }],
  ]);
  t.store.dispatch(notePage.angularUnbindRequested({ paragraphId: PY, name: 'hero' }));
  expect(t.store.getState().notePage.angular[PY].hero).toBeUndefined();
});

test('a deep link focuses its paragraph and a search term opens find with it', async () => {
  const t = await openNote();
  t.store.dispatch({ type: 'route/changed', payload: { path: `/notebook/${NOTE_ID}`, search: `paragraph=${PY}&term=sys`, match: { page: 'note', noteId: NOTE_ID } } });
  await t.push('NOTE', { note: t.note });
  expect(t.store.getState().notePage.focusRequest).toMatchObject({ id: PY });
  expect(t.store.getState().notePage.find).toMatchObject({ open: true, term: 'sys' });
});

test('Run stale runs the stale paragraphs, and those reading what they re-write, in note order as one run-all', async () => {
  const t = await openNote({
    note: (n) => ({
      ...n,
      paragraphs: n.paragraphs.map((p, i) => {
        if (p.id === MD) return { ...p, text: '%python\nz.put("x", 1)', lastRun: { text: '%python\nz.put("x", 0)', seq: 1 } };
        if (p.id === PY) return { ...p, text: '%python\nprint(z.get("x"))', lastRun: { text: '%python\nprint(z.get("x"))', seq: 2 } };
        return { ...p, lastRun: { text: p.text ?? '', seq: 10 + i } };
      }),
    }),
  });
  const after = t.mark();
  t.store.dispatch(cmd('runStale'));
  await t.clock.advance(0);
  const [run] = after();
  expect(run.op).toBe('RUN_ALL_PARAGRAPHS');
  expect(JSON.parse(run.data.paragraphs as string).map((e: { id: string }) => e.id)).toEqual([MD, PY]);
});

test('a linked chart click sets the note form and runs each paragraph that uses it; unknown forms do nothing', async () => {
  const forms = { region: { type: 'Select' as const, name: 'region', defaultValue: 'EU', options: [{ value: 'EU' }, { value: 'US' }] } };
  const t = await openNote({
    note: (n) => ({ ...n, noteForms: forms, noteParams: { region: 'EU' }, paragraphs: n.paragraphs.map((p) => (p.id === PY ? { ...p, text: '%sql\nselect "$${region}"' } : p)) }),
  });
  const after = t.mark();
  t.store.dispatch(notePage.formLinkClicked({ form: 'region', value: 'US' }));
  t.store.dispatch(notePage.formLinkClicked({ form: 'nope', value: 'US' }));
  await t.clock.advance(0);
  expect(after().map((f) => [f.op, f.data.id ?? f.data.noteParams])).toEqual([
    ['SAVE_NOTE_FORMS', { region: 'US' }],
    ['RUN_PARAGRAPH', PY],
  ]);
});
