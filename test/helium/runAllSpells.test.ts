/** @jest-environment node */
/**
 * Run all / above / below with an enabled spell among the paragraphs: the browser runs the spells in note order
 * between RUN_ALL_PARAGRAPHS stretches for the server, and stops at the first failure; without a spell the single
 * RUN_ALL_PARAGRAPHS is unchanged.
 */
import { notePage } from '../../slices/notePage';
import { route } from '../../slices/route';
import { createHeliumRegistry } from '../../sagas/heliumRegistry';
import { SpellBase, SpellResult } from '../../helium-framework/zeppelin-spell';
import type { Paragraph, ParagraphStatus } from '../../protocol';
import { NOTE_ID, openNote, PY } from '../note/noteHarness';

const SPELL_PKG = { type: 'SPELL', name: 'fake-spell', artifact: 'fake-spell@1.0.0', spell: { magic: '%fake', usage: '%fake <text>' } };
const REST = {
  'GET /helium/enabledPackage': [{ registry: 'local', pkg: SPELL_PKG, enabled: true }],
  'GET /helium/bundle/load/fake-spell': '/* registered by the test */',
  'GET /helium/config': {},
};

type Harness = Awaited<ReturnType<typeof openNote>>;
type Frame = ReturnType<Harness['sent']>[number];

/** The page's registry, handed to each test store as SagaDeps.helium. */
const heliumRegistry = createHeliumRegistry();

beforeEach(() => {
  heliumRegistry.clear();
  // A spell as Zeppelin's packages write one: a SpellBase subclass answering a SpellResult.
  class FakeSpell extends SpellBase {
    constructor() {
      super('%fake');
    }

    override interpret(text: string): SpellResult {
      if (text.startsWith('fail')) throw new Error('the spell refused');
      return new SpellResult(`<${text}>`, 'TEXT');
    }
  }
  heliumRegistry.register([{ id: 'fake-spell', name: 'fake-spell', type: 'SPELL', class: FakeSpell }]);
});
afterAll(() => heliumRegistry.clear());

async function setup(spellAt: Record<number, string> = { 4: '%fake ab' }) {
  const t = await openNote({ helium: heliumRegistry, rest: REST });
  const ids = t.note.paragraphs.map((p) => p.id);
  for (const [i, text] of Object.entries(spellAt)) t.store.dispatch(notePage.draftChanged({ id: ids[Number(i)], text }));
  await t.clock.advance(0);
  return { t, ids };
}

/** What the page sent since `mark`, without the editor-setting lookups that typing a magic causes. */
const ops = (frames: Frame[]) => frames.map((f) => f.op).filter((op) => op !== 'EDITOR_SETTING');
const runAllIds = (f: Frame | undefined) => (JSON.parse(String(f?.data.paragraphs)) as { id: string }[]).map((e) => e.id);

/** The server's side of one run-all: running status, the listed paragraphs' final statuses, the end. */
async function serverRuns(t: Harness, statuses: Record<string, ParagraphStatus>) {
  await t.push('NOTE_RUNNING_STATUS', { status: true });
  for (const [id, status] of Object.entries(statuses)) {
    const p = t.note.paragraphs.find((x) => x.id === id) as Paragraph;
    const results = status === 'ERROR' ? { code: 'ERROR', msg: [{ type: 'TEXT', data: 'boom' }] } : p.results;
    await t.push('PARAGRAPH', { paragraph: { ...p, status, results } });
  }
  await t.push('NOTE_RUNNING_STATUS', { status: false });
}

const finished = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, 'FINISHED' as const]));

async function runAll(t: Harness) {
  t.store.dispatch(notePage.dialogConfirmed({ dialog: { kind: 'runAll' } }));
  await t.clock.advance(0);
}

test('a spell in the middle: the paragraphs before it run on the server, then the spell here, then the rest', async () => {
  const { t, ids } = await setup();
  const after = t.mark();
  await runAll(t);
  let sent = after();
  expect(ops(sent)).toEqual(['RUN_ALL_PARAGRAPHS']);
  expect(runAllIds(sent[sent.length - 1])).toEqual(ids.slice(0, 4));
  // The spell paragraph waits for the server's part: nothing was run or marked yet.
  expect(t.store.getState().paragraphs.entities[PY]?.status).toBe('FINISHED');
  expect(t.types('helium/spellRun')).toEqual([]);

  await serverRuns(t, finished(ids.slice(0, 4)));
  sent = after();
  expect(ops(sent)).toEqual(['RUN_ALL_PARAGRAPHS', 'PARAGRAPH_EXECUTED_BY_SPELL', 'RUN_ALL_PARAGRAPHS']);
  const spell = sent.find((f) => f.op === 'PARAGRAPH_EXECUTED_BY_SPELL');
  expect(spell?.data).toMatchObject({ id: PY, paragraph: '%fake ab', status: 'FINISHED', results: { code: 'SUCCESS', msg: [{ type: 'TEXT', serializedData: '<ab>' }] } });
  expect(t.store.getState().paragraphs.entities[PY]).toMatchObject({ status: 'FINISHED', results: { msg: [{ data: '<ab>' }] } });
  const second = sent.filter((f) => f.op === 'RUN_ALL_PARAGRAPHS')[1];
  expect(runAllIds(second)).toEqual(ids.slice(5));
  expect(second.data.noteId).toBe(NOTE_ID);

  await serverRuns(t, finished(ids.slice(5)));
  expect(ops(after())).toHaveLength(3);
  const ended = t.log.entries().map((e) => e.action).filter((a) => a.type === 'helium/runAllWithSpellsEnded');
  expect(ended.map((a) => a.payload)).toEqual([{ noteId: NOTE_ID, outcome: 'finished' }]);
});

test('a failing spell stops the run: the paragraphs after it are not sent', async () => {
  const { t, ids } = await setup({ 4: '%fake fail here' });
  const after = t.mark();
  await runAll(t);
  await serverRuns(t, finished(ids.slice(0, 4)));
  expect(ops(after())).toEqual(['RUN_ALL_PARAGRAPHS', 'PARAGRAPH_EXECUTED_BY_SPELL']);
  expect(after().find((f) => f.op === 'PARAGRAPH_EXECUTED_BY_SPELL')?.data).toMatchObject({ status: 'ERROR', errorMessage: 'the spell refused' });
  expect(t.store.getState().paragraphs.entities[PY]?.status).toBe('ERROR');
  expect(t.store.getState().paragraphs.entities[ids[5]]?.status).toBe('FINISHED');
  expect(t.types('helium/runAllWithSpellsEnded')).toHaveLength(1);
  expect(t.log.entries().map((e) => e.action).find((a) => a.type === 'helium/runAllWithSpellsEnded')?.payload).toMatchObject({ outcome: 'failed' });
});

test('a failing server paragraph stops the run before the spell, also when the rest kept an old FINISHED', async () => {
  const { t, ids } = await setup();
  const after = t.mark();
  await runAll(t);
  // The server stops at ids[2]; ids[3] never ran and still shows PENDING from the send.
  await serverRuns(t, { [ids[0]]: 'FINISHED', [ids[1]]: 'FINISHED', [ids[2]]: 'ERROR' });
  expect(t.store.getState().paragraphs.entities[ids[3]]?.status).toBe('PENDING');
  expect(ops(after())).toEqual(['RUN_ALL_PARAGRAPHS']);
  expect(t.types('helium/spellRun')).toEqual([]);

  // Against a server that re-sends every paragraph before its end, the untouched one is FINISHED from an older
  // run: the failed one still stops the run.
  const again = await setup();
  const later = again.t.mark();
  await runAll(again.t);
  await serverRuns(again.t, { [ids[0]]: 'FINISHED', [ids[1]]: 'ABORT', [ids[2]]: 'FINISHED', [ids[3]]: 'FINISHED' });
  expect(ops(later())).toEqual(['RUN_ALL_PARAGRAPHS']);
});

test('run all below from the spell starts with it; run all above ends before the paragraph', async () => {
  const { t, ids } = await setup({ 4: '%fake ab', 6: '%fake cd' });
  const after = t.mark();
  t.store.dispatch(notePage.commandInvoked({ command: 'runBelow', id: PY }));
  await t.clock.advance(0);
  let sent = after();
  expect(ops(sent)).toEqual(['PARAGRAPH_EXECUTED_BY_SPELL', 'RUN_ALL_PARAGRAPHS']);
  expect(runAllIds(sent[sent.length - 1])).toEqual([ids[5]]);
  await serverRuns(t, finished([ids[5]]));
  sent = after();
  expect(ops(sent)).toEqual(['PARAGRAPH_EXECUTED_BY_SPELL', 'RUN_ALL_PARAGRAPHS', 'PARAGRAPH_EXECUTED_BY_SPELL', 'RUN_ALL_PARAGRAPHS']);
  expect(sent.filter((f) => f.op === 'PARAGRAPH_EXECUTED_BY_SPELL').map((f) => f.data.id)).toEqual([PY, ids[6]]);
  expect(runAllIds(sent[sent.length - 1])).toEqual(ids.slice(7));
  await serverRuns(t, finished(ids.slice(7)));

  const above = t.mark();
  t.store.dispatch(notePage.commandInvoked({ command: 'runAbove', id: ids[6] }));
  await t.clock.advance(0);
  expect(runAllIds(above()[0])).toEqual(ids.slice(0, 4));
  await serverRuns(t, finished(ids.slice(0, 4)));
  await serverRuns(t, finished([ids[5]]));
  expect(ops(above())).toEqual(['RUN_ALL_PARAGRAPHS', 'PARAGRAPH_EXECUTED_BY_SPELL', 'RUN_ALL_PARAGRAPHS']);
  expect(runAllIds(above()[2])).toEqual([ids[5]]);
  expect(t.types('helium/runAllWithSpellsEnded')).toHaveLength(2);
});

test('without an enabled spell to run, run all sends the one RUN_ALL_PARAGRAPHS as before', async () => {
  // A disabled spell paragraph is not run by the page, so it does not count; the server marks it FINISHED.
  const { t, ids } = await setup({ 4: '%fake ab' });
  t.store.dispatch(notePage.configChanged({ id: PY, config: { enabled: false } }));
  await t.push('PARAGRAPH', { paragraph: { ...t.note.paragraphs[4], text: '%fake ab', config: { ...t.note.paragraphs[4].config, enabled: false } } });
  const after = t.mark();
  await runAll(t);
  const sent = after();
  expect(ops(sent)).toEqual(['RUN_ALL_PARAGRAPHS']);
  const entries = JSON.parse(String(sent[sent.length - 1].data.paragraphs)) as { id: string; paragraph: string }[];
  expect(entries.map((e) => e.id)).toEqual(ids);
  expect(entries[4].paragraph).toBe('%fake ab');
  expect(t.types('helium/runAllWithSpells')).toEqual([]);

  // And with no spell text at all, the frame is the same as the plain path builds it.
  const plain = await openNote({ helium: heliumRegistry, rest: REST });
  const mark = plain.mark();
  await runAll(plain);
  expect(ops(mark())).toEqual(['RUN_ALL_PARAGRAPHS']);
  expect(runAllIds(mark()[0])).toEqual(ids);
  expect(plain.types('helium/runAllWithSpells')).toEqual([]);
});

test('stop all, a refused run-all, leaving the note and a lost connection each end the browser-driven run', async () => {
  // Stop all while the server runs the first stretch: its end does not start the spell.
  const stop = await setup();
  const a = stop.t.mark();
  await runAll(stop.t);
  stop.t.store.dispatch(notePage.commandInvoked({ command: 'stopAll' }));
  await stop.t.clock.advance(0);
  await serverRuns(stop.t, finished(stop.ids.slice(0, 4)));
  expect(ops(a())).toEqual(['RUN_ALL_PARAGRAPHS', 'CANCEL_ALL_PARAGRAPHS']);

  // The server refuses the run-all (another run is going on): no NOTE_RUNNING_STATUS will answer it.
  const refused = await setup();
  const b = refused.t.mark();
  await runAll(refused.t);
  await refused.t.push('ERROR_INFO', { info: 'Note is now running sequentially. Can not be performed: RUN_ALL_PARAGRAPHS' });
  expect(ops(b())).toEqual(['RUN_ALL_PARAGRAPHS']);

  const leave = await setup();
  const c = leave.t.mark();
  await runAll(leave.t);
  leave.t.store.dispatch(route.changed('/'));
  await leave.t.clock.advance(0);
  await serverRuns(leave.t, finished(leave.ids.slice(0, 4)));
  expect(ops(c()).filter((op) => op !== 'LIST_NOTES' && op !== 'GET_HOME_NOTE')).toEqual(['RUN_ALL_PARAGRAPHS']);

  const outcomes = [stop.t, refused.t, leave.t].map((t) => t.log.entries().map((e) => e.action).find((x) => x.type === 'helium/runAllWithSpellsEnded')?.payload);
  expect(outcomes).toEqual([
    { noteId: NOTE_ID, outcome: 'stopped' }, { noteId: NOTE_ID, outcome: 'failed' }, { noteId: NOTE_ID, outcome: 'left' },
  ]);

  const lost = await setup();
  await runAll(lost.t);
  lost.t.sockets.last().serverClose(1006);
  await lost.t.clock.advance(0);
  expect(lost.t.log.entries().map((e) => e.action).find((x) => x.type === 'helium/runAllWithSpellsEnded')?.payload).toEqual({ noteId: NOTE_ID, outcome: 'disconnected' });
});

test('a second run all while the browser drives one is dropped', async () => {
  const { t, ids } = await setup();
  const after = t.mark();
  await runAll(t);
  await runAll(t);
  expect(ops(after())).toEqual(['RUN_ALL_PARAGRAPHS']);
  await serverRuns(t, finished(ids.slice(0, 4)));
  await serverRuns(t, finished(ids.slice(5)));
  expect(ops(after())).toEqual(['RUN_ALL_PARAGRAPHS', 'PARAGRAPH_EXECUTED_BY_SPELL', 'RUN_ALL_PARAGRAPHS']);
  expect(t.types('helium/runAllWithSpellsRequested')).toHaveLength(2);
  expect(t.types('helium/runAllWithSpellsEnded')).toHaveLength(1);
});

test('collaborating, each stretch sent by the browser carries our changes as patches, as a single run-all does', async () => {
  const { t, ids } = await setup();
  await t.push('COLLABORATIVE_MODE_STATUS', { status: true, users: ['anonymous', 'bob'] });
  t.store.dispatch(notePage.draftChanged({ id: ids[1], text: '%md changed here' }));
  await t.clock.advance(0);
  const after = t.mark();
  await runAll(t);
  const runAllFrame = after().find((f) => f.op === 'RUN_ALL_PARAGRAPHS');
  const entries = JSON.parse(String(runAllFrame?.data.paragraphs)) as { id: string; patch?: string }[];
  expect(entries.map((e) => e.id)).toEqual(ids.slice(0, 4));
  // empty here: every keystroke already went out as a PATCH_PARAGRAPH
  expect(entries.map((e) => e.patch)).toEqual(['', '', '', '']);
});
