/** The admin pages against a real store without sagas: what they show, and the actions they dispatch. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../src/app/store';
import { PageForRoute } from '../../src/pages/PageForRoute';
import { route } from '../../slices/route';
import { adminCredentials, CREDENTIAL_TEXT } from '../../slices/adminCredentials';
import { adminConfigurations } from '../../slices/adminConfigurations';
import { adminNotebookRepos } from '../../slices/adminNotebookRepos';
import { adminHelium, type HeliumResult } from '../../slices/adminHelium';
import { adminCluster, statusLook } from '../../slices/adminCluster';

function setup(path: string) {
  const { store, log } = makeStore({ devTools: false, devChecks: true });
  store.dispatch(route.changed(path));
  render(<Provider store={store}><PageForRoute /></Provider>);
  const last = (type: string) => [...log.entries()].reverse().find((e) => e.action.type === type)?.action as { payload?: unknown } | undefined;
  return { store, log, last, act: (a: Parameters<typeof store.dispatch>[0]) => act(() => { store.dispatch(a); }) };
}

describe('credential page', () => {
  test('lists credentials with masked passwords; add, edit and delete dispatch the right actions', () => {
    const t = setup('/credential');
    expect(screen.getByRole('status')).toHaveTextContent('Loading credentials');
    t.act(adminCredentials.loaded([{ entity: 'shell.sh', username: 'bob' }, { entity: 'jdbc.pg', username: 'ann' }]));
    const table = screen.getByRole('table', { name: 'Credentials' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['jdbc.pg', 'shell.sh']);
    expect(rows[0]).toHaveTextContent('**********');

    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const form = screen.getByRole('form', { name: 'Add new credential' });
    fireEvent.change(within(form).getByLabelText('Entity'), { target: { value: 'md.md' } });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'u' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const added = t.last('adminCredentials/addSubmitted')?.payload as { entity: string; username: string; password?: string };
    expect(added).toEqual({ entity: 'md.md', username: 'u' });
    expect(added.password).toBe('pw');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    t.act(adminCredentials.saveFinished({ ok: true, kind: 'add' }));
    expect(screen.queryByRole('form', { name: 'Add new credential' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Edit jdbc.pg' }));
    const row = screen.getByRole('row', { name: 'jdbc.pg' });
    fireEvent.keyDown(within(row).getByLabelText('Entity'), { key: 'x' });
    expect(t.store.getState().ui.toasts.map((x) => x.text)).toEqual([CREDENTIAL_TEXT.entityLocked]);
    fireEvent.change(within(row).getByLabelText('Username'), { target: { value: 'ann2' } });
    fireEvent.change(within(row).getByLabelText('Password'), { target: { value: 'pw2' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    const updated = t.last('adminCredentials/updateSubmitted')?.payload as { entity: string; username: string; password?: string };
    expect([updated, updated.password]).toEqual([{ entity: 'jdbc.pg', username: 'ann2' }, 'pw2']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete shell.sh' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete credential' });
    expect(dialog).toHaveTextContent(CREDENTIAL_TEXT.confirmDelete);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(t.last('adminCredentials/deleteConfirmed')?.payload).toBe('shell.sh');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('configuration page', () => {
  test('shows the settings sorted, read-only', () => {
    const t = setup('/configuration');
    t.act(adminConfigurations.loaded({ 'zeppelin.z': '1', 'zeppelin.a': '<b>x</b>' }));
    const cells = within(screen.getByRole('table', { name: 'Configurations' })).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['zeppelin.a', '<b>x</b>', 'zeppelin.z', '1']);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('notebook repos page', () => {
  test('edits a repository inline and says when a restart is pending', () => {
    const t = setup('/notebookRepos');
    const repo = { name: 'Local', className: 'c.Local', activePath: '/a', settings: [{ type: 'INPUT' as const, name: 'Notebook Path', selected: '/a', value: [] }] };
    t.act(adminNotebookRepos.loaded([repo]));
    const section = screen.getByRole('region', { name: 'Local' });
    expect(within(section).queryByRole('note')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(section).getByLabelText('Notebook Path'), { target: { value: '/b' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(t.last('adminNotebookRepos/saveSubmitted')?.payload).toEqual({ className: 'c.Local', settings: { 'Notebook Path': '/b' } });
    t.act(adminNotebookRepos.saved({ ...repo, settings: [{ ...repo.settings[0], selected: '/b' }] }));
    expect(within(section).getByRole('note')).toHaveTextContent('Notes are read from /a until the server restarts.');
  });

  test('our server lists both back ends: the one in use is marked, and a newly chosen one says when it takes over', () => {
    const t = setup('/notebookRepos');
    const settings = (use: string) => [
      { type: 'INPUT' as const, name: 'Notebook Path', selected: '/a', value: [] },
      { type: 'DROPDOWN' as const, name: 'Use for notes', selected: use, value: [{ name: 'Yes', value: 'true' }, { name: 'No', value: 'false' }] },
    ];
    const local = { name: 'LocalFolderNotebookRepo', className: 'c.Local', activePath: '/a', active: false, settings: settings('false') };
    const git = { name: 'GitNotebookRepo', className: 'c.Git', activePath: '/a', active: true, settings: settings('true') };
    t.act(adminNotebookRepos.loaded([local, git]));
    expect(screen.getByRole('heading', { name: 'GitNotebookRepo (in use)' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'GitNotebookRepo' })).getByRole('row', { name: 'Use for notes Yes' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).toBeNull();
    const section = screen.getByRole('region', { name: 'LocalFolderNotebookRepo' });
    fireEvent.click(within(section).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(section).getByLabelText('Use for notes'), { target: { value: 'true' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(t.last('adminNotebookRepos/saveSubmitted')?.payload).toEqual({ className: 'c.Local', settings: { 'Notebook Path': '/a', 'Use for notes': 'true' } });
    t.act(adminNotebookRepos.loaded([{ ...local, settings: settings('true') }, { ...git, settings: settings('false') }]));
    expect(within(screen.getByRole('region', { name: 'LocalFolderNotebookRepo' })).getByRole('note')).toHaveTextContent('Serves notes from the next server start.');
    expect(within(screen.getByRole('region', { name: 'GitNotebookRepo' })).getByRole('note')).toHaveTextContent('Serves notes until the server restarts.');
  });

  test('the back end in use lists the note files it could not read, with the reason', () => {
    const t = setup('/notebookRepos');
    const settings = [{ type: 'INPUT' as const, name: 'Notebook Path', selected: '/a', value: [] }];
    const git = { name: 'GitNotebookRepo', className: 'c.Git', activePath: '/a', active: true, settings, unreadableNotes: [] };
    t.act(adminNotebookRepos.loaded([git]));
    expect(screen.queryByRole('table', { name: 'Note files that could not be read' })).toBeNull();
    t.act(adminNotebookRepos.loaded([{ ...git, unreadableNotes: [{ file: 'team/bad_2BADNOTE1.zpln', reason: 'info must be an object' }] }]));
    const table = screen.getByRole('table', { name: 'Note files that could not be read' });
    expect(within(table).getByRole('row', { name: 'team/bad_2BADNOTE1.zpln info must be an object' })).toBeInTheDocument();
  });
});

const result = (name: string, type: HeliumResult['pkg']['type'], enabled: boolean, extra: Partial<HeliumResult['pkg']> = {}): HeliumResult => ({
  enabled, pkg: { type, name, artifact: `${name}@1.0.0`, description: `${name} does things`, published: '2026-01-01T00:00:00Z', icon: '<i class="fa fa-th" onclick="alert(1)"></i>', ...extra },
});

describe('helium page', () => {
  test('VISUALIZATION by default; type filter; enable needs confirmation; versions; config panel states', () => {
    const t = setup('/helium');
    t.act(adminHelium.loaded({
      heat: [result('heat', 'VISUALIZATION', false), result('heat', 'VISUALIZATION', false, { artifact: 'heat@0.9.0', published: '2025-01-01T00:00:00Z' })],
      bars: [result('bars', 'VISUALIZATION', true)],
      wc: [result('wc', 'SPELL', false, { spell: { magic: '%wc', usage: '%wc text' } })],
    }, [], 0));
    expect(screen.getByRole('button', { name: 'VISUALIZATION' })).toHaveAttribute('aria-pressed', 'true');
    const list = screen.getByRole('list', { name: 'Packages' });
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['bars', 'heat']);
    expect(document.querySelector('[onclick]')).toBeNull();

    const heat = within(list).getByRole('listitem', { name: 'heat' });
    fireEvent.click(within(heat).getByRole('button', { name: 'Versions (2)' }));
    expect(within(within(heat).getByRole('list', { name: 'Versions of heat' })).getAllByRole('listitem').map((l) => l.textContent?.split(' ')[0])).toEqual(['heat@1.0.0', 'heat@0.9.0']);
    fireEvent.click(within(heat).getByRole('button', { name: 'Enable' }));
    const dialog = screen.getByRole('dialog', { name: 'Enable heat' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(t.last('adminHelium/confirmAccepted')?.payload).toEqual({ action: 'enable', name: 'heat', artifact: 'heat@1.0.0' });

    const bars = within(list).getByRole('listitem', { name: 'bars' });
    fireEvent.click(within(bars).getByRole('button', { name: 'Config' }));
    expect(within(bars).getByRole('button', { name: 'Loading config…' })).toBeDisabled();
    t.act(adminHelium.configLoaded({ name: 'bars', spec: { n: { type: 'number', defaultValue: 3 }, j: { type: 'json' } }, persisted: { j: { a: 1 } } }));
    const form = within(bars).getByRole('form', { name: 'Configuration of bars' });
    expect(within(form).getByLabelText('n (number)')).toHaveValue('3');
    expect(within(form).getByLabelText('j (json)')).toHaveValue('{"a":1}');
    fireEvent.change(within(form).getByLabelText('n (number)'), { target: { value: '4.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(t.last('adminHelium/configSaveSubmitted')?.payload).toEqual({ name: 'bars', artifact: 'bars@1.0.0', values: { n: '4.5', j: '{"a":1}' } });

    fireEvent.click(within(bars).getByRole('button', { name: 'Disable' }));
    expect(screen.getByRole('dialog', { name: 'Disable bars' })).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'SPELL' }));
    expect(within(screen.getByRole('list', { name: 'Packages' })).getByRole('listitem', { name: 'wc' })).toHaveTextContent('Usage: %wc text');
  });

  test('the order list moves packages and enables Save only when changed; error dialogs close', () => {
    const t = setup('/helium');
    t.act(adminHelium.loaded({ a: [result('a', 'VISUALIZATION', true)], b: [result('b', 'VISUALIZATION', true)] }, ['a', 'b'], 0));
    const order = screen.getByRole('list', { name: 'Visualization order' });
    const save = within(screen.getByRole('region', { name: 'Visualization package display order' })).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    fireEvent.click(within(order).getByRole('button', { name: 'Move b up' }));
    expect(within(order).getAllByRole('listitem').map((l) => l.getAttribute('aria-label'))).toEqual(['b', 'a']);
    expect(save).toBeEnabled();
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: '', dropEffect: '' };
    const items = within(order).getAllByRole('listitem');
    fireEvent.dragStart(items[1], { dataTransfer });
    fireEvent.drop(items[0], { dataTransfer });
    expect(t.store.getState().adminHelium.order).toEqual(['a', 'b']);
    fireEvent.click(save);
    expect(t.last('adminHelium/orderSaveSubmitted')).toBeDefined();
    t.act(adminHelium.errorShown({ title: 'Error on saving order', message: 'nope' }));
    const dialog = screen.getByRole('dialog', { name: 'Error on saving order' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('more than 10 packages page with links', () => {
    const t = setup('/helium');
    const pkgs: Record<string, HeliumResult[]> = {};
    for (let i = 0; i < 23; i++) pkgs[`p${i}`] = [result(`p${i}`, 'VISUALIZATION', false, { published: new Date(Date.UTC(2020, 0, i + 1)).toISOString() })];
    t.act(adminHelium.loaded(pkgs, [], 0));
    expect(within(screen.getByRole('list', { name: 'Packages' })).getAllByRole('listitem')).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    fireEvent.click(within(pages).getByRole('button', { name: '3' }));
    expect(within(screen.getByRole('list', { name: 'Packages' })).getAllByRole('listitem').map((l) => l.getAttribute('aria-label'))).toEqual(['p2', 'p1', 'p0']);
  });
});

describe('cluster pages', () => {
  test('status colour is the number modulo 6', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 11, -1].map((n) => statusLook(n).className.split(' ').slice(1).join(' '))).toEqual(
      ['green circle-o', 'green', 'orange', 'red', 'gray', 'blue spinner', 'green circle-o', 'blue spinner', 'blue spinner']);
  });

  test('lists nodes linking to their page; the node page lists processes or says there are none', () => {
    const t = setup('/cluster');
    t.act(adminCluster.nodesLoaded([{ node: { NODE_NAME: 'host:1', STATUS: 1 }, properties: { SERVER_PORT: 1 } }]));
    const node = within(screen.getByRole('list', { name: 'Nodes' })).getByRole('listitem', { name: 'host:1' });
    expect(within(node).getByRole('link', { name: 'host:1' })).toHaveAttribute('href', '#/cluster/host%3A1/*');
    expect(within(node).getByRole('img', { name: 'Status running' })).toHaveClass('green');
    t.act(route.changed('/cluster/host:1/*'));
    t.act(adminCluster.nodeLoaded([]));
    expect(screen.getByText(/No interpreter process has been started/)).toBeInTheDocument();
    t.act(adminCluster.nodeLoaded([{ node: { NODE_NAME: 'host:1', INTP_PROCESS_NAME: 'sh-shared_process', STATUS: 5 }, properties: { INTP_PROCESS_NAME: 'sh-shared_process' } }]));
    const proc = within(screen.getByRole('list', { name: 'Interpreter processes' })).getByRole('listitem', { name: 'sh-shared_process' });
    expect(within(proc).getByRole('img')).toHaveClass('spinner');
    expect(within(proc).getByRole('row', { name: /INTP_PROCESS_NAME/ })).toHaveTextContent('sh-shared_process');
  });
});
