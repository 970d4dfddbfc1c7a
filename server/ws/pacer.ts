/**
 * Paces socket writes so that no event-loop turn copies more than a bounded number of bytes into sockets. Sending a
 * 1.3 MB result to a hundred watchers is 130 MB of copying; done at once it held every other request (even
 * `/api/version`) for most of a second. Writes past a turn's budget wait in their connection's queue and go out
 * over the next turns, connection after connection, while HTTP requests and other frames are served in between.
 *
 * Notes:
 * - Each connection's frames keep their order: once a connection has frames waiting, new ones queue behind them.
 * - A turn always writes at least one frame, so a frame larger than the budget still goes out.
 */

/** Bytes copied into sockets per event-loop turn before the rest waits for the next turn. */
export const BYTES_PER_TURN = 2 * 1024 * 1024;

export interface PacedSink {
  /** Writes the connection's next waiting frame; returns its size, or 0 when nothing waits. */
  writeNext(): number;
  /** Whether frames are waiting. */
  hasWaiting(): boolean;
}

export class SendPacer {
  private used = 0;
  private turnScheduled = false;
  private readonly waiting = new Set<PacedSink>();

  constructor(private readonly budget = BYTES_PER_TURN) {}

  /** Whether `bytes` may be written now; false means: queue them and call `wake`. */
  take(bytes: number): boolean {
    this.scheduleTurn();
    if (this.used > 0 && this.used + bytes > this.budget) return false;
    this.used += bytes;
    return true;
  }

  /** A connection has frames waiting; they are written over the coming turns. */
  wake(sink: PacedSink): void {
    this.waiting.add(sink);
    this.scheduleTurn();
  }

  private scheduleTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(() => {
      this.turnScheduled = false;
      this.used = 0;
      this.drain();
    });
  }

  /** Round robin over the waiting connections, one frame each per pass, until the budget is spent. */
  private drain(): void {
    while (this.waiting.size > 0) {
      for (const sink of [...this.waiting]) {
        if (!sink.hasWaiting()) {
          this.waiting.delete(sink);
          continue;
        }
        if (this.used > 0 && this.used >= this.budget) {
          this.scheduleTurn();
          return;
        }
        this.used += sink.writeNext();
        if (!sink.hasWaiting()) this.waiting.delete(sink);
      }
    }
  }
}
