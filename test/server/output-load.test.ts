/** @jest-environment node */
/**
 * One big output must not stall everybody: it is encoded once, streamed in bounded frames, written to sockets a
 * bounded amount per event-loop turn, and a watcher that stops reading is cut off instead of holding memory.
 * (How fast is measured by bench/load.ts; these tests check the behaviour.)
 */
import { chunksOf } from '../../server/execution/stream';
import { SendPacer, type PacedSink } from '../../server/ws/pacer';
import { ConnectionManager } from '../../server/ws/connections';
import type WebSocket from 'ws';
import { Client, startTestServer, type TestServer } from './helpers/harness';
import { newNote, run, textOf } from './helpers/exec';

jest.setTimeout(60000);

/** The most text one PARAGRAPH_APPEND_OUTPUT frame carries. */
const MAX_APPEND = 64 * 1024;

describe('chunksOf', () => {
  test('cuts after the last newline that fits, keeps every character, and never splits a surrogate pair', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('');
    const chunks = chunksOf(lines, 1000);
    expect(chunks.join('')).toBe(lines);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(1000);
    expect(chunks.slice(0, -1).every((c) => c.endsWith('\n'))).toBe(true);
    const wide = '😀'.repeat(1000);
    const cut = chunksOf(wide, 101);
    expect(cut.join('')).toBe(wide);
    expect(cut.every((c) => !/[\uD800-\uDBFF]$/.test(c))).toBe(true);
    expect(chunksOf('short')).toEqual(['short']);
  });
});

describe('SendPacer', () => {
  class Sink implements PacedSink {
    readonly written: string[] = [];
    constructor(readonly frames: string[]) {}
    writeNext(): number {
      const f = this.frames.shift();
      if (f === undefined) return 0;
      this.written.push(f);
      return f.length;
    }
    hasWaiting(): boolean {
      return this.frames.length > 0;
    }
  }

  test('spreads waiting frames over turns within the budget, round robin, each connection in order', async () => {
    const pacer = new SendPacer(10);
    const a = new Sink(['a1----', 'a2----', 'a3----']);
    const b = new Sink(['b1----', 'b2----']);
    const turns: string[][] = [];
    pacer.wake(a);
    pacer.wake(b);
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setImmediate(r));
      turns.push([...a.written, ...b.written]);
    }
    expect(a.written).toEqual(['a1----', 'a2----', 'a3----']);
    expect(b.written).toEqual(['b1----', 'b2----']);
    // 6-byte frames and a 10-byte budget: two frames a turn at most.
    expect(turns.map((t) => t.length)).toEqual([2, 4, 5, 5]);
  });

  test('writes at once within the budget and queues beyond it; one frame larger than the budget still goes', () => {
    const pacer = new SendPacer(10);
    expect(pacer.take(8)).toBe(true);
    expect(pacer.take(8)).toBe(false);
    const fresh = new SendPacer(10);
    expect(fresh.take(50)).toBe(true);
  });
});

describe('ConnectionManager.whenWritten', () => {
  /** A socket that holds every frame's write callback until the test lets it go. */
  const socket = () => {
    const pending: (() => void)[] = [];
    const ws = { readyState: 1, send: (_b: Buffer, _o: unknown, cb: () => void) => pending.push(cb), terminate: () => undefined };
    return { ws: ws as unknown as WebSocket, pending };
  };

  test('waits until the frames handed over so far are written to every socket; with none waiting, at once', async () => {
    const manager = new ConnectionManager(false);
    const a = socket();
    const b = socket();
    const ca = manager.create(a.ws);
    manager.create(b.ws);
    let done = false;
    void manager.whenWritten().then(() => {
      done = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(true);

    done = false;
    ca.sendRaw('{"op":"PARAGRAPH"}');
    void manager.whenWritten().then(() => {
      done = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    a.pending.shift()?.();
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(true);
  });

  test('a connection that goes away is not waited for', async () => {
    const manager = new ConnectionManager(false);
    const a = socket();
    const ca = manager.create(a.ws);
    ca.sendRaw('{"op":"NOTE"}');
    let done = false;
    void manager.whenWritten().then(() => {
      done = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    // Closed with the frame never written (a closed socket calls no callback for frames it was not given).
    (a.ws as unknown as { readyState: number }).readyState = 3;
    manager.remove(ca);
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(true);
  });
});

describe('a big output to many watchers', () => {
  let server: TestServer;
  /** Cuts off at 1 MB behind. Kept apart: these test clients share the server's event loop, so on a loaded machine
   * even a client that reads falls a megabyte behind a 1.3 MB output, and the watchers' test would see it cut off. */
  let tight: TestServer;

  beforeAll(async () => {
    const outputLimit = { 'zeppelin.interpreter.output.limit': String(20 * 1024 * 1024) };
    server = await startTestServer({ settings: outputLimit });
    tight = await startTestServer({ settings: { ...outputLimit, 'zeppelin.websocket.max.buffered.bytes': String(1024 * 1024) } });
  });
  afterAll(() => Promise.all([server.close(), tight.close()]));

  test('10 watchers each get every line of `seq 200000`, in frames of at most 64 KB of text', async () => {
    const runner = await Client.open(server.wsUrl, server.origin);
    const { noteId, pid } = await newNote(runner, '/big output', 'sh');
    const watchers = await Promise.all(Array.from({ length: 10 }, () => Client.open(server.wsUrl, server.origin)));
    await Promise.all(watchers.map((w) => w.request('GET_NOTE', { id: noteId }, 'NOTE')));
    const marks = watchers.map((w) => w.mark());
    const expected = Array.from({ length: 200_000 }, (_, i) => `${i + 1}\n`).join('');
    const r = await run(runner, pid, '%sh\nseq 200000', { timeoutMs: 50000 });
    expect(r.final.status).toBe('FINISHED');
    expect(textOf(r.final)).toBe(expected);
    for (const [i, w] of watchers.entries()) {
      await w.sync();
      const appends = w.frames.slice(marks[i]).filter((f) => f.op === 'PARAGRAPH_APPEND_OUTPUT').map((f) => String(f.data.data));
      expect(appends.join('')).toBe(expected);
      expect(Math.max(...appends.map((d) => d.length))).toBeLessThanOrEqual(MAX_APPEND);
    }
    await Promise.all([runner, ...watchers].map((c) => c.close()));
  });

  test('a watcher that stops reading is cut off once too much waits for it; the others carry on', async () => {
    const writer = await Client.open(tight.wsUrl, tight.origin);
    const stalled = await Client.open(tight.wsUrl, tight.origin);
    const { noteId, pid } = await newNote(writer, '/stalled reader', 'md');
    await stalled.request('GET_NOTE', { id: noteId }, 'NOTE');
    // The stalled page stops reading its socket: what the server sends it piles up.
    const socket = (stalled.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause();
    const big = `%md ${'x'.repeat(900 * 1024)}`;
    for (let i = 0; i < 40 && stalled.closed === undefined; i++) {
      await writer.request('COMMIT_PARAGRAPH', { id: pid, noteId, paragraph: `${big}${i}`, params: {}, config: {} }, 'PARAGRAPH');
    }
    socket.resume();
    // Once it reads again, a page that was cut off sees its socket end; one that was not keeps it open.
    await new Promise<void>((resolve) => {
      if (stalled.closed) return resolve();
      const timer = setTimeout(resolve, 10000);
      stalled.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    expect(stalled.closed?.code).toBe(1006);
    // The writer was never cut off and is still served.
    await writer.sync();
    expect(writer.closed).toBeUndefined();
    await writer.close();
  });
});
