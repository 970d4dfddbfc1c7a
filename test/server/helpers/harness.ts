/**
 * Real servers on 127.0.0.1:0 with temp dirs, and a websocket client that waits for frames by predicate
 * (never by sleeping).
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startServer, type RunningServer, type StartOptions } from '../../../server/app';
import type { ReceiveMap, ReceiveOp, SendMap, SendOp } from '../../../protocol';

// The project's own copy of the shared fixtures, so a clone runs its tests anywhere.
export const FIXTURES = join(__dirname, '..', '..', 'fixtures');
export const NOTE_FIXTURES = join(FIXTURES, 'zeppelin-notes');

export interface TestServer extends RunningServer {
  dir: string;
  notebookDir: string;
  confDir: string;
  wsUrl: string;
  origin: string;
}

export function tempDir(prefix = 'zpl-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function copyFixtures(notebookDir: string): void {
  mkdirSync(notebookDir, { recursive: true });
  for (const f of readdirSync(NOTE_FIXTURES)) copyFileSync(join(NOTE_FIXTURES, f), join(notebookDir, f));
}

export async function startTestServer(opts: Partial<StartOptions> & { fixtures?: boolean } = {}): Promise<TestServer> {
  const dir = tempDir();
  const notebookDir = opts.notebookDir ?? join(dir, 'notebook');
  const confDir = opts.confDir ?? join(dir, 'conf');
  mkdirSync(notebookDir, { recursive: true });
  mkdirSync(confDir, { recursive: true });
  if (opts.fixtures) copyFixtures(notebookDir);
  const server = await startServer({ port: 0, host: '127.0.0.1', webDir: join(dir, 'no-ui'), ...opts, notebookDir, confDir });
  const origin = server.url.replace(/\/$/, '');
  return {
    ...server,
    dir, notebookDir, confDir, origin,
    wsUrl: `${server.url.replace('http', 'ws')}ws`,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Frame {
  op: string;
  data: Record<string, unknown>;
  msgId?: string;
  [k: string]: unknown;
}

type Typed<K extends ReceiveOp> = { op: K; data: ReceiveMap[K]; msgId?: string };

export class Client {
  readonly frames: Frame[] = [];
  readonly raw: string[] = [];
  private waiters: { pred: (f: Frame) => boolean; resolve: (f: Frame) => void; from: number }[] = [];
  private seq = 0;
  closed: { code: number; reason: string } | undefined;

  private constructor(readonly ws: WebSocket, readonly clientId: string) {
    ws.on('message', (data) => {
      const text = String(data);
      this.raw.push(text);
      const frame = JSON.parse(text) as Frame;
      this.frames.push(frame);
      const index = this.frames.length - 1;
      this.waiters = this.waiters.filter((w) => {
        if (index >= w.from && w.pred(frame)) {
          w.resolve(frame);
          return false;
        }
        return true;
      });
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
    });
  }

  static open(url: string, origin: string | undefined, clientId = Math.random().toString(36).slice(2, 7)): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, origin === undefined ? {} : { headers: { origin } });
      const client = new Client(ws, clientId);
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake refused: ${res.statusCode}`)));
    });
  }

  /** Sends a frame as the stock clients do (anonymous identity, msgId = clientId-seq); returns the msgId. */
  send<K extends SendOp>(op: K, data: SendMap[K], identity: { principal?: string; ticket?: string } = {}): string {
    const msgId = `${this.clientId}-${++this.seq}`;
    this.ws.send(JSON.stringify({ op, data, principal: 'anonymous', ticket: 'anonymous', roles: '[]', ...identity, msgId }));
    return msgId;
  }

  sendRaw(text: string | Buffer): void {
    this.ws.send(text);
  }

  mark(): number {
    return this.frames.length;
  }

  /** Resolves with the first frame (received at or after `from`) matching `pred`; fails after `timeoutMs`. */
  waitFor(pred: (f: Frame) => boolean, from = 0, timeoutMs = 15_000, what = 'frame'): Promise<Frame> {
    const existing = this.frames.slice(from).find(pred);
    if (existing) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const waiter = { pred, from, resolve: (f: Frame) => { clearTimeout(timer); resolve(f); } };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`timed out waiting for ${what}; got ops: ${this.frames.slice(from).map((f) => f.op).join(', ')}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  async next<K extends ReceiveOp>(op: K, from = this.mark(), extra: (f: Typed<K>) => boolean = () => true): Promise<Typed<K>> {
    return (await this.waitFor((f) => f.op === op && extra(f as unknown as Typed<K>), from, 15_000, op)) as unknown as Typed<K>;
  }

  /** Sends and waits for the reply op. */
  async request<K extends SendOp, R extends ReceiveOp>(op: K, data: SendMap[K], replyOp: R, extra?: (f: Typed<R>) => boolean): Promise<Typed<R>> {
    const from = this.mark();
    this.send(op, data);
    return this.next(replyOp, from, extra);
  }

  /**
   * A barrier: frames of one connection are handled in order, and broadcasts caused by earlier frames are sent
   * before the reply to this LIST_NOTES, so afterwards "nothing else arrived" can be asserted without waiting.
   */
  async sync(): Promise<void> {
    await this.request('LIST_NOTES', {}, 'NOTES_INFO');
  }

  opsSince(from: number): string[] {
    return this.frames.slice(from).map((f) => f.op);
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export async function api<T = unknown>(base: string, path: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: { status: string; message?: string; body?: T }; text: string; headers: Headers }> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(new URL(path.replace(/^\//, ''), base), { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  const text = await res.text();
  let body: { status: string; message?: string; body?: T } = { status: '' };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Non-JSON answers (static files, 415, 403) are checked through `text`.
  }
  return { status: res.status, body, text, headers: res.headers };
}
