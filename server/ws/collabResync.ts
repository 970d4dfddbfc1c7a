/**
 * Convergence for collaborative editing (beyond Zeppelin). Zeppelin relays each PATCH_PARAGRAPH and lets every
 * client apply it fuzzily; two people typing at the same spot can then end with different texts. Here the server's
 * copy, which applies every patch in arrival order, is the reference: once a paragraph has had no patch for
 * `RESYNC_QUIET_MS`, the whole room gets that text in a PATCH_PARAGRAPH whose `patch` is empty (a Zeppelin client
 * applies the empty patch as a no-op) and whose `text` field our client adopts.
 *
 * Waiting for a quiet moment is what makes this safe without acknowledgements: a client that typed after the
 * text was taken has a patch on the way, and that patch starts the next quiet period and so another resync.
 */
import type { ConnectionManager } from './connections';

export const RESYNC_QUIET_MS = 400;

type Pending = { timer: NodeJS.Timeout; user: string };

export class CollabResync {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly connections: ConnectionManager, private readonly quietMs = RESYNC_QUIET_MS) {}

  /** A patch from `user` was applied; `current` reads the server text when the paragraph has gone quiet. */
  patched(noteId: string, paragraphId: string, user: string, current: () => string | undefined): void {
    const key = `${noteId}\u0000${paragraphId}`;
    const before = this.pending.get(key);
    if (before) clearTimeout(before.timer);
    const timer = setTimeout(() => {
      this.pending.delete(key);
      const text = current();
      if (text === undefined || this.connections.members(noteId).length === 0) return;
      this.connections.toRoom(noteId, 'PATCH_PARAGRAPH', { paragraphId, patch: '', user, text });
    }, this.quietMs);
    // A pending resync must not keep a stopping server alive.
    timer.unref();
    this.pending.set(key, { timer, user });
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
