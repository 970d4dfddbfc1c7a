/** The note page's controls against a real store (no sagas): what each shows and which intent it dispatches.
 *
 * @slow (one of the suite's longest files: scheduled first on a fresh machine)
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { NotePage } from '../../src/pages/NotePage';
import { makeStore } from '../../src/app/store';
import { helium } from '../../slices/helium';
import { notePage } from '../../slices/notePage';
import { route } from '../../slices/route';
import { session } from '../../slices/session';
import { wsIn } from '../../slices/wsActions';
import type { Note, Paragraph } from '../../protocol';
import { loadFixtureNote } from '../support/frames';
import { MD, NOTE_ID, PY, FORM, LAST } from './noteHarness';

function setup(edit: (n: Note) => Note = (n) => n) {
  const { store, log } = makeStore({ devTools: false, devChecks: true });
  const note = edit(loadFixtureNote());
  act(() => {
    store.dispatch(helium.bundlesLoaded([]));
    store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    store.dispatch(wsIn.NOTE({ note }));
  });
  render(<Provider store={store}><NotePage match={{ page: 'note', noteId: NOTE_ID }} /></Provider>);
  const types = () => log.types();
  const last = (type: string) => [...log.entries()].reverse().find((e) => e.action.type === type)?.action as { payload: unknown } | undefined;
  const para = (id: string) => within(document.getElementById(`paragraph_${id}`) as HTMLElement);
  return { store, log, note, types, last, para };
}

/** The paragraph's editor, built as a user's click on its text builds it (src/editor/LazyCodeEditor.tsx). */
async function editorOf(p: ReturnType<typeof within>): Promise<HTMLElement> {
  fireEvent.pointerDown(p.getByRole('textbox', { name: 'Paragraph code' }));
  return p.findByTestId('monaco-mock');
}

const update = (store: ReturnType<typeof setup>['store'], id: string, changes: Partial<Paragraph>) => act(() => {
  const p = store.getState().paragraphs.entities[id]!;
  store.dispatch(wsIn.PARAGRAPH({ paragraph: { ...p, ...changes } }));
});

test('every paragraph has its root id, status, run control and its results', async () => {
  const { note } = setup();
  for (const p of note.paragraphs) expect(document.getElementById(`paragraph_${p.id}`)).not.toBeNull();
  expect(screen.getByRole('heading', { level: 1, name: '1. IPython Basic' })).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Run paragraph' })).toHaveLength(14);
  expect(screen.getAllByRole('img', { name: 'Status FINISHED' }).length).toBeGreaterThan(0);
  // TEXT results go through the terminal renderer, HTML results into the note's one sandboxed result document,
  // which the page gives the result HTML only by message (it never puts it into its own DOM)
  expect(document.querySelectorAll('[data-testid="text-result"]').length).toBeGreaterThan(0);
  await waitFor(() => expect(document.querySelectorAll('iframe')).toHaveLength(1));
  const frames = document.querySelectorAll('iframe');
  expect(frames[0]).toHaveClass('note-result-frame');
  expect(frames[0].getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-forms allow-modals');
  expect(frames[0].getAttribute('src')).toBe('result-frame.html');
  expect(document.querySelectorAll('[data-result-slot]').length).toBeGreaterThan(0);
  expect(document.body.innerHTML).not.toContain('IPython is more powerful than the default python interpreter');
});

test('the result frame is created after the paragraphs and their result places are painted, not with them', async () => {
  setup();
  // Creating the frame blocks the page for a while; the note's own content goes first.
  expect(document.querySelectorAll('[data-result-slot]').length).toBeGreaterThan(0);
  expect(document.querySelectorAll('[data-testid="text-result"]').length).toBeGreaterThan(0);
  expect(document.querySelector('iframe.note-result-frame')).toBeNull();
  await waitFor(() => expect(document.querySelector('iframe.note-result-frame')).not.toBeNull());
});

test('Run dispatches the run intent; a running paragraph offers Cancel, a spinner and its progress', () => {
  const { store, para, last } = setup();
  fireEvent.click(para(PY).getByRole('button', { name: 'Run paragraph' }));
  // the same intent as Shift+Enter, the menu and the palette
  expect(last('notePage/commandInvoked')?.payload).toEqual({ command: 'run', id: PY });
  update(store, PY, { status: 'RUNNING', progress: 40 });
  expect(para(PY).getByRole('img', { name: 'Status RUNNING' })).toHaveClass('status-spinner');
  expect(para(PY).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '40');
  fireEvent.click(para(PY).getByRole('button', { name: 'Cancel paragraph' }));
  expect(last('notePage/commandInvoked')?.payload).toEqual({ command: 'cancel', id: PY });
});

/** A colour's family from its hex value (hue and saturation), to check the theme's shades against the spec's names. */
function colourFamily(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 0.15) return 'gray';
  const d = max - min;
  const h = (max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4) * 60;
  if (h < 15 || h >= 340) return 'red';
  if (h < 50) return 'orange';
  if (h >= 80 && h < 170) return 'green';
  if (h >= 190 && h < 250) return 'blue';
  return `hue ${Math.round(h)}`;
}

test('the status shows its word, in the spec colour of each theme', () => {
  const { store, para } = setup();
  const css = readFileSync(join(__dirname, '..', '..', 'src', 'styles.css'), 'utf8');
  const spec = [['READY', 'green'], ['FINISHED', 'green'], ['ABORT', 'orange'], ['ERROR', 'red'], ['PENDING', 'gray'], ['RUNNING', 'blue']] as const;
  for (const [status, colour] of spec) {
    update(store, LAST, { status });
    const badge = para(LAST).getByRole('img', { name: `Status ${status}` }).closest('.paragraph-status-badge');
    expect(badge).toHaveClass(`status-${status}`);
    expect(badge).toHaveTextContent(status);
    const variable = `--st-${status.toLowerCase()}`;
    if (status !== 'READY') expect(css).toContain(`.paragraph-status-badge.status-${status} { color: var(${variable}); }`);
    const shades = [...css.matchAll(new RegExp(`${variable}: (#[0-9a-f]{6})`, 'g'))].map((m) => colourFamily(m[1]));
    expect(shades.length).toBeGreaterThanOrEqual(2);
    expect({ status, shades: [...new Set(shades)] }).toEqual({ status, shades: [colour] });
  }
});

test('the paragraph menu names each action as Zeppelin does and dispatches its command', () => {
  const { para, last } = setup();
  fireEvent.click(para(PY).getByRole('button', { name: 'Paragraph settings' }));
  const menu = para(PY).getByRole('menu');
  const names = within(menu).getAllByRole('menuitem').map((m) => m.querySelector('span')?.textContent);
  expect(names).toEqual([
    'Move up', 'Move down', 'Insert new paragraph above', 'Insert new paragraph below', 'Clone paragraph', 'Clear output',
    'Disable run', 'Hide title', 'Show line numbers', 'Hide editor', 'Hide output', 'Run all above', 'Run all below',
    'Link this paragraph', 'Copy paragraph id', 'Remove',
  ]);
  expect(within(menu).getByRole('menuitem', { name: /Link this paragraph/ })).toHaveAttribute('href', `#/notebook/${NOTE_ID}/paragraph/${PY}?asIframe`);
  fireEvent.click(within(menu).getByRole('menuitem', { name: /Clone paragraph/ }));
  expect(last('notePage/commandInvoked')?.payload).toEqual({ command: 'clone', id: PY });
  fireEvent.click(para(PY).getByRole('button', { name: 'Paragraph settings' }));
  fireEvent.change(para(PY).getByRole('combobox', { name: 'Font size' }), { target: { value: '14' } });
  expect(last('notePage/configChanged')?.payload).toEqual({ id: PY, config: { fontSize: 14 } });
  fireEvent.change(para(PY).getByRole('combobox', { name: 'Column width' }), { target: { value: '6' } });
  expect(last('notePage/configChanged')?.payload).toEqual({ id: PY, config: { colWidth: 6 } });
});

test('the first paragraph cannot move up; hide editor/output buttons toggle their labels with the config', () => {
  const { store, para, last } = setup();
  fireEvent.click(para(MD).getByRole('button', { name: 'Paragraph settings' }));
  expect(para(MD).getByRole('menuitem', { name: /Move up/ })).toBeDisabled();
  fireEvent.click(para(PY).getByRole('button', { name: 'Hide editor' }));
  expect(last('notePage/commandInvoked')?.payload).toEqual({ command: 'toggleEditor', id: PY });
  update(store, PY, { config: { ...store.getState().paragraphs.entities[PY]!.config, editorHide: true, tableHide: true } });
  expect(para(PY).getByRole('button', { name: 'Show editor' })).toBeInTheDocument();
  expect(para(PY).getByRole('button', { name: 'Show output' })).toBeInTheDocument();
  expect(para(PY).queryByRole('textbox', { name: 'Paragraph code' })).toBeNull();
  expect(para(PY).queryByRole('region', { name: /^Output of / })).toBeNull();
});

test('typing makes a draft; the footer shows who ran it and when, and the paragraph is marked Stale with the reason', async () => {
  const { store, para, last } = setup();
  update(store, PY, { lastRun: { text: store.getState().paragraphs.entities[PY]!.text ?? '', seq: 1 } });
  expect(para(PY).queryByText('Stale')).toBeNull();
  fireEvent.change(await editorOf(para(PY)), { target: { value: 'print(2)' } });
  expect(last('notePage/draftChanged')?.payload).toEqual({ id: PY, text: 'print(2)' });
  update(store, PY, { dateStarted: '2026-08-22T10:00:00+0000', dateFinished: '2026-08-22T10:00:03+0000', dateUpdated: '2026-08-22T10:05:00+0000', user: undefined });
  const footer = document.querySelector(`#paragraph_${PY} .paragraph-footer`)!;
  expect(footer.textContent).toMatch(/^Took 3 seconds\. Last updated by anonymous at August 22nd 2026, \d+:00:03 [ap]m\.$/);
  const marker = para(PY).getByText('Stale');
  expect(marker).toHaveAttribute('title', 'The text changed since the last run.');
  expect(marker).toHaveAccessibleDescription('The text changed since the last run.');
});

test('title: shown when enabled, edited in place', () => {
  const { store, para, last } = setup();
  update(store, PY, { config: { ...store.getState().paragraphs.entities[PY]!.config, title: true } });
  fireEvent.click(para(PY).getByRole('heading', { name: 'Get Python Help (1)' }));
  const input = para(PY).getByRole('textbox', { name: 'Paragraph title' });
  fireEvent.change(input, { target: { value: 'Help' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(last('notePage/titleChanged')?.payload).toEqual({ id: PY, title: 'Help' });
});

test('forms: Enter in a text box runs; selects run on change; number boxes keep digits, dot and minus', () => {
  const { store, para, last } = setup((n) => ({
    ...n, paragraphs: n.paragraphs.map((p) => (p.id === FORM ? {
      ...p, settings: { params: { my_name: 'hello', city: 'Paris' }, forms: {
        my_name: { type: 'TextBox', name: 'my_name', displayName: 'Name', defaultValue: '' },
        city: { type: 'Select', name: 'city', options: [{ value: 'Paris' }, { value: 'Seoul' }] },
        n: { type: 'Number', name: 'n', displayName: 'Count' },
      } as unknown as NonNullable<Paragraph['settings']>['forms'] },
    } : p)),
  }));
  const box = para(FORM).getByRole('textbox', { name: 'Name' });
  fireEvent.change(box, { target: { value: 'world' } });
  fireEvent.keyDown(box, { key: 'Enter' });
  expect(last('notePage/paramsChanged')?.payload).toEqual({ id: FORM, params: { my_name: 'world' }, run: true });
  fireEvent.change(para(FORM).getByRole('combobox', { name: 'city' }), { target: { value: 'Seoul' } });
  expect(last('notePage/paramsChanged')?.payload).toEqual({ id: FORM, params: { city: 'Seoul' }, run: true });
  const count = para(FORM).getByRole('textbox', { name: 'Count' });
  fireEvent.change(count, { target: { value: '-1.5e3x' } });
  expect(count).toHaveValue('-1.53');
  void store;
});

test('shortcuts match on KeyboardEvent.code, act on the focused paragraph, and never fire in form inputs', async () => {
  const { store, para, last, types } = setup();
  act(() => { store.dispatch(notePage.focused({ id: PY })); });
  const editor = await editorOf(para(PY));
  // macOS Option+C types "ç" but the physical key is still KeyC
  fireEvent.keyDown(editor, { code: 'KeyC', key: 'ç', ctrlKey: true, altKey: true });
  expect(last('notePage/commandInvoked')?.payload).toEqual({ command: 'cancel' });
  fireEvent.keyDown(editor, { code: 'Enter', key: 'Enter', shiftKey: true });
  expect(last('notePage/commandInvoked')?.payload).toEqual({ command: 'run' });
  const chords: [Record<string, boolean | string>, string][] = [
    [{ code: 'ArrowUp', ctrlKey: true, shiftKey: true }, 'runAbove'], [{ code: 'ArrowDown', ctrlKey: true, shiftKey: true }, 'runBelow'],
    [{ code: 'KeyD', ctrlKey: true, altKey: true }, 'remove'], [{ code: 'KeyA', ctrlKey: true, altKey: true }, 'insertAbove'],
    [{ code: 'KeyB', ctrlKey: true, altKey: true }, 'insertBelow'], [{ code: 'KeyC', ctrlKey: true, shiftKey: true }, 'clone'],
    [{ code: 'KeyK', ctrlKey: true, altKey: true }, 'moveUp'], [{ code: 'KeyJ', ctrlKey: true, altKey: true }, 'moveDown'],
    [{ code: 'KeyR', ctrlKey: true, altKey: true }, 'toggleEnabled'], [{ code: 'KeyO', ctrlKey: true, altKey: true }, 'toggleOutput'],
    [{ code: 'KeyE', ctrlKey: true, altKey: true }, 'toggleEditor'], [{ code: 'KeyM', ctrlKey: true, altKey: true }, 'toggleLineNumbers'],
    [{ code: 'KeyT', ctrlKey: true, altKey: true }, 'toggleTitle'], [{ code: 'KeyL', ctrlKey: true, altKey: true }, 'clearOutput'],
    [{ code: 'KeyW', ctrlKey: true, altKey: true }, 'link'], [{ code: 'Minus', ctrlKey: true, shiftKey: true }, 'narrower'],
    [{ code: 'Equal', ctrlKey: true, shiftKey: true }, 'wider'], [{ code: 'KeyF', ctrlKey: true, altKey: true }, 'find'],
  ];
  for (const [init, command] of chords) {
    fireEvent.keyDown(editor, init);
    expect(last('notePage/commandInvoked')?.payload).toEqual({ command });
  }
  const before = types().length;
  fireEvent.keyDown(screen.getByRole('combobox', { name: 'Look and feel' }), { code: 'KeyD', ctrlKey: true, altKey: true });
  fireEvent.click(para(FORM).getByRole('button', { name: 'Run paragraph' }));
  const box = para(FORM).getByRole('textbox', { name: 'my_name' });
  fireEvent.keyDown(box, { code: 'KeyD', ctrlKey: true, altKey: true });
  expect(types().slice(before)).toEqual(['notePage/commandInvoked']);
  expect(last('notePage/commandInvoked')?.payload).toEqual({ command: 'run', id: FORM });
});

test('the toolbar: every tool with its known name; help and palette list the keys', () => {
  const { last } = setup();
  for (const name of ['Run all paragraphs', 'Stop all paragraphs', 'Show/hide the code', 'Show/hide the output', 'Clear output', 'Clone this note',
    'Export this note (zpln)', 'Export this note (ipynb)', 'Reload from note file', 'Move this note to trash', 'Remove this note permanently',
    'Search code', 'Interpreter binding', 'Note permissions', 'Run scheduler', 'List of shortcuts', 'Switch to personal mode']) {
    const b = screen.getByRole('button', { name });
    fireEvent.click(b);
    if (name !== 'Switch to personal mode') expect(last('notePage/commandInvoked')).toBeDefined();
  }
  expect(last('notePage/personalizedToggled')).toBeDefined();
});

test('the help dialog "Keyboard shortcuts" lists Zeppelin keys; the palette runs a command', () => {
  const { store, last } = setup();
  act(() => { store.dispatch(notePage.helpToggled(true)); });
  const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
  expect(help).toHaveTextContent('Ctrl+Alt+C');
  expect(help).toHaveTextContent('Clone paragraph');
  expect(help).toHaveTextContent('Shift+Enter');
  fireEvent.click(within(help).getByRole('button', { name: 'Close' }));
  act(() => { store.dispatch(notePage.paletteToggled(true)); });
  const palette = screen.getByRole('dialog', { name: 'Command palette' });
  fireEvent.change(within(palette).getByRole('textbox', { name: 'Command' }), { target: { value: 'ipynb' } });
  fireEvent.keyDown(within(palette).getByRole('textbox', { name: 'Command' }), { key: 'Enter' });
  expect(last('notePage/commandInvoked')?.payload).toEqual({ command: 'exportIpynb' });
});

test('note rename in place; look and feel; report mode is view-only without editors', () => {
  const { store, last } = setup();
  fireEvent.click(screen.getByRole('heading', { level: 1 }));
  const input = screen.getByRole('textbox', { name: 'Note name' });
  fireEvent.change(input, { target: { value: 'New name' } });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(last('notePage/noteRenamed')?.payload).toEqual({ name: 'New name' });
  fireEvent.change(screen.getByRole('combobox', { name: 'Look and feel' }), { target: { value: 'report' } });
  expect(last('notePage/noteConfigChanged')?.payload).toEqual({ looknfeel: 'report' });
  act(() => { store.dispatch(wsIn.NOTE_UPDATED({ name: '1. IPython Basic', config: { looknfeel: 'report' }, info: {} })); });
  expect(screen.getByText('View only')).toBeInTheDocument();
  expect(screen.queryAllByRole('textbox', { name: 'Paragraph code' })).toHaveLength(0);
  expect(screen.getByRole('button', { name: 'Run all paragraphs' })).toBeDisabled();
});

test('a non-writer sees a read-only note', () => {
  const { store, para } = setup();
  act(() => {
    store.dispatch(session.ticketReceived({ principal: 'bob', screenUsername: 'bob', roles: [] }));
    store.dispatch(notePage.permissionsLoaded({ owners: ['alice'], writers: ['carol'], readers: [], runners: [] }));
  });
  expect(screen.getByText('View only')).toBeInTheDocument();
  expect(para(PY).getByRole('button', { name: 'Run paragraph' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: /Switch to/ })).toBeNull();
});

test('find and replace: width 350, counts matches, replace dispatches', () => {
  const { store, last } = setup();
  act(() => { store.dispatch(notePage.findOpened({ term: 'import sys' })); });
  const box = screen.getByRole('search', { name: 'Find and replace' });
  expect(box).toHaveStyle({ width: '350px' });
  expect(within(box).getByRole('status')).toHaveTextContent('1 of 2');
  fireEvent.click(within(box).getByRole('button', { name: 'Next match' }));
  expect(within(box).getByRole('status')).toHaveTextContent('2 of 2');
  fireEvent.change(within(box).getByRole('textbox', { name: 'Replace' }), { target: { value: 'import os' } });
  fireEvent.click(within(box).getByRole('button', { name: 'Replace all' }));
  expect(last('notePage/replaceRequested')?.payload).toEqual({ all: true });
});

test('dialogs: remove confirm, the last-paragraph message, and Stay or Leave', () => {
  const { store, last } = setup();
  act(() => { store.dispatch(notePage.dialogOpened({ kind: 'lastParagraph' })); });
  expect(screen.getByRole('dialog')).toHaveTextContent("All the paragraphs can't be deleted.");
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  act(() => { store.dispatch(notePage.draftChanged({ id: PY, text: 'unsaved' })); });
  const link = document.createElement('a');
  link.href = '#/jobmanager';
  document.body.appendChild(link);
  fireEvent.click(link);
  const d = screen.getByRole('dialog', { name: 'Unsaved changes' });
  expect(within(d).getByRole('button', { name: 'Stay' })).toBeInTheDocument();
  fireEvent.click(within(d).getByRole('button', { name: 'Leave' }));
  expect(last('notePage/dialogConfirmed')?.payload).toEqual({ dialog: { kind: 'leave', to: '/jobmanager' } });
  link.remove();
});

test('panels: bindings with select and reorder, permissions fields, cron presets', () => {
  const { store, last } = setup();
  act(() => {
    store.dispatch(notePage.panelToggled('bindings'));
    store.dispatch(wsIn.INTERPRETER_BINDINGS({ interpreterBindings: [{ id: 'python', name: 'python', selected: true }, { id: 'md', name: 'md', selected: true }] }));
  });
  const panel = screen.getByRole('region', { name: 'Interpreter binding' });
  fireEvent.click(within(panel).getByRole('button', { name: 'Move md up' }));
  expect((last('notePage/bindingsEdited')?.payload as { id: string }[]).map((b) => b.id)).toEqual(['md', 'python']);
  fireEvent.click(within(panel).getByRole('button', { name: 'Restart python' }));
  expect(last('notePage/interpreterRestartRequested')?.payload).toEqual({ settingId: 'python' });
  act(() => { store.dispatch(notePage.panelToggled('cron')); });
  const cron = screen.getByRole('region', { name: 'Run scheduler' });
  expect(within(cron).getAllByRole('button').map((b) => b.textContent).slice(1)).toEqual(['None', '1m', '5m', '1h', '3h', '6h', '12h', '1d']);
  fireEvent.click(within(cron).getByRole('button', { name: '5m' }));
  expect(last('notePage/noteConfigChanged')?.payload).toEqual({ cron: '0 0/5 * * * ?', cronExecutingUser: undefined });
  act(() => {
    store.dispatch(notePage.panelToggled('permissions'));
    store.dispatch(notePage.permissionsLoaded({ owners: ['alice'], writers: [], readers: [], runners: [] }));
  });
  const perms = screen.getByRole('region', { name: 'Note permissions' });
  expect(within(perms).getByRole('combobox', { name: 'Owners' })).toHaveValue('alice');
});

test('streamed TEXT output paints per frame with ANSI colours and carriage-return overwrites', async () => {
  const { store } = setup();
  update(store, LAST, { status: 'RUNNING', results: { msg: [] } });
  act(() => {
    store.dispatch(wsIn.PARAGRAPH_UPDATE_OUTPUT({ noteId: NOTE_ID, paragraphId: LAST, index: 0, type: 'TEXT', data: '' }));
    for (const chunk of ['\u001b[31mred\u001b[0m line\n', 'progress 10%\r', 'progress 99%\rdone        \n', 'tail']) {
      store.dispatch(wsIn.PARAGRAPH_APPEND_OUTPUT({ noteId: NOTE_ID, paragraphId: LAST, index: 0, data: chunk }));
    }
  });
  const out = () => document.querySelector(`#paragraph_${LAST} [data-testid="text-result"]`) as HTMLElement;
  await waitFor(() => expect(out()?.textContent).toBe('red line\ndone        \ntail'));
  expect(out().innerHTML).toContain('<span class="ansi-red-fg">red</span>');
});

test('a run\'s final result is drawn in the same render as its status, not a frame later', () => {
  const { store, para } = setup();
  update(store, LAST, { status: 'RUNNING', results: { msg: [] } });
  // No timer or animation frame runs between the frame's arrival and the look at the page.
  update(store, LAST, { status: 'FINISHED', results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: 'the answer\n' }] } });
  expect(para(LAST).getByRole('img', { name: 'Status FINISHED' })).toBeInTheDocument();
  expect(document.querySelector(`#paragraph_${LAST} [data-testid="text-result"]`)?.textContent).toBe('the answer\n');
});

test('a large result shows its size and offers Render or Download', async () => {
  const { store, para, last } = setup();
  update(store, LAST, { results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: 'x'.repeat(1_200_000) }] } });
  const group = await para(LAST).findByRole('group', { name: 'Large result' });
  expect(group).toHaveTextContent('This result is 1.2 MB, too large to draw at once.');
  fireEvent.click(within(group).getByRole('button', { name: 'Download' }));
  expect(last('notePage/resultDownloadRequested')?.payload).toEqual({ id: LAST, index: 0 });
  fireEvent.click(within(group).getByRole('button', { name: 'Render' }));
  expect(para(LAST).queryByRole('group', { name: 'Large result' })).toBeNull();
});

test('a large table result needs no Render: it is drawn (parsed off the page\'s thread) with its first rows at once', async () => {
  const { store, para } = setup();
  const data = 'k\tv\n' + Array.from({ length: 20_000 }, (_, i) => `key ${i} ${'x'.repeat(50)}\t${i}`).join('\n');
  expect(data.length).toBeGreaterThan(1_000_000);
  update(store, LAST, { results: { code: 'SUCCESS', msg: [{ type: 'TABLE', data }] } });
  expect(await para(LAST).findByRole('grid')).toBeInTheDocument();
  expect(para(LAST).queryByRole('group', { name: 'Large result' })).toBeNull();
  expect(await para(LAST).findByText('20000 rows', undefined, { timeout: 30_000 })).toBeInTheDocument();
});

test('copy result text reports "Not supported browser" where there is no clipboard', async () => {
  const { para } = setup();
  fireEvent.click(para(PY).getByRole('button', { name: 'Copy result' }));
  await waitFor(() => expect(para(PY).getByRole('button', { name: 'Not supported browser' })).toBeInTheDocument());
});

test('IMG results are images; a TABLE result is drawn by the visualisation component', async () => {
  const { store, para } = setup();
  update(store, LAST, { results: { code: 'SUCCESS', msg: [{ type: 'IMG', data: 'iVBORw0KGgo=' }, { type: 'TABLE', data: 'a\tb\n1\t2\n' }] } });
  expect(await para(LAST).findByRole('img', { name: /image 1/ })).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
  // TABLE goes to the visualisation component, loaded on demand
  expect(await para(LAST).findByRole('button', { name: 'Table' }, { timeout: 5000 })).toBeInTheDocument();
});

test('?asIframe shows one paragraph without chrome', () => {
  const { store } = setup();
  act(() => { store.dispatch(route.changed(`/notebook/${NOTE_ID}/paragraph/${PY}`, 'asIframe')); });
  // the page component reads the route from props; re-render with the paragraph match
  const { container } = render(<Provider store={store}><NotePage match={{ page: 'note', noteId: NOTE_ID, paragraphId: PY }} /></Provider>);
  expect(container.querySelectorAll('section.paragraph')).toHaveLength(1);
  expect(within(container).queryByRole('toolbar')).toBeNull();
  expect(within(container).queryByRole('button', { name: 'Run paragraph' })).toBeNull();
  expect(document.body).toHaveClass('as-iframe');
});
