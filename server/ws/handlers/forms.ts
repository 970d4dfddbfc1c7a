/** Note-level forms (PROTOCOL 2.8). */
import type { HandlerTable } from '../context';
import { personalNoteForms, personalRemoveNoteForm } from '../../personal/ops';

export const formHandlers = {
  SAVE_NOTE_FORMS: async ({ noteId, noteParams }, ctx) => {
    const entry = ctx.s.notebook.mustGet(noteId);
    if (await personalNoteForms(ctx, entry, noteParams)) return;
    ctx.s.notebook.setNoteField(entry, 'noteParams', { ...noteParams });
    await ctx.s.notebook.save(noteId);
    ctx.s.connections.toRoom(noteId, 'SAVE_NOTE_FORMS', ctx.s.broadcasts.formsData(entry.note));
  },

  REMOVE_NOTE_FORMS: async ({ noteId, formName }, ctx) => {
    const entry = ctx.s.notebook.mustGet(noteId);
    if (entry.note.noteForms) delete entry.note.noteForms[formName];
    if (entry.note.noteParams) delete entry.note.noteParams[formName];
    if (await personalRemoveNoteForm(ctx, entry, formName)) return;
    await ctx.s.notebook.save(noteId);
    ctx.s.connections.toRoom(noteId, 'SAVE_NOTE_FORMS', ctx.s.broadcasts.formsData(entry.note));
  },
} satisfies Partial<HandlerTable>;
