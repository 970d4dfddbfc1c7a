/** @jest-environment node */
/**
 * Websocket frame fuzzer: 10,500 frames from a fixed seed (fast-check), over four connections at once, against the
 * real server in its own process. Frames are every client op with fields of every JSON type, hostile names and
 * deep nesting, ids of notes and paragraphs that exist, and plain garbage. Afterwards the server still answers
 * everyone, logged no unexpected failure, every note file on disk reads back after a restart, and its memory after
 * a full garbage collection is within 100 MB of where it started.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { SEND_OPS, type SendOp } from '../../protocol';
import { builtinInterpreterSettings, writeInterpreterSettings } from '../../server/interpreters/settings';
import { parseNoteFile } from '../../server/storage/zpln';
import { api, Client, tempDir, type Frame } from './helpers/harness';
import { killAllServers, spawnServer } from './helpers/spawnServer';

jest.setTimeout(180000);
afterAll(killAllServers);

const SEED = 1717;
const FRAMES = 10_500;
const CONNECTIONS = 4;
const BATCH = 60;
const RSS_SLACK = 100 * 1024 * 1024;

/** Placeholders filled in at send time with ids that exist then (notes and paragraphs come and go). */
const NOTE = '@@NOTE@@';
const PARAGRAPH = '@@PARAGRAPH@@';

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '', ' ', '/', '//', '/.git/x', '/.git/refs/heads/evil', 'a/.b/c', '../../etc/passwd', 'a/../b', '~Trash', '/~Trash/x', '%', '%2F%2E%2E',
    'nul\u0000byte', 'x'.repeat(300), 'é'.repeat(200), '<img src=x onerror=alert(1)>', '{}', '[]', 'null', 'true', '1e309', '-1', '0',
    '2147483648', 'NaN', '@@ -1,1 +1,1 @@\n-a\n+b\n',
  ),
);

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { a: v } : [v];
  return v;
};

const anyJson = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2500 }).map((d) => nested(d % 130)) },
);
const object = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom('colWidth', 'title', 'enabled', 'results', 'editorHide', 'tableHide', 'cron', 'looknfeel'), hostileText), anyJson, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 3000 }).map((d) => ({ deep: nested(d) })) },
);
const paragraphText = fc.oneof(
  fc.string({ maxLength: 60 }).map((t) => `%md ${t}`),
  fc.constantFrom('%md # title', '%sh echo never runs', '%python print(1)', '%wordcount a b', '', '%', '%md'),
  hostileText,
);
const patch = fc.oneof(fc.constantFrom('', '@@ -0,0 +1,3 @@\n+abc\n', '@@ -1,3 +1,3 @@\n-abc\n+xyz\n', '@@ garbage'), hostileText);
const folder = fc.oneof(fc.constantFrom('fuzz', 'fuzz/', '/fuzz', '~Trash', '~Trash/fuzz', '/', '', 'fuzz/sub'), hostileText);
const noteName = fc.oneof(fc.nat(50).map((n) => `fuzz/n${n}`), fc.nat(50).map((n) => `/fuzz/sub/m${n}`), hostileText);
const numberLike = fc.oneof(fc.integer({ min: -3, max: 30 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom('1', ' 2 ', 'x', '-0'));

type Kind = 'note' | 'para' | 'folder' | 'name' | 'text' | 'patch' | 'obj' | 'num' | 'bool' | 'str' | 'json' | 'strings' | 'runAll' | 'noteJson' | 'spell';

const KINDS: Record<Kind, fc.Arbitrary<unknown>> = {
  note: fc.oneof({ weight: 9, arbitrary: fc.constant(NOTE) }, { weight: 1, arbitrary: hostileText }),
  para: fc.oneof({ weight: 9, arbitrary: fc.constant(PARAGRAPH) }, { weight: 1, arbitrary: hostileText }),
  folder, name: noteName, text: paragraphText, patch, obj: object, num: numberLike, json: anyJson,
  bool: fc.oneof(fc.boolean(), fc.constantFrom('true', 'false')),
  str: fc.oneof(fc.constantFrom('md', 'true', 'false', 'FINISHED', 'left', 'right', 'fuzz', 'Head'), hostileText),
  strings: fc.array(fc.oneof(fc.constantFrom('md', 'python'), hostileText), { maxLength: 3 }),
  runAll: fc.oneof(
    fc.array(fc.record({ id: fc.constant(PARAGRAPH), paragraph: paragraphText, config: object, params: object }, { requiredKeys: ['id'] }), { maxLength: 3 }).map((l) => JSON.stringify(l)),
    hostileText,
  ),
  noteJson: fc.oneof(
    fc.record({ name: noteName, paragraphs: fc.array(fc.record({ id: fc.oneof(fc.constant('paragraph_1_1'), hostileText), text: paragraphText, config: object, results: anyJson }, { requiredKeys: [] }), { maxLength: 4 }) }, { requiredKeys: [] }),
    fc.record({ name: noteName, nbformat: fc.constant(4), metadata: object, cells: fc.array(fc.record({ cell_type: fc.constantFrom('code', 'markdown', 'raw', 'x'), source: fc.oneof(hostileText, fc.array(hostileText)), outputs: anyJson }, { requiredKeys: [] }), { maxLength: 3 }) }, { requiredKeys: [] }),
    object,
  ),
  spell: fc.oneof(fc.record({ code: fc.constantFrom('SUCCESS', 'ERROR'), msg: fc.array(fc.record({ type: fc.constantFrom('TEXT', 'HTML', 'TABLE', 'X'), data: hostileText }), { maxLength: 2 }) }), anyJson),
};

/** The fields each op reads (protocol/schemas.ts), and what they hold. */
const SPEC = {
  PING: {}, LIST_NOTES: {}, RELOAD_NOTES_FROM_REPO: {}, GET_NOTE: { id: 'note' }, RELOAD_NOTE: { id: 'note' }, GET_HOME_NOTE: {},
  NEW_NOTE: { name: 'name', defaultInterpreterGroup: 'str' }, CLONE_NOTE: { id: 'note', name: 'name' }, IMPORT_NOTE: { note: 'noteJson' },
  NOTE_UPDATE: { id: 'note', name: 'name', config: 'obj' }, NOTE_RENAME: { id: 'note', name: 'name', relative: 'bool' },
  FOLDER_RENAME: { id: 'folder', name: 'folder' }, MOVE_NOTE_TO_TRASH: { id: 'note' }, MOVE_FOLDER_TO_TRASH: { id: 'folder' },
  RESTORE_NOTE: { id: 'note' }, RESTORE_FOLDER: { id: 'folder' }, RESTORE_ALL: {}, EMPTY_TRASH: {}, DEL_NOTE: { id: 'note' },
  REMOVE_FOLDER: { id: 'folder' }, UPDATE_PERSONALIZED_MODE: { id: 'note', personalized: 'bool' }, CONVERT_NOTE_NBFORMAT: { noteId: 'note', noteName: 'str' },
  COMMIT_PARAGRAPH: { id: 'para', noteId: 'note', title: 'str', paragraph: 'text', params: 'obj', config: 'obj', patch: 'patch' },
  INSERT_PARAGRAPH: { index: 'num', config: 'obj' }, COPY_PARAGRAPH: { index: 'num', title: 'str', paragraph: 'text', config: 'obj', params: 'obj' },
  MOVE_PARAGRAPH: { id: 'para', index: 'num' }, PARAGRAPH_REMOVE: { id: 'para' }, PARAGRAPH_CLEAR_OUTPUT: { id: 'para' },
  PARAGRAPH_CLEAR_ALL_OUTPUT: { id: 'note' }, PATCH_PARAGRAPH: { id: 'para', noteId: 'note', patch: 'patch' },
  EDITOR_SETTING: { paragraphId: 'para', paragraphText: 'text' }, COMPLETION: { id: 'para', buf: 'text', cursor: 'num' }, GET_PARAGRAPH: { id: 'para' },
  RUN_PARAGRAPH: { id: 'para', paragraph: 'text', title: 'str', params: 'obj', config: 'obj', patch: 'patch' },
  RUN_ALL_PARAGRAPHS: { noteId: 'note', paragraphs: 'runAll' }, CANCEL_PARAGRAPH: { id: 'para' }, CANCEL_ALL_PARAGRAPHS: { noteId: 'note' },
  CHECKPOINT_NOTE: { noteId: 'note', commitMessage: 'str' }, LIST_REVISION_HISTORY: { noteId: 'note' }, NOTE_REVISION: { noteId: 'note', revisionId: 'str' },
  NOTE_REVISION_FOR_COMPARE: { noteId: 'note', revisionId: 'str', position: 'str' }, SET_NOTE_REVISION: { noteId: 'note', revisionId: 'str' },
  LIST_NOTE_JOBS: {}, LIST_UPDATE_NOTE_JOBS: { lastUpdateUnixTime: 'num' }, UNSUBSCRIBE_UPDATE_NOTE_JOBS: {},
  GET_INTERPRETER_BINDINGS: { noteId: 'note' }, SAVE_INTERPRETER_BINDINGS: { noteId: 'note', selectedSettingIds: 'strings' }, GET_INTERPRETER_SETTINGS: {},
  ANGULAR_OBJECT_UPDATED: { noteId: 'note', paragraphId: 'para', interpreterGroupId: 'str', name: 'str', value: 'json' },
  ANGULAR_OBJECT_CLIENT_BIND: { noteId: 'note', name: 'str', value: 'json', paragraphId: 'para' },
  ANGULAR_OBJECT_CLIENT_UNBIND: { noteId: 'note', name: 'str', paragraphId: 'para' },
  SAVE_NOTE_FORMS: { noteId: 'note', noteParams: 'obj' }, REMOVE_NOTE_FORMS: { noteId: 'note', formName: 'str' },
  PARAGRAPH_EXECUTED_BY_SPELL: {
    id: 'para', title: 'str', paragraph: 'text', results: 'spell', status: 'str', errorMessage: 'str', config: 'obj', params: 'obj', dateStarted: 'str', dateFinished: 'str',
  },
  LIST_CONFIGURATIONS: {}, WATCHER: {},
} satisfies Record<SendOp, Record<string, Kind>>;

/** An op's payload: each field usually of the kind the op reads, sometimes absent or anything at all. */
const payloadOf = (op: SendOp): fc.Arbitrary<Record<string, unknown>> => {
  const fields = Object.entries(SPEC[op] as Record<string, Kind>).map(([k, kind]) => [k, fc.oneof(
    { weight: 12, arbitrary: KINDS[kind] },
    { weight: 1, arbitrary: anyJson },
  )] as const);
  return fc.record(Object.fromEntries(fields), { requiredKeys: [] }).chain((base) =>
    fc.option(fc.dictionary(hostileText, anyJson, { maxKeys: 2 }), { freq: 8 }).map((extra) => ({ ...(extra ?? {}), ...base })));
};

type Planned = { text: string } | { binary: Buffer };

// Most ops act on the note a connection has open, so opening one is made more likely than the rest.
const anOp = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...SEND_OPS) }, { weight: 1, arbitrary: fc.constant<SendOp>('GET_NOTE') });

const opFrame: fc.Arbitrary<Planned> = anOp
  .chain((op) => fc.record({
    op: fc.constant(op),
    data: fc.oneof({ weight: 15, arbitrary: payloadOf(op) }, { weight: 1, arbitrary: anyJson }),
    principal: fc.oneof({ weight: 20, arbitrary: fc.constant('anonymous') }, { weight: 1, arbitrary: hostileText }),
    ticket: fc.oneof({ weight: 20, arbitrary: fc.constant('anonymous') }, { weight: 1, arbitrary: hostileText }),
    msgId: fc.option(hostileText),
  }))
  .map((f) => ({ text: JSON.stringify(f) }));

const garbage: fc.Arbitrary<Planned> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ text })),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ text: JSON.stringify(v) ?? 'null' })),
  fc.record({ op: hostileText, data: anyJson }).map((f) => ({ text: JSON.stringify(f) })),
  opFrame.map((f) => ({ text: 'text' in f ? f.text.slice(0, Math.max(1, Math.floor(f.text.length / 2))) : '{' })),
  fc.uint8Array({ maxLength: 300 }).map((b) => ({ binary: Buffer.from(b) })),
  fc.constant({ text: JSON.stringify({ op: 'COMMIT_PARAGRAPH', data: { id: PARAGRAPH, noteId: NOTE, paragraph: 'y'.repeat(200_000), config: {}, params: {} } }) }),
);

const PLAN: Planned[] = fc.sample(fc.oneof({ weight: 12, arbitrary: opFrame }, { weight: 1, arbitrary: garbage }), { seed: SEED, numRuns: FRAMES });

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return e.name === '.git' ? [] : walk(join(dir, e.name));
    return [join(dir, e.name)];
  });
}

test(`${FRAMES} fuzzed frames (seed ${SEED}) crash nothing, leak no memory and leave every note readable`, async () => {
  const dir = tempDir('zpl-fuzz-');
  const notebookDir = join(dir, 'notebook');
  const confDir = join(dir, 'conf');
  mkdirSync(confDir, { recursive: true });
  // Only %md can run: fuzzed text must never reach a shell or Python.
  writeInterpreterSettings(confDir, builtinInterpreterSettings().filter((s) => s.name === 'md'));
  const settings = { 'zeppelin.notebook.storage': 'org.apache.zeppelin.notebook.repo.VFSNotebookRepo' };
  let server = await spawnServer(notebookDir, confDir, settings);
  try {
    const clients = await Promise.all(Array.from({ length: CONNECTIONS }, () => Client.open(server.wsUrl, server.origin)));
    const notes = new Set<string>();
    const paragraphs = new Set<string>();
    const learn = (f: Frame): void => {
      const d = f.data as { notes?: { id: string }[]; note?: { id?: string; paragraphs?: { id?: string }[] }; paragraph?: { id?: string } };
      for (const n of d?.notes ?? []) notes.add(n.id);
      if (typeof d?.note?.id === 'string') notes.add(d.note.id);
      for (const p of d?.note?.paragraphs ?? []) if (typeof p.id === 'string') paragraphs.add(p.id);
      if (typeof d?.paragraph?.id === 'string') paragraphs.add(d.paragraph.id);
    };
    for (const c of clients) c.ws.on('message', (data) => learn(JSON.parse(String(data)) as Frame));
    const pick = (pool: Set<string>, i: number): string => (pool.size === 0 ? 'none' : [...pool][i % pool.size]);
    const fill = (text: string, i: number): string => text.split(NOTE).join(pick(notes, i)).split(PARAGRAPH).join(pick(paragraphs, i * 7 + 3));

    // A few notes to aim at, and a warm server before memory is measured.
    for (let i = 0; i < 3; i++) {
      const note = (await clients[0].request('NEW_NOTE', { name: `/fuzz/seed ${i}`, defaultInterpreterGroup: 'md' }, 'NEW_NOTE')).data.note;
      await clients[0].request('COMMIT_PARAGRAPH', { id: note.paragraphs[0].id, noteId: note.id, paragraph: `%md seed ${i}`, params: {}, config: {} }, 'PARAGRAPH');
    }
    let barrier = 0;
    /** Every frame sent on `c` before this has been handled once the answer to an unknown note arrives. */
    const sync = async (c: Client): Promise<void> => {
      const token = `BARRIER${++barrier}`;
      const from = c.mark();
      c.send('GET_NOTE', { id: token });
      await c.waitFor((f) => f.op === 'ERROR_INFO' && String(f.data.info).includes(token), from, 60000, `barrier ${token}`);
    };
    const runPlan = async (frames: Planned[]): Promise<void> => {
      await Promise.all(clients.map(async (c, k) => {
        for (let start = k * BATCH; start < frames.length; start += BATCH * CONNECTIONS) {
          frames.slice(start, start + BATCH).forEach((f, j) => c.sendRaw('binary' in f ? f.binary : fill(f.text, start + j)));
          await sync(c);
        }
      }));
    };
    await runPlan(PLAN.slice(0, 1000));
    const rssStart = await server.rss();
    await runPlan(PLAN.slice(1000));

    // Everybody is still answered, nobody was cut off.
    for (const c of clients) {
      await sync(c);
      expect(c.closed).toBeUndefined();
    }
    expect((await api(server.url, '/api/version')).status).toBe(200);
    const rssEnd = await server.rss();
    expect(rssEnd - rssStart).toBeLessThan(RSS_SLACK);
    // Handlers may refuse anything, but an unexpected exception is a bug the fuzzer found.
    expect(server.stderr().split('\n').filter((l) => /failed:|Unhandled|uncaught/i.test(l))).toEqual([]);
    await Promise.all(clients.map((c) => c.close()));
    await server.stop();

    const files = walk(notebookDir).filter((f) => f.endsWith('.zpln'));
    for (const f of files) expect(() => parseNoteFile(readFileSync(f, 'utf8'))).not.toThrow();
    server = await spawnServer(notebookDir, confDir, settings);
    const repos = await api<{ active?: boolean; unreadableNotes?: unknown[] }[]>(server.url, '/api/notebook-repositories');
    expect(repos.body.body?.find((r) => r.active)?.unreadableNotes).toEqual([]);
    const listed = await api<unknown[]>(server.url, '/api/notebook');
    expect(listed.body.body?.length).toBe(files.length);
  } finally {
    await server.stop();
  }
});
