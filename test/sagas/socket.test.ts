/** @jest-environment node */
/**
 * The socket saga, run for real against scripted sockets and a manual clock: no sleeps, no real timers, no retries.
 */
import { backoffMs } from '../../sagas/backoff';
import { connection } from '../../slices/connection';
import { route } from '../../slices/route';
import { wsOut } from '../../slices/wsActions';
import { decodeServerFrame, type Decoded, type ServerFrame } from '../../protocol';
import { frame, loadFixtureNote } from '../support/frames';
import { makeTestStore } from '../support/testStore';

const PING = 10_000;

async function connected(opts: Parameters<typeof makeTestStore>[0] = {}) {
  const t = makeTestStore(opts);
  await t.clock.advance(0);
  expect(t.store.getState().connection.status).toBe('connected');
  return t;
}

/** Advances the clock a second at a time until the connection is no longer "connected" (at most a minute). */
async function msUntilGivenUp(t: ReturnType<typeof makeTestStore>): Promise<number> {
  let waited = 0;
  while (t.store.getState().connection.status === 'connected' && waited < 60_000) {
    await t.clock.advance(1000);
    waited += 1000;
  }
  return waited;
}

afterEach(() => jest.restoreAllMocks());

describe('keepalive', () => {
  test('PING every 10 s, only while open, and never through the action log', async () => {
    const t = await connected();
    const pings = () => t.sockets.last().ops().filter((op) => op === 'PING').length;
    await t.clock.advance(PING - 1);
    expect(pings()).toBe(0);
    await t.clock.advance(1);
    expect(pings()).toBe(1);
    await t.clock.advance(2 * PING);
    expect(pings()).toBe(3);
    expect(t.types().some((x) => x.includes('PING'))).toBe(false);
    t.sockets.last().serverClose(1006);
    await t.clock.advance(0);
    const first = t.sockets.sockets[0];
    await t.clock.advance(5 * PING);
    expect(first.ops().filter((op) => op === 'PING')).toHaveLength(3); // the old session's pinger is gone
    t.task?.cancel();
  });
});

describe('reconnect', () => {
  test('after an abnormal close: one backoff step, reconnect, then the note list and open note again', async () => {
    const t = await connected();
    t.store.dispatch(route.changed('/notebook/2EYDJKFFY'));
    await t.clock.advance(0);
    t.sockets.last().serverClose(1011);
    await t.clock.advance(0);
    const wait = backoffMs(1, () => 0.5);
    expect(t.store.getState().connection).toMatchObject({ status: 'reconnecting', retryInMs: wait, lastCloseCode: 1011 });
    await t.clock.advance(wait - 1);
    expect(t.sockets.attempts()).toBe(1);
    await t.clock.advance(1);
    expect(t.sockets.attempts()).toBe(2);
    expect(t.store.getState().connection.status).toBe('connected');
    expect(t.sockets.last().ops()).toEqual(['LIST_NOTES', 'GET_NOTE']);
    expect(t.types('connection/', 'ws/send/')).toEqual([
      'connection/connecting', 'connection/opened', 'ws/send/LIST_NOTES', 'ws/send/GET_HOME_NOTE',
      'ws/send/GET_NOTE',
      'connection/closed', 'connection/retryScheduled', 'connection/connecting', 'connection/opened',
      'ws/send/LIST_NOTES', 'ws/send/GET_NOTE',
    ]);
    t.task?.cancel();
  });

  test('failed attempts back off exponentially with jitter, capped', async () => {
    const t = makeTestStore({ random: () => 1 });
    t.sockets.script('fail', 'fail', 'fail');
    await t.clock.advance(0);
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      delays.push(t.store.getState().connection.retryInMs ?? -1);
      await t.clock.advance(t.store.getState().connection.retryInMs ?? 0);
    }
    expect(delays).toEqual([backoffMs(1, () => 1), backoffMs(2, () => 1), backoffMs(3, () => 1)]);
    expect(delays[1]).toBe(2 * delays[0]);
    expect(t.store.getState().connection.status).toBe('connected');
    expect(backoffMs(50, () => 1)).toBe(30_000);
    expect(backoffMs(1, () => 0)).toBeGreaterThan(0);
    t.task?.cancel();
  });

  test('no reconnect after a deliberate close, by the user or with code 1000', async () => {
    const t = await connected();
    t.store.dispatch(connection.closeRequested());
    await t.clock.advance(0);
    expect(t.sockets.last().closedWith).toBe(1000);
    await t.clock.advance(10 * 60_000);
    expect(t.sockets.attempts()).toBe(1);
    expect(t.store.getState().connection.status).toBe('disconnected');

    const u = await connected();
    u.sockets.last().serverClose(1000);
    await u.clock.advance(10 * 60_000);
    expect(u.sockets.attempts()).toBe(1);
  });
});

describe('outbox', () => {
  const NOTE_ID = '2EYDJKFFY';
  const OPEN_NOTE_REQUESTS = ['GET_INTERPRETER_BINDINGS', 'LIST_REVISION_HISTORY', 'LIST_CONFIGURATIONS'];

  /** Connected with the fixture note open, then the connection drops. */
  async function offlineOnNote() {
    const t = await connected();
    t.store.dispatch(route.changed(`/notebook/${NOTE_ID}`));
    await t.clock.advance(0);
    const note = loadFixtureNote();
    t.sockets.last().serverSend(frame('NOTE', { note }));
    await t.clock.advance(0);
    t.sockets.last().serverClose(1006);
    await t.clock.advance(0);
    return { t, note, old: t.sockets.last() };
  }

  test('after reconnecting, the note is re-attached first (GET_NOTE, then its NOTE), then the queued sends go out in order', async () => {
    const { t, note, old } = await offlineOnNote();
    const [a, b] = [note.paragraphs[0].id, note.paragraphs[1].id];
    t.store.dispatch(wsOut.COMMIT_PARAGRAPH({ id: a, noteId: NOTE_ID, paragraph: 'edited offline', params: {}, config: {} }));
    t.store.dispatch(wsOut.INSERT_PARAGRAPH({ index: 1 }));
    t.store.dispatch(wsOut.MOVE_PARAGRAPH({ id: b, index: 0 }));
    t.store.dispatch(wsOut.RUN_PARAGRAPH({ id: a, paragraph: 'edited offline', params: {}, config: {} }));
    await t.clock.advance(backoffMs(1, () => 0.5));
    const s = t.sockets.last();
    expect(s).not.toBe(old);
    // The server ignores paragraph ops on a connection that has no note yet (PROTOCOL 1.9): nothing goes before it.
    expect(s.ops().filter((op) => op !== 'PING')).toEqual(['LIST_NOTES', 'GET_NOTE']);
    s.serverSend(frame('NOTE', { note }));
    await t.clock.advance(0);
    expect(s.ops().filter((op) => op !== 'PING')).toEqual([
      'LIST_NOTES', 'GET_NOTE', 'COMMIT_PARAGRAPH', 'INSERT_PARAGRAPH', 'MOVE_PARAGRAPH', 'RUN_PARAGRAPH',
      // what opening the note asks for, sent by the note page's sagas when the NOTE came
      ...OPEN_NOTE_REQUESTS,
    ]);
    expect(s.frames().find((f) => f.op === 'MOVE_PARAGRAPH')?.data).toEqual({ id: b, index: 0 });
    expect(t.store.getState().ui.toasts).toEqual([]);
    t.task?.cancel();
  });

  test('a queued send whose paragraph was deleted meanwhile is not sent, and the user is told', async () => {
    const { t, note } = await offlineOnNote();
    const [a, gone] = [note.paragraphs[0].id, note.paragraphs[1].id];
    t.store.dispatch(wsOut.RUN_PARAGRAPH({ id: gone, paragraph: 'x', params: {}, config: {} }));
    t.store.dispatch(wsOut.MOVE_PARAGRAPH({ id: a, index: 1 }));
    await t.clock.advance(backoffMs(1, () => 0.5));
    const s = t.sockets.last();
    s.serverSend(frame('NOTE', { note: { ...note, paragraphs: note.paragraphs.filter((p) => p.id !== gone) } }));
    await t.clock.advance(0);
    expect(s.ops().filter((op) => op !== 'PING')).toEqual(['LIST_NOTES', 'GET_NOTE', 'MOVE_PARAGRAPH', ...OPEN_NOTE_REQUESTS]);
    expect(t.store.getState().ui.toasts.map((x) => [x.level, x.text])).toEqual([
      ['warning', 'Run paragraph, made while offline, was not sent: the paragraph was deleted meanwhile.'],
    ]);
    t.task?.cancel();
  });

  test('when the note can no longer be opened, its queued sends are reported instead of sent', async () => {
    const { t, note } = await offlineOnNote();
    t.store.dispatch(wsOut.INSERT_PARAGRAPH({ index: 0 }));
    t.store.dispatch(wsOut.RUN_PARAGRAPH({ id: note.paragraphs[0].id, paragraph: 'x', params: {}, config: {} }));
    await t.clock.advance(backoffMs(1, () => 0.5));
    const s = t.sockets.last();
    s.serverSend(frame('ERROR_INFO', { info: 'HTTP 404 Not Found' }));
    await t.clock.advance(0);
    expect(s.ops().filter((op) => op !== 'PING')).toEqual(['LIST_NOTES', 'GET_NOTE']);
    expect(t.store.getState().ui.toasts.map((x) => x.text)).toEqual([
      'Insert paragraph, made while offline, was not sent: the note was deleted meanwhile or can no longer be opened.',
      'Run paragraph, made while offline, was not sent: the note was deleted meanwhile or can no longer be opened.',
    ]);
    t.task?.cancel();
  });

  test('sends made on another note than the one now shown re-attach to it, then to the shown note again', async () => {
    const { t, note } = await offlineOnNote();
    t.store.dispatch(wsOut.RUN_PARAGRAPH({ id: note.paragraphs[0].id, paragraph: 'x', params: {}, config: {} }));
    t.store.dispatch(route.changed('/notebook/OTHER'));
    await t.clock.advance(backoffMs(1, () => 0.5));
    const s = t.sockets.last();
    expect(s.ops().filter((op) => op !== 'PING')).toEqual(['LIST_NOTES', 'GET_NOTE']);
    expect(s.frames()[1].data).toEqual({ id: NOTE_ID });
    s.serverSend(frame('NOTE', { note }));
    await t.clock.advance(0);
    expect(s.frames().filter((f) => f.op !== 'PING').map((f) => [f.op, f.data.id]).slice(0, 4)).toEqual([
      ['LIST_NOTES', undefined], ['GET_NOTE', NOTE_ID], ['RUN_PARAGRAPH', note.paragraphs[0].id], ['GET_NOTE', 'OTHER'],
    ]);
    t.task?.cancel();
  });

  test('with nothing queued, a reconnect does not wait for the note before sending new work', async () => {
    const { t, note } = await offlineOnNote();
    await t.clock.advance(backoffMs(1, () => 0.5));
    t.store.dispatch(wsOut.RUN_PARAGRAPH({ id: note.paragraphs[0].id, paragraph: 'x', params: {}, config: {} }));
    await t.clock.advance(0);
    expect(t.sockets.last().ops().filter((op) => op !== 'PING')).toEqual(['LIST_NOTES', 'GET_NOTE', 'RUN_PARAGRAPH']);
    t.task?.cancel();
  });
});

describe('liveness', () => {
  test('a connection that stops answering (our server answers PING) is given up within 30 s: Reconnecting…, then a new one', async () => {
    const t = await connected();
    await t.clock.advance(60_000);
    expect(t.sockets.attempts()).toBe(1); // PONGs keep a healthy connection
    const first = t.sockets.last();
    first.frozen = true;
    expect(await msUntilGivenUp(t)).toBeLessThanOrEqual(30_000);
    expect(t.store.getState().connection.status).toBe('reconnecting');
    // The browser may sit on the close handshake of a dead server for a minute: the saga does not wait for it.
    expect(first.closedWith).toBe(4000);
    await t.clock.advance(backoffMs(1, () => 0.5));
    expect(t.sockets.attempts()).toBe(2);
    expect(t.store.getState().connection.status).toBe('connected');
    t.task?.cancel();
  });

  test('a Zeppelin server never answers PING: a quiet connection is probed with LIST_CONFIGURATIONS, outside the log', async () => {
    const t = makeTestStore();
    const configurations = { 'zeppelin.notebook.storage': 'git' };
    t.sockets.autoReplies = { LIST_CONFIGURATIONS: () => ({ op: 'CONFIGURATIONS_INFO', data: { configurations } }) };
    await t.clock.advance(0);
    await t.clock.advance(5 * 60_000);
    const s = t.sockets.last();
    expect(t.sockets.attempts()).toBe(1);
    expect(t.store.getState().connection.status).toBe('connected');
    const probes = s.ops().filter((op) => op === 'LIST_CONFIGURATIONS').length;
    expect(probes).toBeGreaterThan(5);
    expect(probes).toBeLessThanOrEqual(30);
    expect(t.types().filter((x) => x.includes('CONFIGURATIONS'))).toEqual([]);
    // The app's own request is still answered through the store.
    t.store.dispatch(wsOut.LIST_CONFIGURATIONS({}));
    await t.clock.advance(0);
    expect(t.types().filter((x) => x.includes('CONFIGURATIONS'))).toEqual(['ws/send/LIST_CONFIGURATIONS', 'ws/CONFIGURATIONS_INFO']);
    s.frozen = true;
    expect(await msUntilGivenUp(t)).toBeLessThanOrEqual(30_000);
    expect(t.store.getState().connection.status).toBe('reconnecting');
    t.task?.cancel();
  });

  test('an attempt the server never answers (stopped server) is given up and retried', async () => {
    const t = await connected();
    t.sockets.last().serverClose(1006);
    t.sockets.script('hang', 'hang');
    await t.clock.advance(0);
    await t.clock.advance(60_000);
    expect(t.sockets.hungAttempts()).toBe(2);
    expect(t.sockets.attempts()).toBe(2);
    expect(t.store.getState().connection.status).toBe('connected');
    t.task?.cancel();
  });

  test('cancelling the socket saga (logout, teardown) closes its socket', async () => {
    const t = await connected();
    t.task?.cancel();
    await t.clock.advance(0);
    expect(t.sockets.last().closedWith).toBe(1000);
  });
});

describe('ticket', () => {
  test('is added to every frame at send time and never appears in state or in the action log', async () => {
    const secret = 'secret-ticket-4f1c2b7e';
    const t = await connected({ rest: { 'GET /security/ticket': { principal: 'alice', ticket: secret, roles: '["admin"]' } } });
    t.store.dispatch(wsOut.GET_NOTE({ id: 'N1' }));
    await t.clock.advance(0);
    const frames = t.sockets.last().frames();
    expect(frames.length).toBeGreaterThan(0);
    for (const f of frames) expect(f).toMatchObject({ principal: 'alice', ticket: secret, roles: '["admin"]' });
    for (const f of frames) expect(f.msgId).toMatch(/^[a-z0-9]{5}-\d+$/);
    expect(JSON.stringify(t.store.getState())).not.toContain(secret);
    expect(JSON.stringify(t.log.entries())).not.toContain(secret);
    expect(t.store.getState().session).toMatchObject({ principal: 'alice', roles: ['admin'], loginState: 'loggedIn' });
    t.task?.cancel();
  });
});

describe('inbound frames', () => {
  test('each becomes its own action; an unknown op is recorded and ignored; a bad frame is reported; the connection carries on', async () => {
    const t = await connected();
    const s = t.sockets.last();
    const before = t.store.getState();
    s.serverSend('{"op":"NOTE",');
    s.serverSend(frame('NO_SUCH_OP', { x: 1 }));
    s.serverSend(frame('PARAGRAPH', { paragraph: 'not an object' }));
    await t.clock.advance(0);
    expect(t.store.getState().notes).toBe(before.notes);
    expect(t.store.getState().paragraphs).toBe(before.paragraphs);
    s.serverSend(frame('NOTE', { note: loadFixtureNote() }));
    await t.clock.advance(0);
    expect(t.types('ws/NOTE', 'ws/unknownOp', 'connection/badFrame')).toEqual(['connection/badFrame', 'ws/unknownOp', 'connection/badFrame', 'ws/NOTE']);
    expect(t.log.entries().find((e) => e.action.type === 'ws/unknownOp')?.action.payload).toEqual({ op: 'NO_SUCH_OP', data: { x: 1 } });
    expect(t.store.getState().connection.badFrames.map((e) => e.reason)).toEqual(['bad-json', 'bad-payload']);
    expect(t.store.getState().connection.status).toBe('connected');
    expect(t.store.getState().notes.openNoteId).toBe('2EYDJKFFY');
    t.task?.cancel();
  });

  test('the action log counts a frame by the length of its text, without writing the action out again', async () => {
    const t = await connected();
    const note = loadFixtureNote();
    // Spaces JSON.stringify would not write: a count taken from the action would come out shorter.
    const raw = frame('NOTE', { note }).replace('"op":"NOTE",', '"op":"NOTE",   ');
    const stringify = jest.spyOn(JSON, 'stringify');
    t.sockets.last().serverSend(raw);
    await t.clock.advance(0);
    const entry = t.log.entries().find((e) => e.action.type === 'ws/NOTE');
    expect(entry?.action.meta).toMatchObject({ frameLength: raw.length });
    expect(entry?.bytes).toBe(raw.length);
    const written = stringify.mock.calls.map(([v]) => (v as { type?: unknown } | null)?.type);
    stringify.mockRestore();
    expect(written).not.toContain('ws/NOTE');
    t.task?.cancel();
  });

  test('a frame the socket decoded itself is put in its turn, whole, without being decoded again', async () => {
    const table = 'id\tname\n1\ta\n2\tb\n';
    const paragraph = { id: 'paragraph_1', status: 'FINISHED', results: { code: 'SUCCESS', msg: [{ type: 'TABLE', data: table }] } };
    const big = frame('PARAGRAPH', { paragraph });
    const decodeFrame = jest.fn(decodeServerFrame);
    const t = await connected({ decodeFrame });
    const s = t.sockets.last();
    s.serverSend(frame('NOTE_UPDATED', { name: 'before', config: {}, info: {} }));
    s.serverSendDecoded(big, decodeServerFrame(big));
    s.serverSend(frame('NOTE_UPDATED', { name: 'after', config: {}, info: {} }));
    await t.clock.advance(0);
    expect(t.types('ws/NOTE_UPDATED', 'ws/PARAGRAPH')).toEqual(['ws/NOTE_UPDATED', 'ws/PARAGRAPH', 'ws/NOTE_UPDATED']);
    expect(decodeFrame.mock.calls.map(([raw]) => raw)).not.toContain(big);
    // The logged action carries the result itself, so a replay of the log draws the table.
    const entry = t.log.entries().find((e) => e.action.type === 'ws/PARAGRAPH');
    expect(entry?.action.meta).toMatchObject({ frameLength: big.length });
    expect(JSON.stringify(entry?.action.payload)).toContain(JSON.stringify(table));
    t.task?.cancel();
  });

  test('a frame decoded slowly (off the page\'s thread) still becomes its action before the frames after it', async () => {
    const note = loadFixtureNote();
    const big = frame('NOTE', { note });
    let release: (() => void) | null = null;
    const decodeFrame = (raw: string): Decoded<ServerFrame> | Promise<Decoded<ServerFrame>> => (raw === big
      ? new Promise((resolve) => { release = () => resolve(decodeServerFrame(raw)); })
      : decodeServerFrame(raw));
    const t = await connected({ decodeFrame });
    const s = t.sockets.last();
    s.serverSend(big);
    s.serverSend(frame('NOTE_UPDATED', { name: 'renamed while decoding', config: {}, info: {} }));
    s.serverSend('{"op":"NOTE",');
    await t.clock.advance(0);
    // Nothing after the big frame is decoded or put while it is being decoded.
    expect(t.types('ws/NOTE', 'connection/badFrame')).toEqual([]);
    expect(release).not.toBeNull();
    release!();
    await t.clock.advance(0);
    expect(t.types('ws/NOTE', 'connection/badFrame')).toEqual(['ws/NOTE', 'ws/NOTE_UPDATED', 'connection/badFrame']);
    expect(t.store.getState().notes.openNoteId).toBe('2EYDJKFFY');
    expect(t.log.entries().find((e) => e.action.type === 'ws/NOTE')?.bytes).toBe(big.length);
    t.task?.cancel();
  });
});
