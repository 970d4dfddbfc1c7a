/**
 * The page's side of the socket the table worker holds: it opens, sends, hands frames (as text, or decoded there) to
 * the saga, and closes as a WebSocket would, so the socket saga's keepalive, liveness and reconnect work unchanged.
 */
import { decodeServerFrame } from '../../protocol';
import { openSocketInWorker } from '../../src/app/workerSocket';
import { workerSockets } from '../support/tableWorkerMock';

const last = () => workerSockets[workerSockets.length - 1];

test('opens when the worker says so, passes frames in order, and closes as a WebSocket does', async () => {
  const opening = openSocketInWorker('ws://x/ws');
  expect(opening).not.toBeNull();
  const w = last();
  expect(w.url).toBe('ws://x/ws');
  w.listen({ socket: 1, event: 'open' });
  const socket = await opening!;
  expect(socket?.readyState).toBe(1);
  const got: unknown[] = [];
  socket!.onmessage = (ev) => got.push(ev);
  const closes: unknown[] = [];
  socket!.onclose = (ev) => closes.push(ev);
  const raw = '{"op":"NOTE_UPDATED","data":{"name":"n","config":{},"info":{}}}';
  const second = '{"op":"NOTE_UPDATED","data":{"name":"m","config":{},"info":{}}}';
  w.listen({ socket: 1, event: 'frames', raws: [raw, second] });
  w.listen({ socket: 1, event: 'decoded', frame: { decoded: decodeServerFrame(raw), streams: [], indexes: [] }, length: raw.length });
  expect(got).toEqual([{ data: raw }, { data: second }, { decoded: decodeServerFrame(raw), length: raw.length }]);
  socket!.send('{"op":"PING"}');
  expect(w.sent).toEqual(['{"op":"PING"}']);
  // A dead server never finishes the close handshake: the socket is closing at once, and takes no more sends.
  socket!.close(4000, 'no answer');
  expect(socket!.readyState).toBe(2);
  expect(w.closed).toEqual([{ code: 4000, reason: 'no answer' }]);
  socket!.send('{"op":"PING"}');
  expect(w.sent).toHaveLength(1);
  w.listen({ socket: 1, event: 'close', code: 4000, reason: 'no answer' });
  expect(socket!.readyState).toBe(3);
  expect(closes).toEqual([{ code: 4000, reason: 'no answer' }]);
});

test('an attempt the server refuses, or one given up, answers null', async () => {
  const refused = openSocketInWorker('ws://x/ws');
  last().listen({ socket: 2, event: 'close', code: 1006, reason: '' });
  expect(await refused).toBeNull();
  const attempt = new AbortController();
  const abandoned = openSocketInWorker('ws://x/ws', attempt.signal);
  attempt.abort();
  expect(await abandoned).toBeNull();
  expect(last().closed).toHaveLength(1);
});
