/**
 * Child process of bench/fanout.ts: N websocket watchers, in their own process so that the server's sending and
 * the watchers' receiving do not share one event loop (in one process every receive would wait for the whole send
 * loop, and the spread would measure only the receiving side).
 *
 * Protocol on stdin/stdout, one line each:
 *   `open <url> <noteId|-> <count>`   opens the watchers (joining the note with GET_NOTE unless `-`); prints `ready`
 *   `arm <prefix>`                    the next frame starting with <prefix> is timed on every watcher; prints `armed`
 * When every watcher has its frame, prints `{"firstToLastMs": …}`.
 */
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

const frame = (op: string, data: unknown): string => JSON.stringify({ op, data, principal: 'anonymous', ticket: 'anonymous', roles: '[]' });

function open(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { origin }, perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function join(ws: WebSocket, noteId: string): Promise<void> {
  return new Promise((resolve) => {
    const onNote = (data: WebSocket.RawData): void => {
      if (!String(data).startsWith('{"op":"NOTE"')) return;
      ws.off('message', onNote);
      resolve();
    };
    ws.on('message', onNote);
    ws.send(frame('GET_NOTE', { id: noteId }));
  });
}

let sockets: WebSocket[] = [];
let armed: { prefix: string; times: (number | undefined)[]; left: number } | undefined;

function onMessage(i: number, data: WebSocket.RawData): void {
  const a = armed;
  if (!a || a.times[i] !== undefined) return;
  // Only the first bytes are compared: the frame is not decoded, as a browser would only after receiving it.
  const head = Buffer.isBuffer(data) ? data.subarray(0, a.prefix.length).toString() : String(data).slice(0, a.prefix.length);
  if (head !== a.prefix) return;
  a.times[i] = performance.now();
  if (--a.left > 0) return;
  armed = undefined;
  const times = a.times as number[];
  process.stdout.write(`${JSON.stringify({ firstToLastMs: Math.max(...times) - Math.min(...times) })}\n`);
}

async function main(): Promise<void> {
  for await (const line of createInterface({ input: process.stdin })) {
    const [cmd, ...args] = line.trim().split(' ');
    if (cmd === 'open') {
      const [url, noteId, count] = args;
      const origin = url.replace(/^ws/, 'http').replace(/\/ws$/, '').replace(/\/$/, '');
      // A few at a time: a thousand simultaneous handshakes would only measure the accept queue.
      sockets = [];
      for (let i = 0; i < Number(count); i += 50) {
        sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, Number(count) - i) }, () => open(url, origin)))));
      }
      if (noteId !== '-') for (let i = 0; i < sockets.length; i += 50) await Promise.all(sockets.slice(i, i + 50).map((ws) => join(ws, noteId)));
      sockets.forEach((ws, i) => ws.on('message', (data) => onMessage(i, data)));
      process.stdout.write('ready\n');
    } else if (cmd === 'arm') {
      armed = { prefix: args.join(' '), times: new Array(sockets.length).fill(undefined), left: sockets.length };
      process.stdout.write('armed\n');
    } else if (cmd === 'close') {
      for (const ws of sockets) ws.terminate();
      sockets = [];
      process.stdout.write('closed\n');
    }
  }
}

void main();
