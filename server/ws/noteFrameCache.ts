/**
 * The NOTE frame of a shared note, encoded once and sent again to every later GET_NOTE until the note changes. A note
 * of thousands of paragraphs is megabytes of JSON: encoding it took the server tens of milliseconds per opening, per
 * reconnect and per watcher.
 *
 * Notes:
 * - A change reaches the cache through either of two doors, and each drops the note's frame:
 *   - the notebook's change events: every edit that is to be saved, moves, reloads;
 *   - any frame sent to the note's room (ConnectionManager.onRoomFrame): every change a watcher must see, such as run
 *     status, output, last runs, angular objects and collaborative patches. Only COLLABORATIVE_MODE_STATUS, which a
 *     join sends and which says nothing of the note, leaves it.
 * - A kept frame is also checked against what it was made from: the same entry and note objects, the same number
 *   of paragraphs and the same live run state (`info.isRunning` is not stored).
 * - Personalized notes are never kept: each user sees their own view of them.
 * - At most MAX_BYTES of frames are kept; the least recently sent go first.
 */
import type { Note } from '../../protocol';
import type { NoteEntry } from '../notes/notebook';

/** Bytes of encoded NOTE frames kept at most. */
const MAX_BYTES = 64 * 1024 * 1024;

interface Kept {
  entry: NoteEntry;
  note: Note;
  paragraphs: number;
  running: boolean;
  bytes: Buffer;
}

export class NoteFrameCache {
  private readonly frames = new Map<string, Kept>();
  private total = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  drop(noteId: string): void {
    const kept = this.frames.get(noteId);
    if (!kept) return;
    this.frames.delete(noteId);
    this.total -= kept.bytes.length;
  }

  clear(): void {
    this.frames.clear();
    this.total = 0;
  }

  /** The note's NOTE frame: the kept one while the note is unchanged, else `encode()`'s, then kept. */
  frame(entry: NoteEntry, running: boolean, encode: () => Buffer): Buffer {
    const kept = this.frames.get(entry.id);
    if (kept && kept.entry === entry && kept.note === entry.note && kept.paragraphs === entry.note.paragraphs.length && kept.running === running) {
      // Most recently sent last, so that eviction takes the least recently sent first.
      this.frames.delete(entry.id);
      this.frames.set(entry.id, kept);
      return kept.bytes;
    }
    this.drop(entry.id);
    const bytes = encode();
    if (bytes.length > this.maxBytes) return bytes;
    this.frames.set(entry.id, { entry, note: entry.note, paragraphs: entry.note.paragraphs.length, running, bytes });
    this.total += bytes.length;
    for (const [id, k] of this.frames) {
      if (this.total <= this.maxBytes) break;
      this.frames.delete(id);
      this.total -= k.bytes.length;
    }
    return bytes;
  }

  /** Frames kept now (for tests). */
  size(): number {
    return this.frames.size;
  }
}
