/** @jest-environment node */
/** Helium on the note page: spells run in the browser and are reported; apps are suggested, loaded and followed. */
import { helium } from '../../slices/helium';
import { notePage } from '../../slices/notePage';
import { createHeliumRegistry } from '../../sagas/heliumRegistry';
import { SpellBase, SpellResult } from '../../helium-framework/zeppelin-spell';
import { feed } from '../support/feedReducer';
import { frame, loadFixtureNote } from '../support/frames';
import { NOTE_ID, openNote, PY } from '../note/noteHarness';

const SPELL_PKG = {
  type: 'SPELL', name: 'fake-spell', artifact: 'fake-spell@1.0.0', spell: { magic: '%fake', usage: '%fake <text>' },
  config: { prefix: { type: 'string', defaultValue: '>' }, repeat: { type: 'number', defaultValue: 1 } },
};
const APP_PKG = { type: 'APPLICATION', name: 'zeppelin-summary', artifact: 'zeppelin-summary@1.0.0', resources: [['result:TABLE']] };

const spellRest = (enabled: boolean) => ({
  'GET /helium/enabledPackage': enabled ? [{ registry: 'local', pkg: SPELL_PKG, enabled: true }] : [],
  'GET /helium/bundle/load/fake-spell': '/* registered by the test */',
  'GET /helium/config': { 'fake-spell@1.0.0': { repeat: '2' } },
});

/** The page's registry, handed to each test store as SagaDeps.helium. */
const heliumRegistry = createHeliumRegistry();

beforeEach(() => {
  heliumRegistry.clear();
  // A spell as Zeppelin's packages write one: a SpellBase subclass answering a SpellResult.
  class FakeSpell extends SpellBase {
    constructor() {
      super('%fake');
    }

    override interpret(text: string, config: Record<string, unknown>): SpellResult {
      if (text.startsWith('fail')) throw new Error('the spell refused');
      return new SpellResult(`${String(config.prefix)}${text.repeat(Number(config.repeat))}`, 'TEXT');
    }
  }
  heliumRegistry.register([{ id: 'fake-spell', name: 'fake-spell', type: 'SPELL', class: FakeSpell }]);
});
afterAll(() => heliumRegistry.clear());

test('an enabled spell runs in the browser, shows its result and reports it with PARAGRAPH_EXECUTED_BY_SPELL', async () => {
  const t = await openNote({ helium: heliumRegistry, rest: spellRest(true) });
  expect(t.store.getState().helium.packages).toEqual([
    { name: 'fake-spell', type: 'SPELL', artifact: 'fake-spell@1.0.0', magic: '%fake', config: { prefix: '>', repeat: 2 } },
  ]);
  const after = t.mark();
  t.store.dispatch(notePage.draftChanged({ id: PY, text: '%fake ab' }));
  t.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
  await t.clock.advance(0);
  const sent = after();
  expect(sent.map((f) => f.op).filter((op) => op !== 'EDITOR_SETTING')).toEqual(['PARAGRAPH_EXECUTED_BY_SPELL']);
  sent.splice(0, sent.length, ...sent.filter((f) => f.op === 'PARAGRAPH_EXECUTED_BY_SPELL'));
  const iso = new Date(t.clock.now()).toISOString();
  expect(sent[0].data).toMatchObject({
    id: PY, paragraph: '%fake ab', status: 'FINISHED', errorMessage: '',
    results: { code: 'SUCCESS', msg: [{ type: 'TEXT', serializedData: '>abab' }] }, dateStarted: iso, dateFinished: iso,
  });
  const p = t.store.getState().paragraphs.entities[PY];
  expect(p).toMatchObject({ status: 'FINISHED', text: '%fake ab', results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: '>abab' }] } });
  expect(t.store.getState().notePage.drafts[PY]).toBeUndefined();
  expect(t.types('helium/spellRun')).toEqual(['helium/spellRunRequested', 'helium/spellRunStarted', 'helium/spellRunFinished']);
});

test('a failing spell puts the paragraph into an error state and reports the error', async () => {
  const t = await openNote({ helium: heliumRegistry, rest: spellRest(true) });
  const after = t.mark();
  t.store.dispatch(notePage.draftChanged({ id: PY, text: '%fake\nfail now' }));
  t.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
  await t.clock.advance(0);
  expect(after().find((f) => f.op === 'PARAGRAPH_EXECUTED_BY_SPELL')?.data).toMatchObject({ status: 'ERROR', errorMessage: 'the spell refused', results: { code: 'ERROR', msg: [{ type: 'TEXT', serializedData: 'the spell refused' }] } });
  expect(t.store.getState().paragraphs.entities[PY]).toMatchObject({ status: 'ERROR', errorMessage: 'the spell refused' });
});

test('a spell whose package is not enabled goes to the server as an interpreter', async () => {
  const t = await openNote({ helium: heliumRegistry, rest: spellRest(false) });
  const after = t.mark();
  t.store.dispatch(notePage.draftChanged({ id: PY, text: '%fake ab' }));
  t.store.dispatch(notePage.commandInvoked({ command: 'run', id: PY }));
  await t.clock.advance(0);
  expect(after().map((f) => f.op).filter((op) => op !== 'EDITOR_SETTING')).toEqual(['RUN_PARAGRAPH']);
});

test('another viewer gets the spell result through RUN_PARAGRAPH_USING_SPELL', async () => {
  const t = await openNote({ helium: heliumRegistry });
  const p = t.note.paragraphs.find((x) => x.id === PY);
  await t.push('RUN_PARAGRAPH_USING_SPELL', { paragraph: { ...p, text: '%fake x', status: 'FINISHED', results: { code: 'SUCCESS', msg: [{ type: 'TEXT', data: '>x' }] } } });
  expect(t.store.getState().paragraphs.entities[PY]).toMatchObject({ text: '%fake x', results: { msg: [{ data: '>x' }] } });
});

test('apps: suggestions are fetched, loading keeps the choice in config.helium.activeApp', async () => {
  const appId = `app_${NOTE_ID}-${PY}zeppelin-summary`;
  const t = await openNote({
    helium: heliumRegistry,
    rest: {
      [`GET /helium/suggest/${NOTE_ID}/${PY}`]: { available: [{ registry: 'local', pkg: APP_PKG, enabled: true }] },
      [`POST /helium/load/${NOTE_ID}/${PY}`]: appId,
    },
  });
  t.store.dispatch(helium.suggestRequested({ paragraphId: PY }));
  await t.clock.advance(0);
  expect(t.store.getState().helium.suggestions[PY]).toEqual({ status: 'loaded', available: [APP_PKG] });
  const after = t.mark();
  t.store.dispatch(helium.appLoadRequested({ paragraphId: PY, pkg: APP_PKG as never }));
  await t.clock.advance(0);
  expect(t.rest.calls.find((c) => c.method === 'POST')?.body).toEqual(APP_PKG);
  const commit = after().find((f) => f.op === 'COMMIT_PARAGRAPH');
  expect(commit?.data).toMatchObject({ id: PY, config: { helium: { activeApp: appId } } });
  expect(t.store.getState().helium.suggestions[PY]).toBeUndefined();

  t.store.dispatch(helium.appSelected({ paragraphId: PY, appId: null }));
  await t.clock.advance(0);
  const back = after().filter((f) => f.op === 'COMMIT_PARAGRAPH')[1];
  expect((back?.data as { config: { helium: unknown } }).config.helium).toEqual({});
});

test('an open app menu stays open through a NOTE of the same note, and goes with its paragraph', async () => {
  const t = await openNote({
    helium: heliumRegistry,
    rest: { [`GET /helium/suggest/${NOTE_ID}/${PY}`]: { available: [{ registry: 'local', pkg: APP_PKG, enabled: true }] } },
  });
  t.store.dispatch(helium.suggestRequested({ paragraphId: PY }));
  await t.clock.advance(0);
  // Another user's change (or a resync) sends the whole note again.
  await t.push('NOTE', { note: t.note });
  expect(t.store.getState().helium.suggestions[PY]).toEqual({ status: 'loaded', available: [APP_PKG] });
  await t.push('NOTE', { note: { ...t.note, paragraphs: t.note.paragraphs.filter((x) => x.id !== PY) } });
  expect(t.store.getState().helium.suggestions[PY]).toBeUndefined();
});

test('a failed app load is shown as a toast, and no config is committed', async () => {
  const t = await openNote({ helium: heliumRegistry });
  const after = t.mark();
  t.store.dispatch(helium.appLoadRequested({ paragraphId: PY, pkg: APP_PKG as never }));
  await t.clock.advance(0);
  expect(after().map((f) => f.op)).toEqual([]);
  expect(t.store.getState().ui.toasts.map((x) => x.text)[0]).toMatch(/^Application zeppelin-summary could not be loaded: /);
});

describe('helium slice fed with APP_* frames', () => {
  const base = { noteId: NOTE_ID, paragraphId: PY, appId: 'app_1' };

  test('an app starts UNLOADED and follows status, update and append events', () => {
    let s = feed(undefined, frame('APP_LOAD', { ...base, pkg: APP_PKG }));
    expect(s.helium.apps.app_1).toEqual({ ...base, status: 'UNLOADED', pkg: APP_PKG, output: '', outputType: 'HTML' });
    s = feed(s,
      frame('APP_STATUS_CHANGE', { ...base, status: 'LOADING' }),
      frame('APP_UPDATE_OUTPUT', { ...base, index: 0, type: 'HTML', data: '<p>2 rows</p>' }),
      frame('APP_APPEND_OUTPUT', { ...base, index: 0, data: '<p>more</p>' }),
      frame('APP_STATUS_CHANGE', { ...base, status: 'LOADED' }));
    expect(s.helium.apps.app_1).toMatchObject({ status: 'LOADED', output: '<p>2 rows</p><p>more</p>', outputType: 'HTML' });
    s = feed(s, frame('APP_UPDATE_OUTPUT', { ...base, index: 0, type: 'TEXT', data: 'failed' }), frame('APP_STATUS_CHANGE', { ...base, status: 'ERROR' }));
    expect(s.helium.apps.app_1).toMatchObject({ status: 'ERROR', output: 'failed', outputType: 'TEXT' });
    // Loading again starts over.
    s = feed(s, frame('APP_LOAD', { ...base, pkg: APP_PKG }));
    expect(s.helium.apps.app_1).toMatchObject({ status: 'UNLOADED', output: '' });
  });

  test('events for an app the page has not seen create it; a NOTE brings the saved apps back', () => {
    let s = feed(undefined, frame('APP_APPEND_OUTPUT', { ...base, index: 0, data: 'x' }));
    expect(s.helium.apps.app_1).toMatchObject({ status: 'UNLOADED', output: 'x' });
    const note = loadFixtureNote();
    note.paragraphs = note.paragraphs.map((p) => (p.id === PY ? { ...p, apps: [{ id: 'app_saved', status: 'LOADED', pkg: APP_PKG as never, output: '<b>kept</b>' }] } : p));
    s = feed(s, frame('NOTE', { note }));
    expect(Object.keys(s.helium.apps)).toEqual(['app_saved']);
    expect(s.helium.apps.app_saved).toMatchObject({ paragraphId: PY, noteId: NOTE_ID, status: 'LOADED', output: '<b>kept</b>' });
  });
});
