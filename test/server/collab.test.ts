/** @jest-environment node */
import DiffMatchPatch from 'diff-match-patch';
import { Client, startTestServer, type TestServer } from './helpers/harness';
import { login, startAuthServer } from './helpers/auth';

const dmp = new DiffMatchPatch();
const makePatch = (from: string, to: string): string => dmp.patch_toText(dmp.patch_make(from, to)).replace(/,@@/g, '@@');

type Identity = { principal: string; ticket: string };

/** A client that behaves like an editor: its own copy of the text, patched by what it types and what it receives. */
class Editor {
  text: string;
  constructor(readonly client: Client, readonly noteId: string, readonly pid: string, text: string, readonly who: Partial<Identity> = {}) {
    this.text = text;
    client.ws.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as { op: string; data: { paragraphId?: string; patch?: string; text?: string } };
      if (f.op !== 'PATCH_PARAGRAPH' || f.data.paragraphId !== pid) return;
      if (typeof f.data.text === 'string') this.text = f.data.text;
      else this.text = dmp.patch_apply(dmp.patch_fromText(f.data.patch ?? ''), this.text)[0];
    });
  }

  type(next: string): void {
    const patch = makePatch(this.text, next);
    this.text = next;
    this.client.send('PATCH_PARAGRAPH', { id: this.pid, noteId: this.noteId, patch }, this.who);
  }

  /** The server's whole text, sent once the paragraph has been quiet. */
  resynced(from: number): Promise<unknown> {
    return this.client.waitFor((f) => f.op === 'PATCH_PARAGRAPH' && typeof f.data.text === 'string', from, 15_000, 'resync');
  }
}

describe('collaborative editing converges (PROTOCOL 5.8, with the resync extension)', () => {
  let server: TestServer;
  let a: Client;
  let b: Client;
  let noteId: string;
  let pid: string;
  const START = 'print("hello world")';

  beforeEach(async () => {
    server = await startTestServer();
    a = await Client.open(server.wsUrl, server.origin);
    b = await Client.open(server.wsUrl, server.origin);
    const created = await a.request('NEW_NOTE', { name: '/together', defaultInterpreterGroup: 'python' }, 'NEW_NOTE');
    noteId = created.data.note.id;
    pid = created.data.note.paragraphs[0].id;
    await a.request('GET_NOTE', { id: noteId }, 'NOTE');
    await a.request('COMMIT_PARAGRAPH', { id: pid, noteId, paragraph: START, params: {}, config: {} }, 'PARAGRAPH');
    await b.request('GET_NOTE', { id: noteId }, 'NOTE');
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
    await server.close();
  });

  const serverText = async (): Promise<string | undefined> => (await a.request('GET_NOTE', { id: noteId }, 'NOTE')).data.note?.paragraphs[0].text;

  test('two clients typing at once in one paragraph both end with the same text holding both edits', async () => {
    const alice = new Editor(a, noteId, pid, START);
    const bob = new Editor(b, noteId, pid, START);
    const aFrom = a.mark();
    const bFrom = b.mark();
    // Interleaved keystrokes without waiting for each other: alice prefixes a line, bob appends one, and both
    // also type at the very same spot (inside the quotes), where fuzzy patches alone could disagree on the order.
    const aliceLine = '# by alice\n';
    const bobLine = '\nprint("bob")';
    for (let i = 1; i <= Math.max(aliceLine.length, bobLine.length); i++) {
      if (i <= aliceLine.length) alice.type(aliceLine.slice(0, i) + alice.text.replace(aliceLine.slice(0, i - 1), ''));
      if (i <= bobLine.length) bob.type(bob.text.slice(0, bob.text.length - (i - 1)) + bobLine.slice(0, i));
    }
    alice.type(alice.text.replace('hello', 'hello A'));
    bob.type(bob.text.replace('hello', 'hello B'));
    await Promise.all([alice.resynced(aFrom), bob.resynced(bFrom)]);
    expect(alice.text).toBe(bob.text);
    expect(alice.text).toBe(await serverText());
    expect(alice.text.startsWith(aliceLine)).toBe(true);
    expect(alice.text.endsWith(bobLine)).toBe(true);
    expect(alice.text).toMatch(/hello (A B|B A|A|B)/);
    expect(alice.text).toContain('A');
    expect(alice.text).toContain('B');
  });

  test('the relayed patch names its author; the resync goes to the author too', async () => {
    const bFrom = b.mark();
    const aFrom = a.mark();
    a.send('PATCH_PARAGRAPH', { id: pid, noteId, patch: makePatch(START, `${START}!`) });
    const relayed = await b.next('PATCH_PARAGRAPH', bFrom);
    expect(relayed.data.patch).not.toBe('');
    expect(relayed.data.user).toBe('anonymous');
    const resync = await a.next('PATCH_PARAGRAPH', aFrom);
    expect(resync.data).toEqual({ paragraphId: pid, patch: '', user: relayed.data.user, text: `${START}!` });
  });

  test('clearing the whole text reaches the other watcher and the server copy', async () => {
    const alice = new Editor(a, noteId, pid, START);
    const bob = new Editor(b, noteId, pid, START);
    const bFrom = b.mark();
    alice.type('');
    await b.waitFor((f) => f.op === 'PATCH_PARAGRAPH' && f.data.patch !== '', bFrom);
    expect(bob.text).toBe('');
    await bob.resynced(bFrom);
    expect(bob.text).toBe('');
    expect(await serverText()).toBe('');
  });
});

describe('collaborative editing by two logged-in users', () => {
  let server: TestServer;
  let a: Client;
  let b: Client;
  let user1: Identity;
  let user2: Identity;
  let noteId: string;
  let pid: string;
  const START = '%md\nfirst line\nsecond line';

  /** Sends as `who` and waits for the answer, which only comes when the ticket is accepted. */
  const ask = async <R extends 'NOTE' | 'NEW_NOTE' | 'PARAGRAPH'>(c: Client, send: (c: Client) => void, reply: R) => {
    const from = c.mark();
    send(c);
    return c.next(reply, from);
  };

  beforeAll(async () => {
    server = await startAuthServer();
    const [l1, l2] = await Promise.all([login(server.url, 'user1', 'password2'), login(server.url, 'user2', 'password3')]);
    user1 = { principal: 'user1', ticket: l1.body.body!.ticket };
    user2 = { principal: 'user2', ticket: l2.body.body!.ticket };
  });
  beforeEach(async () => {
    a = await Client.open(server.wsUrl, server.origin);
    b = await Client.open(server.wsUrl, server.origin);
    const created = await ask(a, (c) => c.send('NEW_NOTE', { name: `/together ${Math.random()}` }, user1), 'NEW_NOTE');
    noteId = created.data.note.id;
    pid = created.data.note.paragraphs[0].id;
    await ask(a, (c) => c.send('GET_NOTE', { id: noteId }, user1), 'NOTE');
    await ask(a, (c) => c.send('COMMIT_PARAGRAPH', { id: pid, noteId, paragraph: START, params: {}, config: {} }, user1), 'PARAGRAPH');
    const from = a.mark();
    await ask(b, (c) => c.send('GET_NOTE', { id: noteId }, user2), 'NOTE');
    const status = await a.next('COLLABORATIVE_MODE_STATUS', from, (f) => f.data.status === true);
    expect([...(status.data.users ?? [])].sort()).toEqual(['user1', 'user2']);
  });
  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
  });
  afterAll(async () => {
    await server.close();
  });

  const serverText = async (): Promise<string | undefined> =>
    (await ask(a, (c) => c.send('GET_NOTE', { id: noteId }, user1), 'NOTE')).data.note?.paragraphs[0].text;

  test('interleaved patches of both users converge on one text holding both edits, each relayed with its author', async () => {
    const one = new Editor(a, noteId, pid, START, user1);
    const two = new Editor(b, noteId, pid, START, user2);
    const aFrom = a.mark();
    const bFrom = b.mark();
    // user1 appends to the last line, user2 to the first text line, one key each in turn without waiting
    for (const [c1, c2] of [...' +one'].map((c, i) => [c, ' +two'[i]])) {
      one.type(`${one.text}${c1}`);
      const lines = two.text.split('\n');
      lines[1] += c2;
      two.type(lines.join('\n'));
    }
    await Promise.all([one.resynced(aFrom), two.resynced(bFrom)]);
    const expected = '%md\nfirst line +two\nsecond line +one';
    expect(one.text).toBe(expected);
    expect(two.text).toBe(expected);
    expect(await serverText()).toBe(expected);
    const authors = (c: Client, from: number) => new Set(c.frames.slice(from).filter((f) => f.op === 'PATCH_PARAGRAPH' && f.data.patch !== '').map((f) => f.data.user));
    expect(authors(a, aFrom)).toEqual(new Set(['user2']));
    expect(authors(b, bFrom)).toEqual(new Set(['user1']));
  });

  test("a commit carrying a patch keeps the collaborator's edit the sender has not seen yet", async () => {
    const one = new Editor(a, noteId, pid, START, user1);
    const bFrom = b.mark();
    // user1's edit is on the server; user2 commits text written without it (as when leaving the editor)
    one.type(START.replace('first', 'first (1)'));
    await b.next('PATCH_PARAGRAPH', bFrom);
    const mine = `${START} (2)`;
    const committed = await ask(b, (c) => c.send('COMMIT_PARAGRAPH', {
      id: pid, noteId, paragraph: mine, params: {}, config: {}, patch: makePatch(START, mine),
    }, user2), 'PARAGRAPH');
    const merged = '%md\nfirst (1) line\nsecond line (2)';
    expect(committed.data.paragraph.text).toBe(merged);
    expect(await serverText()).toBe(merged);
    // saved, not only in memory
    const stored = await ask(a, (c) => c.send('RELOAD_NOTE', { id: noteId }, user1), 'NOTE');
    expect(stored.data.note?.paragraphs[0].text).toBe(merged);
  });

  test("a run carrying a patch runs and keeps the collaborator's edit the runner has not seen yet", async () => {
    const one = new Editor(a, noteId, pid, START, user1);
    const bFrom = b.mark();
    one.type(START.replace('first', 'first (1)'));
    await b.next('PATCH_PARAGRAPH', bFrom);
    // user2 presses Run with its text, whose own changes already went out as patches: its patch is empty.
    const runFrom = b.mark();
    b.send('RUN_PARAGRAPH', { id: pid, paragraph: START, params: {}, config: {}, patch: makePatch(START, START) }, user2);
    type Run = { paragraph: { id: string; status: string; text: string; results?: unknown } };
    const done = await b.waitFor((f) => f.op === 'PARAGRAPH' && (f.data as Run).paragraph.id === pid && (f.data as Run).paragraph.status === 'FINISHED', runFrom, 10000, 'finished run');
    const merged = '%md\nfirst (1) line\nsecond line';
    expect((done.data as Run).paragraph.text).toBe(merged);
    expect(JSON.stringify((done.data as Run).paragraph.results)).toContain('first (1) line');
    expect(await serverText()).toBe(merged);
  });

  test("run all entries carrying a patch keep the collaborator's edit too", async () => {
    const one = new Editor(a, noteId, pid, START, user1);
    const bFrom = b.mark();
    one.type(START.replace('second', 'second (1)'));
    await b.next('PATCH_PARAGRAPH', bFrom);
    type Run = { paragraph: { id: string; status: string; text: string } };
    const runFrom = b.mark();
    const entries = [{ id: pid, paragraph: START, config: {}, params: {}, patch: makePatch(START, START) }];
    b.send('RUN_ALL_PARAGRAPHS', { noteId, paragraphs: JSON.stringify(entries) }, user2);
    const done = await b.waitFor((f) => f.op === 'PARAGRAPH' && (f.data as Run).paragraph.id === pid && (f.data as Run).paragraph.status === 'FINISHED', runFrom, 10000, 'finished run');
    expect((done.data as Run).paragraph.text).toBe('%md\nfirst line\nsecond (1) line');
  });

  test('a commit without a patch replaces the text, as Zeppelin does', async () => {
    const one = new Editor(a, noteId, pid, START, user1);
    const bFrom = b.mark();
    one.type(`${START}!`);
    await b.next('PATCH_PARAGRAPH', bFrom);
    const committed = await ask(b, (c) => c.send('COMMIT_PARAGRAPH', { id: pid, noteId, paragraph: 'replaced', params: {}, config: {} }, user2), 'PARAGRAPH');
    expect(committed.data.paragraph.text).toBe('replaced');
  });
});
