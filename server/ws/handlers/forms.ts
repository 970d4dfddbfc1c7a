/** Note-level forms (PROTOCOL 2.8). */
import type { HandlerTable } from '../context';

export const formHandlers = {
  SAVE_NOTE_FORMS: async ({ noteId, noteParams }, ctx) => {
    const entry = ctx.s.notebook.mustGet(noteId);
    ctx.s.notebook.setNoteField(entry, 'noteParams', { ...noteParams });
    await ctx.s.notebook.save(noteId);
    ctx.s.connections.toRoom(noteId, 'SAVE_NOTE_FORMS', ctx.s.broadcasts.formsData(entry.note));
  },

  REMOVE_NOTE_FORMS: async ({ noteId, formName }, ctx) => {
    const entry = ctx.s.notebook.mustGet(noteId);
    if (entry.note.noteForms) delete entry.note.noteForms[formName];
    if (entry.note.noteParams) delete entry.note.noteParams[formName];
    await ctx.s.notebook.save(noteId);
    ctx.s.connections.toRoom(noteId, 'SAVE_NOTE_FORMS', ctx.s.broadcasts.formsData(entry.note));
  },
} satisfies Partial<HandlerTable>;
