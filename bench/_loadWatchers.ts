/**
 * Child process of bench/load.ts: N websocket watchers of one note, in their own process so that receiving and
 * parsing N copies of a big output does not slow the benchmark's latency probe. Prints `ready` once every watcher
 * has the note open; on a `go` line on stdin, runs the paragraph and prints one JSON line when every watcher has
 * the final PARAGRAPH (or has been closed by the server).
 */
import { createInterface } from 'node:readline';
import WebSocket from 'ws';

interface Outcome {
  finished: number;
  completeOutputs: number;
  closedByServer: number;
  streamMs: number;
}

const frame = (op: string, data: unknown): string => JSON.stringify({ op, data, principal: 'anonymous', ticket: 'anonymous', roles: '[]' });

function open(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { origin }, perMessageDeflate: false, maxPayload: 1024 * 1024 * 1024 });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Resolves with the final PARAGRAPH's text output, or undefined when the server closes the socket first. */
function finalOutput(ws: WebSocket, pid: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    ws.on('message', (data) => {
      const raw = String(data);
      if (!raw.startsWith('{"op":"PARAGRAPH",') || !raw.includes(pid)) return;
      const p = (JSON.parse(raw) as { data: { paragraph: { id: string; status: string; results?: { msg?: { data: string }[] } } } }).data.paragraph;
      if (p.id === pid && ['FINISHED', 'ERROR', 'ABORT'].includes(p.status)) resolve(p.status === 'FINISHED' ? p.results?.msg?.[0]?.data ?? '' : undefined);
    });
    ws.once('close', () => resolve(undefined));
  });
}

async function main(): Promise<void> {
  const [url, noteId, pid, count, lines] = process.argv.slice(2);
  const wsUrl = `${url.replace('http', 'ws')}ws`;
  const origin = url.replace(/\/$/, '');
  const sockets = await Promise.all(Array.from({ length: Number(count) }, () => open(wsUrl, origin)));
  await Promise.all(sockets.map((ws) => new Promise<void>((resolve) => {
    const onNote = (data: WebSocket.RawData): void => {
      if (String(data).startsWith('{"op":"NOTE"')) {
        ws.off('message', onNote);
        resolve();
      }
    };
    ws.on('message', onNote);
    ws.send(frame('GET_NOTE', { id: noteId }));
  })));
  process.stdout.write('ready\n');
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== 'go') continue;
    const started = Date.now();
    const outputs = sockets.map((ws) => finalOutput(ws, pid));
    sockets[0].send(frame('RUN_PARAGRAPH', { id: pid, paragraph: `%sh\nseq ${lines}`, params: {}, config: {} }));
    const got = await Promise.all(outputs);
    const expected = Array.from({ length: Number(lines) }, (_, i) => `${i + 1}\n`).join('');
    const outcome: Outcome = {
      finished: got.filter((g) => g !== undefined).length,
      completeOutputs: got.filter((g) => g === expected).length,
      closedByServer: sockets.filter((ws) => ws.readyState !== WebSocket.OPEN).length,
      streamMs: Date.now() - started,
    };
    process.stdout.write(`${JSON.stringify(outcome)}\n`);
    for (const ws of sockets) ws.close();
    return;
  }
}

void main();
