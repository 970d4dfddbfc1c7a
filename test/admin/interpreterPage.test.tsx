/** The interpreter page against a real store without sagas: what it shows and the actions it dispatches. */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../src/app/store';
import { PageForRoute } from '../../src/pages/PageForRoute';
import { route } from '../../slices/route';
import { adminInterpreters, defaultOption, type SettingForm } from '../../slices/adminInterpreters';
import type { InterpreterSetting } from '../../protocol';

const sh: InterpreterSetting = {
  id: 'sh', name: 'sh', group: 'sh', status: 'READY', interpreterGroup: [], dependencies: [], option: defaultOption(),
  properties: {
    timeout: { name: 'timeout', value: '60000', type: 'number' },
    home: { name: 'home', value: false, type: 'checkbox' },
    secret: { name: 'secret', value: 'pw', type: 'password' },
    notes: { name: 'notes', value: 'a\nb', type: 'textarea' },
    site: { name: 'site', value: 'http://x', type: 'url' },
    label: { name: 'label', value: 'hello', type: 'string' },
  },
};
const md: InterpreterSetting = { ...sh, id: 'md', name: 'md', group: 'md', properties: {} };
const TYPES = ['textarea', 'string', 'number', 'url', 'password', 'checkbox'];

function setup() {
  const { store, log } = makeStore({ devTools: false, devChecks: true });
  store.dispatch(route.changed('/interpreter'));
  render(<Provider store={store}><PageForRoute /></Provider>);
  const last = (type: string) => [...log.entries()].reverse().find((e) => e.action.type === type)?.action as { payload?: unknown } | undefined;
  const dispatch = (a: Parameters<typeof store.dispatch>[0]) => act(() => { store.dispatch(a); });
  dispatch(adminInterpreters.loaded({
    settings: [sh, md],
    templates: [{ name: 'sh', group: 'sh', properties: { 'shell.command.timeout.millisecs': { defaultValue: '60000', type: 'number' } } }, { name: 'md', group: 'md', properties: {} }],
    propertyTypes: TYPES,
  }));
  dispatch(adminInterpreters.repositoriesLoaded([{ id: 'central', url: 'https://repo1.maven.org/maven2/' }, { id: 'corp', url: 'https://r/', proxy: { type: 'HTTP', host: 'p', port: 3128 } }]));
  return { store, last, dispatch };
}

test('lists settings with search; password values are not shown', () => {
  setup();
  expect(screen.getByRole('region', { name: 'sh' })).toHaveTextContent('Globally');
  expect(screen.getByRole('region', { name: 'sh' })).not.toHaveTextContent('pw');
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search interpreters' }), { target: { value: 'M' } });
  expect(screen.queryByRole('region', { name: 'sh' })).toBeNull();
  expect(screen.getByRole('region', { name: 'md' })).toBeInTheDocument();
});

test('create form: group fills template properties; a typed pending property travels with the submit; server errors show', () => {
  const t = setup();
  fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  const form = screen.getByRole('form', { name: 'Create new interpreter' });
  fireEvent.change(within(form).getByLabelText('Interpreter Name'), { target: { value: 'sh2' } });
  fireEvent.change(within(form).getByLabelText('Interpreter group'), { target: { value: 'sh' } });
  expect(within(form).getByLabelText('Value of shell.command.timeout.millisecs')).toHaveValue(60000);
  fireEvent.change(within(form).getByLabelText('New property name'), { target: { value: 'DB_USER' } });
  fireEvent.change(within(form).getByLabelText('Value of DB_USER'), { target: { value: '{pg.user}' } });
  fireEvent.change(within(form).getByLabelText('Instantiation'), { target: { value: 'Per User' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  const sent = t.last('adminInterpreters/createSubmitted')?.payload as SettingForm;
  expect(sent).toMatchObject({ name: 'sh2', group: 'sh', pendingProperty: { name: 'DB_USER', value: '{pg.user}' }, option: { perUser: 'scoped', perNote: 'shared' } });
  t.dispatch(adminInterpreters.createFailed('Name sh2 already exists'));
  expect(within(form).getByRole('alert')).toHaveTextContent('Name sh2 already exists');
  fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('form', { name: 'Create new interpreter' })).toBeNull();
});

test('the editor uses one input per property type and asks before saving; remove and restart ask too', () => {
  const t = setup();
  fireEvent.click(screen.getByRole('button', { name: 'Edit sh' }));
  const form = screen.getByRole('form', { name: 'Edit sh' });
  expect(within(form).getByLabelText('Value of timeout')).toHaveAttribute('type', 'number');
  expect(within(form).getByLabelText('Value of home')).toHaveAttribute('type', 'checkbox');
  expect(within(form).getByLabelText('Value of secret')).toHaveAttribute('type', 'password');
  expect(within(form).getByLabelText('Value of site')).toHaveAttribute('type', 'url');
  expect(within(form).getByLabelText('Value of label')).toHaveAttribute('type', 'text');
  expect(within(form).getByLabelText('Value of notes').tagName).toBe('TEXTAREA');
  fireEvent.change(within(form).getByLabelText('Value of timeout'), { target: { value: '5000' } });
  fireEvent.click(within(form).getByLabelText('Value of home'));
  fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
  const dialog = screen.getByRole('dialog');
  expect(dialog).toHaveTextContent('Do you want to update this interpreter and restart with new settings?');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  const confirmed = t.last('adminInterpreters/confirmAccepted')?.payload as { kind: string; form: SettingForm };
  expect(confirmed.kind).toBe('update');
  expect(confirmed.form.properties.find((p) => p.name === 'timeout')?.value).toBe('5000');
  expect(confirmed.form.properties.find((p) => p.name === 'home')?.value).toBe(true);
  expect(screen.queryByRole('form', { name: 'Edit sh' })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Restart md' }));
  expect(screen.getByRole('dialog')).toHaveTextContent('Do you want to restart this interpreter?');
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  fireEvent.click(screen.getByRole('button', { name: 'Remove md' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
  expect(t.last('adminInterpreters/confirmAccepted')?.payload).toEqual({ kind: 'remove', id: 'md' });
  t.dispatch(adminInterpreters.errorDialogOpened({ title: 'Error restart interpreter.', message: 'gone' }));
  expect(screen.getByRole('dialog', { name: 'Error restart interpreter.' })).toHaveTextContent('gone');
});

test('repositories: default ones cannot be deleted; the add dialog sends the proxy fields', () => {
  const t = setup();
  const repos = screen.getByRole('region', { name: 'Repositories' });
  expect(within(repos).queryByRole('button', { name: 'Delete repository central' })).toBeNull();
  expect(within(repos).getByRole('listitem', { name: 'corp' })).toHaveTextContent('via HTTP proxy p:3128');
  fireEvent.click(within(repos).getByRole('button', { name: 'Delete repository corp' }));
  expect(screen.getByRole('dialog')).toHaveTextContent('Do you want to delete this repository?');
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  fireEvent.click(within(repos).getByRole('button', { name: 'Add repository' }));
  const dialog = screen.getByRole('dialog', { name: 'Add New Repository' });
  fireEvent.change(within(dialog).getByLabelText('ID'), { target: { value: 'r2' } });
  fireEvent.change(within(dialog).getByLabelText('URL'), { target: { value: 'https://r2/' } });
  fireEvent.change(within(dialog).getByLabelText('Proxy Host'), { target: { value: 'proxy' } });
  fireEvent.change(within(dialog).getByLabelText('Proxy Port'), { target: { value: '8080' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(t.last('adminInterpreters/repositoryAddSubmitted')?.payload).toMatchObject({ id: 'r2', url: 'https://r2/', proxyProtocol: 'HTTP', proxyHost: 'proxy', proxyPort: '8080' });
});

test('markup in a property name, value or description is shown as text, never parsed', () => {
  const { dispatch } = setup();
  const evil = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
  dispatch(adminInterpreters.loaded({
    settings: [{ ...md, properties: { [evil]: { name: evil, value: evil, type: 'string', description: evil } } }],
    templates: [{ name: 'md', group: 'md', properties: {} }],
    propertyTypes: TYPES,
  }));
  const region = screen.getByRole('region', { name: 'md' });
  expect(region.querySelector('img')).toBeNull();
  expect(region.querySelector('b')).toBeNull();
  expect(region.textContent).toContain(evil);
  expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
});
