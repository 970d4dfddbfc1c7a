/**
 * One paragraph run of `%jdbc`, and how it is stopped. A cancel (or the query time-out) first asks the server to
 * stop the statement; if the statement has not ended CANCEL_GRACE_MS later (the server or the network does not
 * answer), the run gives up on the connection, which is then closed, so the paragraph still ends within 5 s.
 * `graceMs` is that period (tests shorten it).
 */
import { afterGrace } from '../afterGrace';
import type { DbConnection } from './driver';

export const CANCEL_GRACE_MS = 3000;

export class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

export class RunState {
  conn: DbConnection | undefined;
  /** Why the run was stopped, if it was. */
  stopped: 'cancel' | 'timeout' | undefined;
  private giveUp!: () => void;
  private readonly gaveUp = new Promise<void>((resolve) => {
    this.giveUp = resolve;
  });
  private graceTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly paragraphId: string,
    private readonly graceMs = CANCEL_GRACE_MS,
  ) {}

  stop(reason: 'cancel' | 'timeout'): void {
    if (this.stopped) return;
    this.stopped = reason;
    const conn = this.conn;
    if (!conn) {
      this.giveUp();
      return;
    }
    conn.cancel().catch((e: unknown) => console.warn(`[jdbc] cancel of ${this.paragraphId} on the server failed: ${(e as Error).message}`));
    // The statement's end may be waiting in the socket when the grace ends (afterGrace.ts).
    this.graceTimer = afterGrace(this.graceMs, () => this.giveUp());
  }

  /** Waits for `work` unless the run gives up first (then throws Stopped; `work`'s own outcome is ignored). */
  async guard<T>(work: Promise<T>): Promise<T> {
    work.catch(() => undefined);
    const outcome = await Promise.race([work.then((value) => ({ value })), this.gaveUp.then(() => undefined)]);
    if (!outcome) throw new Stopped();
    return outcome.value;
  }

  done(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer);
  }
}
