/**
 * Requests sent to a worker or a child process and answered by id. An answer that never comes (the process is
 * busy running a paragraph, or died) resolves with the fallback after a time-out, so an editor never waits forever.
 */
export class PendingRequests<T> {
  private nextId = 1;
  private readonly waiting = new Map<number, (value: T) => void>();

  constructor(private readonly timeoutMs: number, private readonly fallback: () => T) {}

  /** Sends a request through `send` with a fresh id and resolves with its answer or the fallback. */
  ask(send: (id: number) => void): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(this.fallback());
      }, this.timeoutMs);
      this.waiting.set(id, (value) => {
        clearTimeout(timer);
        resolve(value);
      });
      send(id);
    });
  }

  answer(id: number, value: T): void {
    this.waiting.get(id)?.(value);
    this.waiting.delete(id);
  }

  /** The process is gone: every open request gets the fallback now. */
  abandonAll(): void {
    for (const done of this.waiting.values()) done(this.fallback());
    this.waiting.clear();
  }
}

/** How long the editor waits for completions before showing none (the session may be busy running). */
export const COMPLETION_TIMEOUT_MS = 2000;
