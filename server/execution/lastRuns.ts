/**
 * What each paragraph's last run started from (docs/protocol.md 4.2 `lastRun`): its text, the form values it used
 * and its place in the note's order of runs. The page compares them with the paragraph as it is now to mark it
 * "Stale".
 *
 * Notes:
 * - Kept beside the notes in `<notebook dir>/.runs/<noteId>.json`, never in the `.zpln` file, so a note stays
 *   exactly what Zeppelin writes. The dot folder is skipped by the note scanner and holds a `.gitignore`, so it
 *   never enters a note's revisions. Deleted with the note.
 * - Form values are each form's param, else its default (the value the run fills in).
 * - Form values are taken again when the run ends: a run creates its forms and cleans checkbox values, and the
 *   values it leaves are the ones the page will compare with (a value changed during the run is then missed, which
 *   errs on the side of no marker).
 * - `seq` continues from the largest one stored for the note, so it keeps growing across restarts.
 * - Personalized notes (PROTOCOL 5.7) keep and send none: each user's runs, texts and form values are their own, and
 *   a shared record would show one user's values to the others. Their paragraphs are never marked stale.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formValues, type FormParams, type LastRun, type Paragraph } from '../../protocol';
import type { Notebook, NoteEntry } from '../notes/notebook';
import { parseForms } from '../interpreters/forms';
import { atomicWrite } from '../storage/atomicWrite';
import { PerNoteWrites } from '../storage/perNoteWrites';
import { ensureSideFolder } from '../storage/sideFolder';

export const LAST_RUN_DIR = '.runs';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readRecord(v: unknown): LastRun | undefined {
  if (!isRecord(v) || typeof v.text !== 'string' || typeof v.seq !== 'number') return undefined;
  const out: LastRun = { text: v.text, seq: v.seq };
  if (isRecord(v.noteParams)) out.noteParams = v.noteParams as FormParams;
  if (isRecord(v.params)) out.params = v.params as FormParams;
  if (Array.isArray(v.passwords)) out.passwords = v.passwords.filter((n): n is string => typeof n === 'string');
  return out;
}

/** The run's form values (note forms, then the paragraph's), with the names of the password forms among them. */
function valuesOf(entry: NoteEntry, p: Paragraph): Pick<LastRun, 'noteParams' | 'params' | 'passwords'> {
  // The text's own forms too: a run's RUNNING frame goes out before the forms of a new text are made.
  const declared = parseForms(p.text ?? '');
  const forms = [entry.note.noteForms, declared.noteForms, p.settings?.forms, declared.forms];
  const passwords = [...new Set(forms.flatMap((f) => Object.entries(f ?? {}).filter(([, x]) => String(x?.type ?? '').toLowerCase() === 'password').map(([name]) => name)))];
  return {
    noteParams: structuredClone(formValues(entry.note.noteParams, entry.note.noteForms)),
    params: structuredClone(formValues(p.settings?.params, p.settings?.forms)),
    ...(passwords.length > 0 ? { passwords } : {}),
  };
}

export class LastRunStore {
  private readonly notes = new Map<string, Map<string, LastRun>>();
  private readonly writes = new PerNoteWrites((noteId) => this.writeNow(noteId));
  private readonly dir: string;

  constructor(notebookDir: string, private readonly notebook: Notebook) {
    this.dir = join(notebookDir, LAST_RUN_DIR);
    notebook.onChange((e) => {
      if (e.kind === 'removed') this.discard(e.id);
    });
  }

  get(noteId: string, paragraphId: string): LastRun | undefined {
    return this.of(noteId).get(paragraphId);
  }

  /** A run of `p` starts: its text and the form values it runs with. */
  started(entry: NoteEntry, p: Paragraph): void {
    const runs = this.of(entry.id);
    let seq = 0;
    for (const r of runs.values()) seq = Math.max(seq, r.seq);
    runs.set(p.id, { text: p.text ?? '', seq: seq + 1, ...valuesOf(entry, p) });
  }

  /** The run ended: the form values it leaves, and the record is written. */
  finished(entry: NoteEntry, p: Paragraph): void {
    const r = this.of(entry.id).get(p.id);
    if (!r) return;
    this.of(entry.id).set(p.id, { text: r.text, seq: r.seq, ...valuesOf(entry, p) });
    this.save(entry.id);
  }

  /** The paragraph as the websocket sends it: with its `lastRun` when there is one. */
  withLastRun(noteId: string, p: Paragraph): Paragraph {
    const r = this.get(noteId, p.id);
    return r ? { ...p, lastRun: r } : p;
  }

  private fileOf(noteId: string): string {
    return join(this.dir, `${noteId}.json`);
  }

  private of(noteId: string): Map<string, LastRun> {
    let runs = this.notes.get(noteId);
    if (!runs) {
      runs = this.load(noteId);
      this.notes.set(noteId, runs);
    }
    return runs;
  }

  private load(noteId: string): Map<string, LastRun> {
    const runs = new Map<string, LastRun>();
    const file = this.fileOf(noteId);
    if (!existsSync(file)) return runs;
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      const paragraphs = isRecord(parsed) && isRecord(parsed.paragraphs) ? parsed.paragraphs : {};
      for (const [id, v] of Object.entries(paragraphs)) {
        const r = readRecord(v);
        if (r) runs.set(id, r);
      }
    } catch (e) {
      // Without the record the note's paragraphs are simply never marked stale.
      console.warn(`[runs] ${file} cannot be read, last runs of note ${noteId} start empty: ${(e as Error).message}`);
    }
    return runs;
  }

  /** One write at a time per note; the write takes the records as they are when it starts. */
  private save(noteId: string): void {
    this.writes.save(noteId).catch((e: unknown) => console.error(`[runs] saving last runs of ${noteId} failed:`, e));
  }

  private async writeNow(noteId: string): Promise<void> {
    const runs = this.notes.get(noteId);
    const entry = this.notebook.get(noteId);
    if (!runs || !entry) return;
    const present = new Set(entry.note.paragraphs.map((p) => p.id));
    const paragraphs: Record<string, LastRun> = {};
    for (const [id, r] of runs) {
      if (present.has(id)) paragraphs[id] = r;
      else runs.delete(id);
    }
    ensureSideFolder(this.dir);
    await atomicWrite(this.fileOf(noteId), `${JSON.stringify({ version: 1, noteId, paragraphs }, null, 2)}\n`);
  }

  private discard(noteId: string): void {
    this.notes.delete(noteId);
    void this.writes.remove(noteId, this.fileOf(noteId));
  }
}
