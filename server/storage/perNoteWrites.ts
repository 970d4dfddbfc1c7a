/**
 * Writes of a per-note side file (personal copies, result history, last runs), one at a time per note: a save
 * asked for while one runs is folded into a single further write, which reads the state as it is by then.
 *
 * Notes:
 * - Removing the file while a write is under way would let that write bring it back, so the removal waits for it
 *   (and the folded write is called off).
 */
import { rmSync } from 'node:fs';

interface Pending {
  running: Promise<void>;
  again: boolean;
}

export class PerNoteWrites {
  private readonly pending = new Map<string, Pending>();

  /** `write(noteId)` writes a note's file from the state at the time it runs. */
  constructor(private readonly write: (noteId: string) => Promise<void>) {}

  /** Whether a write of the note is under way or asked for. */
  busy(noteId: string): boolean {
    return this.pending.has(noteId);
  }

  /** Writes the note's file; calls made while a write runs are folded into one more write. */
  save(noteId: string): Promise<void> {
    const pending = this.pending.get(noteId);
    if (pending) {
      pending.again = true;
      return pending.running;
    }
    const state: Pending = { running: Promise.resolve(), again: false };
    state.running = (async () => {
      try {
        do {
          state.again = false;
          await this.write(noteId);
        } while (state.again);
      } finally {
        this.pending.delete(noteId);
      }
    })();
    this.pending.set(noteId, state);
    return state.running;
  }

  /** Removes `file` (the note's), once any write of it still under way has ended; resolves when it is gone. */
  remove(noteId: string, file: string): Promise<void> {
    const pending = this.pending.get(noteId);
    const remove = (): void => {
      try {
        rmSync(file, { force: true });
      } catch (e) {
        // Logged rather than thrown: the removal runs after a write, where nobody would catch it.
        console.error(`[storage] could not remove ${file}:`, e);
      }
    };
    if (!pending) {
      remove();
      return Promise.resolve();
    }
    pending.again = false;
    return pending.running.then(remove, remove);
  }

  /** Resolves once every write under way has ended. */
  async flush(): Promise<void> {
    await Promise.all([...this.pending.values()].map((w) => w.running.catch(() => undefined)));
  }
}
