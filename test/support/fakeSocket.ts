/** Scripted sockets for the socket saga: each openSocket() call takes the next scripted outcome. */
import type { SocketLike } from '../../sagas/deps';
import type { Activity } from './manualClock';

const quiet: Pick<Activity, 'bump'> = { bump: () => undefined };

export class FakeSocket implements SocketLike {
  readyState = 1;
  sent: string[] = [];
  closedWith: number | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  constructor(private readonly activity: Pick<Activity, 'bump'> = quiet) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send on a closed socket');
    this.activity.bump();
    this.sent.push(data);
  }
  close(code = 1000): void {
    if (this.readyState !== 1) return;
    this.activity.bump();
    this.readyState = 3;
    this.closedWith = code;
    this.onclose?.({ code });
  }
  /** The server pushes a frame. */
  serverSend(frame: unknown): void {
    this.activity.bump();
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
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

export function fakeSocketFactory(activity?: Activity) {
  const sockets: FakeSocket[] = [];
  const outcomes: ('open' | 'fail')[] = [];
  return {
    sockets,
    /** Script the next attempts; unscripted attempts open. */
    script(...next: ('open' | 'fail')[]) {
      outcomes.push(...next);
    },
    openSocket: (): Promise<FakeSocket | null> => {
      const outcome = outcomes.shift() ?? 'open';
      let s: FakeSocket | null = null;
      if (outcome === 'open') {
        s = new FakeSocket(activity);
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
  };
}
