/**
 * Streams one run's output to its note room (PROTOCOL 5.5): `PARAGRAPH_UPDATE_OUTPUT` as soon as a result slot
 * starts, appended text coalesced into one `PARAGRAPH_APPEND_OUTPUT` per (paragraph, index) about every 100 ms,
 * and non-appendable messages (HTML, IMG, ...) re-sent whole as an UPDATE on each flush.
 *
 * Notes:
 * - Order is kept: a new slot first flushes what is pending for earlier slots, so a client never sees an APPEND
 *   for an index before that index's UPDATE.
 * - finish() runs before the final PARAGRAPH, which carries the authoritative results: what is pending goes out,
 *   except whole messages that were never streamed (a `%jdbc` table), which the PARAGRAPH carries anyway.
 * - A message that was not streamed (see interpreters/output.ts) goes out whole as an UPDATE at the first timed flush
 *   after it is sealed, so with several statements the first tables show while later ones run, as in Zeppelin.
 * - Appended text of one flush is cut into frames of at most APPEND_CHUNK characters.
 */
import type { ReceiveMap, ResultMessage, ResultType } from '../../protocol';
import type { OutputEvents } from '../interpreters/output';
import type { ConnectionManager } from '../ws/connections';

export const BATCH_MS = 100;
/** Appended text goes out in frames of at most this many characters (cut after a newline where there is one). */
export const APPEND_CHUNK = 64 * 1024;

/** `text` in pieces of at most `size` characters, each ending after its last newline when it has one. */
export function chunksOf(text: string, size = APPEND_CHUNK): string[] {
  const out: string[] = [];
  let at = 0;
  while (text.length - at > size) {
    let end = text.lastIndexOf('\n', at + size - 1) + 1;
    if (end <= at) end = at + size;
    // Never between the two halves of a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(text[end - 1])) end--;
    out.push(text.slice(at, end));
    at = end;
  }
  out.push(text.slice(at));
  return out;
}

export class OutputRelay implements OutputEvents {
  private readonly appends = new Map<number, string[]>();
  private readonly dirty = new Set<number>();
  /** Messages complete but never streamed; sent whole with `dirty` unless the run ends first. */
  private readonly sealedWhole = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  messages: ResultMessage[] = [];

  constructor(
    private readonly connections: ConnectionManager,
    private readonly noteId: string,
    private readonly paragraphId: string,
    private readonly enabled: boolean,
    /** Set for a personal copy's run: its output reaches only that user (PROTOCOL 5.7). */
    private readonly user?: string,
  ) {}

  private send<K extends 'PARAGRAPH_APPEND_OUTPUT' | 'PARAGRAPH_UPDATE_OUTPUT'>(op: K, data: ReceiveMap[K]): void {
    if (this.user === undefined) this.connections.toRoom(this.noteId, op, data);
    else this.connections.toRoomUser(this.noteId, this.user, op, data);
  }

  /** The collector's live message list, read when a whole message is re-sent. */
  bind(messages: ResultMessage[]): void {
    this.messages = messages;
  }

  slotStarted(index: number, type: ResultType): void {
    if (!this.enabled) return;
    // Only what must precede this slot's frames; sealed messages wait for the timer, by which the run may be over.
    this.flush(false);
    this.send('PARAGRAPH_UPDATE_OUTPUT', { noteId: this.noteId, paragraphId: this.paragraphId, index, type, data: '' });
  }

  appended(index: number, text: string): void {
    if (!this.enabled) return;
    let parts = this.appends.get(index);
    if (!parts) {
      parts = [];
      this.appends.set(index, parts);
    }
    parts.push(text);
    this.schedule();
  }

  changed(index: number): void {
    if (!this.enabled) return;
    this.dirty.add(index);
    this.schedule();
  }

  sealed(index: number): void {
    if (!this.enabled) return;
    this.sealedWhole.add(index);
    this.schedule();
  }

  /** The run ended: pending appends and changes go out; the PARAGRAPH that follows carries the sealed messages. */
  finish(): void {
    this.sealedWhole.clear();
    this.flush();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, BATCH_MS);
  }

  private flush(withSealed = true): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (withSealed) {
      for (const index of this.sealedWhole) this.dirty.add(index);
      this.sealedWhole.clear();
    } else if (this.sealedWhole.size > 0) this.schedule();
    const indexes = [...new Set([...this.appends.keys(), ...this.dirty])].sort((a, b) => a - b);
    for (const index of indexes) {
      const parts = this.appends.get(index);
      // A fast producer can leave megabytes for one flush: they go out as several frames, so no single frame (and
      // no single socket write) is huge, and the pacer can serve other requests between them.
      if (parts) {
        for (const data of chunksOf(parts.join(''))) this.send('PARAGRAPH_APPEND_OUTPUT', { noteId: this.noteId, paragraphId: this.paragraphId, index, data });
      }
      const msg = this.messages[index];
      if (this.dirty.has(index) && msg) {
        this.send('PARAGRAPH_UPDATE_OUTPUT', { noteId: this.noteId, paragraphId: this.paragraphId, index, type: msg.type, data: msg.data });
      }
    }
    this.appends.clear();
    this.dirty.clear();
  }
}
