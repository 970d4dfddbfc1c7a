/** @jest-environment node */
/**
 * Two real client stores (reducers and sagas, manual clock) on one note of a real server, over real sockets. Each
 * client's outgoing frames can be held back, so a patch is deterministically still on its way when the server's
 * quiet-time resync leaves: the race a busy machine produced by chance in the browser tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import type { SocketLike, SocketMessage } from '../../sagas/deps';
import { notePage } from '../../slices/notePage';
import { route } from '../../slices/route';
import { wsIn } from '../../slices/wsActions';
import { selectText } from '../../slices/noteSelectors';
import { makeTestStore } from '../support/testStore';
import { Client, startTestServer, type TestServer } from './helpers/harness';

const START = '%md\nfirst line\nsecond line';

/** A client's socket whose frames, each way, can be held and let go later in order, as a slow network would. */
class HeldSocket implements SocketLike {
  onmessage: ((ev: SocketMessage) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  private holdingOut = false;
  private holdingIn = false;
  readonly heldOut: string[] = [];
  readonly heldIn: string[] = [];

  constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      if (this.holdingIn) this.heldIn.push(String(raw));
      else this.onmessage?.({ data: String(raw) });
    });
    ws.on('close', (code, reason) => this.onclose?.({ code, reason: String(reason) }));
    ws.on('error', (e) => this.onerror?.(e));
  }

  get readyState(): number {
    return this.ws.readyState;
  }

  send(data: string): void {
    if (this.holdingOut) this.heldOut.push(data);
    else this.ws.send(data);
  }

  close(code?: number, reason?: string): void {
    this.ws.close(code, reason);
  }

  hold(): void {
    this.holdingOut = true;
    this.holdingIn = true;
  }

  releaseIn(): void {
    this.holdingIn = false;
    for (const raw of this.heldIn.splice(0)) this.onmessage?.({ data: raw });
  }

  releaseOut(): void {
    this.holdingOut = false;
    for (const data of this.heldOut.splice(0)) this.ws.send(data);
  }
}

const framesOf = (raws: string[]) => raws.map((r) => JSON.parse(r) as { op: string; data: { text?: string; patch?: string } });

type Store = ReturnType<typeof makeTestStore>;

/** Polls a condition on real time (the server's timers are real); the bound only decides when to give up. */
async function until(what: string, ok: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('collaborating clients converge when a patch crosses the quiet-time resync', () => {
  let server: TestServer;
  let noteId: string;
  let pid: string;
  const clients: { t: Store; net: () => HeldSocket }[] = [];

  beforeEach(async () => {
    server = await startTestServer();
    const setup = await Client.open(server.wsUrl, server.origin);
    const created = await setup.request('NEW_NOTE', { name: `/together ${Math.random()}` }, 'NEW_NOTE');
    noteId = created.data.note.id;
    pid = created.data.note.paragraphs[0].id;
    await setup.request('GET_NOTE', { id: noteId }, 'NOTE');
    await setup.request('COMMIT_PARAGRAPH', { id: pid, noteId, paragraph: START, params: {}, config: {} }, 'PARAGRAPH');
    await setup.close();
  });
  afterEach(async () => {
    for (const { t, net } of clients.splice(0)) {
      t.task?.cancel();
      net().close();
    }
    await server.close();
  });

  async function openClient(): Promise<{ t: Store; net: () => HeldSocket }> {
    const t = makeTestStore({ rest: { [`GET /notebook/${noteId}/permissions`]: { owners: [], readers: [], runners: [], writers: [] } } });
    let socket: HeldSocket | undefined;
    t.deps.openSocket = (url) => new Promise((resolve) => {
      const ws = new WebSocket(url, { headers: { origin: server.origin } });
      ws.once('open', () => resolve((socket = new HeldSocket(ws))));
      ws.once('error', () => resolve(null));
    });
    const net = () => {
      if (!socket) throw new Error('no socket');
      return socket;
    };
    (t.deps as { wsUrl: string }).wsUrl = server.wsUrl;
    clients.push({ t, net });
    t.store.dispatch(route.changed(`/notebook/${noteId}`));
    await t.clock.advance(0);
    await until('the note', () => t.store.getState().paragraphs.entities[pid] !== undefined);
    return { t, net };
  }

  async function twoClients() {
    const one = await openClient();
    const two = await openClient();
    await until('collaborative mode', () => [one, two].every(({ t }) => t.store.getState().notes.collaborative.status));
    return { one, two };
  }

  const text = (t: Store): string => selectText(t.store.getState(), pid);
  const type = async (t: Store, next: string) => {
    t.store.dispatch(notePage.draftChanged({ id: pid, text: next }));
    await t.clock.advance(0);
  };
  const resyncs = (t: Store) => t.log.entries().map((e) => e.action)
    .filter(wsIn.PATCH_PARAGRAPH.match).map((a) => a.payload).filter((p) => p.text !== undefined);
  const fileText = (): string => {
    const file = fs.readdirSync(server.notebookDir).find((f) => f.endsWith(`_${noteId}.zpln`));
    const note = JSON.parse(fs.readFileSync(path.join(server.notebookDir, file ?? ''), 'utf8')) as { paragraphs: { id: string; text?: string }[] };
    return note.paragraphs.find((p) => p.id === pid)?.text ?? '';
  };

  test('a resync taken before our patch arrived does not take our typing away, and both end with every edit', async () => {
    const { one, two } = await twoClients();
    // user1's network is slow both ways: what user2 types, and the server's resync after it, wait on the way in
    one.net().hold();
    await type(two.t, START.replace('first line', 'first line +two'));
    await until('the resync to be on its way to user1', () => framesOf(one.net().heldIn).some((f) => f.op === 'PATCH_PARAGRAPH' && f.data.text !== undefined));
    // ... while user1 types, so its patch is on the way out when the resync (which cannot hold it) comes in
    await type(one.t, `${START}?`);
    expect(framesOf(one.net().heldOut).map((f) => f.op)).toContain('PATCH_PARAGRAPH');
    one.net().releaseIn();
    await until('the resync', () => resyncs(one.t).length > 0);
    expect(resyncs(one.t).at(-1)?.text).toBe('%md\nfirst line +two\nsecond line');
    const expected = '%md\nfirst line +two\nsecond line?';
    expect(text(one.t)).toBe(expected);

    one.net().releaseOut();
    await until('user2 to get the patch', () => text(two.t) === expected);
    await until('the next resync', () => resyncs(one.t).at(-1)?.text === expected && resyncs(two.t).at(-1)?.text === expected);
    expect(text(one.t)).toBe(expected);
    expect(text(two.t)).toBe(expected);
    expect(fileText()).toBe(expected);
  });

  test('leaving the editor after the resync of a clearing leaves the empty text saved', async () => {
    const { one, two } = await twoClients();
    const before = resyncs(one.t).length;
    await type(one.t, '');
    await until('user2 to see the clearing', () => text(two.t) === '');
    await until('the resync', () => resyncs(one.t).length > before);
    expect(text(one.t)).toBe('');
    one.t.store.dispatch(notePage.editorBlurred({ id: pid }));
    await one.t.clock.advance(0);
    // the text every watcher adopted is the one in the file: no save is missing
    expect(fileText()).toBe('');
  });
});
