/** @jest-environment node */
/** Paragraph intents become the right Zeppelin ops, with the guards of the spec. */
import { notePage } from '../../slices/notePage';
import { frame } from '../support/frames';
import { openNote, FORM, LAST, MD, NOTE_ID, PY } from './noteHarness';

test('opening a note asks for bindings and reads its permissions', async () => {
  const t = await openNote();
  expect(t.sentOps('GET_INTERPRETER_BINDINGS').map((f) => f.data)).toEqual([{ noteId: NOTE_ID }]);
  expect(t.rest.calls.some((c) => c.method === 'GET' && c.path === `/notebook/${NOTE_ID}/permissions`)).toBe(true);
  expect(t.store.getState().notePage.permissions).toEqual({ owners: [], readers: [], runners: [], writers: [] });
});

test('run sends RUN_PARAGRAPH with the draft text and shows PENDING at once', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.draftChanged({ id: PY, text: '%python.ipython\nprint(1)' }));
  t.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
  await t.clock.advance(0);
  const run = after().find((f) => f.op === 'RUN_PARAGRAPH');
  expect(run?.data).toMatchObject({ id: PY, paragraph: '%python.ipython\nprint(1)', params: {} });
  expect(t.store.getState().paragraphs.entities[PY]?.status).toBe('PENDING');
});

test('an edit-on-double-click paragraph hides its editor when run; empty text never runs', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.commandInvoked({ command: 'run', id: MD }));
  t.store.dispatch(notePage.draftChanged({ id: PY, text: '   ' }));
  t.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
  await t.clock.advance(0);
  const runs = after().filter((f) => f.op === 'RUN_PARAGRAPH');
  expect(runs).toHaveLength(1);
  expect(runs[0].data).toMatchObject({ id: MD, config: { editorHide: true, tableHide: false } });
});

test('run and edits are refused while the note runs', async () => {
  const t = await openNote();
  await t.push('NOTE_RUNNING_STATUS', { status: true });
  const after = t.mark();
  t.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
  t.store.dispatch(notePage.commandInvoked({ command: 'insertBelow', id: PY }));
  t.store.dispatch(notePage.configChanged({ id: PY, config: { fontSize: 12 } }));
  await t.clock.advance(0);
  expect(after().map((f) => f.op)).toEqual([]);
  t.store.dispatch(notePage.commandInvoked({ command: 'stopAll' }));
  await t.clock.advance(0);
  expect(after().map((f) => f.op)).toEqual(['CANCEL_ALL_PARAGRAPHS']);
});

test('cancel, move, insert, clone, clear and remove map to their ops', async () => {
  const t = await openNote();
  const after = t.mark();
  const cmd = (command: Parameters<typeof notePage.commandInvoked>[0]['command'], id = PY) => t.store.dispatch(notePage.commandInvoked({ command, id }));
  cmd('cancel'); cmd('moveUp'); cmd('moveDown'); cmd('insertAbove'); cmd('insertBelow'); cmd('clone'); cmd('clearOutput');
  cmd('moveUp', MD);
  await t.clock.advance(0);
  const f = after();
  expect(f.map((x) => x.op)).toEqual([
    'CANCEL_PARAGRAPH', 'MOVE_PARAGRAPH', 'MOVE_PARAGRAPH', 'INSERT_PARAGRAPH', 'INSERT_PARAGRAPH', 'COPY_PARAGRAPH', 'PARAGRAPH_CLEAR_OUTPUT',
  ]);
  expect(f[1].data).toEqual({ id: PY, index: 3 });
  expect(f[2].data).toEqual({ id: PY, index: 5 });
  expect(f[3].data).toEqual({ index: 4 });
  expect(f[4].data).toEqual({ index: 5 });
  expect(f[5].data).toMatchObject({ index: 5, paragraph: '%python.ipython\n\nimport sys\n\nsys?' });
  cmd('remove');
  await t.clock.advance(0);
  expect(t.store.getState().notePage.dialog).toEqual({ kind: 'removeParagraph', id: PY });
  t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'removeParagraph', id: PY } }));
  await t.clock.advance(0);
  expect(after().slice(-1)[0]).toMatchObject({ op: 'PARAGRAPH_REMOVE', data: { id: PY } });
});

test("Jupyter's M and Y: a paragraph becomes %md in place of its magic, and back to the default interpreter", async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.commandInvoked({ command: 'toMarkdown', id: PY }));
  await t.clock.advance(0);
  expect(after().filter((f) => f.op === 'COMMIT_PARAGRAPH').map((f) => f.data.paragraph)).toEqual(['%md\n\nimport sys\n\nsys?']);
  t.store.dispatch(notePage.commandInvoked({ command: 'toCode', id: PY }));
  t.store.dispatch(notePage.commandInvoked({ command: 'toCode', id: PY }));
  await t.clock.advance(0);
  // The second Y finds no %md left, so nothing more is sent.
  expect(after().filter((f) => f.op === 'COMMIT_PARAGRAPH').map((f) => f.data.paragraph)).toEqual(['%md\n\nimport sys\n\nsys?', '\nimport sys\n\nsys?']);
  expect(t.store.getState().notePage.drafts[PY]).toBe('\nimport sys\n\nsys?');
});

test('an insert focuses the paragraph the server adds', async () => {
  const t = await openNote();
  t.store.dispatch(notePage.commandInvoked({ command: 'insertBelow', id: PY }));
  await t.clock.advance(0);
  await t.push('PARAGRAPH_ADDED', { index: 5, paragraph: { id: 'paragraph_new', text: '%python\n', config: {}, status: 'READY' } });
  expect(t.store.getState().notePage.focusRequest).toMatchObject({ id: 'paragraph_new', at: 'end' });
  expect(t.store.getState().notes.paragraphIds[NOTE_ID][5]).toBe('paragraph_new');
});

test("the last paragraph cannot be removed: \"All the paragraphs can't be deleted.\"", async () => {
  const t = await openNote({ note: (n) => ({ ...n, paragraphs: n.paragraphs.slice(0, 1) }) });
  const after = t.mark();
  t.store.dispatch(notePage.commandInvoked({ command: 'remove', id: MD }));
  await t.clock.advance(0);
  expect(t.store.getState().notePage.dialog).toEqual({ kind: 'lastParagraph' });
  expect(after()).toEqual([]);
});

test('toggles commit the whole config with the change, each on top of the last; width stays within 1..12', async () => {
  const t = await openNote();
  const after = t.mark();
  for (const command of ['toggleEditor', 'toggleOutput', 'toggleTitle', 'toggleLineNumbers', 'toggleEnabled', 'wider', 'narrower'] as const) {
    t.store.dispatch(notePage.commandInvoked({ command, id: LAST }));
  }
  await t.clock.advance(0);
  const commits = after().filter((f) => f.op === 'COMMIT_PARAGRAPH').map((f) => f.data.config as Record<string, unknown>);
  // No echo has come back yet: each toggle builds on the ones before it, as in Zeppelin's page.
  expect(commits.map((c) => ({ editorHide: c.editorHide, tableHide: c.tableHide, title: c.title, lineNumbers: c.lineNumbers, enabled: c.enabled, colWidth: c.colWidth })))
    .toEqual([
      { editorHide: true, tableHide: undefined, title: undefined, lineNumbers: undefined, enabled: true, colWidth: 12 },
      { editorHide: true, tableHide: true, title: undefined, lineNumbers: undefined, enabled: true, colWidth: 12 },
      { editorHide: true, tableHide: true, title: true, lineNumbers: undefined, enabled: true, colWidth: 12 },
      { editorHide: true, tableHide: true, title: true, lineNumbers: true, enabled: true, colWidth: 12 },
      { editorHide: true, tableHide: true, title: true, lineNumbers: true, enabled: false, colWidth: 12 },
      // 'wider' at 12 sends nothing; 'narrower' goes to 11
      { editorHide: true, tableHide: true, title: true, lineNumbers: true, enabled: false, colWidth: 11 },
    ]);
  expect(after().every((f) => f.op !== 'COMMIT_PARAGRAPH' || (f.data as { noteId?: string }).noteId === NOTE_ID)).toBe(true);
});

describe('a commit shows before the server answers it', () => {
  const tableOptions = (t: Awaited<ReturnType<typeof openNote>>) =>
    (t.store.getState().paragraphs.entities[PY]?.config?.results?.['0'] as { graph?: { setting?: { table?: { tableOptionValue?: unknown } } } } | undefined)
      ?.graph?.setting?.table?.tableOptionValue;
  const withOption = (t: Awaited<ReturnType<typeof openNote>>, option: Record<string, boolean>) => {
    const current = t.store.getState().paragraphs.entities[PY]?.config?.results?.['0'] as { graph?: { setting?: { table?: { tableOptionValue?: object } } } } | undefined;
    const table = current?.graph?.setting?.table ?? {};
    return { graph: { mode: 'table', setting: { table: { ...table, tableOptionValue: { ...table.tableOptionValue, ...option } } } } };
  };
  /** The server's echo of a sent commit: the paragraph as it applied it, with the commit's msgId. */
  const echo = async (t: Awaited<ReturnType<typeof openNote>>, commit: { data: Record<string, unknown>; msgId?: string }) => {
    const p = t.note.paragraphs.find((x) => x.id === commit.data.id)!;
    const paragraph = { ...p, config: commit.data.config, title: commit.data.title, settings: { ...p.settings, params: commit.data.params } };
    t.sockets.last().serverSend(frame('PARAGRAPH', { paragraph }, commit.msgId));
    await t.clock.advance(0);
    return commit.msgId;
  };

  test('two table options ticked before the first echo both stay, through the echoes and a status frame between them', async () => {
    const t = await openNote();
    const after = t.mark();
    t.store.dispatch(notePage.resultConfigChanged({ id: PY, index: 0, config: withOption(t, { useFilter: true }) }));
    await t.clock.advance(0);
    t.store.dispatch(notePage.resultConfigChanged({ id: PY, index: 0, config: withOption(t, { showPagination: true }) }));
    await t.clock.advance(0);
    const [first, second] = after().filter((f) => f.op === 'COMMIT_PARAGRAPH');
    expect(second.data.config).toMatchObject({ results: { 0: { graph: { setting: { table: { tableOptionValue: { useFilter: true, showPagination: true } } } } } } });
    expect(first.msgId).toBeDefined();
    expect(second.msgId).not.toBe(first.msgId);

    // The first echo carries the state after the first commit only: the page keeps showing both options.
    const p = t.note.paragraphs.find((x) => x.id === PY)!;
    t.sockets.last().serverSend(frame('PARAGRAPH', { paragraph: { ...p, config: first.data.config } }, first.msgId));
    await t.clock.advance(0);
    expect(tableOptions(t)).toEqual({ useFilter: true, showPagination: true });
    // A frame without a msgId (a run's status) changes the rest of the paragraph, not the unconfirmed fields.
    t.sockets.last().serverSend(frame('PARAGRAPH', { paragraph: { ...p, status: 'RUNNING', config: first.data.config } }));
    await t.clock.advance(0);
    expect(t.store.getState().paragraphs.entities[PY]?.status).toBe('RUNNING');
    expect(tableOptions(t)).toEqual({ useFilter: true, showPagination: true });
    // The last echo settles it: from then on the server's copy is shown as it comes.
    t.sockets.last().serverSend(frame('PARAGRAPH', { paragraph: { ...p, config: second.data.config } }, second.msgId));
    await t.clock.advance(0);
    expect(tableOptions(t)).toEqual({ useFilter: true, showPagination: true });
    expect(t.store.getState().paragraphs.unconfirmed).toEqual({});
    t.sockets.last().serverSend(frame('PARAGRAPH', { paragraph: { ...p, config: first.data.config } }));
    await t.clock.advance(0);
    expect(tableOptions(t)).toEqual({ useFilter: true });
  });

  test('a refused commit (ERROR_INFO) puts back what the server last sent', async () => {
    const t = await openNote();
    const before = t.store.getState().paragraphs.entities[PY];
    t.store.dispatch(notePage.resultConfigChanged({ id: PY, index: 0, config: withOption(t, { useFilter: true }) }));
    t.store.dispatch(notePage.titleChanged({ id: PY, title: 'renamed' }));
    await t.clock.advance(0);
    expect(tableOptions(t)).toEqual({ useFilter: true });
    expect(t.store.getState().paragraphs.entities[PY]?.title).toBe('renamed');
    await t.push('ERROR_INFO', { info: 'Note is now running sequentially. Can not be performed: COMMIT_PARAGRAPH' });
    expect(t.store.getState().paragraphs.entities[PY]).toEqual(before);
    expect(t.store.getState().paragraphs.unconfirmed).toEqual({});
  });

  test('an echo of another page\'s commit (its own msgId) does not confirm ours', async () => {
    const t = await openNote();
    const after = t.mark();
    t.store.dispatch(notePage.resultConfigChanged({ id: PY, index: 0, config: withOption(t, { useFilter: true }) }));
    await t.clock.advance(0);
    const [ours] = after().filter((f) => f.op === 'COMMIT_PARAGRAPH');
    const p = t.note.paragraphs.find((x) => x.id === PY)!;
    t.sockets.last().serverSend(frame('PARAGRAPH', { paragraph: { ...p, title: 'theirs' } }, 'zzzzz-1'));
    await t.clock.advance(0);
    expect(tableOptions(t)).toEqual({ useFilter: true });
    expect(await echo(t, ours)).toBe(ours.msgId);
    expect(tableOptions(t)).toEqual({ useFilter: true });
    expect(t.store.getState().paragraphs.unconfirmed).toEqual({});
  });
});

test('run all above is exclusive, run all below inclusive, both as one RUN_ALL_PARAGRAPHS', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.commandInvoked({ command: 'runAbove', id: PY }));
  t.store.dispatch(notePage.commandInvoked({ command: 'runBelow', id: FORM }));
  await t.clock.advance(0);
  const [above, below] = after().filter((f) => f.op === 'RUN_ALL_PARAGRAPHS').map((f) => JSON.parse(f.data.paragraphs as string) as { id: string }[]);
  expect(above.map((p) => p.id)).toHaveLength(4);
  expect(above.map((p) => p.id)).not.toContain(PY);
  expect(below.map((p) => p.id)).toEqual([FORM, '20180118-122136_1299905608', LAST]);
});

test('form changes commit params; a run-on-change selection runs with them', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.paramsChanged({ id: FORM, params: { my_name: 'world' }, run: false }));
  t.store.dispatch(notePage.paramsChanged({ id: FORM, params: { my_name: 'again' }, run: true }));
  await t.clock.advance(0);
  const f = after();
  expect(f[0]).toMatchObject({ op: 'COMMIT_PARAGRAPH', data: { id: FORM, params: { my_name: 'world' } } });
  expect(f[1]).toMatchObject({ op: 'RUN_PARAGRAPH', data: { id: FORM, params: { my_name: 'again' } } });
});

test('a run started by a form change takes the run path: the editor setting and collaboration apply as to any run', async () => {
  const t = await openNote();
  // an edit-on-double-click paragraph (markdown-like) hides its editor when run, from the button or from its form
  await t.push('EDITOR_SETTING', { paragraphId: FORM, editor: { language: 'markdown', editOnDblClick: true } });
  await t.push('COLLABORATIVE_MODE_STATUS', { status: true, users: ['anonymous', 'bob'] });
  t.store.dispatch(notePage.draftChanged({ id: FORM, text: '%python.ipython\nz.input(name="my_name")' }));
  await t.clock.advance(0);
  const after = t.mark();
  t.store.dispatch(notePage.paramsChanged({ id: FORM, params: { my_name: 'again' }, run: true }));
  await t.clock.advance(0);
  const run = after().find((f) => f.op === 'RUN_PARAGRAPH');
  expect(run?.data).toMatchObject({ id: FORM, params: { my_name: 'again' }, config: { editorHide: true } });
  // collaborating, the run carries our change since the text last shared, as a button run does
  expect(run?.data).toHaveProperty('patch');
  expect(t.store.getState().paragraphs.entities[FORM]?.status).toBe('PENDING');
});

test('the Run button, Shift+Enter, the menu and the palette are one intent: notePage/commandInvoked run', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
  await t.clock.advance(0);
  expect(after().filter((f) => f.op === 'RUN_PARAGRAPH')).toHaveLength(1);
  expect(Object.keys(notePage)).not.toContain('runRequested');
  expect(Object.keys(notePage)).not.toContain('cancelRequested');
});

test('title edits commit only when the title changed; a result height under 50 is saved as 300 by the view', async () => {
  const t = await openNote();
  const after = t.mark();
  t.store.dispatch(notePage.titleChanged({ id: PY, title: 'Get Python Help (1)' }));
  t.store.dispatch(notePage.titleChanged({ id: PY, title: 'Help' }));
  t.store.dispatch(notePage.resultHeightChanged({ id: PY, index: 0, height: 420 }));
  await t.clock.advance(0);
  const f = after();
  expect(f).toHaveLength(2);
  expect(f[0].data).toMatchObject({ title: 'Help' });
  expect(f[1].data).toMatchObject({ config: { results: { 0: { graph: { height: 420 } } } } });
});

test('link opens the single-paragraph view; copy id reports the outcome', async () => {
  // The browser's window.open and clipboard come in through SagaDeps; this clipboard refuses, as node's would.
  const t = await openNote({ clipboard: false });
  t.store.dispatch(notePage.commandInvoked({ command: 'link', id: PY }));
  t.store.dispatch(notePage.commandInvoked({ command: 'copyId', id: PY }));
  await t.clock.advance(0);
  expect(t.openedWindows).toEqual([`#/notebook/${NOTE_ID}/paragraph/${PY}?asIframe`]);
  expect(t.copied).toEqual([PY]);
  // the toast says so, as the spec's tooltip does
  expect(t.store.getState().ui.toasts.map((x) => x.text)).toContain('Not supported browser');
});
