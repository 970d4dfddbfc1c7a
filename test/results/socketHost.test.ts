/**
 * The table worker's side of the page's websocket (socketHost.ts): small frames that arrive back to back go to the
 * page in one message, in order, so that the page renders their changes once; any other news follows the frames
 * that came before it.
 */
import { socketRequest, type DecodeLarge } from '../../src/results/table/socketHost';
import type { SocketNews } from '../../src/results/table/tableWorkerMessages';

class FakeSocket {
  static last: FakeSocket;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(): void {}
  close(): void {}
}

const notDecoded: DecodeLarge = () => null;
let told: SocketNews[];

beforeEach(() => {
  jest.useFakeTimers();
  told = [];
  (globalThis as unknown as { WebSocket: unknown }).WebSocket = FakeSocket;
  jest.spyOn(self, 'postMessage').mockImplementation((news: unknown) => void told.push(news as SocketNews));
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function open(socket: number): FakeSocket {
  socketRequest({ kind: 'socketOpen', socket, url: 'ws://x/ws', frameMinChars: 1000, minChars: 500 }, notDecoded);
  const ws = FakeSocket.last;
  ws.onopen?.();
  return ws;
}

test('frames that arrive back to back go to the page together, in order, a timer turn after the first', () => {
  const ws = open(1);
  expect(told).toEqual([{ socket: 1, event: 'open' }]);
  for (const raw of ['{"op":"SAVE_NOTE_FORMS"}', '{"op":"PARAGRAPH","n":1}', '{"op":"PARAGRAPH","n":2}']) ws.onmessage?.({ data: raw });
  expect(told).toHaveLength(1);
  jest.runOnlyPendingTimers();
  expect(told.slice(1)).toEqual([{ socket: 1, event: 'frames', raws: ['{"op":"SAVE_NOTE_FORMS"}', '{"op":"PARAGRAPH","n":1}', '{"op":"PARAGRAPH","n":2}'] }]);
  ws.onmessage?.({ data: '{"op":"PROGRESS"}' });
  jest.runOnlyPendingTimers();
  expect(told.slice(2)).toEqual([{ socket: 1, event: 'frames', raws: ['{"op":"PROGRESS"}'] }]);
});

test('a close, or a large frame, follows the frames waiting before it at once', () => {
  const ws = open(2);
  ws.onmessage?.({ data: '{"op":"PARAGRAPH"}' });
  const large = `{"op":"NOTE","data":${JSON.stringify('x'.repeat(2000))}}`;
  ws.onmessage?.({ data: large });
  ws.onmessage?.({ data: '{"op":"PROGRESS"}' });
  ws.onclose?.({ code: 1006, reason: '' });
  expect(told.slice(1)).toEqual([
    { socket: 2, event: 'frames', raws: ['{"op":"PARAGRAPH"}'] },
    { socket: 2, event: 'frames', raws: [large] },
    { socket: 2, event: 'frames', raws: ['{"op":"PROGRESS"}'] },
    { socket: 2, event: 'close', code: 1006, reason: '' },
  ]);
  // Nothing is left to post when the timer comes.
  jest.runOnlyPendingTimers();
  expect(told).toHaveLength(5);
});
