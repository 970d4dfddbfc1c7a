/** Scripted sockets for the socket saga: each openSocket() call takes the next scripted outcome. */
import type { SocketLike, SocketMessage } from '../../sagas/deps';
import type { Decoded, ServerFrame } from '../../protocol';
import type { Activity } from './manualClock';

const quiet: Pick<Activity, 'bump'> = { bump: () => undefined };

/** An answer the fake server gives by itself to a frame with this op (its payload in, the reply frame out). */
export type AutoReply = (data: Record<string, unknown>) => { op: string; data: unknown };

/** What a fake server answers on its own: PING → PONG, like our server (a Zeppelin server answers nothing). */
export const OUR_SERVER: Record<string, AutoReply> = { PING: () => ({ op: 'PONG', data: {} }) };

export class FakeSocket implements SocketLike {
  readyState = 1;
  sent: string[] = [];
  closedWith: number | null = null;
  onmessage: ((ev: SocketMessage) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  /** A stopped server (SIGSTOP) or a dropped network: nothing comes back, not even the close handshake. */
  frozen = false;

  constructor(private readonly activity: Pick<Activity, 'bump'> = quiet, public autoReplies: Record<string, AutoReply> = OUR_SERVER) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a closed socket');
    this.activity.bump();
    this.sent.push(data);
    const frame = JSON.parse(data) as { op: string; data: Record<string, unknown> };
    const reply = this.autoReplies[frame.op];
    // The server answers later, as a real one would, never inside send().
    if (reply) queueMicrotask(() => this.serverSend(reply(frame.data)));
  }
  close(code = 1000): void {
    if (this.readyState !== 1) return;
    this.activity.bump();
    this.readyState = this.frozen ? 2 : 3;
    this.closedWith = code;
    if (!this.frozen) this.onclose?.({ code });
  }
  /** The server pushes a frame. */
  serverSend(frame: unknown): void {
    if (this.frozen || this.readyState !== 1) return;
    this.activity.bump();
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  /** A frame that reaches the saga decoded already, as the browser's socket hands a large result decoded in its worker. */
  serverSendDecoded(raw: string, decoded: Decoded<ServerFrame>): void {
    if (this.frozen || this.readyState !== 1) return;
    this.activity.bump();
    this.onmessage?.({ decoded, length: raw.length });
  }
  /** The server (or the network) closes the connection. */
  serverClose(code: number): void {
    if (this.readyState !== 1) return;
    this.activity.bump();
    this.readyState = 3;
    this.onclose?.({ code });
  }
  frames(): { op: string; data: Record<string, unknown>; principal?: string; ticket?: string; roles?: string; msgId?: string }[] {
    return this.sent.map((s) => JSON.parse(s));
  }
  ops(): string[] {
    return this.frames().map((f) => f.op);
  }
}

/** `hang`: the server accepts the TCP connection but never answers the handshake (a stopped server). */
export type OpenOutcome = 'open' | 'fail' | 'hang';

export function fakeSocketFactory(activity?: Activity) {
  const sockets: FakeSocket[] = [];
  const outcomes: OpenOutcome[] = [];
  let hung = 0;
  const factory = {
    sockets,
    /** What the servers behind the next sockets answer by themselves. */
    autoReplies: OUR_SERVER,
    /** Script the next attempts; unscripted attempts open. */
    script(...next: OpenOutcome[]) {
      outcomes.push(...next);
    },
    openSocket: (_url: string, signal?: AbortSignal): Promise<FakeSocket | null> => {
      const outcome = outcomes.shift() ?? 'open';
      if (outcome === 'hang') {
        hung++;
        // Only giving up ends it; it is not tracked, since it waits on the saga's clock, not on a fake.
        return new Promise((resolve) => signal?.addEventListener('abort', () => {
          activity?.bump();
          resolve(null);
        }));
      }
      let s: FakeSocket | null = null;
      if (outcome === 'open') {
        s = new FakeSocket(activity, factory.autoReplies);
        sockets.push(s);
      }
      const opened = Promise.resolve(s);
      return activity ? activity.track(opened) : opened;
    },
    last: (): FakeSocket => {
      const s = sockets[sockets.length - 1];
      if (!s) throw new Error('no socket opened yet');
      return s;
    },
    attempts: () => sockets.length,
    hungAttempts: () => hung,
  };
  return factory;
}
