/** Navbar, login dialog, job manager and search pages against a real store (no sagas). */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { makeStore } from '../../src/app/store';
import { Navbar } from '../../src/components/Navbar';
import { Dialogs } from '../../src/components/Dialogs';
import { PageForRoute } from '../../src/pages/PageForRoute';
import { route } from '../../slices/route';
import { search } from '../../slices/search';
import { session } from '../../slices/session';
import { DEFAULT_ACTION_LOG_LIMITS, ui } from '../../slices/ui';
import { jobManager } from '../../slices/jobManager';
import { wsIn } from '../../slices/wsActions';
import type { NoteJobInfo } from '../../protocol';

function setup(node: React.ReactNode) {
  const { store, log } = makeStore({ devTools: false, devChecks: true });
  render(<Provider store={store}>{node}<Dialogs /></Provider>);
  const lastOf = (type: string) => [...log.entries()].reverse().find((e) => e.action.type === type)?.action;
  return { store, log, lastOf };
}

describe('navbar', () => {
  test("the Notebook menu lists 10 notes, 'Load more' adds 10, and it filters", () => {
    const t = setup(<Navbar />);
    act(() => {
      t.store.dispatch(wsIn.NOTES_INFO({ notes: [...Array.from({ length: 25 }, (_, i) => ({ id: `N${i}`, path: `/n${String(i).padStart(2, '0')}` })), { id: 'T', path: '/~Trash/gone' }] }));
    });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Notebook' }));
    const menu = screen.getByRole('menu', { name: 'Notebook' });
    expect(within(menu).getAllByRole('menuitem').filter((m) => m.tagName === 'A')).toHaveLength(10);
    fireEvent.click(within(menu).getByRole('button', { name: 'Load more' }));
    fireEvent.click(within(menu).getByRole('button', { name: 'Load more' }));
    expect(within(menu).getAllByRole('menuitem').filter((m) => m.tagName === 'A')).toHaveLength(25);
    expect(within(menu).queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.change(within(menu).getByPlaceholderText('Filter'), { target: { value: 'n1' } });
    expect(within(menu).getAllByRole('menuitem').filter((m) => m.tagName === 'A').map((a) => a.textContent)).toEqual(
      ['n10', 'n11', 'n12', 'n13', 'n14', 'n15', 'n16', 'n17', 'n18', 'n19']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Create new note' }));
    expect(screen.getByRole('dialog', { name: 'Create new note' })).toBeInTheDocument();
  });

  test('login is offered when logged out, logout when logged in, neither in anonymous mode; About shows the version', () => {
    const t = setup(<Navbar />);
    act(() => { t.store.dispatch(session.ticketReceived({ principal: 'anonymous', screenUsername: 'anonymous', roles: [] })); });
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    act(() => { t.store.dispatch(session.ticketMissing()); });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = screen.getByRole('dialog', { name: 'Login' });
    fireEvent.change(within(dialog).getByLabelText('User Name'), { target: { value: ' alice ' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    const submitted = t.lastOf('session/loginSubmitted')?.payload as { userName: string; password: string };
    expect(submitted).toEqual({ userName: 'alice' });
    expect(submitted.password).toBe('pw');
    act(() => { t.store.dispatch(ui.loginFailed("The username and password that you entered don't match.")); });
    expect(within(dialog).getByRole('alert')).toHaveTextContent("The username and password that you entered don't match.");
    act(() => {
      t.store.dispatch(ui.dialogClosed());
      t.store.dispatch(session.ticketReceived({ principal: 'alice', screenUsername: 'alice', roles: [] }));
    });
    expect(screen.getByText('alice')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(t.lastOf('session/logoutRequested')).toBeDefined();
    act(() => { t.store.dispatch({ type: 'server/versionReceived', payload: '0.12.0' }); });
    fireEvent.click(screen.getByRole('button', { name: 'About Zeppelin' }));
    expect(screen.getByRole('dialog', { name: 'About Zeppelin' })).toHaveTextContent('Zeppelin 0.12.0');
  });

  test('the theme follows the OS until chosen; the date language is switchable', () => {
    const t = setup(<Navbar />);
    expect(document.documentElement.dataset.theme).toBeUndefined();
    fireEvent.change(screen.getByRole('combobox', { name: 'Theme' }), { target: { value: 'dark' } });
    expect(document.documentElement.dataset.theme).toBe('dark');
    fireEvent.change(screen.getByRole('combobox', { name: 'Theme' }), { target: { value: 'system' } });
    expect(document.documentElement.dataset.theme).toBeUndefined();
    fireEvent.change(screen.getByRole('combobox', { name: 'Date language' }), { target: { value: 'de' } });
    expect(t.store.getState().ui.locale).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });

  test('the action log dialog shows what the log keeps and takes new limits, checked before they are chosen', () => {
    const t = setup(<Navbar />);
    fireEvent.click(screen.getByRole('button', { name: 'Action log settings' }));
    expect(t.lastOf('ui/actionLogSettingsRequested')).toBeDefined();
    act(() => {
      t.store.dispatch(ui.dialogOpened({ kind: 'actionLog', stats: { entries: 12345, bytes: 3 * 1024 * 1024, limits: DEFAULT_ACTION_LOG_LIMITS, oldestAt: null } }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Action log' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Keeping 12,345 actions (3.0 MB).');
    expect(within(dialog).getByLabelText('Most actions kept')).toHaveValue(200000);
    expect(within(dialog).getByLabelText('Most megabytes kept')).toHaveValue(64);
    fireEvent.change(within(dialog).getByLabelText('Most actions kept'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Actions: a whole number from 1,000 to 5,000,000.');
    expect(t.lastOf('ui/actionLogLimitsChosen')).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText('Most actions kept'), { target: { value: '50000' } });
    fireEvent.change(within(dialog).getByLabelText('Most megabytes kept'), { target: { value: '16' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(t.lastOf('ui/actionLogLimitsChosen')?.payload).toEqual({ maxEntries: 50000, maxBytes: 16 * 1024 * 1024 });
    expect(t.store.getState().ui.actionLogLimits).toEqual({ maxEntries: 50000, maxBytes: 16 * 1024 * 1024 });
  });
});

describe('job manager page', () => {
  const job = (i: number, over: Partial<NoteJobInfo> = {}): NoteJobInfo => ({
    noteId: `N${i}`, noteName: `note ${i}`, noteType: 'normal', interpreter: i % 2 ? 'spark' : 'python', isRunningJob: false,
    unixTimeLastRun: 1_700_000_000_000 - i * 60_000, paragraphs: [], ...over,
  });

  test('jobs with icon, state, relative time in the chosen language, progress and status dots; pager; filters', () => {
    const t = setup(<PageForRoute />);
    act(() => {
      t.store.dispatch(route.changed('/jobmanager'));
      t.store.dispatch(wsIn.LIST_NOTE_JOBS({ noteJobs: { lastResponseUnixTime: 1_700_000_000_000, jobs: [
        job(0, { noteType: 'cron', isRunningJob: true, paragraphs: [
          { id: 'p1', name: 'load', status: 'FINISHED' }, { id: 'p2', name: 'train', status: 'RUNNING' }, { id: 'p3', name: 'plot', status: 'READY' },
        ] }),
        ...Array.from({ length: 11 }, (_, i) => job(i + 1)),
      ] } }));
    });
    const list = screen.getByRole('list', { name: 'Jobs' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const first = within(list).getByRole('listitem', { name: 'note 0' });
    expect(within(first).getByRole('img', { name: 'Scheduled note (cron)' })).toBeInTheDocument();
    expect(first).toHaveTextContent('RUNNING');
    expect(within(first).getByRole('progressbar')).toHaveTextContent('67%');
    const dots = within(first).getAllByRole('link').filter((a) => a.classList.contains('job-dot'));
    expect(dots.map((d) => [d.getAttribute('aria-label'), d.style.color, d.className])).toEqual([
      ['load is FINISHED', 'green', 'job-dot job-dot-filled'],
      ['train is RUNNING', 'blue', 'job-dot job-dot-spinner'],
      ['plot is READY', 'green', 'job-dot job-dot-empty'],
    ]);
    expect(dots[0]).toHaveAttribute('href', '#/notebook/N0/paragraph/p1');
    const second = within(list).getByRole('listitem', { name: 'note 1' });
    expect(within(second).getByRole('time')).toHaveTextContent('1 minute ago');
    act(() => { t.store.dispatch(ui.localeChosen('de')); });
    expect(within(second).getByRole('time')).toHaveTextContent('vor 1 Minute');

    fireEvent.click(within(first).getByRole('button', { name: 'Stop all paragraphs' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Stop all paragraphs?' })).getByRole('button', { name: 'Stop' }));
    expect(t.lastOf('noteDialogs/confirmed')?.payload).toEqual(jobManager.stopRequested({ noteId: 'N0' }));

    const pager = screen.getByRole('navigation', { name: 'Pages' });
    fireEvent.click(within(pager).getByRole('button', { name: '2' }));
    expect(within(screen.getByRole('list', { name: 'Jobs' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['note 10', 'note 11']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), { target: { value: 'oldest' } });
    expect(within(screen.getByRole('list', { name: 'Jobs' })).getAllByRole('listitem')[0]).toHaveAttribute('aria-label', 'note 1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Interpreter' }), { target: { value: 'spark' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search jobs by note name' }), { target: { value: 'note 1' } });
    expect(within(screen.getByRole('list', { name: 'Jobs' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['note 11', 'note 1']);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    act(() => { t.store.dispatch(wsIn.LIST_UPDATE_NOTE_JOBS({ noteRunningJobs: { lastResponseUnixTime: 1_700_000_001_000, jobs: [{ noteId: 'N1', isRemoved: true, isRunningJob: false, unixTimeLastRun: 0 }] } })); });
    expect(within(screen.getByRole('list', { name: 'Jobs' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['note 11']);
  });

  test('a server with the job manager disabled says so', () => {
    const t = setup(<PageForRoute />);
    act(() => {
      t.store.dispatch(route.changed('/jobmanager'));
      t.store.dispatch(wsIn.JOB_MANAGER_DISABLED({ errorMessage: 'Job Manager is disabled in the current configuration.' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Job Manager is disabled in the current configuration.');
  });
});

describe('search page', () => {
  test('hits with highlighted matches and links; paragraph hits carry paragraph and term', () => {
    const t = setup(<PageForRoute />);
    act(() => { t.store.dispatch(route.changed('/search/print')); });
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    act(() => {
      t.store.dispatch(search.started('print'));
      t.store.dispatch(search.received({ term: 'print', hits: [
        { id: 'N1', name: 'My <B>print</B>er notes', header: '', snippet: '', text: '' },
        { id: 'N1/paragraph/p_1', name: 'My printer notes', header: 'Step <B>one</B>', snippet: 'x = 1\n<B>print</B>(x) &lt;tag&gt;', text: '' },
      ] }));
    });
    const hits = within(screen.getByRole('list', { name: 'Search results' })).getAllByRole('listitem');
    expect(within(hits[0]).getByRole('link')).toHaveAttribute('href', '#/notebook/N1');
    expect(within(hits[0]).getByText('print', { selector: 'mark' })).toBeInTheDocument();
    expect(within(hits[1]).getByRole('link')).toHaveAttribute('href', '#/notebook/N1?paragraph=p_1&term=print');
    expect(hits[1].querySelector('code')?.textContent).toBe('x = 1\nprint(x) <tag>');
    expect([...hits[1].querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['one', 'print']);
    expect(hits[1].querySelector('tag')).toBeNull();
  });

  test('a clear no-results state', () => {
    const t = setup(<PageForRoute />);
    act(() => {
      t.store.dispatch(route.changed('/search/zzz'));
      t.store.dispatch(search.started('zzz'));
      t.store.dispatch(search.received({ term: 'zzz', hits: [] }));
    });
    expect(screen.getByText("We couldn't find any notebook matching 'zzz'.")).toBeInTheDocument();
  });
});
