/** @jest-environment node */
import type { Note } from '../../protocol';
import type { ZeppelinConfig } from '../../server/config';
import type { InterpreterRegistry } from '../../server/interpreters/settings';
import type { Notebook, NoteEntry, NotebookEvent } from '../../server/notes/notebook';
import { liveRuns } from '../../server/execution/live';
import { Broadcasts } from '../../server/ws/broadcasts';
import { ConnectionManager } from '../../server/ws/connections';
import { NoteFrameCache } from '../../server/ws/noteFrameCache';
import { Client, startTestServer, type TestServer } from './helpers/harness';

const note = (id: string, texts: string[]): Note =>
  ({ id, name: id, config: {}, info: {}, paragraphs: texts.map((text, i) => ({ id: `p${i}`, text, status: 'READY', config: {}, settings: { params: {}, forms: {} } })) }) as unknown as Note;

describe('NoteFrameCache', () => {
  const counted = (entry: NoteEntry) => {
    let encodes = 0;
    return { encode: () => Buffer.from(`${++encodes}:${JSON.stringify(entry.note)}`), encodes: () => encodes };
  };

  test('an unchanged note is encoded once, however often it is asked for', () => {
    const cache = new NoteFrameCache();
    const entry: NoteEntry = { id: 'N1', path: '/n1', note: note('N1', ['a']) };
    const c = counted(entry);
    const first = cache.frame(entry, false, c.encode);
    expect(cache.frame(entry, false, c.encode)).toBe(first);
    expect(c.encodes()).toBe(1);
  });

  test('a dropped note, a replaced note or entry, an added paragraph or another run state is encoded again', () => {
    const cache = new NoteFrameCache();
    const entry: NoteEntry = { id: 'N1', path: '/n1', note: note('N1', ['a']) };
    const c = counted(entry);
    cache.frame(entry, false, c.encode);
    cache.drop('N1');
    cache.frame(entry, false, c.encode);
    expect(c.encodes()).toBe(2);
    entry.note = note('N1', ['b']);
    expect(String(cache.frame(entry, false, c.encode))).toContain('"b"');
    entry.note.paragraphs.push(note('N1', ['c']).paragraphs[0]);
    expect(String(cache.frame(entry, false, c.encode))).toContain('"c"');
    expect(c.encodes()).toBe(4);
    cache.frame(entry, true, c.encode);
    expect(c.encodes()).toBe(5);
    cache.frame({ ...entry }, true, c.encode);
    expect(c.encodes()).toBe(6);
  });

  test('keeps at most its byte budget, dropping the least recently sent; a frame over the budget is not kept', () => {
    const cache = new NoteFrameCache(25);
    const entries = ['A', 'B', 'C'].map((id): NoteEntry => ({ id, path: `/${id}`, note: note(id, []) }));
    const frame = (e: NoteEntry, size: number): Buffer => cache.frame(e, false, () => Buffer.alloc(size));
    frame(entries[0], 10);
    frame(entries[1], 10);
    frame(entries[0], 99); // kept: sent again, now the most recent
    frame(entries[2], 10); // over 25 bytes: B, the least recently sent, goes
    expect(cache.size()).toBe(2);
    let encoded = false;
    cache.frame(entries[1], false, () => {
      encoded = true;
      return Buffer.alloc(1);
    });
    expect(encoded).toBe(true);
    cache.clear();
    frame(entries[0], 26);
    expect(cache.size()).toBe(0);
  });
});

describe('Broadcasts.noteFrame: the two doors a change comes through', () => {
  const setup = () => {
    const listeners: ((e: NotebookEvent) => void)[] = [];
    const notebook = { onChange: (l: (e: NotebookEvent) => void) => listeners.push(l) } as unknown as Notebook;
    const connections = new ConnectionManager(true);
    const broadcasts = new Broadcasts(notebook, connections, {} as ZeppelinConfig, {} as InterpreterRegistry);
    const entry: NoteEntry = { id: 'N1', path: '/n1', note: note('N1', ['first']) };
    const text = (): string => String(broadcasts.noteFrame(entry, 'anonymous'));
    const edit = (t: string): void => {
      entry.note.paragraphs[0].text = t;
    };
    return { connections, entry, text, edit, emit: (e: NotebookEvent) => listeners.forEach((l) => l(e)) };
  };

  test('the frame is sent as encoded until a frame goes to the note room, with or without members', () => {
    const s = setup();
    expect(s.text()).toContain('"first"');
    s.edit('second');
    // Nothing told of the edit: the kept frame is sent (which is why every change must come through a door).
    expect(s.text()).toContain('"first"');
    s.connections.toRoom('N1', 'PARAGRAPH', { paragraph: s.entry.note.paragraphs[0] });
    expect(s.text()).toContain('"second"');
    s.edit('third');
    s.connections.toRoomUser('N1', 'someone', 'PROGRESS', { id: 'p0', progress: 10 });
    expect(s.text()).toContain('"third"');
  });

  test("the collaborative status a join sends, and another note's frames, leave the frame kept", () => {
    const s = setup();
    s.text();
    s.edit('second');
    s.connections.toRoom('N1', 'COLLABORATIVE_MODE_STATUS', { status: false });
    s.connections.toRoom('N2', 'PARAGRAPH', { paragraph: s.entry.note.paragraphs[0] });
    expect(s.text()).toContain('"first"');
  });

  test("the notebook's change events drop the note's frame; a reload drops every frame", () => {
    const s = setup();
    s.text();
    s.edit('second');
    s.emit({ kind: 'changed', id: 'N1' });
    expect(s.text()).toContain('"second"');
    s.edit('third');
    s.emit({ kind: 'moved', id: 'N1' });
    expect(s.text()).toContain('"third"');
    s.edit('fourth');
    s.emit({ kind: 'reloaded' });
    expect(s.text()).toContain('"fourth"');
  });

  test('a sequential run starting or ending shows in info.isRunning', () => {
    const s = setup();
    expect(JSON.parse(s.text()).data.note.info.isRunning).toBeUndefined();
    liveRuns.start('N1');
    try {
      expect(JSON.parse(s.text()).data.note.info.isRunning).toBe(true);
    } finally {
      liveRuns.end('N1');
    }
    expect(JSON.parse(s.text()).data.note.info.isRunning).toBeUndefined();
  });
});

describe('GET_NOTE over a socket, with the frame kept between openings', () => {
  let server: TestServer;
  let a: Client;
  let b: Client;
  const NOTE = '2EYDJKFFY';

  beforeEach(async () => {
    server = await startTestServer({ fixtures: true });
    a = await Client.open(server.wsUrl, server.origin);
    b = await Client.open(server.wsUrl, server.origin);
    await a.sync();
    await b.sync();
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  });

  const open = async (c: Client, id = NOTE): Promise<{ raw: string; note: Note }> => {
    const from = c.mark();
    c.send('GET_NOTE', { id });
    const f = await c.next('NOTE', from);
    return { raw: c.raw[c.raw.length - 1], note: f.data.note as Note };
  };

  test('two openings of an unchanged note get the same bytes', async () => {
    const first = await open(a);
    const second = await open(b);
    expect(second.raw).toBe(first.raw);
  });

  test('a paragraph changed over REST while nobody has the note open shows in the next opening', async () => {
    const before = await open(a);
    await open(a, '2A94M5J1Z');
    const pid = before.note.paragraphs[0].id;
    const res = await fetch(`${server.url}api/notebook/${NOTE}/paragraph/${pid}`, {
      method: 'PUT', headers: { 'content-type': 'application/json', origin: server.origin }, body: JSON.stringify({ text: '%md changed over REST' }),
    });
    expect(res.status).toBe(200);
    expect((await open(b)).note.paragraphs[0].text).toBe('%md changed over REST');
  });

  test("a watcher's commit shows in the next opening of another connection", async () => {
    const before = await open(a);
    const pid = before.note.paragraphs[0].id;
    const from = a.mark();
    a.send('COMMIT_PARAGRAPH', { id: pid, noteId: NOTE, title: '', paragraph: '%md committed', config: {}, params: {} });
    await a.next('PARAGRAPH', from, (f) => (f.data.paragraph as { text?: string }).text === '%md committed');
    expect((await open(b)).note.paragraphs[0].text).toBe('%md committed');
  });
});
