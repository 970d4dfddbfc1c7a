/** @jest-environment node */
/**
 * The socket saga, run for real against scripted sockets and a manual clock: no sleeps, no real timers, no retries.
 */
import { backoffMs } from '../../sagas/backoff';
import { connection } from '../../slices/connection';
import { route } from '../../slices/route';
import { wsOut } from '../../slices/wsActions';
import { frame, loadFixtureNote } from '../support/frames';
import { makeTestStore } from '../support/testStore';

const PING = 10_000;

async function connected(opts: Parameters<typeof makeTestStore>[0] = {}) {
  const t = makeTestStore(opts);
  await t.clock.advance(0);
  expect(t.store.getState().connection.status).toBe('connected');
  return t;
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
  test('frames sent while disconnected are queued and flushed in order after reconnecting', async () => {
    const t = await connected();
    t.sockets.last().serverClose(1006);
    await t.clock.advance(0);
    t.store.dispatch(wsOut.COMMIT_PARAGRAPH({ id: 'p1', paragraph: 'a', params: {}, config: {} }));
    t.store.dispatch(wsOut.MOVE_PARAGRAPH({ id: 'p1', index: 2 }));
    await t.clock.advance(0);
    const old = t.sockets.last();
    expect(old.ops()).toEqual(['LIST_NOTES', 'GET_HOME_NOTE']);
    await t.clock.advance(backoffMs(1, () => 0.5));
    expect(t.sockets.last()).not.toBe(old);
    expect(t.sockets.last().ops()).toEqual(['COMMIT_PARAGRAPH', 'MOVE_PARAGRAPH', 'LIST_NOTES', 'GET_HOME_NOTE']);
    t.task?.cancel();
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
});
