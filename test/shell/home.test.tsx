/** The home page and the note/folder dialogs against a real store (no sagas): what they show and dispatch. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../src/app/store';
import { HomePage } from '../../src/pages/HomePage';
import { Dialogs } from '../../src/components/Dialogs';
import { helium } from '../../slices/helium';
import { noteDialogs } from '../../slices/noteDialogs';
import { wsIn, wsOut } from '../../slices/wsActions';
import type { InterpreterSetting } from '../../protocol';

function setup(paths: string[] = []) {
  const { store, log } = makeStore({ devTools: false, devChecks: true });
  act(() => { store.dispatch(wsIn.NOTES_INFO({ notes: paths.map((path, i) => ({ id: `N${i}`, path })) })); });
  const view = render(<Provider store={store}><HomePage /><Dialogs /></Provider>);
  const sent = () => log.types().filter((t) => t.startsWith('ws/send/'));
  const lastOf = (type: string) => [...log.entries()].reverse().find((e) => e.action.type === type)?.action;
  return { store, log, view, sent, lastOf };
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

test('the tree: folders first, names alphabetical, trash last and folded, unnamed notes as Note {id}', () => {
  setup(['/zeta', '/alpha/one', '/~Trash/old', '/']);
  const rows = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem').map((li) => li.textContent?.replace(/[^\w ~]/g, '').trim());
  expect(rows).toEqual(['alpha', 'one', 'Note N3', 'zeta', 'Trash']);
  fireEvent.click(screen.getByRole('button', { name: 'Trash' }));
  expect(screen.getByRole('link', { name: 'old' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'alpha' }));
  expect(screen.queryByRole('link', { name: 'one' })).toBeNull();
});

test('about window height / 20 rows first, 10 more on demand; the filter shows matching paths', () => {
  Object.defineProperty(window, 'innerHeight', { value: 300, configurable: true });
  setup(Array.from({ length: 40 }, (_, i) => `/n${String(i).padStart(2, '0')}`));
  expect(screen.getAllByRole('link')).toHaveLength(15);
  fireEvent.click(screen.getByRole('button', { name: 'Show more notes' }));
  expect(screen.getAllByRole('link')).toHaveLength(25);
  fireEvent.change(screen.getByPlaceholderText('Filter'), { target: { value: 'N3' } });
  expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual(['n30', 'n31', 'n32', 'n33', 'n34', 'n35', 'n36', 'n37', 'n38', 'n39']);
  fireEvent.change(screen.getByPlaceholderText('Filter'), { target: { value: 'nothing' } });
  expect(screen.getByText("No note matches 'nothing'.")).toBeInTheDocument();
});

test('reload asks the server to reload from storage; create and import open their dialogs', () => {
  const t = setup(['/a']);
  fireEvent.click(screen.getByRole('button', { name: 'Reload notes from storage' }));
  expect(t.sent()).toEqual(['ws/send/RELOAD_NOTES_FROM_REPO']);
  fireEvent.click(screen.getByRole('button', { name: 'Create new note' }));
  expect(screen.getByRole('dialog', { name: 'Create new note' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  fireEvent.click(screen.getByRole('button', { name: 'Import note' }));
  expect(screen.getByRole('dialog', { name: 'Import new note' })).toBeInTheDocument();
});

test('create: name field first with the next Untitled Note, interpreter from the settings, NEW_NOTE on Create', () => {
  const t = setup(['/Untitled Note 2', '/reports/x']);
  const setting = (name: string) => ({ id: name, name, group: name, properties: {}, interpreterGroup: [], dependencies: [], option: {} }) as InterpreterSetting;
  act(() => { t.store.dispatch(wsIn.INTERPRETER_SETTINGS({ interpreterSettings: [setting('python'), setting('md')] })); });
  fireEvent.click(within(rowOf('x').parentElement as HTMLElement).getByRole('button', { name: 'New note in this folder' }));
  const dialog = screen.getByRole('dialog', { name: 'Create new note' });
  const fields = within(dialog).getAllByRole('textbox');
  expect(fields[0]).toHaveAccessibleName('Note Name');
  expect(fields[0]).toHaveValue('reports/Untitled Note 3');
  fireEvent.change(within(dialog).getByRole('combobox', { name: 'Default Interpreter' }), { target: { value: 'md' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
  expect(t.lastOf('ws/send/NEW_NOTE')?.payload).toEqual({ name: 'reports/Untitled Note 3', defaultInterpreterGroup: 'md' });
  expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
});

test('note actions: rename (blank refused), clone with a counter, clear output and trash with confirmations', () => {
  const t = setup(['/a/Report', '/a/Report 1']);
  fireEvent.click(within(rowOf('Report')).getByRole('button', { name: 'Rename note' }));
  const rename = screen.getByRole('dialog', { name: 'Rename note' });
  const field = within(rename).getByRole('textbox', { name: 'New name' });
  expect(field).toHaveValue('a/Report');
  fireEvent.change(field, { target: { value: '   ' } });
  expect(within(rename).getByRole('button', { name: 'Rename' })).toBeDisabled();
  expect(within(rename).getByRole('alert')).toHaveTextContent('The name must not be blank.');
  fireEvent.change(field, { target: { value: ' b/Renamed ' } });
  fireEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
  expect(t.lastOf('ws/send/NOTE_RENAME')?.payload).toEqual({ id: 'N0', name: 'b/Renamed', relative: false });
  expect(screen.queryByRole('dialog')).toBeNull();

  fireEvent.click(within(rowOf('Report')).getByRole('button', { name: 'Clone note' }));
  const clone = screen.getByRole('dialog', { name: 'Clone note' });
  expect(within(clone).getByRole('textbox')).toHaveValue('a/Report 2');
  fireEvent.click(within(clone).getByRole('button', { name: 'Clone' }));
  expect(t.lastOf('noteDialogs/cloneRequested')?.payload).toEqual({ noteId: 'N0', name: 'a/Report 2' });
  act(() => { t.store.dispatch(noteDialogs.closed()); });

  fireEvent.click(within(rowOf('Report')).getByRole('button', { name: 'Move note to trash' }));
  const confirm = screen.getByRole('dialog', { name: 'Move this note to trash?' });
  expect(confirm).toHaveTextContent('This note will be moved to trash.');
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  expect(t.lastOf('noteDialogs/confirmed')).toBeUndefined();
  fireEvent.click(within(rowOf('Report')).getByRole('button', { name: 'Clear output' }));
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
  expect(t.lastOf('noteDialogs/confirmed')?.payload).toEqual(wsOut.PARAGRAPH_CLEAR_ALL_OUTPUT({ id: 'N0' }));
});

test('folder rename normalises the name and warns before merging into an existing folder', () => {
  const t = setup(['/a/x', '/b/y']);
  const folderRow = screen.getByRole('button', { name: 'a' }).closest('li') as HTMLElement;
  fireEvent.click(within(folderRow).getByRole('button', { name: 'Rename folder' }));
  const dialog = screen.getByRole('dialog', { name: 'Rename folder' });
  const field = within(dialog).getByRole('textbox', { name: 'New name' });
  fireEvent.change(field, { target: { value: ' //b/ ' } });
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Folder b already exists.');
  fireEvent.change(field, { target: { value: ' \\c\\\\d/ ' } });
  expect(within(dialog).queryByRole('alert')).toBeNull();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
  expect(t.lastOf('ws/send/FOLDER_RENAME')?.payload).toEqual({ id: 'a', name: 'c/d' });
});

test('trash: restore and remove per note and folder, restore all and empty trash, each confirmed', () => {
  const t = setup(['/~Trash/f/x', '/~Trash/y']);
  fireEvent.click(screen.getByRole('button', { name: 'Trash' }));
  const confirmWith = (row: HTMLElement, action: string, verb: string) => {
    fireEvent.click(within(row).getByRole('button', { name: action }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: verb }));
    return t.lastOf('noteDialogs/confirmed')?.payload;
  };
  const trashRow = screen.getByRole('button', { name: 'Trash' }).closest('li') as HTMLElement;
  const folderRow = screen.getByRole('button', { name: 'f' }).closest('li') as HTMLElement;
  expect(confirmWith(rowOf('y'), 'Restore note', 'Restore')).toEqual(wsOut.RESTORE_NOTE({ id: 'N1' }));
  expect(confirmWith(rowOf('y'), 'Remove note permanently', 'Remove')).toEqual(wsOut.DEL_NOTE({ id: 'N1' }));
  expect(confirmWith(folderRow, 'Restore folder', 'Restore')).toEqual(wsOut.RESTORE_FOLDER({ id: '~Trash/f' }));
  expect(confirmWith(folderRow, 'Remove folder permanently', 'Remove')).toEqual(wsOut.REMOVE_FOLDER({ id: '~Trash/f' }));
  expect(confirmWith(trashRow, 'Restore all', 'Restore all')).toEqual(wsOut.RESTORE_ALL({}));
  expect(confirmWith(trashRow, 'Empty trash', 'Empty trash')).toEqual(wsOut.EMPTY_TRASH({}));
});

test('a custom home note is shown instead of the list', () => {
  const t = setup(['/a']);
  act(() => {
    t.store.dispatch(helium.bundlesLoaded([]));
    t.store.dispatch(wsOut.GET_HOME_NOTE({}));
    t.store.dispatch(wsIn.NOTE({ note: { id: 'HOME1', name: 'Our home', path: '/Our home', paragraphs: [] } }));
  });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Our home');
  expect(screen.queryByRole('list', { name: 'Notes' })).toBeNull();
});

test('import: the limit in MB, a chosen file read and handed over, errors shown, URL in step 2', async () => {
  const t = setup([]);
  act(() => { t.store.dispatch(noteDialogs.importOpened()); });
  const dialog = screen.getByRole('dialog', { name: 'Import new note' });
  expect(dialog).toHaveTextContent('A Zeppelin note (.zpln, .json) or a Jupyter notebook (.ipynb), up to 10 MB');
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Import As' }), { target: { value: 'Mine' } });
  const file = new File(['{"paragraphs":[{}]}'], 'n.zpln', { type: 'application/json' });
  fireEvent.change(within(dialog).getByLabelText('Choose a note file (.zpln, .json or .ipynb)'), { target: { files: [file] } });
  await waitFor(() => expect(t.lastOf('noteDialogs/importFileChosen')?.payload).toEqual({ name: 'Mine', fileName: 'n.zpln', size: 19, text: '{"paragraphs":[{}]}' }));
  act(() => { t.store.dispatch(noteDialogs.importFailed('Invalid JSON')); });
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid JSON');
  act(() => { t.store.dispatch(noteDialogs.importStepShown(2)); });
  fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'https://x/n.zpln' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
  expect(t.lastOf('noteDialogs/importUrlSubmitted')?.payload).toEqual({ name: 'Mine', url: 'https://x/n.zpln' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
  expect(t.lastOf('noteDialogs/importStepRequested')?.payload).toBe(1);
});
