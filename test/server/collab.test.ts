/** @jest-environment node */
import DiffMatchPatch from 'diff-match-patch';
import { Client, startTestServer, type TestServer } from './helpers/harness';

const dmp = new DiffMatchPatch();
const makePatch = (from: string, to: string): string => dmp.patch_toText(dmp.patch_make(from, to)).replace(/,@@/g, '@@');

/** A client that behaves like an editor: its own copy of the text, patched by what it types and what it receives. */
class Editor {
  text: string;
  constructor(readonly client: Client, readonly noteId: string, readonly pid: string, text: string) {
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
    this.client.send('PATCH_PARAGRAPH', { id: this.pid, noteId: this.noteId, patch });
  }

  /** The server's whole text, sent once the paragraph has been quiet. */
  resynced(from: number): Promise<unknown> {
    return this.client.waitFor((f) => f.op === 'PATCH_PARAGRAPH' && typeof f.data.text === 'string', from, 5000, 'resync');
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
