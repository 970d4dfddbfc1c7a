/**
 * Paragraph status changes: the fields, the save and the broadcasts that go with each (PROTOCOL 5.4 step 5):
 * SAVE_NOTE_FORMS + PARAGRAPH to the room, then a job-manager update.
 */
import type { Paragraph, ParagraphStatus } from '../../protocol';
import { setParagraphField } from '../notes/paragraphs';
import type { Notebook, NoteEntry } from '../notes/notebook';
import { isPersonalized, personalOwner } from '../personal/store';
import { liveRuns } from './live';
import { formatFileDate } from '../util/dates';
import type { Broadcasts } from '../ws/broadcasts';
import type { ResultHistory } from '../history/store';

/** Last runs are kept for shared runs only: a personal copy's text and form values are its user's alone. */
const sharedRun = (entry: NoteEntry, p: Paragraph): boolean => !personalOwner(p) && !isPersonalized(entry.note);

export class StatusWriter {
  constructor(
    private readonly notebook: Notebook,
    private readonly broadcasts: Broadcasts,
    /** Keeps each ended run's results (server/history/store.ts); absent in tests that do not need it. */
    private readonly history?: ResultHistory,
  ) {}

  set(entry: NoteEntry, p: Paragraph, status: ParagraphStatus, dates: { started?: boolean; finished?: boolean } = {}): void {
    const now = formatFileDate(new Date());
    if (dates.started) {
      setParagraphField(p, 'dateStarted', now);
      delete p.dateFinished;
      if (sharedRun(entry, p)) this.broadcasts.lastRuns?.started(entry, p);
    }
    if (dates.finished) {
      if (p.dateStarted === undefined) setParagraphField(p, 'dateStarted', now);
      setParagraphField(p, 'dateFinished', now);
      if (sharedRun(entry, p)) this.broadcasts.lastRuns?.finished(entry, p);
    }
    setParagraphField(p, 'status', status);
    const keepRun = dates.finished ? this.history?.taken(entry, p) : undefined;
    // Inside a sequential run the flag is the sequence's to clear (engine.ts).
    if (dates.finished && !liveRuns.has(entry.id)) this.markEnded(entry);
    // A start (PENDING, RUNNING) waits with the journaled text for the note's write delay: the file may still hold
    // the last run's large result, and a stored PENDING or RUNNING reads back as ABORT anyway (notes/notebook.ts).
    if (!dates.finished) this.saveAll(entry, p, true);
    this.broadcasts.paragraph(entry, p);
    this.broadcasts.jobUpdate([entry.id]);
    if (!dates.finished) return;
    // A finished run's results go to the note's file and its history once the frames showing them are out, and then
    // within the note's write delay: serialising a large result holds the event loop for a while, and then takes the
    // cores (on the usual one-machine set-up) that the page needs to draw it.
    void this.broadcasts.whenWritten().then(() => {
      if (keepRun) this.history?.keepSoon(entry.id, keepRun);
      this.saveAll(entry, p, true);
    });
  }

  private saveAll(entry: NoteEntry, p: Paragraph, soon = false): void {
    this.save(entry, soon);
    // A personal copy (PROTOCOL 5.7) lives in the note's per-user file, not in the note.
    if (personalOwner(p)) this.broadcasts.personal?.save(entry.id).catch((e: unknown) => console.error(`[execution] saving personal copies of ${entry.id} failed:`, e));
  }

  /**
   * `info.isRunning: false` after every run, as Zeppelin leaves it: scripts polling a note (the Python SDK's
   * wait_until_note_finished) read a missing flag as "still running".
   */
  runEnded(entry: NoteEntry): void {
    if (this.markEnded(entry)) this.save(entry);
  }

  private markEnded(entry: NoteEntry): boolean {
    if (entry.note.info?.isRunning === false) return false;
    this.notebook.setNoteField(entry, 'info', { ...(entry.note.info ?? {}), isRunning: false });
    return true;
  }

  /** `soon`: within the note's write delay (Notebook.saveSoon), rather than at once. */
  save(entry: NoteEntry, soon = false): void {
    // Only a note that still exists is written (a run may end after its note was deleted).
    if (!this.notebook.get(entry.id)) return;
    const saved = soon ? this.notebook.saveSoon(entry.id) : this.notebook.save(entry.id);
    saved.catch((e: unknown) => console.error(`[execution] saving note ${entry.id} failed:`, e));
  }
}
