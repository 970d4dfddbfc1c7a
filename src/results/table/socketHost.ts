/**
 * The page's websocket, held by the table worker (the page's side is src/app/workerSocket.ts). The browser hands a
 * socket's messages to the thread that holds it, and turning a 6 MB frame into a string takes that thread 50 to 150
 * ms: here it is not the page's. A large frame that is mostly text (a result) is decoded here too, and its large tables
 * are kept here once the decoded frame is posted; any other frame goes to the page as its text, which the page
 * parses faster than it would receive the frame's objects from here.
 */
import type { DecodedFrame, SocketNews, TableWorkerRequest } from './tableWorkerMessages';

type SocketRequest = Extract<TableWorkerRequest, { kind: 'socketOpen' | 'socketSend' | 'socketClose' }>;

/**
 * Decodes a frame that is mostly text and keeps its large tables once `posted` is called; null otherwise. `transfer`:
 * the buffers the frame's message moves to the page rather than copies.
 */
export type DecodeLarge = (raw: string, minChars: number) => { frame: DecodedFrame; transfer: ArrayBuffer[]; posted(): void } | null;

const sockets = new Map<number, WebSocket>();

/**
 * Small frames waiting to go to the page, per socket. The server sends several at once (a run's start brings the note's
 * forms and the paragraph twice); going in one message, they are read in one of the page's tasks and rendered once,
 * where one message each cost the page a render each while the server ran the query beside it.
 */
const waitingFrames = new Map<number, string[]>();
let framesTimer: ReturnType<typeof setTimeout> | undefined;

/** Posts the waiting frames: a timer's turn after the first, when the frames that came with it are in too. */
function postFrames(): void {
  framesTimer = undefined;
  for (const [socket, raws] of waitingFrames) self.postMessage({ socket, event: 'frames', raws } satisfies SocketNews);
  waitingFrames.clear();
}

function queueFrame(socket: number, raw: string): void {
  const raws = waitingFrames.get(socket);
  if (raws) raws.push(raw);
  else waitingFrames.set(socket, [raw]);
  framesTimer ??= setTimeout(postFrames, 0);
}

/** Any other news goes after the frames that came before it. */
const tell = (news: SocketNews, transfer: ArrayBuffer[] = []): void => {
  if (framesTimer !== undefined) {
    clearTimeout(framesTimer);
    postFrames();
  }
  self.postMessage(news, { transfer });
};

/** Half the length of the shortest string that counts as a frame's text (frameTables.ts counts 65,536 and more). */
const HALF_LONG = 32_768;
/** Places looked at in a frame to judge whether it is mostly text. */
const SAMPLES = 32;

/**
 * Whether most of `raw` lies in long JSON strings, judged without parsing it: at evenly spread places, whether there
 * is no quote within HALF_LONG characters either side (inside a long string; a frame of objects has a quote every few
 * characters). Each look reads at most 64K characters, so a note of thousands of small paragraphs is passed on at
 * once instead of being parsed here first. A long string with many escaped quotes in it counts as objects: the page
 * then decodes it, as it would without a worker.
 */
export function mostlyLongStrings(raw: string): boolean {
  let inside = 0;
  for (let k = 0; k < SAMPLES; k++) {
    const at = Math.floor(((k + 0.5) * raw.length) / SAMPLES);
    if (raw.substring(Math.max(0, at - HALF_LONG), at).lastIndexOf('"') < 0 && raw.substring(at, at + HALF_LONG).indexOf('"') < 0) inside++;
  }
  return inside * 2 >= SAMPLES;
}

function received(socket: number, raw: string, frameMinChars: number, minChars: number, decodeLarge: DecodeLarge): void {
  const large = raw.length >= frameMinChars && mostlyLongStrings(raw) ? decodeLarge(raw, minChars) : null;
  if (!large) {
    // A large frame of objects (a note of thousands of paragraphs) goes at once, behind those waiting.
    if (raw.length >= frameMinChars) tell({ socket, event: 'frames', raws: [raw] });
    else queueFrame(socket, raw);
    return;
  }
  tell({ socket, event: 'decoded', frame: large.frame, length: raw.length }, large.transfer);
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
