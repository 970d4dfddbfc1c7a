/** @jest-environment node */
/** Pure shell rules: naming conventions, the visible part of the tree, job figures, search highlights, date languages. */
import { cloneNoteName, defaultNewNoteName, folderIds, normalizeFolderId } from '../../src/app/noteNames';
import { buildNoteTree, flattenNotes, type FolderNode } from '../../slices/domain/noteTree';
import { filteredNotes, visibleRows } from '../../src/pages/home/visibleRows';
import { highlightParts, hitHref } from '../../src/pages/search/highlight';
import { jobIcon, jobProgress, jobState, pageLinks, selectJobView, STATUS_COLOURS, type JobManagerState } from '../../slices/jobManager';
import { jobsAdapter } from '../../slices/jobs';
import { parseImport } from '../../sagas/noteActions';
import { limitInMb } from '../../src/components/dialogs/ImportNoteDialog';
import { dateLocale, formatLongDateTime, formatRelative, monthNames, resolveLanguageTag, weekdayNames } from '../../slices/domain/locales';
import { formatDate, PARAGRAPH_DATE_FORMAT } from '../../slices/domain/dates';
import type { NoteJobInfo } from '../../protocol';

const info = (...paths: string[]) => paths.map((path, i) => ({ id: `N${i}`, path }));

describe('note names', () => {
  test("default name is 'Untitled Note N' after the highest root-level N, prefixed by the folder", () => {
    expect(defaultNewNoteName([])).toBe('Untitled Note 1');
    const list = info('/Untitled Note 1', '/Untitled Note 7', '/a/Untitled Note 30', '/Untitled Note x');
    expect(defaultNewNoteName(list)).toBe('Untitled Note 8');
    expect(defaultNewNoteName(list, 'reports/2026')).toBe('reports/2026/Untitled Note 8');
    expect(defaultNewNoteName(list, '/reports/')).toBe('reports/Untitled Note 8');
  });

  test('a clone name is the source name with a counter incremented', () => {
    expect(cloneNoteName('/a/Report', info('/a/Report'))).toBe('a/Report 1');
    expect(cloneNoteName('/a/Report', info('/a/Report', '/a/Report 1', '/a/Report 4'))).toBe('a/Report 5');
    expect(cloneNoteName('/a/Report 2', info('/a/Report 2'))).toBe('a/Report 3');
    expect(cloneNoteName('/Sales (Q1)', info('/Sales (Q1)', '/Sales (Q1) 1'))).toBe('Sales (Q1) 2');
  });

  test('folder rename normalisation: trim, backslashes, repeated slashes, leading and trailing slash', () => {
    expect(normalizeFolderId('  /a\\\\b///c/ ')).toBe('a/b/c');
    expect(normalizeFolderId('reports')).toBe('reports');
    expect(normalizeFolderId(' / ')).toBe('');
    expect([...folderIds(info('/a/b/n', '/c/n', '/root'))].sort()).toEqual(['a', 'a/b', 'c']);
  });
});

describe('home list', () => {
  const tree = buildNoteTree([
    { id: '1', path: '/zeta' }, { id: '2', path: '/alpha/one' }, { id: '3', path: '/alpha/two' },
    { id: '4', path: '/~Trash/gone' }, { id: '5', path: '/beta/deep/x' }, { id: '6', path: '/' },
  ]);

  test('folders first, alphabetical, trash last and folded; unnamed notes show as Note {id}', () => {
    const { rows, more } = visibleRows(tree, {}, 100);
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${r.node.name}`)).toEqual([
      'alpha', '  one', '  two', 'beta', '  deep', '    x', 'Note 6', 'zeta', 'Trash',
    ]);
    expect(more).toBe(false);
    const trash = tree.find((n) => n.name === 'Trash') as FolderNode;
    expect(visibleRows(tree, { [trash.id]: true, alpha: true }, 100).rows.map((r) => r.node.name)).toEqual([
      'alpha', 'beta', 'deep', 'x', 'Note 6', 'zeta', 'Trash', 'gone',
    ]);
  });

  test('only `limit` rows are produced, and `more` says that others exist', () => {
    const { rows, more } = visibleRows(tree, {}, 4);
    expect(rows.map((r) => r.node.name)).toEqual(['alpha', 'one', 'two', 'beta']);
    expect(more).toBe(true);
  });

  test('the filter matches note paths case-insensitively, up to the limit', () => {
    const notes = flattenNotes(tree).map((node) => ({ node, lower: node.path.toLowerCase() }));
    expect(filteredNotes(notes, 'ALPHA', 10).rows.map((n) => n.path)).toEqual(['/alpha/one', '/alpha/two']);
    expect(filteredNotes(notes, 'a', 1)).toMatchObject({ rows: [{ path: '/alpha/one' }], more: true });
  });
});

describe('job manager figures', () => {
  const job = (over: Partial<NoteJobInfo>): NoteJobInfo => ({ noteId: 'N', noteName: 'n', noteType: 'normal', interpreter: 'python', isRunningJob: false, unixTimeLastRun: 0, paragraphs: [], ...over });

  test('progress is the share of running or finished paragraphs, rounded up; state RUNNING or READY; icons by type', () => {
    const j = job({ paragraphs: [
      { id: 'a', name: 'a', status: 'FINISHED' }, { id: 'b', name: 'b', status: 'RUNNING' }, { id: 'c', name: 'c', status: 'READY' },
    ] });
    expect(jobProgress(j)).toBe(67);
    expect(jobProgress(job({}))).toBe(0);
    expect(jobState(job({ isRunningJob: true }))).toBe('RUNNING');
    expect(jobState(j)).toBe('READY');
    expect([jobIcon(job({ noteType: 'normal' })), jobIcon(job({ noteType: 'cron' })), jobIcon(job({ noteType: 'other' }))]).toEqual(['doc', 'clock', 'unknown']);
    expect(STATUS_COLOURS).toMatchObject({ READY: 'green', FINISHED: 'green', ABORT: 'orange', ERROR: 'red', PENDING: 'gray', RUNNING: 'blue' });
  });

  test('at most 5 page links, centred on the current page', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageLinks(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageLinks(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });

  test('filter by interpreter and name, sort both ways, 10 per page, removed notes left out', () => {
    const jobs = Array.from({ length: 25 }, (_, i) => job({ noteId: `N${i}`, noteName: `note ${i}`, interpreter: i % 2 ? 'spark' : 'python', unixTimeLastRun: 1000 + i }));
    jobs.push(job({ noteId: 'GONE', isRemoved: true, unixTimeLastRun: 99999 }));
    const state = (v: Partial<JobManagerState>) => ({
      jobs: jobsAdapter.setAll(jobsAdapter.getInitialState({ lastResponseUnixTime: 0, disabledMessage: null as string | null }), jobs),
      jobManager: { interpreter: '*', noteName: '', sort: 'recent' as const, page: 1, ...v },
    });
    const first = selectJobView(state({}));
    expect(first.total).toBe(25);
    expect(first.jobs.map((j) => j.noteId)).toEqual(['N24', 'N23', 'N22', 'N21', 'N20', 'N19', 'N18', 'N17', 'N16', 'N15']);
    expect(first.pageCount).toBe(3);
    expect(selectJobView(state({ sort: 'oldest', page: 3 })).jobs.map((j) => j.noteId)).toEqual(['N20', 'N21', 'N22', 'N23', 'N24']);
    expect(selectJobView(state({ interpreter: 'spark' })).total).toBe(12);
    expect(selectJobView(state({ noteName: 'NOTE 1' })).jobs.map((j) => j.noteId)).toEqual(['N19', 'N18', 'N17', 'N16', 'N15', 'N14', 'N13', 'N12', 'N11', 'N10']);
    expect(selectJobView(state({ page: 9 })).page).toBe(3);
  });
});

describe('import', () => {
  test('the spec errors, and a custom name overriding the one in the file', () => {
    expect(parseImport('{nope', '')).toEqual({ error: 'JSON parse exception' });
    expect(parseImport('{"name":"x","paragraphs":[]}', '')).toEqual({ error: 'Invalid JSON' });
    expect(parseImport('[1]', '')).toEqual({ error: 'Invalid JSON' });
    expect(parseImport('{"name":"x","paragraphs":[{"text":"1"}]}', '')).toEqual({ note: { name: 'x', paragraphs: [{ text: '1' }] } });
    expect(parseImport('{"name":"x","paragraphs":[{"text":"1"}]}', ' mine/y ')).toEqual({ note: { name: 'mine/y', paragraphs: [{ text: '1' }] } });
    expect(parseImport('{"cells":[{"cell_type":"code"}],"metadata":{}}', '')).toEqual({ note: { cells: [{ cell_type: 'code' }], metadata: {} } });
    expect(limitInMb(10240000)).toBe(10);
    expect(limitInMb(1048576 * 2.4)).toBe(2);
  });
});

describe('search hits', () => {
  test('<B> marks become highlighted parts, everything else stays text', () => {
    expect(highlightParts('a <B>print</B>(x) &lt;b&gt; <b>Print</b>')).toEqual([
      { text: 'a ', hit: false }, { text: 'print', hit: true }, { text: '(x) <b> ', hit: false }, { text: 'Print', hit: true },
    ]);
    expect(highlightParts(undefined)).toEqual([]);
  });

  test('a paragraph hit links to the note with paragraph and term; a note hit to the note', () => {
    expect(hitHref('2EYDJKFFY/paragraph/paragraph_1_2', 'a b')).toBe('#/notebook/2EYDJKFFY?paragraph=paragraph_1_2&term=a%20b');
    expect(hitHref('2EYDJKFFY', 'x')).toBe('#/notebook/2EYDJKFFY');
  });
});

describe('date languages', () => {
  const d = new Date(2026, 3, 29, 15, 4, 5);
  test('month and weekday names, formats, relative time and week start follow the language', () => {
    expect(resolveLanguageTag('de-AT')).toBe('de');
    expect(resolveLanguageTag('pt-PT')).toBe('pt-BR');
    expect(resolveLanguageTag('xx')).toBe('en-US');
    expect(formatDate(d, PARAGRAPH_DATE_FORMAT, dateLocale('en-US'))).toBe('April 29th 2026, 3:04:05 pm');
    expect(formatDate(d, PARAGRAPH_DATE_FORMAT, dateLocale('fr'))).toMatch(/^avril 29e? 2026/);
    expect(monthNames(dateLocale('de'))[2]).toBe('März');
    expect(weekdayNames(dateLocale('en-US'))[0]).toBe('Sun');
    expect(weekdayNames(dateLocale('de'))[0]).toBe('Mo.');
    expect(weekdayNames(dateLocale('en-GB'))[0]).toBe('Mon');
    expect(formatRelative(d.getTime() - 3 * 60_000, d.getTime(), dateLocale('de'))).toBe('vor 3 Minuten');
    expect(formatRelative(d.getTime() - 3 * 60_000, d.getTime(), dateLocale('en-US'))).toBe('3 minutes ago');
    expect(formatLongDateTime(d, dateLocale('de'))).toBe('29. April 2026 um 15:04');
  });
});
