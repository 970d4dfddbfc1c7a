/**
 * The personalized-mode branches of the paragraph and form handlers (PROTOCOL 5.7): each returns false when the
 * note is shared, so the handler carries on with its usual path.
 */
import type { FormParams, Paragraph, ParagraphConfig } from '../../protocol';
import type { NoteEntry } from '../notes/notebook';
import { clearOutput, commitParagraph } from '../notes/paragraphs';
import type { Ctx } from '../ws/context';
import { isPersonalized, type PersonalStore } from './store';

function storeFor(ctx: Ctx, entry: NoteEntry): PersonalStore | undefined {
  const store = ctx.s.broadcasts.personal;
  return store && isPersonalized(entry.note) ? store : undefined;
}

const logSaveFailure = (noteId: string) => (e: unknown): void => console.error(`[personal] saving copies of ${noteId} failed:`, e);

/** COMMIT_PARAGRAPH: text, title and config are shared; the params are the caller's. Each user gets their view. */
export async function personalCommit(
  ctx: Ctx, entry: NoteEntry, master: Paragraph,
  change: { title?: string; text: string; params?: FormParams; config?: ParagraphConfig },
): Promise<boolean> {
  const store = storeFor(ctx, entry);
  if (!store) return false;
  commitParagraph(master, { ...change, params: undefined });
  if (change.params) store.setParams(entry, ctx.user, master.id, change.params);
  await Promise.all([ctx.s.notebook.save(entry.id), store.save(entry.id)]);
  // The per-user PARAGRAPH frames of a commit come without SAVE_NOTE_FORMS (PROTOCOL 2.8).
  ctx.s.broadcasts.paragraph(entry, master, ctx.msgId, { forms: false });
  return true;
}

/** PARAGRAPH_CLEAR_OUTPUT: only the caller's copy, and only the caller's connections hear of it. */
export function personalClear(ctx: Ctx, entry: NoteEntry, paragraphId: string): boolean {
  const store = storeFor(ctx, entry);
  if (!store) return false;
  const copy = store.copyFor(entry, ctx.user, paragraphId);
  if (!copy) return false;
  clearOutput(copy);
  store.save(entry.id).catch(logSaveFailure(entry.id));
  ctx.s.broadcasts.paragraph(entry, copy, ctx.msgId, { forms: false });
  return true;
}

/** PARAGRAPH_CLEAR_ALL_OUTPUT: the caller's copies of every paragraph. */
export async function personalClearAll(ctx: Ctx, entry: NoteEntry): Promise<boolean> {
  const store = storeFor(ctx, entry);
  if (!store) return false;
  for (const p of entry.note.paragraphs) {
    const copy = store.copyFor(entry, ctx.user, p.id);
    if (copy) clearOutput(copy);
  }
  await store.save(entry.id);
  ctx.s.broadcasts.noteTo(entry, ctx.user);
  return true;
}

/** SAVE_NOTE_FORMS: the caller's own note-form values. */
export async function personalNoteForms(ctx: Ctx, entry: NoteEntry, noteParams: FormParams): Promise<boolean> {
  const store = storeFor(ctx, entry);
  if (!store) return false;
  store.setNoteParams(entry, ctx.user, noteParams);
  await store.save(entry.id);
  ctx.s.connections.toRoomUser(entry.id, ctx.user, 'SAVE_NOTE_FORMS', ctx.s.broadcasts.formsDataFor(entry, ctx.user));
  return true;
}

/** REMOVE_NOTE_FORMS: the form is shared, so every user's value goes with it; each user hears their own values. */
export async function personalRemoveNoteForm(ctx: Ctx, entry: NoteEntry, formName: string): Promise<boolean> {
  const store = storeFor(ctx, entry);
  if (!store) return false;
  store.removeNoteParam(entry, formName);
  await Promise.all([ctx.s.notebook.save(entry.id), store.save(entry.id)]);
  for (const user of ctx.s.connections.usersIn(entry.id)) {
    ctx.s.connections.toRoomUser(entry.id, user, 'SAVE_NOTE_FORMS', ctx.s.broadcasts.formsDataFor(entry, user));
  }
  return true;
}
