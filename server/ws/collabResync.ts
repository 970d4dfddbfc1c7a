/**
 * Convergence for collaborative editing (beyond Zeppelin). Zeppelin relays each PATCH_PARAGRAPH and lets every
 * client apply it fuzzily; two people typing at the same spot can then end with different texts. Here the server's
 * copy, which applies every patch in arrival order, is the reference: once a paragraph has had no patch for
 * `RESYNC_QUIET_MS`, the note is saved and every watcher gets that text in a PATCH_PARAGRAPH whose `patch` is empty
 * (a Zeppelin client applies the empty patch as a no-op) and whose `text` field our client adopts.
 *
 * Notes:
 * - A watcher may have typed after the text was taken: its patch is still on the way here and the text lacks it.
 *   Our client numbers its patches (`seq`), and each watcher's resync carries the `seq` of the last of its own
 *   patches to the paragraph that the text holds, so the client puts back on top of the text exactly the patches
 *   that are still on their way (no edit lost, none applied twice). Those patches then start the next quiet
 *   period, and so another resync.
 * - The text is saved before it is sent: a client takes the resync's text as the paragraph's saved text and does
 *   not commit it again when its editor loses focus. Patches alone only change the copy in memory.
 */
import type { Connection, ConnectionManager } from './connections';

export const RESYNC_QUIET_MS = 400;

export interface PatchFrom {
  conn: Connection;
  user: string;
  /** Our client's number for the patch; absent from a Zeppelin client. */
  seq?: number;
}

export interface ParagraphCopy {
  /** The server's text now, or undefined once the note or paragraph is gone. */
  text(): string | undefined;
  save(): Promise<void>;
}

const keyOf = (noteId: string, paragraphId: string): string => `${noteId}\u0000${paragraphId}`;

export class CollabResync {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Per connection (forgotten with it), per paragraph: the `seq` of its last patch applied. */
  private readonly applied = new WeakMap<Connection, Map<string, number>>();

  constructor(private readonly connections: ConnectionManager, private readonly quietMs = RESYNC_QUIET_MS) {}

  /** A patch was applied to the server's copy of the paragraph. */
  patched(noteId: string, paragraphId: string, from: PatchFrom, copy: ParagraphCopy): void {
    const key = keyOf(noteId, paragraphId);
    if (from.seq !== undefined) {
      let seqs = this.applied.get(from.conn);
      if (!seqs) this.applied.set(from.conn, (seqs = new Map()));
      seqs.set(key, from.seq);
    }
    const before = this.timers.get(key);
    if (before) clearTimeout(before);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      void this.quiet(noteId, paragraphId, from.user, copy);
    }, this.quietMs);
    // A pending resync must not keep a stopping server alive.
    timer.unref();
    this.timers.set(key, timer);
  }

  private async quiet(noteId: string, paragraphId: string, user: string, copy: ParagraphCopy): Promise<void> {
    const key = keyOf(noteId, paragraphId);
    if (copy.text() === undefined) return;
    try {
      await copy.save();
    } catch (e) {
      console.error(`[collab] saving note ${noteId} failed:`, e);
      return;
    }
    // A patch that came in while saving starts its own quiet period, which saves and resyncs again.
    if (this.timers.has(key)) return;
    const text = copy.text();
    if (text === undefined) return;
    for (const conn of this.connections.members(noteId)) {
      const seq = this.applied.get(conn)?.get(key);
      conn.send('PATCH_PARAGRAPH', { paragraphId, patch: '', user, text, ...(seq === undefined ? {} : { seq }) });
    }
  }
}

const perServer = new WeakMap<ConnectionManager, CollabResync>();

export function resyncFor(connections: ConnectionManager): CollabResync {
  let r = perServer.get(connections);
  if (!r) {
    r = new CollabResync(connections);
    perServer.set(connections, r);
  }
  return r;
}
