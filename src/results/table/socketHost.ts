/**
 * The page's websocket, held by the table worker (the page's side is src/app/workerSocket.ts). The browser hands a
 * socket's messages to the thread that holds it, and turning a 6 MB frame into a string takes that thread 50 to 150
 * ms: here it is not the page's. A large frame that is mostly text (a result) is decoded here too, and its large tables
 * are read right after the decoded frame is posted; any other frame goes to the page as its text, which the page
 * parses faster than it would receive the frame's objects from here.
 */
import type { DecodedFrame, SocketNews, TableWorkerRequest } from './tableWorkerMessages';

type SocketRequest = Extract<TableWorkerRequest, { kind: 'socketOpen' | 'socketSend' | 'socketClose' }>;

/** Decodes a frame that is mostly text and starts reading its large tables once `posted` is called; null otherwise. */
export type DecodeLarge = (raw: string, minChars: number) => { frame: DecodedFrame; posted(): void } | null;

const sockets = new Map<number, WebSocket>();

const tell = (news: SocketNews): void => self.postMessage(news);

/** Whether a backslash escapes the character at `at`. */
function escaped(raw: string, at: number): boolean {
  let n = 0;
  while (raw.charCodeAt(at - 1 - n) === 92) n++;
  return n % 2 === 1;
}

/**
 * How many characters of `raw` lie in JSON strings of at least `min` characters, found without parsing it: a frame
 * of many small objects (a note of thousands of paragraphs) is passed on as text without being parsed here first.
 */
export function longStringChars(raw: string, min: number): number {
  let total = 0;
  let open = raw.indexOf('"');
  while (open >= 0) {
    let close = raw.indexOf('"', open + 1);
    while (close > 0 && escaped(raw, close)) close = raw.indexOf('"', close + 1);
    if (close < 0) break;
    if (close - open - 1 >= min) total += close - open - 1;
    open = raw.indexOf('"', close + 1);
  }
  return total;
}

function received(socket: number, raw: string, frameMinChars: number, minChars: number, decodeLarge: DecodeLarge): void {
  const large = raw.length >= frameMinChars && longStringChars(raw, 65_536) * 2 >= raw.length ? decodeLarge(raw, minChars) : null;
  if (!large) {
    tell({ socket, event: 'frame', raw });
    return;
  }
  tell({ socket, event: 'decoded', frame: large.frame, length: raw.length });
  large.posted();
}

function openSocket(m: Extract<SocketRequest, { kind: 'socketOpen' }>, decodeLarge: DecodeLarge): void {
  let ws: WebSocket;
  try {
    ws = new WebSocket(m.url);
  } catch {
    tell({ socket: m.socket, event: 'close', code: 1006, reason: 'the socket could not be opened' });
    return;
  }
  sockets.set(m.socket, ws);
  ws.onopen = () => tell({ socket: m.socket, event: 'open' });
  ws.onmessage = (e: MessageEvent) => received(m.socket, typeof e.data === 'string' ? e.data : String(e.data), m.frameMinChars, m.minChars, decodeLarge);
  ws.onclose = (e) => {
    sockets.delete(m.socket);
    tell({ socket: m.socket, event: 'close', code: e.code, reason: e.reason });
  };
}

export function socketRequest(m: SocketRequest, decodeLarge: DecodeLarge): void {
  switch (m.kind) {
    case 'socketOpen':
      openSocket(m, decodeLarge);
      break;
    case 'socketSend':
      // A send after the close is dropped, as the page's own socket would drop it.
      sockets.get(m.socket)?.send(m.data);
      break;
    case 'socketClose': {
      const ws = sockets.get(m.socket);
      try {
        ws?.close(m.code, m.reason);
      } catch {
        ws?.close();
      }
      break;
    }
  }
}
