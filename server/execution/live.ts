/**
 * Notes running sequentially right now. Stored notes are never rewritten on load, so an `info.isRunning` read from
 * a file may be stale; what clients see is this live state (see notes/wire.ts).
 */
const running = new Set<string>();

export const liveRuns = {
  start: (noteId: string): void => {
    running.add(noteId);
  },
  end: (noteId: string): void => {
    running.delete(noteId);
  },
  has: (noteId: string): boolean => running.has(noteId),
};
