/** Execution ops (PROTOCOL 2.3): runs start here and report through broadcasts; no handler waits for a run. */
import type { NoteEntry } from '../../notes/notebook';
import { findParagraph, inheritedText, newParagraph } from '../../notes/paragraphs';
import { toWsParagraph } from '../../notes/wire';
import { parseParagraphText } from '../../interpreters/magic';
import { noSuchParagraph } from '../../util/errors';
import type { Ctx, HandlerTable } from '../context';
import { scheduleResync, textToKeep } from '../collabText';

const logFailure = (what: string) => (e: unknown): void => console.error(`[execution] ${what} failed:`, e);

/** Running the last paragraph appends an empty one first, echoing the runner's msgId (PROTOCOL 2.3, 6.4). */
async function appendAfterLast(ctx: Ctx, entry: NoteEntry, index: number, text: string): Promise<void> {
  if (index !== entry.note.paragraphs.length - 1 || text.trim() === '' || parseParagraphText(text).script.trim() === '') return;
  const added = newParagraph(ctx.user, inheritedText(entry.note, index + 1, ctx.s.interpreters));
  entry.note.paragraphs.push(added);
  await ctx.s.notebook.save(entry.id);
  ctx.s.connections.toRoom(entry.id, 'PARAGRAPH_ADDED', { paragraph: toWsParagraph(added), index: index + 1 }, { msgId: ctx.msgId });
}

export const executionHandlers = {
  RUN_PARAGRAPH: async ({ id, paragraph: sent, title, params, config, patch }, ctx) => {
    // The note comes from the connection; an unassociated connection runs nothing (PROTOCOL 1.9).
    const entry = ctx.s.notebook.get(ctx.conn.room ?? '');
    if (!entry) return;
    const found = findParagraph(entry.note, id);
    if (!found) throw noSuchParagraph(id);
    const stored = found.paragraph.text;
    const text = sent === undefined ? stored ?? '' : textToKeep(ctx, sent, patch, stored);
    ctx.s.engine.applyInput(entry, found.paragraph, { title, text, params, config }, ctx.user);
    // Journaled like any paragraph edit: the note's file (which may hold a large result of the last run) is
    // rewritten shortly after, not before the run starts.
    await ctx.s.notebook.saveEdit(entry.id, found.paragraph);
    // The runner lacked a collaborator's patch: everyone is brought to the text that runs.
    if (sent !== undefined && text !== sent) scheduleResync(ctx, entry, id);
    await appendAfterLast(ctx, entry, found.index, found.paragraph.text ?? '');
    ctx.s.engine.submit(entry, found.paragraph, ctx.user).catch(logFailure(`run of ${id}`));
  },

  RUN_ALL_PARAGRAPHS: ({ noteId, paragraphs }, ctx) => {
    const entry = ctx.s.notebook.mustGet(noteId);
    ctx.s.engine.runAllFromClient(entry, paragraphs, ctx.user).catch(logFailure(`run-all of ${noteId}`));
  },

  CANCEL_PARAGRAPH: ({ id }, ctx) => {
    ctx.s.engine.cancel(id, ctx.user);
  },

  CANCEL_ALL_PARAGRAPHS: ({ noteId }, ctx) => {
    ctx.s.notebook.mustGet(noteId);
    ctx.s.engine.cancelNote(noteId);
  },
} satisfies Partial<HandlerTable>;
